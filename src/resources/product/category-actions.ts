/** The product update actions on the categories a product is in and its order hints in them. */
import * as z from 'zod';
import { errors } from '../../http/errors.js';
import { setField } from '../../engine/common-actions.js';
import { emits, type UpdateAction } from '../../engine/define.js';
import { resourceIdentifier } from '../../engine/draft-fields.js';
import { assertOrderHintsAssigned, CategoryOrderHint } from './draft.js';
import type { Product } from './model.js';
import { isStaged, productAction, Staged, targets } from './product-action.js';

export const categoryActions: Record<string, UpdateAction<Product>> = {
  addToCategory: emits(
    productAction(
      () => Staged.extend({ category: resourceIdentifier('category'), orderHint: CategoryOrderHint.optional() }),
      (product, a, ctx) => {
        const reference = ctx.reference('category', a.category);
        for (const data of targets(product, a.staged)) {
          if (!data.categories.some((c) => c.id === reference.id)) data.categories.push(reference);
          const hints = { ...(data.categoryOrderHints ?? {}) };
          if (a.orderHint !== undefined) hints[reference.id] = a.orderHint;
          else delete hints[reference.id];
          setField(data, 'categoryOrderHints', Object.keys(hints).length > 0 ? hints : undefined);
        }
      },
    ),
    'ProductAddedToCategory',
    (_product: Product, a, _old, ctx) => ({ category: ctx.reference('category', a.category), staged: isStaged(a) }),
  ),
  removeFromCategory: emits(
    productAction(
      () => Staged.extend({ category: resourceIdentifier('category') }),
      (product, a, ctx) => {
        const id = a.category.id ?? ctx.reference('category', a.category).id;
        for (const data of targets(product, a.staged)) {
          if (!data.categories.some((c) => c.id === id)) {
            if (data === product.masterData.staged) throw errors.invalidOperation(`The product is not in the category '${id}'.`);
            continue;
          }
          data.categories = data.categories.filter((c) => c.id !== id);
          if (data.categoryOrderHints) {
            const { [id]: _removed, ...rest } = data.categoryOrderHints;
            setField(data, 'categoryOrderHints', Object.keys(rest).length > 0 ? rest : undefined);
          }
        }
      },
    ),
    'ProductRemovedFromCategory',
    (_product: Product, a, _old, ctx) => ({ category: ctx.reference('category', a.category), staged: isStaged(a) }),
  ),
  setCategoryOrderHint: productAction(
    () => Staged.extend({ categoryId: z.string(), orderHint: CategoryOrderHint.optional().nullable() }),
    (product, a) => {
      for (const data of targets(product, a.staged)) {
        if (!data.categories.some((c) => c.id === a.categoryId)) {
          throw errors.invalidOperation(
            `The product is not in the category '${a.categoryId}'; add it to the category before setting an order hint.`,
          );
        }
        const hints = { ...(data.categoryOrderHints ?? {}) };
        if (a.orderHint === undefined || a.orderHint === null) delete hints[a.categoryId];
        else hints[a.categoryId] = a.orderHint;
        setField(data, 'categoryOrderHints', Object.keys(hints).length > 0 ? hints : undefined);
        assertOrderHintsAssigned(data);
      }
    },
  ),
};
