/**
 * Nested fields whose arguments select from the REST document rather than read a property of it:
 * a variant's price by the price selection rules, a product's variants by SKU and stock, a cart's
 * line item by id, a type's definitions by name and page. Keyed `Type.field`; the interfaces the
 * schema implements them in share one resolver.
 */
import type { GraphQLFieldResolver } from 'graphql';
import { selectPrice, type PriceSelection } from '../../pricing/index.js';
import type { Price, Product } from '../../resources/product/model.js';
import type { StandalonePriceLike } from '../../resources/product/present.js';
import { loadTypeModule } from '../../resources/load.js';
import { errors } from '../../http/errors.js';
import type { GraphqlContext } from './field-context.js';

type Args = Record<string, unknown>;
type Document = Record<string, unknown>;
/** Most of these select from the document already read; a variant's price may read its standalone prices. */
type Resolver = GraphQLFieldResolver<unknown, GraphqlContext>;

const list = <T = Document>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);
const given = (value: unknown): value is string[] => Array.isArray(value);

/**
 * Each object a field answered, with the object and type it is a field of. GraphQL hands a field only
 * its own parent, and some need an ancestor's data: a variant's price its product's price mode, an
 * attribute's definition the product type of its product or line item, a reference the scope it was
 * read in. Set on every answer (a stored document may be reached again, from elsewhere).
 */
const parents = new WeakMap<object, { source: object; type: string }>();

/** Records that `value` (or each element of it) is a field of `source`, of type `parentType`; a root field's value has no parent. */
export function recordParent(parentType: string, source: unknown, value: unknown): void {
  if (typeof value !== 'object' || value === null) return;
  for (const part of Array.isArray(value) ? value : [value]) {
    if (typeof part !== 'object' || part === null) continue;
    if (typeof source === 'object' && source !== null) parents.set(part, { source, type: parentType });
    else parents.delete(part);
  }
}

/** The nearest ancestor of `value` that `test` accepts: the object, and the GraphQL type it was read as. */
export function ancestor(value: unknown, test: (source: object, type: string) => boolean): object | undefined {
  let link = typeof value === 'object' && value !== null ? parents.get(value) : undefined;
  while (link) {
    if (test(link.source, link.type)) return link.source;
    link = parents.get(link.source);
  }
  return undefined;
}

const PRODUCT_TYPES = new Set(['Product', 'ProductProjection']);
const owningProduct = (value: unknown) => ancestor(value, (_, type) => PRODUCT_TYPES.has(type)) as Document | undefined;

/** A GET through the REST core, once per GraphQL request (a listing's variants share their product type). */
function readOnce(context: GraphqlContext, path: string, query?: URLSearchParams): unknown {
  const key = query ? `${path}?${query}` : path;
  context.reads ??= new Map();
  if (!context.reads.has(key)) context.reads.set(key, context.rest('GET', path, query));
  return context.reads.get(key);
}

/** The SKU's standalone prices as REST reads them (with the product discount of the SKU's variant). */
function standalonePrices(context: GraphqlContext, sku: string): StandalonePriceLike[] {
  const query = new URLSearchParams({ where: `sku = ${JSON.stringify(sku)}`, limit: '500' });
  return (context.rest('GET', 'standalone-prices', query) as { results: StandalonePriceLike[] }).results;
}

/**
 * `price(currency, country, customerGroupId, customerGroupAssignmentIds, channelId, date)`: the
 * platform's price selection over the prices REST selects from: the variant's own, or the SKU's
 * standalone prices for a product priced with them.
 */
const selectedPrice: Resolver = (source, a, context) => {
  const selection: PriceSelection = { currency: a.currency as string, now: typeof a.date === 'string' ? a.date : context.now };
  if (typeof a.country === 'string') selection.country = a.country;
  if (typeof a.customerGroupId === 'string') selection.customerGroup = a.customerGroupId;
  if (given(a.customerGroupAssignmentIds)) selection.customerGroupAssignments = a.customerGroupAssignmentIds;
  if (typeof a.channelId === 'string') selection.channel = a.channelId;
  const priceMode = owningProduct(source)?.priceMode as Product['priceMode'];
  const variant = source as { sku?: string; prices?: Price[] };
  // A variant's price is read from a product the request loaded: the product type's module is loaded.
  const { priceCandidates, standaloneAsPrice } = loadTypeModule('product');
  const chosen = selectPrice(
    priceCandidates(priceMode, variant, (sku) => standalonePrices(context, sku)),
    selection,
  );
  if (!chosen) return null;
  return priceMode === 'Standalone' ? standaloneAsPrice(chosen as StandalonePriceLike) : chosen;
};

interface Variant extends Document {
  sku?: string;
  key?: string;
  images?: unknown[];
  isMatchingVariant?: boolean;
  availability?: { isOnStock?: boolean; channels?: Record<string, { isOnStock?: boolean }> };
}

const allVariants = (data: Document): Variant[] => [data.masterVariant as Variant, ...list<Variant>(data.variants)];

/** Whether a variant is on stock: without channels, its own availability; with them, in any of them. */
function onStock(variant: Variant, channelIds: string[] | undefined): boolean {
  const availability = variant.availability;
  if (!channelIds) return availability?.isOnStock === true;
  return channelIds.some((id) => availability?.channels?.[id]?.isOnStock === true);
}

/** The filters of `variants(...)` and `allVariants(...)`: each one given narrows the list. */
function filterVariants(variants: Variant[], a: Args): Variant[] {
  const channels = given(a.stockChannelIds) ? a.stockChannelIds : undefined;
  return variants.filter(
    (variant) =>
      (a.onlyMatching !== true || variant.isMatchingVariant !== false) &&
      (!given(a.skus) || (variant.sku !== undefined && a.skus.includes(variant.sku))) &&
      (typeof a.isOnStock !== 'boolean' || onStock(variant, channels) === a.isOnStock) &&
      (a.isOnStock !== undefined || !channels || onStock(variant, channels)) &&
      (typeof a.hasImages !== 'boolean' || list(variant.images).length > 0 === a.hasImages),
  );
}

/** Names, keys or channel ids to include or exclude, as `includeX` / `excludeX` arguments name them. */
export function included<T>(items: T[], a: Args, idOf: (item: T) => string | undefined): T[] {
  const include = Object.entries(a).find(([name, value]) => name.startsWith('include') && given(value))?.[1] as string[] | undefined;
  const exclude = Object.entries(a).find(([name, value]) => name.startsWith('exclude') && given(value))?.[1] as string[] | undefined;
  return items.filter((item) => {
    const id = idOf(item) ?? '';
    return (!include || include.includes(id)) && !exclude?.includes(id);
  });
}

/** `["name asc", "label.en desc"]`: sorts by the named (dotted) fields, stable. */
function sorted(items: Document[], sort: unknown): Document[] {
  const keys = list<string>(sort).map((expression) => {
    const [path = '', direction = 'asc'] = expression.trim().split(/\s+/);
    return { path: path.split('.'), descending: direction.toLowerCase() === 'desc' };
  });
  if (keys.length === 0) return items;
  const read = (item: Document, path: string[]) => path.reduce<unknown>((value, part) => (value as Document | undefined)?.[part], item);
  return [...items].sort((left, right) => {
    for (const { path, descending } of keys) {
      const a = String(read(left, path) ?? '');
      const b = String(read(right, path) ?? '');
      if (a !== b) return (a < b ? -1 : 1) * (descending ? -1 : 1);
    }
    return 0;
  });
}

/** A page of `{ limit, offset, total, results }` over a list already filtered. */
function page(items: Document[], a: Args) {
  const offset = typeof a.offset === 'number' ? a.offset : 0;
  const limit = typeof a.limit === 'number' ? a.limit : undefined;
  const ordered = sorted(items, a.sort);
  const results = ordered.slice(offset, limit === undefined ? undefined : offset + limit);
  return { limit: limit ?? null, offset, total: items.length, results };
}

const byName = (item: Document) => item.name as string | undefined;

const productData = {
  allVariants: (source: unknown, a: Args) => filterVariants(allVariants(source as Document), a),
  variants: (source: unknown, a: Args) => filterVariants(list<Variant>((source as Document).variants), a),
  variant: (source: unknown, a: Args) =>
    allVariants(source as Document).find(
      (variant) => (a.sku === undefined || variant.sku === a.sku) && (a.key === undefined || variant.key === a.key),
    ) ?? null,
  skus: (source: unknown) => allVariants(source as Document).flatMap((variant) => (variant.sku === undefined ? [] : [variant.sku])),
  categoryOrderHint: (source: unknown, a: Args) =>
    ((source as Document).categoryOrderHints as Record<string, string> | undefined)?.[a.categoryId as string] ?? null,
  searchKeyword: (source: unknown, a: Args) =>
    ((source as Document).searchKeywords as Record<string, unknown> | undefined)?.[a.locale as string] ?? null,
};

const lineItem: Resolver = (source, a) => {
  const items = list((source as Document).lineItems);
  return typeof a.id === 'string' ? items.filter((item) => item.id === a.id) : items;
};

const availability = {
  noChannel: (source: unknown) => {
    const { channels: _channels, ...own } = source as Document;
    return Object.keys(own).length > 0 ? own : null;
  },
  channels: (source: unknown, a: Args) => {
    const entries = Object.entries(((source as Document).channels as Record<string, Document> | undefined) ?? {});
    const chosen = included(entries, a, ([id]) => id).map(([id, own]) => ({
      channelRef: { typeId: 'channel', id },
      channel: { typeId: 'channel', id },
      availability: own,
    }));
    return page(chosen, a);
  },
};

const isReferenceTo = (typeId: string, value: unknown): value is { id: string } =>
  typeof value === 'object' && value !== null && (value as Document).typeId === typeId && typeof (value as Document).id === 'string';

/**
 * An attribute's definition: the attribute of that name in the product type of the product, product
 * projection or line item the attribute was read from.
 */
const attributeDefinition: Resolver = (source, _, context, info) => {
  const holder = ancestor(source, (parent) => isReferenceTo('product-type', (parent as Document).productType)) as Document | undefined;
  if (!holder)
    throw errors.invalidOperation(`commerce-mock cannot tell the product type of '${info.parentType.name}.${info.fieldName}' here.`);
  const productType = readOnce(context, `product-types/${encodeURIComponent((holder.productType as { id: string }).id)}`) as Document;
  return list(productType.attributes).find((definition) => definition.name === (source as Document).name) ?? null;
};

/** A category's direct children in `orderHint` order (at most 150, as the platform serves), and their count. */
function childCategories(context: GraphqlContext, category: unknown) {
  const where = `parent(id = ${JSON.stringify((category as Document).id)})`;
  return readOnce(context, 'categories', new URLSearchParams({ where, sort: 'orderHint asc', limit: '150' })) as {
    total: number;
    results: Document[];
  };
}

/** The staged products in a category's subtree, as a staged search filtered by the subtree counts them. */
function stagedProductCount(context: GraphqlContext, category: unknown): number {
  const query = new URLSearchParams({
    staged: 'true',
    limit: '0',
    'filter.query': `categories.id: subtree(${JSON.stringify((category as Document).id)})`,
  });
  return (readOnce(context, 'product-projections/search', query) as { total: number }).total;
}

/**
 * A shopping list's line items with their `variant` and `productSlug`, which GraphQL always answers
 * and REST only when expanded: from the product's current data (the variant by id, else the master).
 */
const shoppingListLineItems: Resolver = (source, _, context) =>
  list((source as Document).lineItems).map((item) => {
    if (item.variant !== undefined || typeof item.productId !== 'string') return item;
    const data = (readOnce(context, `products/${encodeURIComponent(item.productId)}`) as { masterData: { current: Document } }).masterData
      .current;
    const variant = item.variantId === undefined ? data.masterVariant : allVariants(data).find((one) => one.id === item.variantId);
    return { ...item, variant: variant ?? null, productSlug: data.slug };
  });

/**
 * A customer token's `version`, which GraphQL declares (tokens are Versioned there) and the REST
 * CustomerToken does not carry: a token is never modified after it is issued, so it is always 1.
 */
const tokenVersion: Resolver = (source) => ((source as Document).version as number | undefined) ?? 1;

export const NESTED_FIELDS: Record<string, Resolver> = {
  'CustomerPasswordToken.version': tokenVersion,
  'CustomerEmailToken.version': tokenVersion,
  'ProductVariant.price': selectedPrice,
  'VariantProjection.price': selectedPrice,
  'ProductSearchVariant.price': selectedPrice,
  'ProductData.allVariants': productData.allVariants,
  'ProductProjection.allVariants': productData.allVariants,
  'ProductProjection.variants': productData.variants,
  'ProductData.variants': productData.variants,
  'ProductData.variant': productData.variant,
  'ProductData.skus': productData.skus,
  'ProductData.categoryOrderHint': productData.categoryOrderHint,
  'ProductData.searchKeyword': productData.searchKeyword,
  'Cart.lineItems': lineItem,
  'Order.lineItems': lineItem,
  'Quote.lineItems': lineItem,
  'QuoteRequest.lineItems': lineItem,
  'ProductTypeDefinition.attributeDefinitions': (source, a) => page(included(list((source as Document).attributes), a, byName), a),
  'TypeDefinition.fieldDefinitions': (source, a) => included(list((source as Document).fieldDefinitions), a, byName),
  'EnumAttributeDefinitionType.values': (source, a) =>
    page(
      included(list((source as Document).values), a, (v) => v.key as string),
      a,
    ),
  'LocalizableEnumAttributeDefinitionType.values': (source, a) =>
    page(
      included(list((source as Document).values), a, (v) => v.key as string),
      a,
    ),
  'RawProductAttribute.attributeDefinition': attributeDefinition,
  'ShoppingList.lineItems': shoppingListLineItems,
  'Category.children': (source, _, context) => childCategories(context, source).results,
  'Category.childCount': (source, _, context) => childCategories(context, source).total,
  'Category.stagedProductCount': (source, _, context) => stagedProductCount(context, source),
  'ProductVariantAvailabilityWithChannels.noChannel': availability.noChannel,
  'ProductVariantAvailabilityWithChannels.channels': availability.channels,
};
