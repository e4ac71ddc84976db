/** The product update actions on attribute values: of one variant, of all variants, of the product. */
import { z } from 'zod';
import { jsonClone } from '../../util/json.js';
import type { UpdateAction } from '../../engine/define.js';
import { assertRequired, attributeDefinition, attributeValue } from './attributes.js';
import { productTypeOf } from './draft.js';
import { allVariants, type Product, type Variant } from './model.js';
import { checkChangedData, eachVariant, productAction, Staged, targets, VariantLocator } from './product-action.js';

function setAttributeOn(variant: Variant, name: string, value: unknown): void {
  const index = variant.attributes.findIndex((attribute) => attribute.name === name);
  if (value === undefined) {
    if (index !== -1) variant.attributes.splice(index, 1);
  } else if (index === -1) variant.attributes.push({ name, value });
  else variant.attributes[index] = { name, value };
}

export const attributeActions: Record<string, UpdateAction<Product>> = {
  setAttribute: productAction(
    () => VariantLocator.extend({ name: z.string(), value: z.unknown().optional() }),
    (product, a, ctx) => {
      const productType = productTypeOf(ctx, product.productType);
      const definition = attributeDefinition(productType, a.name, 'Variant');
      const value = a.value === undefined || a.value === null ? undefined : attributeValue(definition, a.value, ctx);
      const changed = eachVariant(product, a, (variant) => {
        setAttributeOn(variant, a.name, jsonClone(value));
        assertRequired(variant.attributes, productType, 'Variant');
      });
      checkChangedData(product, changed, ctx);
    },
  ),
  setAttributeInAllVariants: productAction(
    () => Staged.extend({ name: z.string(), value: z.unknown().optional() }),
    (product, a, ctx) => {
      const productType = productTypeOf(ctx, product.productType);
      const definition = attributeDefinition(productType, a.name, 'Variant');
      const value = a.value === undefined || a.value === null ? undefined : attributeValue(definition, a.value, ctx);
      const datas = targets(product, a.staged);
      for (const data of datas) {
        for (const variant of allVariants(data)) {
          setAttributeOn(variant, a.name, jsonClone(value));
          assertRequired(variant.attributes, productType, 'Variant');
        }
      }
      checkChangedData(product, datas, ctx);
    },
  ),
  setProductAttribute: productAction(
    () => Staged.extend({ name: z.string(), value: z.unknown().optional() }),
    (product, a, ctx) => {
      const productType = productTypeOf(ctx, product.productType);
      const definition = attributeDefinition(productType, a.name, 'Product');
      const value = a.value === undefined || a.value === null ? undefined : attributeValue(definition, a.value, ctx);
      for (const data of targets(product, a.staged)) {
        const holder = { attributes: data.attributes } as Variant;
        setAttributeOn(holder, a.name, jsonClone(value));
        assertRequired(data.attributes, productType, 'Product');
      }
    },
  ),
};
