/**
 * The read side of the catalog: product projections, and what a read adds to stored variants —
 * `discounted` on prices (product discounts, computed at read time from the active discounts, so
 * they are never stale), the selected `price` (price selection query parameters) and
 * `availability` (inventory entries). Stored documents are never mutated: only the objects along
 * a changed path are copied.
 */
import { errors } from '../../http/errors.js';
import { selectPrice, type PriceSelection, priceSelectionFromQuery } from '../../pricing/price-selection.js';
import { ProductDiscountSet, type DiscountTarget, type Lookup } from '../../pricing/product-discounts.js';
import type { StoredDocument } from '../../storage/backend.js';
import type { ResourceContext } from '../../engine/define.js';
import { allVariants, type Price, type Product, type ProductData, type Variant } from './model.js';
import { millisOf } from '../../util/time.js';
import { withFields } from '../../util/json.js';

/** The variant fields a read computes (see `presentVariant`): queries naming one match presented variants. */
export const PRESENTED_VARIANT_FIELDS: readonly string[] = ['discounted', 'price', 'availability'];

export interface ProductProjection extends ProductData {
  id: string;
  version: number;
  key?: string;
  productType: Product['productType'];
  hasStagedChanges: boolean;
  published: boolean;
  taxCategory?: Product['taxCategory'];
  state?: Product['state'];
  priceMode?: Product['priceMode'];
  createdAt: string;
  lastModifiedAt: string;
}

/** The current (`staged: false`) or staged projection of a product, as a new shallow object. */
export function productProjection(product: Product, staged: boolean): ProductProjection {
  const data = staged ? product.masterData.staged : product.masterData.current;
  const projection = { id: product.id, version: product.version } as ProductProjection;
  if (product.key !== undefined) projection.key = product.key;
  projection.productType = product.productType;
  projection.name = data.name;
  if (data.description !== undefined) projection.description = data.description;
  projection.categories = data.categories;
  if (data.categoryOrderHints !== undefined) projection.categoryOrderHints = data.categoryOrderHints;
  projection.slug = data.slug;
  if (data.metaTitle !== undefined) projection.metaTitle = data.metaTitle;
  if (data.metaDescription !== undefined) projection.metaDescription = data.metaDescription;
  if (data.metaKeywords !== undefined) projection.metaKeywords = data.metaKeywords;
  projection.searchKeywords = data.searchKeywords;
  projection.hasStagedChanges = product.masterData.hasStagedChanges;
  projection.published = product.masterData.published;
  projection.masterVariant = data.masterVariant;
  projection.variants = data.variants;
  if (product.taxCategory !== undefined) projection.taxCategory = product.taxCategory;
  if (product.state !== undefined) projection.state = product.state;
  if (product.priceMode !== undefined) projection.priceMode = product.priceMode;
  projection.attributes = data.attributes;
  if (data.defaultVariant !== undefined) projection.defaultVariant = data.defaultVariant;
  projection.createdAt = product.createdAt as string;
  projection.lastModifiedAt = product.lastModifiedAt as string;
  return projection;
}

/** Whether the projection endpoints show the product: staged always, current only when published. */
export function isProjected(product: Product, staged: boolean): boolean {
  return staged || product.masterData.published;
}

export interface StandalonePriceLike extends StoredDocument {
  sku: string;
  value: Price['value'];
  active: boolean;
  key?: string;
  country?: string;
  customerGroup?: Price['customerGroup'];
  channel?: Price['channel'];
  validFrom?: string;
  validUntil?: string;
  tiers?: Price['tiers'];
  discounted?: Price['discounted'];
  custom?: Price['custom'];
}

interface InventoryLike extends StoredDocument {
  sku: string;
  supplyChannel?: { id: string };
  availableQuantity: number;
  restockableInDays?: number;
  expectedDelivery?: string;
}

export interface ChannelAvailability {
  isOnStock: boolean;
  availableQuantity: number;
  restockableInDays?: number;
  id: string;
  version: number;
}

export interface Availability extends Partial<ChannelAvailability> {
  channels?: Record<string, ChannelAvailability>;
}

/**
 * Everything one read request needs, built lazily once per request: the active product discounts,
 * the price selection of the query, standalone prices and inventory indexed by SKU.
 */
export class CatalogRead {
  readonly now: number;
  readonly lookup: Lookup;
  private discountSet: ProductDiscountSet | undefined;
  private standaloneBySku: Map<string, StandalonePriceLike[]> | undefined;
  private inventoryBySku: Map<string, InventoryLike[]> | undefined;

  constructor(
    private readonly ctx: ResourceContext,
    readonly selection: PriceSelection | undefined,
  ) {
    this.now = millisOf(ctx.now);
    this.lookup = (typeId, id) => ctx.get(typeId, id);
  }

  static fromQuery(ctx: ResourceContext, query: URLSearchParams): CatalogRead {
    return new CatalogRead(ctx, priceSelectionFromQuery(query, ctx.now));
  }

  get discounts(): ProductDiscountSet {
    this.discountSet ??= new ProductDiscountSet(this.ctx.scan('product-discount'), this.now, this.lookup);
    return this.discountSet;
  }

  standalonePrices(sku: string): StandalonePriceLike[] {
    if (!this.standaloneBySku) {
      this.standaloneBySku = new Map();
      for (const document of this.ctx.scan('standalone-price')) {
        const price = document as StandalonePriceLike;
        const list = this.standaloneBySku.get(price.sku);
        if (list) list.push(price);
        else this.standaloneBySku.set(price.sku, [price]);
      }
    }
    return this.standaloneBySku.get(sku) ?? [];
  }

  availability(sku: string): Availability | undefined {
    if (!this.inventoryBySku) {
      this.inventoryBySku = new Map();
      for (const document of this.ctx.scan('inventory-entry')) {
        const entry = document as InventoryLike;
        const list = this.inventoryBySku.get(entry.sku);
        if (list) list.push(entry);
        else this.inventoryBySku.set(entry.sku, [entry]);
      }
    }
    const entries = this.inventoryBySku.get(sku);
    if (!entries) return undefined;
    const availability: Availability = {};
    for (const entry of entries) {
      const item: ChannelAvailability = {
        isOnStock: entry.availableQuantity > 0,
        availableQuantity: entry.availableQuantity,
        id: entry.id,
        version: entry.version,
      };
      if (entry.restockableInDays !== undefined) item.restockableInDays = entry.restockableInDays;
      if (entry.supplyChannel) (availability.channels ??= {})[entry.supplyChannel.id] = item;
      else Object.assign(availability, item);
    }
    return availability;
  }

  /** The `discounted` a price carries now (undefined: none). */
  discountedFor(product: Product, data: ProductData, variant: Variant, price: Price | StandalonePriceLike): Price['discounted'] {
    const target: DiscountTarget = {
      product: { id: product.id, key: product.key, productType: product.productType },
      categories: data.categories,
      productAttributes: data.attributes,
      variant,
      price,
    };
    return this.discounts.discountedFor(target);
  }
}

function withDiscount<P extends Price | StandalonePriceLike>(price: P, discounted: Price['discounted']): P {
  if (
    discounted === price.discounted ||
    (discounted && price.discounted && JSON.stringify(discounted) === JSON.stringify(price.discounted))
  )
    return price;
  const copy = Object.assign({}, price);
  if (discounted) copy.discounted = discounted;
  else delete copy.discounted;
  return copy;
}

/**
 * The prices a variant's price is selected from: its own (`prices`, maybe already discounted), or under
 * standalone pricing its SKU's active standalone prices. Reads, search, carts and GraphQL all choose here.
 */
export function priceCandidates(
  priceMode: Product['priceMode'],
  variant: { sku?: string | undefined; prices?: readonly Price[] | undefined },
  standalonePrices: (sku: string) => readonly StandalonePriceLike[],
): readonly (Price | StandalonePriceLike)[] {
  if (priceMode !== 'Standalone') return variant.prices ?? [];
  return variant.sku === undefined ? [] : standalonePrices(variant.sku).filter((price) => price.active);
}

/** The Price a standalone price stands for when it is selected for a variant. */
export function standaloneAsPrice(price: StandalonePriceLike): Price {
  const result: Price = { id: price.id, value: price.value };
  for (const field of ['key', 'country', 'customerGroup', 'channel', 'validFrom', 'validUntil', 'discounted', 'tiers', 'custom'] as const) {
    if (price[field] !== undefined) (result as unknown as Record<string, unknown>)[field] = price[field];
  }
  return result;
}

/** The variant as a read returns it: discounted prices, selected `price`, `availability`. */
export function presentVariant(product: Product, data: ProductData, variant: Variant, read: CatalogRead): Variant {
  const discounts = read.discounts;
  let prices = variant.prices;
  if (discounts.size > 0 || prices.some((p) => p.discounted)) {
    let changed = false;
    const mapped = prices.map((price) => {
      const next = withDiscount(price, read.discountedFor(product, data, variant, price));
      if (next !== price) changed = true;
      return next;
    });
    if (changed) prices = mapped;
  }
  let result: Variant & { price?: Price; availability?: Availability } =
    prices === variant.prices ? variant : withFields(variant, { prices });
  if (read.selection) {
    const candidates = priceCandidates(product.priceMode, { sku: variant.sku, prices }, (sku) => read.standalonePrices(sku));
    const chosen = selectPrice(candidates, read.selection);
    if (chosen && product.priceMode === 'Standalone') {
      const standalone = chosen as StandalonePriceLike;
      result = withFields(result, {
        price: standaloneAsPrice(withDiscount(standalone, read.discountedFor(product, data, variant, standalone))),
      });
    } else if (chosen) result = withFields(result, { price: chosen as Price });
  }
  const availability = variant.sku === undefined ? undefined : read.availability(variant.sku);
  if (availability) result = withFields(result, { availability });
  return result;
}

export function presentData<D extends ProductData>(product: Product, data: D, read: CatalogRead): D {
  const masterVariant = presentVariant(product, data, data.masterVariant, read);
  let variants = data.variants;
  let changed = masterVariant !== data.masterVariant;
  const mapped = data.variants.map((variant) => {
    const next = presentVariant(product, data, variant, read);
    if (next !== variant) changed = true;
    return next;
  });
  if (!changed) return data;
  variants = mapped;
  return withFields(data, { masterVariant, variants });
}

/** A stored product as reads return it (both data sets decorated). */
export function presentProduct(product: Product, read: CatalogRead): Product {
  const current = presentData(product, product.masterData.current, read);
  const staged = presentData(product, product.masterData.staged, read);
  if (current === product.masterData.current && staged === product.masterData.staged) return product;
  return withFields(product, { masterData: withFields(product.masterData, { current, staged }) });
}

/** A projection as reads return it. */
export function presentProjection(product: Product, projection: ProductProjection, read: CatalogRead): ProductProjection {
  return presentData(product, projection, read);
}

/**
 * The price a variant sells at for `selection`, with its current discount: what carts use to price
 * a line item. `undefined` when no price applies.
 */
export function sellingPrice(
  ctx: ResourceContext,
  product: Product,
  variantId: number,
  selection: PriceSelection,
  staged = false,
): Price | undefined {
  const data = staged ? product.masterData.staged : product.masterData.current;
  const variant = allVariants(data).find((v) => v.id === variantId);
  if (!variant) return undefined;
  const presented = presentVariant(product, data, variant, new CatalogRead(ctx, selection)) as Variant & { price?: Price };
  return presented.price;
}

/** `staged` query parameter: `true` or `false` (default). */
export function stagedParam(query: URLSearchParams): boolean {
  const raw = query.get('staged');
  if (raw === null || raw === 'false') return false;
  if (raw === 'true') return true;
  throw errors.invalidInput(`Malformed parameter: staged: the value '${raw}' must be true or false.`);
}
