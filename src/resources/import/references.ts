/**
 * KeyReferences in import resources: the Import API names every other resource by key, and an
 * import operation waits (`unresolved`) until each one it names exists in the project.
 */
import type { KeyReference, ResourceContext } from '../../engine/define.js';
import { isPlainObject } from '../../engine/validation.js';
import type { Product } from '../product/model.js';
import { allVariants } from '../product/model.js';

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

/** The KeyReferences of `resource` that name no resource of the project yet. */
export function unresolvedReferences(resource: unknown, ctx: ResourceContext): KeyReference[] {
  return keyReferences(resource).filter((reference) => !exists(ctx, reference));
}
