/** The product update actions that publish the staged data, unpublish the product, or revert the staged data to the current. */
import * as z from 'zod';
import { errors } from '../../http/errors.js';
import { jsonClone } from '../../util/json.js';
import { emits, type UpdateAction } from '../../engine/define.js';
import { productProjection } from './present.js';
import { allVariants, type Product } from './model.js';
import { findVariant, productAction } from './product-action.js';

export const publishingActions: Record<string, UpdateAction<Product>> = {
  publish: emits(
    productAction(
      () => z.object({ scope: z.enum(['All', 'Prices']).optional() }),
      (product, a) => {
        const masterData = product.masterData;
        if (a.scope === 'Prices') {
          if (!masterData.published) throw errors.invalidOperation('Prices can only be published for a product that is already published.');
          for (const stagedVariant of allVariants(masterData.staged)) {
            const currentVariant = findVariant(masterData.current, { variantId: stagedVariant.id });
            if (currentVariant) currentVariant.prices = jsonClone(stagedVariant.prices);
          }
        } else {
          masterData.current = jsonClone(masterData.staged);
        }
        masterData.published = true;
      },
    ),
    'ProductPublished',
    (product: Product, a) => ({ removedImageUrls: [], productProjection: productProjection(product, false), scope: a.scope ?? 'All' }),
  ),
  unpublish: emits(
    productAction(
      () => z.object({}),
      (product) => {
        product.masterData.published = false;
      },
    ),
    'ProductUnpublished',
  ),
  revertStagedChanges: emits(
    productAction(
      () => z.object({}),
      (product) => {
        product.masterData.staged = jsonClone(product.masterData.current);
      },
    ),
    'ProductRevertedStagedChanges',
    () => ({ removedImageUrls: [] }),
  ),
};
