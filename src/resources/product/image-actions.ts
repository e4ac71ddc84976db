/** The product update actions on a variant's images (by URL), as ./variant-edits.ts writes them; uploading an image is ./images.ts. */
import { emits, type UpdateAction } from '../../engine/define.js';
import type { Product } from './model.js';
import { findVariant, isStaged, productEdit } from './product-action.js';
import { imageEdits } from './variant-edits.js';

export const imageActions: Record<string, UpdateAction<Product>> = {
  addExternalImage: emits(productEdit(imageEdits.addExternalImage), 'ProductImageAdded', (product: Product, a) => {
    const variant = findVariant(product.masterData.staged, a)!;
    return { variantId: variant.id, image: variant.images.at(-1), staged: isStaged(a) };
  }),
  removeImage: productEdit(imageEdits.removeImage),
  moveImageToPosition: productEdit(imageEdits.moveImageToPosition),
  setImageLabel: productEdit(imageEdits.setImageLabel),
};
