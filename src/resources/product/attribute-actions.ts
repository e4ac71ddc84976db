/** The product update actions on attribute values: of one variant, of all variants, of the product. */
import * as z from 'zod';
import { jsonClone } from '../../util/json.js';
import type { UpdateAction } from '../../engine/define.js';
import { assertRequired } from './attributes.js';
import { productTypeOf } from './draft.js';
import { allVariants, type Product } from './model.js';
import { checkChangedData, productAction, productEdit, Staged, targets } from './product-action.js';
import { attributeEdits, changedValue, setAttributeIn } from './variant-edits.js';

const AttributeChange = { name: z.string(), value: z.unknown().optional() };

export const attributeActions: Record<string, UpdateAction<Product>> = {
  setAttribute: productEdit(attributeEdits.setAttribute),
  setAttributeInAllVariants: productAction(
    () => Staged.extend(AttributeChange),
    (product, a, ctx) => {
      const productType = productTypeOf(ctx, product.productType);
      const value = changedValue(productType, a, 'Variant', ctx);
      const datas = targets(product, a.staged);
      for (const data of datas) {
        for (const variant of allVariants(data)) {
          setAttributeIn(variant.attributes, a.name, jsonClone(value));
          assertRequired(variant.attributes, productType, 'Variant');
        }
      }
      checkChangedData(product, datas, ctx);
    },
  ),
  setProductAttribute: productAction(
    () => Staged.extend(AttributeChange),
    (product, a, ctx) => {
      const productType = productTypeOf(ctx, product.productType);
      const value = changedValue(productType, a, 'Product', ctx);
      for (const data of targets(product, a.staged)) {
        setAttributeIn(data.attributes, a.name, jsonClone(value));
        assertRequired(data.attributes, productType, 'Product');
      }
    },
  ),
};
