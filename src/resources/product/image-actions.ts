/** The product update actions on a variant's images (by URL); uploading an image is ./images.ts. */
import { z } from 'zod';
import { errors } from '../../http/errors.js';
import { jsonClone } from '../../util/json.js';
import { setField } from '../../engine/common-actions.js';
import { emits, type UpdateAction } from '../../engine/define.js';
import { ImageDraft } from './draft.js';
import type { Product, Variant } from './model.js';
import { checkChangedData, eachVariant, findVariant, isStaged, productAction, VariantLocator } from './product-action.js';

function moveItem<T>(list: T[], from: number, to: number): void {
  const [item] = list.splice(from, 1);
  list.splice(to, 0, item!);
}

function findImageIndex(variant: Variant, url: string): number {
  const index = variant.images.findIndex((image) => image.url === url);
  if (index === -1) throw errors.invalidOperation(`The variant ${variant.id} has no image with the URL '${url}'.`);
  return index;
}

export const imageActions: Record<string, UpdateAction<Product>> = {
  addExternalImage: emits(
    productAction(
      () => VariantLocator.extend({ image: ImageDraft }),
      (product, a, ctx) => {
        checkChangedData(
          product,
          eachVariant(product, a, (variant) => variant.images.push(jsonClone(a.image))),
          ctx,
        );
      },
    ),
    'ProductImageAdded',
    (product: Product, a) => {
      const variant = findVariant(product.masterData.staged, a)!;
      return { variantId: variant.id, image: variant.images.at(-1), staged: isStaged(a) };
    },
  ),
  removeImage: productAction(
    () => VariantLocator.extend({ imageUrl: z.string() }),
    (product, a, ctx) => {
      checkChangedData(
        product,
        eachVariant(product, a, (variant) => void variant.images.splice(findImageIndex(variant, a.imageUrl), 1)),
        ctx,
      );
    },
  ),
  moveImageToPosition: productAction(
    () => VariantLocator.extend({ imageUrl: z.string(), position: z.number().int().min(0) }),
    (product, a) => {
      eachVariant(product, a, (variant) => {
        const index = findImageIndex(variant, a.imageUrl);
        if (a.position >= variant.images.length) {
          throw errors.invalidOperation(
            `The position ${a.position} is outside the images of variant ${variant.id} (there are ${variant.images.length}).`,
          );
        }
        moveItem(variant.images, index, a.position);
      });
    },
  ),
  setImageLabel: productAction(
    () => VariantLocator.extend({ imageUrl: z.string(), label: z.string().optional().nullable() }),
    (product, a) => {
      eachVariant(product, a, (variant) => setField(variant.images[findImageIndex(variant, a.imageUrl)]!, 'label', a.label));
    },
  ),
};
