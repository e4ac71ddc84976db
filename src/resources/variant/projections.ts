/**
 * The read-only views of the modular catalog, only in projects on the `Modular` model:
 *
 * - Variant Projections (`/variant-projections`, by id and key, and in a store): one Variant with
 *   its product's name, slug, description and categories, current (`staged=false`, the default: a
 *   published Variant of a published product) or staged; `price` by the `price*` parameters (the
 *   modular catalog's standalone prices), `default` when the product names it its default Variant,
 *   `filter[attributes]` keeps the attributes named (or drops those named with a leading `-`);
 *   `where`, `sort`, paging and `expand` over the projections.
 * - Variant Attributes (`/product-projections/{ID}/variant-attributes`, by key, in a store too):
 *   every Variant of a product projection with only the attributes `filter[attributes]` names and its
 *   stock (`filter[supplyChannels]` limits the channels shown), plus the product type's metadata of
 *   those attributes. Product-level attributes are left out.
 *
 * In a store, a product outside the store's assortment (its product selections) has neither.
 * `localeProjection` is accepted and not applied, as on product projections.
 */
import * as z from 'zod';
import { ok, type ApiCall } from '../../http/context.js';
import { errors } from '../../http/errors.js';
import { parseQueryParams, runQuery } from '../../query/index.js';
import { withFields } from '../../util/json.js';
import { queryOptionsFor } from '../../engine/queries.js';
import type { CustomRoute, Engine, ResourceContext } from '../../engine/define.js';
import { defineResource, type ScopePolicy } from '../../engine/define.js';
import type { Store } from '../stores.js';
import { catalogErrors } from '../product/errors.js';
import { productTypeOf } from '../product/draft.js';
import { availableInStore } from '../product/in-store.js';
import type { Attribute, Price, Product } from '../product/model.js';
import { findVariant } from '../product/product-action.js';
import { CatalogRead, isProjected, presentVariant, stagedParam } from '../product/present.js';
import { isModular, type StandaloneVariant } from './model.js';
import { variantsOf } from './sync.js';

function requireModular(call: ApiCall): void {
  if (!isModular(call.ctx)) throw catalogErrors.notModularCatalog();
}

/** The store of `in-store/key={storeKey}`, if the call is in one: 404 when it does not exist. */
function storeOf(call: ApiCall): Store | undefined {
  const key = call.ctx.scope?.store;
  if (key === undefined) return undefined;
  const store = call.ctx.getByKey('store', key);
  if (!store) throw errors.resourceNotFound({ key });
  return store;
}

/** `filter[attributes]`: the attributes kept (`name`) or dropped (`-name`); none given keeps all. */
function attributeFilter(query: URLSearchParams): ((attribute: Attribute) => boolean) | undefined {
  const names = query.getAll('filter[attributes]').flatMap((value) => value.split(','));
  if (names.length === 0) return undefined;
  const dropped = new Set(names.filter((name) => name.startsWith('-')).map((name) => name.slice(1)));
  const kept = new Set(names.filter((name) => !name.startsWith('-')));
  return (attribute) => !dropped.has(attribute.name) && (kept.size === 0 || kept.has(attribute.name));
}

/** Whether the projection endpoints show the Variant: staged always, current only published with a published product. */
function isShown(variant: StandaloneVariant, product: Product, staged: boolean): boolean {
  return isProjected(product, staged) && (staged || variant.published);
}

interface ProjectionRead {
  staged: boolean;
  read: CatalogRead;
  keeps: ((attribute: Attribute) => boolean) | undefined;
}

function readOf(call: ApiCall): ProjectionRead {
  return {
    staged: stagedParam(call.query),
    read: CatalogRead.fromQuery(call.ctx, call.query),
    keeps: attributeFilter(call.query),
  };
}

function variantProjection(variant: StandaloneVariant, product: Product, { staged, read, keeps }: ProjectionRead): object {
  const data = staged ? (variant.staged ?? variant.current) : variant.current;
  const productData = staged ? product.masterData.staged : product.masterData.current;
  const projection: Record<string, unknown> = {
    id: variant.id,
    version: variant.version,
    createdAt: variant.createdAt,
    staged,
    variantId: variant.variantId,
    product: variant.product,
    name: productData.name,
    slug: productData.slug,
  };
  if (productData.description !== undefined) projection.description = productData.description;
  projection.categories = productData.categories;
  if (productData.categoryOrderHints !== undefined) projection.categoryOrderHints = productData.categoryOrderHints;
  if (variant.key !== undefined) projection.key = variant.key;
  if (data.sku !== undefined) projection.sku = data.sku;
  projection.images = data.images;
  projection.assets = data.assets;
  projection.attributes = keeps ? data.attributes.filter(keeps) : data.attributes;
  const embedded = read.selection && findVariant(productData, { variantId: variant.variantId });
  const price = embedded && (presentVariant(product, productData, embedded, read) as { price?: Price }).price;
  if (price) projection.price = price;
  projection.default = productData.defaultVariant?.id === variant.id;
  return projection;
}

function shownProduct(call: ApiCall, variant: StandaloneVariant, staged: boolean, store: Store | undefined): Product | undefined {
  const product = call.ctx.get('product', variant.product.id);
  if (!product || !isShown(variant, product, staged)) return undefined;
  if (store && !availableInStore(store, product.id, call.ctx)) return undefined;
  return product;
}

function queryVariantProjections(call: ApiCall, engine: Engine) {
  requireModular(call);
  const store = storeOf(call);
  const reading = readOf(call);
  const all: object[] = [];
  for (const document of call.ctx.scan('variant')) {
    const variant = document as StandaloneVariant;
    const product = shownProduct(call, variant, reading.staged, store);
    if (product) all.push(variantProjection(variant, product, reading));
  }
  const query = new URLSearchParams(call.query);
  query.delete('expand');
  const page = runQuery(all, parseQueryParams(query), queryOptionsFor(engine.queryOptions, engine.definition('variant')));
  const expand = call.query.getAll('expand');
  return withFields(page, { results: page.results.map((projection) => engine.expand(call.ctx.project, projection, expand)) });
}

function getVariantProjection(call: ApiCall, locator: { id: string } | { key: string }) {
  requireModular(call);
  const store = storeOf(call);
  const reading = readOf(call);
  const variant = 'id' in locator ? call.ctx.get('variant', locator.id) : call.ctx.getByKey('variant', locator.key);
  const product = variant && shownProduct(call, variant, reading.staged, store);
  if (!variant || !product) throw errors.resourceNotFound(locator);
  return call.expand(variantProjection(variant, product, reading));
}

const projectionRoutes: CustomRoute[] = [
  { method: 'GET', path: '', handle: (call, engine) => ok(queryVariantProjections(call, engine)) },
  { method: 'GET', path: 'key=:key', handle: (call) => ok(getVariantProjection(call, { key: call.params.key! })) },
  { method: 'GET', path: ':id', handle: (call) => ok(getVariantProjection(call, { id: call.params.id! })) },
];

/** Variant projections are not stored: the scope serves the routes above, and its generic access matches nothing. */
export const variantProjections = defineResource<never, never>({
  typeId: 'variant-projection',
  path: 'variant-projections',
  scope: { mounts: { store: { without: ['list', 'get'], routes: projectionRoutes } } } as ScopePolicy<never>,
  draft: z.never(),
  create() {
    throw errors.invalidOperation('Variant projections are read-only: create a variant instead.');
  },
  actions: {},
  without: ['create', 'update', 'delete'],
  routes: projectionRoutes,
});

/** The stock of a SKU as Variant Attributes show it, with the channels `filter[supplyChannels]` names (all without it). */
function stockOf(sku: string | undefined, read: CatalogRead, channels: readonly string[]): object | undefined {
  const availability = sku === undefined ? undefined : read.availability(sku);
  if (!availability) return undefined;
  const stock: Record<string, unknown> = {};
  if (availability.isOnStock !== undefined) stock.isOnStock = availability.isOnStock;
  if (availability.availableQuantity !== undefined) stock.availableQuantity = availability.availableQuantity;
  const shown = Object.entries(availability.channels ?? {}).filter(([id]) => channels.length === 0 || channels.includes(id));
  if (shown.length > 0) {
    stock.channels = Object.fromEntries(
      shown.map(([id, entry]) => [id, { isOnStock: entry.isOnStock, availableQuantity: entry.availableQuantity }]),
    );
  }
  return stock;
}

function variantAttributes(call: ApiCall, locator: { id: string } | { key: string }) {
  requireModular(call);
  const store = storeOf(call);
  const staged = stagedParam(call.query);
  const names = call.query.getAll('filter[attributes]').flatMap((value) => value.split(','));
  if (names.length === 0) throw errors.invalidInput("The query parameter 'filter[attributes]' is required: name the attributes to return.");
  const ctx: ResourceContext = call.ctx;
  const product = 'id' in locator ? ctx.get('product', locator.id) : ctx.getByKey('product', locator.key);
  if (!product || !isProjected(product, staged) || (store && !availableInStore(store, product.id, ctx))) {
    throw errors.resourceNotFound(locator);
  }
  const definitions = productTypeOf(ctx, product.productType).attributes.filter(
    (definition) => definition.level === 'Variant' && names.includes(definition.name),
  );
  const wanted = new Set(definitions.map((definition) => definition.name));
  const read = CatalogRead.fromQuery(ctx, call.query);
  const channels = call.query.getAll('filter[supplyChannels]').flatMap((value) => value.split(','));
  const variants = [...variantsOf(product.id, ctx).values()]
    .filter((variant) => staged || variant.published)
    .sort((a, b) => a.variantId - b.variantId)
    .map((variant) => {
      const data = staged ? (variant.staged ?? variant.current) : variant.current;
      const entry: Record<string, unknown> = { id: variant.id };
      if (data.sku !== undefined) entry.sku = data.sku;
      if (variant.key !== undefined) entry.key = variant.key;
      const availability = stockOf(data.sku, read, channels);
      if (availability) entry.availability = availability;
      entry.attributes = data.attributes.filter((attribute) => wanted.has(attribute.name));
      return entry;
    });
  return {
    productId: product.id,
    ...(product.key !== undefined ? { productKey: product.key } : {}),
    attributes: definitions.map((definition) => ({ name: definition.name, label: definition.label, type: definition.type.name })),
    variants,
  };
}

/** The Variant Attributes routes, under `/product-projections` and in a store's. */
export const variantAttributesRoutes: CustomRoute[] = [
  { method: 'GET', path: 'key=:key/variant-attributes', handle: (call) => ok(variantAttributes(call, { key: call.params.key! })) },
  { method: 'GET', path: ':id/variant-attributes', handle: (call) => ok(variantAttributes(call, { id: call.params.id! })) },
];
