/**
 * What an import operation waits for: the resources its KeyReferences name (the Import API names
 * every other resource by key, an order patch its order by order number), `unresolved` until each
 * exists in the project; and a new product's master variant (`waitForMasterVariant`).
 */
import type { KeyReference, ResourceContext } from '../../engine/define.js';
import { isPlainObject } from '../../engine/validation.js';
import type { Product } from '../product/model.js';
import { allVariants } from '../product/model.js';
import type { ImportType } from './import-types.js';

/** Every KeyReference (`{ typeId, key }` without an id) anywhere within `value`, each once, in the order met. */
export function keyReferences(value: unknown, found: KeyReference[] = []): KeyReference[] {
  if (Array.isArray(value)) {
    for (const element of value) keyReferences(element, found);
  } else if (isPlainObject(value)) {
    const { typeId, key, id } = value;
    if (typeof typeId === 'string' && typeof key === 'string' && id === undefined) {
      if (!found.some((known) => known.typeId === typeId && known.key === key)) found.push({ typeId, key });
    } else {
      for (const field in value) keyReferences(value[field], found);
    }
  }
  return found;
}

/** The product whose variant (current or staged) has this key. */
export function productWithVariant(ctx: ResourceContext, variantKey: string): Product | undefined {
  for (const product of ctx.scan('product')) {
    const { current, staged } = product.masterData;
    if ([...allVariants(staged), ...allVariants(current)].some((variant) => variant.key === variantKey)) return product;
  }
  return undefined;
}

/** Whether the resource a KeyReference names exists in the project. */
function exists(ctx: ResourceContext, reference: KeyReference): boolean {
  switch (reference.typeId) {
    case 'product-variant':
    case 'variant':
      return productWithVariant(ctx, reference.key) !== undefined;
    case 'price':
      for (const product of ctx.scan('product')) {
        for (const variant of allVariants(product.masterData.staged))
          if (variant.prices.some((price) => price.key === reference.key)) return true;
      }
      return false;
    default:
      return ctx.getByKey(reference.typeId, reference.key) !== undefined;
  }
}

/** What an import resource refers to: its KeyReferences, and the order an order patch names by its number. */
function referencesOf(type: ImportType, resource: Record<string, unknown>): KeyReference[] {
  const found = type === 'order-patch' ? [{ typeId: 'order', key: resource.orderNumber as string }] : [];
  return keyReferences(resource, found);
}

/** The references of `resource` that name no resource of the project yet. */
export function unresolvedReferences(type: ImportType, resource: Record<string, unknown>, ctx: ResourceContext): KeyReference[] {
  return referencesOf(type, resource).filter((reference) => !exists(ctx, reference));
}

/** The group the pending operations of a project (processing, or waiting) are filed under, in the order they were made. */
export const PENDING = 'pending';

/**
 * The product variant import still pending that brings the master variant of the product with this
 * key (`isMasterVariant`; the earliest), as its import resource.
 */
export function waitingMasterVariant(productKey: string, ctx: ResourceContext): Record<string, unknown> | undefined {
  return ctx
    .grouped('import-operation', PENDING, PENDING)
    .find(
      ({ importType, resource }) =>
        importType === 'product-variant' && resource.isMasterVariant === true && (resource.product as KeyReference).key === productKey,
    )?.resource;
}

/**
 * Whether a product import waits for its master variant (`waitForMasterVariant`): the product is new,
 * the import has no master variant (a ProductImport never has one), its product type has a required
 * variant attribute, and no pending product variant import brings the master variant. Without a
 * required variant attribute the product is made with an empty master variant, as the platform does.
 */
export function waitsForMasterVariant(type: ImportType, resource: Record<string, unknown>, ctx: ResourceContext): boolean {
  if ((type !== 'product' && type !== 'product-draft') || resource.masterVariant !== undefined) return false;
  const key = resource.key as string;
  if (ctx.getByKey('product', key)) return false;
  const productType = ctx.getByKey('product-type', (resource.productType as KeyReference).key);
  const required = (productType?.attributes ?? []).some((attribute) => attribute.isRequired && attribute.level !== 'Product');
  return required && waitingMasterVariant(key, ctx) === undefined;
}
