/**
 * What cart predicates and target predicates see of a cart (the fields of the platform's cart
 * predicate language):
 *
 * - cart: `totalPrice`, `taxedPrice.totalNet|totalGross`, `currency`, `country`, `locale`,
 *   `customerId`, `customerEmail`, `anonymousId`, `customerGroup.id|key`, `customer.<field>` (the
 *   customer document: `customer.email`, `customer.customerGroup.key`, ...), `store.key`,
 *   `shippingAddress.<field>`, `billingAddress.<field>`, `shippingInfo.shippingMethodName|price|
 *   shippingMethod.id|key`, `custom.<field>`, `totalLineItemQuantity`, `cartState`, `origin`,
 *   `taxMode`, `inventoryMode`, plus the item functions of src/pricing/cart-predicate.ts.
 * - line item: `id`, `key`, `sku`, `productId`, `product.id|key`, `productKey`, `productType.id|key`,
 *   `variant.id|sku|key`, `variantId`, `name.<locale>`, `productSlug.<locale>`, `price` (money of the
 *   selected price; `price.centAmount`, `price.currencyCode`, `price.id`, `price.country`,
 *   `price.customerGroup.id`, `price.channel.id`, `price.discount.id`), `quantity`, `totalPrice`,
 *   `attributes.<name>` (variant and product attributes), `categories.id|key`,
 *   `categoriesWithAncestors.id|key`, `custom.<field>`, `lineItemMode`, `priceMode`,
 *   `supplyChannel.id|key`, `distributionChannel.id|key`.
 * - custom line item: `id`, `key`, `name.<locale>`, `slug`, `quantity`, `money`, `price`,
 *   `totalPrice`, `taxCategory.id|key`, `custom.<field>`, `priceMode`.
 */
import { navigate, type CartPredicateScope, type PredicateItem, type ReferenceLookup } from '../../pricing/cart-predicate.js';
import type { FieldResolver } from '../../pricing/discount-predicate.js';
import type { Money } from '../../pricing/money.js';
import type { ResourceContext } from '../../engine/define.js';
import type { Cart, CustomLineItem, LineItem } from './model.js';

export function referenceLookup(ctx: ResourceContext): ReferenceLookup {
  return (typeId, id) => ctx.get(typeId, id) as Record<string, unknown> | undefined;
}

function lazy<T>(make: () => T): () => T {
  let value: { v: T } | undefined;
  return () => (value ??= { v: make() }).v;
}

export function lineItemFields(item: LineItem, ctx: ResourceContext, lookup = referenceLookup(ctx), unitPrice?: Money): FieldResolver {
  const product = lazy(() => ctx.get('product', item.productId));
  const categories = lazy(() => product()?.masterData.current.categories ?? []);
  const view = lazy(() => {
    const price = item.price;
    return {
      id: item.id,
      key: item.key,
      sku: item.variant.sku,
      productId: item.productId,
      product: { id: item.productId, key: item.productKey },
      productKey: item.productKey,
      productType: item.productType,
      variant: { id: item.variant.id, sku: item.variant.sku, key: item.variant.key },
      variantId: item.variant.id,
      name: item.name,
      productSlug: item.productSlug,
      price: {
        ...(unitPrice ?? price.value),
        id: price.id,
        country: price.country,
        customerGroup: price.customerGroup,
        channel: price.channel,
        discount: price.discounted?.discount,
      },
      quantity: item.quantity,
      totalPrice: item.totalPrice,
      attributes: [...(item.variant.attributes ?? []), ...(product()?.masterData.current.attributes ?? [])],
      custom: item.custom,
      lineItemMode: item.lineItemMode,
      priceMode: item.priceMode,
      supplyChannel: item.supplyChannel,
      distributionChannel: item.distributionChannel,
      taxRate: item.taxRate,
    } as Record<string, unknown>;
  });
  return (path) => {
    const head = path[0];
    if (head === 'categories') return navigate(categories(), path.slice(1), lookup);
    if (head === 'categoriesWithAncestors') {
      const ids = new Set<string>();
      for (const category of categories()) {
        ids.add(category.id);
        for (const ancestor of ctx.get('category', category.id)?.ancestors ?? []) ids.add(ancestor.id);
      }
      return navigate(
        [...ids].map((id) => ({ typeId: 'category', id })),
        path.slice(1),
        lookup,
      );
    }
    return navigate(view(), path, lookup);
  };
}

export function customLineItemFields(item: CustomLineItem, lookup: ReferenceLookup): FieldResolver {
  const view = {
    id: item.id,
    key: item.key,
    name: item.name,
    slug: item.slug,
    quantity: item.quantity,
    money: item.money,
    price: item.money,
    totalPrice: item.totalPrice,
    taxCategory: item.taxCategory,
    custom: item.custom,
    priceMode: item.priceMode,
  };
  return (path) => navigate(view, path, lookup);
}

/** The scope of cart predicates for the cart as it stands (its current totals). */
export function predicateScope(cart: Cart, ctx: ResourceContext, options: { lineItemFields?: FieldResolver[] } = {}): CartPredicateScope {
  const lookup = referenceLookup(ctx);
  const currency = cart.totalPrice.currencyCode;
  const customer = lazy(() => (cart.customerId !== undefined ? ctx.get('customer', cart.customerId) : undefined));
  const cartView = { ...cart, currency } as Record<string, unknown>;
  const fields: FieldResolver = (path) => {
    if (path[0] === 'customer') return navigate(customer(), path.slice(1), lookup);
    if (path[0] === 'lineItemCount' || path[0] === 'totalLineItemQuantity') return cart.totalLineItemQuantity ?? 0;
    return navigate(cartView, path, lookup);
  };
  const lineItems: PredicateItem[] = cart.lineItems.map((item, index) => ({
    fields: options.lineItemFields?.[index] ?? lineItemFields(item, ctx, lookup),
    quantity: item.quantity,
    totalPrice: item.totalPrice,
    ...(item.taxedPrice ? { net: item.taxedPrice.totalNet, gross: item.taxedPrice.totalGross } : {}),
  }));
  const customLineItems: PredicateItem[] = cart.customLineItems.map((item) => ({
    fields: customLineItemFields(item, lookup),
    quantity: item.quantity,
    totalPrice: item.totalPrice,
    ...(item.taxedPrice ? { net: item.taxedPrice.totalNet, gross: item.taxedPrice.totalGross } : {}),
  }));
  return { fields, currency, lineItems, customLineItems };
}
