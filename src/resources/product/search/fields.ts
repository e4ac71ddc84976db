/**
 * Field paths of product projection search (filters, facets, sorting) and how each is read from an
 * indexed product: product-level fields (`categories.id`, `productType.id`, `key`, `name.en`,
 * `createdAt`, ...) have the same values for every variant; variant-level fields (`variants.*`) are
 * read per variant. Values that depend on the request (`variants.scopedPrice.*`,
 * `variants.scopedPriceDiscounted`, `variants.availability.*`) are computed per request; all others
 * are cached on the indexed product.
 */
import type { AttributeType } from '../../product-types.js';
import type { Price, Variant } from '../model.js';
import type { FieldColumn, IndexedProduct, TypeInfo, ViewIndex } from './catalog-index.js';
import type { RequestScope } from './request-scope.js';

export { scalars, termKey, type Scalar } from './scalars.js';

/** Values at `segments[from..]` inside `value`; arrays are flattened at every step, null and undefined dropped. */
export function navigate(value: unknown, segments: readonly string[], from = 0, out: unknown[] = []): unknown[] {
  if (value === undefined || value === null) return out;
  if (Array.isArray(value)) {
    for (const element of value) navigate(element, segments, from, out);
    return out;
  }
  if (from === segments.length) {
    out.push(value);
    return out;
  }
  if (typeof value !== 'object') return out;
  // Own properties only: a field named `constructor` or `__proto__` is not a path into Object.prototype.
  const segment = segments[from]!;
  if (!Object.hasOwn(value, segment)) return out;
  return navigate((value as Record<string, unknown>)[segment], segments, from + 1, out);
}

export type FacetDataType = 'text' | 'date' | 'time' | 'datetime' | 'boolean' | 'number';

export interface Field {
  readonly path: string;
  readonly level: 'product' | 'variant';
  /** Whether the values depend on the request (price selection, inventory): never cached. */
  readonly dynamic: boolean;
  /** All values (objects included: `exists` and `missing` look at those too). */
  values(entry: IndexedProduct, variant: number, scope: RequestScope): readonly unknown[];
  /** For fields read from the stored product alone (not `dynamic`): the values, not cached (the view's column keeps them). */
  stored?(entry: IndexedProduct, variant: number): readonly unknown[];
  /** The term facet's `dataType`. */
  dataType(types: TypeInfo): FacetDataType;
  /** Called once per request before the field is read (e.g. scoped price fields need price selection). */
  check?(scope: RequestScope): void;
}

const EMPTY: readonly unknown[] = [];

function dataTypeOfAttribute(type: AttributeType | undefined, rest: readonly string[]): FacetDataType {
  if (!type) return 'text';
  switch (type.name) {
    case 'set':
      return dataTypeOfAttribute(type.elementType, rest);
    case 'number':
      return 'number';
    case 'money':
      return rest[0] === 'centAmount' || rest[0] === 'fractionDigits' ? 'number' : 'text';
    case 'boolean':
      return 'boolean';
    case 'date':
    case 'time':
    case 'datetime':
      return type.name;
    default:
      return 'text';
  }
}

/** A product-level field: the values are the same for every variant and cached once per indexed product. */
function productField(path: string, read: (entry: IndexedProduct) => readonly unknown[], dataType: FacetDataType = 'text'): Field {
  const key = `p:${path}`;
  return {
    path,
    level: 'product',
    dynamic: false,
    values(entry) {
      let values = entry.cache.get(key) as readonly unknown[] | undefined;
      if (values === undefined) entry.cache.set(key, (values = read(entry)));
      return values;
    },
    stored: (entry) => read(entry),
    dataType: () => dataType,
  };
}

/** A variant-level field read from the stored variant: cached per indexed product, one array per variant. */
function variantField(
  path: string,
  read: (variant: Variant, entry: IndexedProduct) => readonly unknown[],
  dataType: (types: TypeInfo) => FacetDataType,
): Field {
  const key = `v:${path}`;
  return {
    path,
    level: 'variant',
    dynamic: false,
    values(entry, variant) {
      let perVariant = entry.cache.get(key) as ReadonlyArray<readonly unknown[]> | undefined;
      if (perVariant === undefined) {
        perVariant = entry.variants.map((v) => {
          const values = read(v, entry);
          return values.length === 0 ? EMPTY : values;
        });
        entry.cache.set(key, perVariant);
      }
      return perVariant[variant] ?? EMPTY;
    },
    stored: (entry, variant) => read(entry.variants[variant]!, entry),
    dataType,
  };
}

/** `variants.price.*`: every embedded price; `centAmount`, `currencyCode`, `fractionDigits` read from its value. */
function priceValues(prices: readonly Price[], rest: readonly string[]): unknown[] {
  if (rest.length === 0) return [...prices];
  const moneyField = rest[0] === 'centAmount' || rest[0] === 'currencyCode' || rest[0] === 'fractionDigits' || rest[0] === 'type';
  const out: unknown[] = [];
  for (const price of prices) navigate(moneyField ? price.value : price, rest, 0, out);
  return out;
}

const PRODUCT_REFERENCES = new Set(['productType', 'taxCategory', 'state']);
const PRODUCT_DATES = new Set(['createdAt', 'lastModifiedAt']);

const cache = new Map<string, Field>();

/** The field a search path names. Unknown paths are read generically from the projection shape. */
export function field(path: string): Field {
  let found = cache.get(path);
  if (!found) {
    found = resolve(path);
    if (cache.size > 2000) cache.clear();
    cache.set(path, found);
  }
  return found;
}

function resolve(path: string): Field {
  const segments = path.split('.');
  if (segments[0] === 'variants' && segments.length > 1) return variantPath(path, segments.slice(1));
  const [head, ...rest] = segments as [string, ...string[]];
  if (head === 'categories' || head === 'categoriesSubTree') {
    // `categories` itself (exists/missing) is the list of references; `.id` their ids.
    return productField(path, (entry) => (rest.length === 0 ? entry.data.categories : navigate(entry.data.categories, rest)));
  }
  if (head === 'id' || head === 'key' || head === 'version') {
    return productField(path, (entry) => navigate(entry.product, segments), head === 'version' ? 'number' : 'text');
  }
  if (PRODUCT_REFERENCES.has(head)) return productField(path, (entry) => navigate(entry.product[head as 'state'], rest));
  if (PRODUCT_DATES.has(head)) return productField(path, (entry) => navigate(entry.product, segments), 'datetime');
  if (head === 'price' && rest.length === 0) {
    // The sort key `price`: the scoped price under a price selection, else every embedded price of the variant.
    return dynamicField(
      path,
      (entry, index, scope) =>
        scope.hasPriceSelection
          ? navigate(scope.scopedPrice(entry, index), ['currentValue', 'centAmount'])
          : (entry.variants[index]!.prices ?? EMPTY).map((price) => price.value.centAmount),
      () => 'number',
    );
  }
  if (head === 'published' || head === 'hasStagedChanges') {
    return productField(
      path,
      (entry) => [head === 'published' ? entry.product.masterData.published : entry.product.masterData.hasStagedChanges],
      'boolean',
    );
  }
  if (head === 'searchKeywords' && rest.length === 1) {
    // `searchKeywords.en` means the keyword texts.
    return productField(path, (entry) => navigate(entry.data.searchKeywords, [rest[0]!, 'text']));
  }
  // name.en, slug.en, description.en, metaTitle.en, searchKeywords.en.text, reviewRatingStatistics..., anything else in the data.
  return productField(path, (entry) => navigate(entry.data, segments));
}

function variantPath(path: string, segments: string[]): Field {
  const [head, ...rest] = segments as [string, ...string[]];
  switch (head) {
    case 'id':
      return variantField(
        path,
        (variant) => [variant.id],
        () => 'number',
      );
    case 'sku':
    case 'key':
      return variantField(
        path,
        (variant) => (variant[head] === undefined ? EMPTY : [variant[head]]),
        () => 'text',
      );
    case 'price':
    case 'prices':
      return variantField(
        path,
        (variant) => priceValues(variant.prices ?? [], head === 'price' ? rest : priceRest(rest)),
        () => (rest[rest.length - 1] === 'centAmount' ? 'number' : 'text'),
      );
    case 'attributes': {
      const [name, ...inner] = rest;
      if (name === undefined)
        return variantField(
          path,
          (variant) => variant.attributes ?? [],
          () => 'text',
        );
      return variantField(
        path,
        (variant) => {
          const attribute = variant.attributes?.find((a) => a.name === name);
          return attribute === undefined ? EMPTY : navigate(attribute.value, inner);
        },
        (types) => dataTypeOfAttribute(types.attributeTypes.get(name), inner),
      );
    }
    case 'scopedPrice':
      return dynamicField(
        path,
        (entry, index, scope) => navigate(scope.scopedPrice(entry, index), rest),
        () => 'number',
        (scope) => scope.requirePriceSelection(`variants.${segments.join('.')}`),
      );
    case 'scopedPriceDiscounted':
      return dynamicField(
        path,
        (entry, index, scope) => {
          const scoped = scope.scopedPrice(entry, index);
          return scoped ? [scoped.discounted !== undefined] : EMPTY;
        },
        () => 'boolean',
        (scope) => scope.requirePriceSelection('variants.scopedPriceDiscounted'),
      );
    case 'availability':
      return dynamicField(
        path,
        (entry, index, scope) => availabilityValues(scope.availability(entry, index), rest),
        () => (rest[0] === 'availableQuantity' ? 'number' : rest[0] === 'isOnStock' ? 'boolean' : 'text'),
      );
    default:
      return variantField(
        path,
        (variant) => navigate(variant, segments),
        () => 'text',
      );
  }
}

/** `variants.prices.value.centAmount` and `variants.prices.centAmount` both read the price's value. */
function priceRest(rest: readonly string[]): readonly string[] {
  return rest[0] === 'value' ? rest.slice(1) : rest;
}

function availabilityValues(availability: ReturnType<RequestScope['availability']>, rest: readonly string[]): readonly unknown[] {
  if (!availability) return EMPTY;
  const [head, ...inner] = rest;
  if (head === 'isOnStockInChannels') {
    return Object.entries(availability.channels ?? {})
      .filter(([, channel]) => channel.isOnStock)
      .map(([id]) => id);
  }
  if (head === 'availableQuantityInChannels' || head === 'channels') return navigate(availability.channels, inner);
  return navigate(availability, rest);
}

/** The view's column of a field read from the stored product; undefined for fields that depend on the request. */
export function columnOf(view: ViewIndex, target: Field): FieldColumn | undefined {
  return target.stored ? view.column(target.path, target.level === 'product', target.stored) : undefined;
}

function dynamicField(
  path: string,
  read: (entry: IndexedProduct, index: number, scope: RequestScope) => readonly unknown[],
  dataType: () => FacetDataType,
  check?: (scope: RequestScope) => void,
): Field {
  return { path, level: 'variant', dynamic: true, values: read, dataType, ...(check ? { check } : {}) };
}
