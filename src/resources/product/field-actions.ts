/**
 * The product update actions on the product's own fields: its descriptive data (name, slug,
 * description, meta fields, search keywords), key, tax category, price mode and workflow state.
 */
import * as z from 'zod';
import { errors } from '../../http/errors.js';
import { jsonClone } from '../../util/json.js';
import { emitsStateTransition, setField } from '../../engine/common-actions.js';
import { emits, type UpdateAction } from '../../engine/define.js';
import { FreeKey, LocalizedString, resourceIdentifier, Slug } from '../../engine/draft-fields.js';
import { SearchKeywordsDraft } from './draft.js';
import type { Product, ProductData } from './model.js';
import { productAction, Staged, targets } from './product-action.js';

/** A staged-able action that sets (or with undefined removes) one field of the product data. */
function dataSetter(field: keyof ProductData, schema: z.ZodType, payloadName: string = field, required = false) {
  return productAction(
    () => Staged.extend({ [payloadName]: required ? schema : schema.optional().nullable() }),
    (product, a: Record<string, unknown> & { staged?: boolean }) => {
      for (const data of targets(product, a.staged)) setField(data, field, a[payloadName]);
    },
  );
}

export const fieldActions: Record<string, UpdateAction<Product>> = {
  changeName: dataSetter('name', LocalizedString, 'name', true),
  changeSlug: emits(
    dataSetter('slug', Slug, 'slug', true),
    'ProductSlugChanged',
    (product: Product, _a, oldSlug: unknown) => ({ slug: product.masterData.staged.slug, oldSlug }),
    (product: Product) => product.masterData.staged.slug,
  ),
  setDescription: dataSetter('description', LocalizedString),
  setMetaTitle: dataSetter('metaTitle', LocalizedString),
  setMetaDescription: dataSetter('metaDescription', LocalizedString),
  setMetaKeywords: dataSetter('metaKeywords', LocalizedString),
  setSearchKeywords: productAction(
    () => Staged.extend({ searchKeywords: SearchKeywordsDraft }),
    (product, a) => {
      for (const data of targets(product, a.staged)) data.searchKeywords = jsonClone(a.searchKeywords);
    },
  ),
  setKey: productAction(
    () => z.object({ key: FreeKey.optional().nullable() }),
    (product, a) => setField(product, 'key', a.key),
  ),
  setTaxCategory: productAction(
    () => z.object({ taxCategory: resourceIdentifier('tax-category').optional().nullable() }),
    (product, a, ctx) => {
      setField(product, 'taxCategory', a.taxCategory ? ctx.reference('tax-category', a.taxCategory) : undefined);
    },
  ),
  setPriceMode: emits(
    productAction(
      () => z.object({ priceMode: z.enum(['Embedded', 'Standalone']).optional().nullable() }),
      (product, a) => {
        product.priceMode = a.priceMode ?? 'Embedded';
      },
    ),
    'ProductPriceModeSet',
    (product: Product) => ({ to: product.priceMode }),
  ),
  transitionState: emitsStateTransition(
    productAction(
      () => z.object({ state: resourceIdentifier('state').optional().nullable(), force: z.boolean().optional() }),
      (product, a, ctx) => {
        if (!a.state) return void delete product.state;
        const reference = ctx.reference('state', a.state);
        const state = ctx.get('state', reference.id)!;
        if (!a.force) {
          if (state.type !== 'ProductState')
            throw errors.invalidOperation(`The state '${state.key as string}' is not of type ProductState.`);
          if (product.state) {
            const current = ctx.get('state', product.state.id);
            const transitions = current?.transitions as Array<{ id: string }> | undefined;
            if (transitions && !transitions.some((t) => t.id === reference.id)) {
              throw errors.invalidOperation(
                `The product cannot transition from state '${current!.key as string}' to state '${state.key as string}'.`,
              );
            }
          } else if (state.initial !== true) {
            throw errors.invalidOperation(`The state '${state.key as string}' is not an initial state.`);
          }
        }
        product.state = reference;
      },
    ),
    'ProductStateTransition',
    false,
  ),
};
