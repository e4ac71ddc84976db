/** The product update actions on embedded prices: adding, replacing and removing them, their keys, custom fields and external discounts. */
import * as z from 'zod';
import { errors } from '../../http/errors.js';
import { ProductDiscountSet } from '../../pricing/product-discounts.js';
import { jsonClone } from '../../util/json.js';
import { applyCustomField, applyCustomType, SetCustomField, SetCustomType, setField } from '../../engine/common-actions.js';
import { emits, emitsOneOf, type ResourceContext, type UpdateAction } from '../../engine/define.js';
import { Key } from '../../engine/draft-fields.js';
import { allVariants, type Price, type Product, type ProductData, type Variant } from './model.js';
import { DiscountedPriceDraft, externalDiscount, priceFromDraft, PriceDraft, priceMatchesDraft } from './prices.js';
import { checkChangedData, eachVariant, findVariant, isStaged, productAction, Staged, targets, VariantLocator } from './product-action.js';

/** Prices by id across the target data sets; the price must exist in the staged data. */
function eachPrice(
  product: Product,
  priceId: string,
  staged: boolean | undefined,
  change: (price: Price, variant: Variant, data: ProductData) => void,
): ProductData[] {
  const changed: ProductData[] = [];
  for (const data of targets(product, staged)) {
    let found = false;
    for (const variant of allVariants(data)) {
      const price = variant.prices.find((p) => p.id === priceId);
      if (!price) continue;
      change(price, variant, data);
      found = true;
    }
    if (found) changed.push(data);
    else if (data === product.masterData.staged) throw errors.invalidOperation(`The product has no price with ID '${priceId}'.`);
  }
  return changed;
}

/** A price of the staged data by id, with its variant; refused as the actions refuse an unknown price (`before` runs first). */
function stagedPrice(product: Product, priceId: string): { variant: Variant; price: Price } {
  for (const variant of allVariants(product.masterData.staged)) {
    const price = variant.prices.find((p) => p.id === priceId);
    if (price) return { variant, price };
  }
  throw errors.invalidOperation(`The product has no price with ID '${priceId}'.`);
}

/** The price `removePrice` took away (by id or by draft): the one of the staged variants, before, that is gone after. */
function removedPrice(before: Variant[], after: Variant[]): { variantId: number; price: Price } | undefined {
  for (const variant of before) {
    const remaining = new Set(after.find((v) => v.id === variant.id)?.prices.map((p) => p.id));
    const price = variant.prices.find((p) => !remaining.has(p.id));
    if (price) return { variantId: variant.id, price };
  }
  return undefined;
}

type DiscountedPrice = NonNullable<Price['discounted']>;

/** An external discount is set on a price of its currency that the discount's predicate matches. */
function assertDiscountApplies(
  discounted: DiscountedPrice,
  product: Product,
  data: ProductData,
  variant: Variant,
  price: Price,
  ctx: ResourceContext,
): void {
  if (discounted.value.currencyCode !== price.value.currencyCode) {
    throw errors.invalidOperation('The discounted value must have the currency of the price.');
  }
  const matches = new ProductDiscountSet([ctx.get('product-discount', discounted.discount.id)!], Date.parse(ctx.now), (t, id) =>
    ctx.get(t, id),
  );
  const target = {
    product: { id: product.id, key: product.key, productType: product.productType },
    categories: data.categories,
    productAttributes: data.attributes,
    variant,
    price,
  };
  if (!matches.bestFor(target)) {
    throw errors.invalidOperation(
      `The predicate of the product discount '${discounted.discount.id}' does not match the price '${price.id}'.`,
    );
  }
}

export const priceActions: Record<string, UpdateAction<Product>> = {
  addPrice: emits(
    productAction(
      () => VariantLocator.extend({ price: PriceDraft }),
      (product, a, ctx) => {
        const price = priceFromDraft(a.price, ctx);
        checkChangedData(
          product,
          eachVariant(product, a, (variant) => variant.prices.push(jsonClone(price))),
          ctx,
        );
      },
    ),
    'ProductPriceAdded',
    (product: Product, a) => {
      const variant = findVariant(product.masterData.staged, a)!;
      return { variantId: variant.id, price: variant.prices.at(-1), staged: isStaged(a) };
    },
  ),
  setPrices: emits(
    productAction(
      () => VariantLocator.extend({ prices: z.array(PriceDraft).max(100) }),
      (product, a, ctx) => {
        const prices = a.prices.map((draft) => priceFromDraft(draft, ctx));
        checkChangedData(
          product,
          eachVariant(product, a, (variant) => void (variant.prices = jsonClone(prices))),
          ctx,
        );
      },
    ),
    'ProductPricesSet',
    (product: Product, a) => {
      const variant = findVariant(product.masterData.staged, a)!;
      return { variantId: variant.id, prices: variant.prices, staged: isStaged(a) };
    },
  ),
  changePrice: emits(
    productAction(
      () => Staged.extend({ priceId: z.string(), price: PriceDraft }),
      (product, a, ctx) => {
        const replacement = priceFromDraft(a.price, ctx, a.priceId);
        checkChangedData(
          product,
          eachPrice(product, a.priceId, a.staged, (price, variant) => {
            variant.prices = variant.prices.map((p) => (p === price ? jsonClone(replacement) : p));
          }),
          ctx,
        );
      },
    ),
    'ProductPriceChanged',
    (product: Product, a, oldPrice: Price) => {
      const { variant, price } = stagedPrice(product, a.priceId);
      return { variantId: variant.id, oldPrice, newPrice: price, staged: isStaged(a) };
    },
    (product: Product, a) => stagedPrice(product, a.priceId).price,
  ),
  removePrice: emits(
    productAction(
      () =>
        Staged.extend({
          priceId: z.string().optional(),
          variantId: z.number().int().optional(),
          sku: z.string().optional(),
          price: PriceDraft.optional(),
        }),
      (product, a, ctx) => {
        if (a.priceId !== undefined) {
          eachPrice(product, a.priceId, a.staged, (price, variant) => {
            variant.prices = variant.prices.filter((p) => p !== price);
          });
          return;
        }
        if (!a.price) throw errors.invalidInput('Either priceId or a variant (variantId or sku) with a price is required.');
        const draft = a.price;
        eachVariant(product, a, (variant) => {
          const index = variant.prices.findIndex((p) => priceMatchesDraft(p, draft, ctx));
          if (index === -1) throw errors.invalidOperation(`The variant ${variant.id} has no price matching the given one.`);
          variant.prices.splice(index, 1);
        });
      },
    ),
    'ProductPriceRemoved',
    (product: Product, a, before: Variant[]) => ({ ...removedPrice(before, allVariants(product.masterData.staged)), staged: isStaged(a) }), // A copy: a price removed by draft is spliced out of its variant's list.
    (product: Product) => jsonClone(allVariants(product.masterData.staged)),
  ),
  setPriceKey: emits(
    productAction(
      () => Staged.extend({ priceId: z.string(), key: Key.optional().nullable() }),
      (product, a, ctx) => {
        checkChangedData(
          product,
          eachPrice(product, a.priceId, a.staged, (price) => setField(price, 'key', a.key)),
          ctx,
        );
      },
    ),
    'ProductPriceKeySet',
    (product: Product, a, oldKey: string | undefined) => {
      const { variant, price } = stagedPrice(product, a.priceId);
      return { variantId: variant.id, priceId: price.id, key: price.key, oldKey, staged: isStaged(a) };
    },
    (product: Product, a) => stagedPrice(product, a.priceId).price.key,
  ),
  setProductPriceCustomType: emitsOneOf(
    productAction(
      () => Staged.extend({ priceId: z.string() }).extend(SetCustomType.shape),
      (product, a, ctx) => {
        eachPrice(product, a.priceId, a.staged, (price) => applyCustomType(price, a, ctx));
      },
    ),
    ['ProductPriceCustomFieldsSet', 'ProductPriceCustomFieldsRemoved'],
    (product: Product, a, oldTypeId: string | undefined) => {
      const { variant, price } = stagedPrice(product, a.priceId);
      const ids = { priceId: price.id, variantId: variant.id, staged: isStaged(a) };
      return price.custom
        ? { type: 'ProductPriceCustomFieldsSet', ...ids, customField: price.custom, oldTypeId }
        : { type: 'ProductPriceCustomFieldsRemoved', ...ids };
    },
    (product: Product, a) => stagedPrice(product, a.priceId).price.custom?.type.id,
  ),
  setProductPriceCustomField: emitsOneOf(
    productAction(
      () => Staged.extend({ priceId: z.string() }).extend(SetCustomField.shape),
      (product, a) => {
        eachPrice(product, a.priceId, a.staged, (price) => applyCustomField(price, a));
      },
    ),
    ['ProductPriceCustomFieldAdded', 'ProductPriceCustomFieldChanged', 'ProductPriceCustomFieldRemoved'],
    (product: Product, a, oldValue: unknown) => {
      const { variant, price } = stagedPrice(product, a.priceId);
      const ids = { priceId: price.id, variantId: variant.id, staged: isStaged(a), name: a.name };
      const value = price.custom?.fields[a.name];
      if (value === undefined) return { type: 'ProductPriceCustomFieldRemoved', ...ids };
      return { type: oldValue === undefined ? 'ProductPriceCustomFieldAdded' : 'ProductPriceCustomFieldChanged', ...ids, value };
    },
    (product: Product, a) => stagedPrice(product, a.priceId).price.custom?.fields[a.name],
  ),
  setDiscountedPrice: emits(
    productAction(
      () =>
        Staged.extend({
          priceId: z.string(),
          discounted: DiscountedPriceDraft.optional().nullable(),
        }),
      (product, a, ctx) => {
        const discounted = a.discounted ? externalDiscount(a.discounted, ctx) : undefined;
        eachPrice(product, a.priceId, a.staged, (price, variant, data) => {
          if (discounted) assertDiscountApplies(discounted, product, data, variant, price, ctx);
          setField(price, 'discounted', jsonClone(discounted));
        });
      },
    ),
    'ProductPriceExternalDiscountSet',
    (product: Product, a) => {
      const { variant, price } = stagedPrice(product, a.priceId);
      return {
        variantId: variant.id,
        variantKey: variant.key,
        sku: variant.sku,
        priceId: price.id,
        discounted: price.discounted,
        staged: isStaged(a),
      };
    },
  ),
};
