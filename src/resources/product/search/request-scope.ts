/**
 * What one search request computes on demand and keeps for its duration: the price selection and
 * product discounts (through CatalogRead), each variant's scoped price and availability, category
 * subtrees. Nothing here is cached across requests: discounts, inventory and categories change
 * independently of products.
 */
import { errors } from '../../../http/errors.js';
import type { ResourceContext } from '../../../engine/define.js';
import type { Price, Variant } from '../model.js';
import { selectPrice } from '../../../pricing/price-selection.js';
import { type CatalogRead, type Availability, priceCandidates } from '../present.js';
import type { IndexedProduct } from './catalog-index.js';

export interface ScopedPrice {
  id: string;
  value: Price['value'];
  currentValue: Price['value'];
  country?: string;
  customerGroup?: Price['customerGroup'];
  channel?: Price['channel'];
  validFrom?: string;
  validUntil?: string;
  discounted?: Price['discounted'];
  custom?: Price['custom'];
  [field: string]: unknown;
}

export class RequestScope {
  /** Per request: variant → its scoped price (null: none applies). Plain maps: WeakMaps cost the collector dearly at this size. */
  private readonly scoped = new Map<Variant, ScopedPrice | null>();
  private readonly availabilities = new Map<Variant, Availability | null>();
  private subtrees: Map<string, Set<string>> | undefined;
  private ancestorsById: Map<string, string[]> | undefined;

  constructor(
    readonly ctx: ResourceContext,
    readonly read: CatalogRead,
  ) {}

  get hasPriceSelection(): boolean {
    return this.read.selection !== undefined;
  }

  /**
   * The scoped price: the price selection's choice among the variant's prices (embedded, or the SKU's
   * active standalone prices) with its current product discount; undefined when no price applies.
   * The same choice `presentVariant` makes for `price` (selection does not depend on discounts).
   */
  scopedPrice(entry: IndexedProduct, index: number): ScopedPrice | undefined {
    const variant = entry.variants[index]!;
    let cached = this.scoped.get(variant);
    if (cached === undefined) {
      cached = this.computeScopedPrice(entry, variant) ?? null;
      this.scoped.set(variant, cached);
    }
    return cached ?? undefined;
  }

  private computeScopedPrice(entry: IndexedProduct, variant: Variant): ScopedPrice | undefined {
    const selection = this.read.selection;
    if (!selection) return undefined;
    const chosen = selectPrice(
      priceCandidates(entry.product.priceMode, variant, (sku) => this.read.standalonePrices(sku)),
      selection,
    );
    if (!chosen) return undefined;
    const discounted =
      this.read.discounts.size > 0 || chosen.discounted ? this.read.discountedFor(entry.product, entry.data, variant, chosen) : undefined;
    const scoped = toScopedPrice(chosen as Price);
    if (discounted) {
      scoped.discounted = discounted;
      scoped.currentValue = discounted.value;
    } else delete scoped.discounted;
    return scoped;
  }

  availability(entry: IndexedProduct, index: number): Availability | undefined {
    const variant = entry.variants[index]!;
    let cached = this.availabilities.get(variant);
    if (cached === undefined) {
      cached = (variant.sku === undefined ? undefined : this.read.availability(variant.sku)) ?? null;
      this.availabilities.set(variant, cached);
    }
    return cached ?? undefined;
  }

  /** Requires price selection parameters: scoped price filters, facets and sorting need them. */
  requirePriceSelection(what: string): void {
    if (!this.hasPriceSelection) {
      throw errors.invalidInput(
        `'${what}' needs price selection: add the parameter 'priceCurrency' (and optionally priceCountry, priceChannel, priceCustomerGroup).`,
      );
    }
  }

  /** The category and all of its descendants. */
  subtree(categoryId: string): Set<string> {
    this.subtrees ??= new Map();
    let ids = this.subtrees.get(categoryId);
    if (!ids) {
      ids = new Set([categoryId]);
      for (const category of this.ctx.scan('category')) {
        if (category.ancestors?.some((ancestor) => ancestor.id === categoryId)) ids.add(category.id);
      }
      this.subtrees.set(categoryId, ids);
    }
    return ids;
  }

  /** The ids of the category's ancestors (root first). */
  ancestors(categoryId: string): string[] {
    if (!this.ancestorsById) {
      this.ancestorsById = new Map();
      for (const category of this.ctx.scan('category')) {
        this.ancestorsById.set(
          category.id,
          (category.ancestors ?? []).map((ancestor) => ancestor.id),
        );
      }
    }
    return this.ancestorsById.get(categoryId) ?? [];
  }
}

export function toScopedPrice(price: Price): ScopedPrice {
  const scoped: ScopedPrice = { id: price.id, value: price.value, currentValue: price.discounted?.value ?? price.value };
  for (const field of ['country', 'customerGroup', 'channel', 'validFrom', 'validUntil', 'discounted', 'custom'] as const) {
    if (price[field] !== undefined) (scoped as Record<string, unknown>)[field] = price[field];
  }
  return scoped;
}
