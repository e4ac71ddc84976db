/**
 * The search index: per mock storage, per project, per view (current projections of published
 * products, or staged projections of all products), the product data prepared for search — an
 * inverted index per locale for full-text search, a column per field that filters and facets read
 * (`FieldColumn`: every variant's values at its slot, as integer ids of distinct values), and a
 * per-product cache of field values for sorting and the fields a request computes.
 *
 * Keeping it correct without change hooks: the storage layer has none, but the backends this package
 * ships count the writes per collection (`StorageBackend.generation`). While the product and product
 * type collections' generations are the ones the view was synced at, a search uses the view as it is:
 * no walk. After product writes, a backend that lists them (`StorageBackend.changedSince`) names the
 * products to re-index (`ViewIndex.update`): the cost is what changed. Otherwise (a rollback, clear
 * or restore since, more changes than the backend keeps, a product newly in the current view, or a
 * backend that counts nothing) the search walks
 * the product collection (`ctx.scan('product')`, cheap in memory: no copies) and compares each
 * product's `(id, version)` — and its `createdAt` and `lastModifiedAt`, in case a backend is
 * reloaded with other documents under the same ids and versions — with the indexed one. A product whose version moved (every write bumps
 * it: publish, unpublish, staged changes), a new product and a deleted one are re-indexed or dropped
 * one by one: only what changed is analysed again. Product types are fingerprinted the same way
 * (`id:version` of each), and when any changed (an attribute made searchable, say) the view is
 * rebuilt. Restoring a snapshot can bring back other documents under ids and versions seen since
 * (the same write made twice, with other values, around a restore): after `distrustVersions` the
 * next sync of each view keeps an indexed product or type only if it is the very same object.
 * Everything else a search depends on and that changes independently of products —
 * category trees (`subtree`), product discounts, prices selected for the request, inventory — is
 * read per request, never cached here.
 */
import type { StorageBackend, StorageChange } from '../../../storage/backend.js';
import type { ResourceContext } from '../../../engine/define.js';
import type { AttributeDefinition, AttributeType, ProductType } from '../../product-types.js';
import type { Product, ProductData, Variant } from '../model.js';
import { scalars, termKey, type Scalar } from './scalars.js';
import { tokenize } from './text.js';

/** Locale under which non-localised searchable text (SKUs, text and enum attributes) is indexed: every language searches it. */
export const ANY_LOCALE = '*';

/** Field weights for relevance: a hit in the name counts more than one in the description. */
export const WEIGHTS = { name: 4, searchKeywords: 3, slug: 2, description: 1, sku: 3, attribute: 1 } as const;

type TokenWeights = Map<string, Map<string, number>>;

export interface IndexedProduct {
  readonly id: string;
  readonly version: number;
  readonly product: Product;
  /** The projected data of the view (current or staged). */
  readonly data: ProductData;
  /** Master variant first. */
  readonly variants: readonly Variant[];
  /** Tokens of product-level text (name, description, slug, search keywords): locale → token → weight. */
  readonly productTokens: TokenWeights;
  /** Per variant (same positions as `variants`): tokens of the SKU and searchable attributes; undefined without any. */
  readonly variantTokens: ReadonlyArray<TokenWeights | undefined>;
  /** Field values computed once per indexed version (filters, facets, sorting): path → values per variant. */
  readonly cache: Map<string, unknown>;
  /** The sync pass that last saw the product (used to notice deletions). */
  stamp: number;
  /** Its place in the view's storage order (`ViewIndex.ordered`) as of the last sync. */
  position: number;
  /** Its first variant slot in the view's columns (`ViewIndex.column`): variant `i` is at `slot + i`. */
  slot: number;
  /** How many slots from `slot` are the product's (at least its variant count). */
  slots: number;
}

/** Reads a field's values of one variant (`position`) of an indexed product. */
export type ColumnRead = (entry: IndexedProduct, position: number) => readonly unknown[];

/** `array` with room for `length` elements: itself, or a copy at least twice as long. */
function withRoom(array: Int32Array<ArrayBuffer>, length: number): Int32Array<ArrayBuffer> {
  if (array.length >= length) return array;
  const grown = new Int32Array(Math.max(length, array.length * 2));
  grown.set(array);
  return grown;
}

/**
 * One field's scalar values for every variant of the view, dictionary-encoded: each distinct value
 * (by `termKey`) has an id, `values[id]` is the value, and the ids of the variant at slot `s` are
 * `pool[start[s] .. start[s] + count[s]]`, in the order the field reads them (duplicates kept).
 * A search decides a filter once per distinct value and then reads integers per variant; facets
 * count by id. A product-level field has its values at the product's first slot.
 */
export class FieldColumn {
  readonly values: Scalar[] = [];
  private readonly ids = new Map<string, number>();
  start = new Int32Array(0);
  count = new Int32Array(0);
  /** Append-only: a re-indexed product's ids are appended (the old ones are left unused until the view is reset). */
  pool = new Int32Array(1024);
  private used = 0;

  constructor(
    readonly productLevel: boolean,
    private readonly read: ColumnRead,
  ) {}

  fill(entry: IndexedProduct, capacity: number): void {
    this.start = withRoom(this.start, capacity);
    this.count = withRoom(this.count, capacity);
    const positions = this.productLevel ? 1 : entry.variants.length;
    for (let position = 0; position < positions; position++) {
      const values = scalars(this.read(entry, position));
      const slot = entry.slot + position;
      this.start[slot] = this.used;
      this.count[slot] = values.length;
      this.pool = withRoom(this.pool, this.used + values.length);
      for (const value of values) this.pool[this.used++] = this.idOf(value);
    }
  }

  private idOf(value: Scalar): number {
    const key = termKey(value);
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.values.length;
      this.values.push(value);
      this.ids.set(key, id);
    }
    return id;
  }
}

/** What search needs from the product types: attribute definitions by product type id and by attribute name. */
export class TypeInfo {
  readonly byType = new Map<string, Map<string, AttributeDefinition>>();
  readonly attributeTypes = new Map<string, AttributeType>();

  constructor(types: Iterable<ProductType>) {
    for (const type of types) {
      const definitions = new Map<string, AttributeDefinition>();
      for (const definition of type.attributes ?? []) {
        definitions.set(definition.name, definition);
        if (!this.attributeTypes.has(definition.name)) this.attributeTypes.set(definition.name, definition.type);
      }
      this.byType.set(type.id, definitions);
    }
  }

  definition(productTypeId: string, attribute: string): AttributeDefinition | undefined {
    return this.byType.get(productTypeId)?.get(attribute);
  }
}

function addTokens(target: TokenWeights, locale: string, text: string, weight: number): void {
  let tokens = target.get(locale);
  for (const token of tokenize(text)) {
    tokens ??= target.set(locale, new Map()).get(locale)!;
    const previous = tokens.get(token);
    if (previous === undefined || previous < weight) tokens.set(token, weight);
  }
}

function addLocalized(target: TokenWeights, value: Record<string, string> | undefined, weight: number): void {
  if (!value) return;
  for (const locale in value) {
    const text = value[locale];
    if (typeof text === 'string') addTokens(target, locale, text, weight);
  }
}

/** The searchable text of an attribute value: plain text for every locale, localised text per locale. */
function addAttributeText(target: TokenWeights, type: AttributeType, value: unknown): void {
  switch (type.name) {
    case 'text':
      if (typeof value === 'string') addTokens(target, ANY_LOCALE, value, WEIGHTS.attribute);
      return;
    case 'ltext':
      if (value && typeof value === 'object') addLocalized(target, value as Record<string, string>, WEIGHTS.attribute);
      return;
    case 'enum': {
      const label = (value as { label?: unknown } | null)?.label;
      if (typeof label === 'string') addTokens(target, ANY_LOCALE, label, WEIGHTS.attribute);
      return;
    }
    case 'lenum': {
      const label = (value as { label?: unknown } | null)?.label;
      if (label && typeof label === 'object') addLocalized(target, label as Record<string, string>, WEIGHTS.attribute);
      return;
    }
    case 'set':
      if (Array.isArray(value)) for (const element of value) addAttributeText(target, type.elementType, element);
      return;
    default:
      return;
  }
}

function buildEntry(product: Product, staged: boolean, types: TypeInfo): IndexedProduct {
  const data = staged ? product.masterData.staged : product.masterData.current;
  const variants = [data.masterVariant, ...data.variants];
  const productTokens: TokenWeights = new Map();
  addLocalized(productTokens, data.name, WEIGHTS.name);
  addLocalized(productTokens, data.description, WEIGHTS.description);
  addLocalized(productTokens, data.slug, WEIGHTS.slug);
  for (const locale in data.searchKeywords ?? {}) {
    for (const keyword of data.searchKeywords[locale] ?? []) addTokens(productTokens, locale, keyword.text, WEIGHTS.searchKeywords);
  }
  const definitions = types.byType.get(product.productType.id);
  const variantTokens = variants.map((variant) => {
    const tokens: TokenWeights = new Map();
    if (variant.sku !== undefined) addTokens(tokens, ANY_LOCALE, variant.sku, WEIGHTS.sku);
    for (const attribute of variant.attributes ?? []) {
      const definition = definitions?.get(attribute.name);
      if (definition?.isSearchable) addAttributeText(tokens, definition.type, attribute.value);
    }
    return tokens.size > 0 ? tokens : undefined;
  });
  return {
    id: product.id,
    version: product.version,
    product,
    data,
    variants,
    productTokens,
    variantTokens,
    cache: new Map(),
    stamp: 0,
    position: 0,
    slot: 0,
    slots: 0,
  };
}

/**
 * The products holding a token in one locale (at product or variant level), each once, and beside
 * each the weight of its best product-level field holding it (0: only a variant's text does), so
 * that scoring a match need not look into the product.
 */
export interface Posting {
  readonly entries: IndexedProduct[];
  readonly weights: number[];
}

/** One view (current or staged) of one project's catalog. */
export class ViewIndex {
  private readonly entries = new Map<string, IndexedProduct>();
  /**
   * locale → token → its posting. Arrays, not sets: posting a whole catalog appends to them (a set
   * per unique token, such as every SKU, was most of the first search's time); removing a product
   * is a search in the few lists it is in.
   */
  private readonly postings = new Map<string, Map<string, Posting>>();
  /** Per field read by filters and facets: its column (built on first use, kept in step like the postings). */
  private readonly columns = new Map<string, FieldColumn>();
  /** Variant slots handed out so far (see `IndexedProduct.slot`). */
  private slotsUsed = 0;
  private generation = 0;
  /** The product collection's storage generation at the last sync; undefined: unknown (sync again). */
  syncedAt: number | undefined;
  /** False after a restore: the next sync reuses only entries of the identical stored object. */
  trustVersions = true;
  /** The indexed products in storage order (creation order). */
  ordered: IndexedProduct[] = [];
  /**
   * By storage position: each product's first variant slot and its variant count, kept in step with
   * `ordered`. Searches walk these, not the products, which lie scattered over the heap.
   */
  firstSlots = new Int32Array(0);
  variantCounts = new Int32Array(0);

  constructor(
    readonly staged: boolean,
    private types: TypeInfo,
  ) {}

  /** Drops everything (product types changed): the next sync analyses every product again. */
  reset(types: TypeInfo): void {
    this.types = types;
    this.entries.clear();
    this.postings.clear();
    this.columns.clear();
    this.slotsUsed = 0;
    this.ordered = [];
    this.syncedAt = undefined;
  }

  /** Records the product's slots at its storage position. */
  private place(entry: IndexedProduct): void {
    const length = Math.max(1024, entry.position + 1);
    this.firstSlots = withRoom(this.firstSlots, length);
    this.variantCounts = withRoom(this.variantCounts, length);
    this.firstSlots[entry.position] = entry.slot;
    this.variantCounts[entry.position] = entry.variants.length;
  }

  get typeInfo(): TypeInfo {
    return this.types;
  }

  /** Brings the view up to date with the stored products; returns how many products were (re-)indexed. */
  sync(products: Iterable<unknown>): number {
    const generation = ++this.generation;
    const previous = this.ordered;
    const ordered: IndexedProduct[] = [];
    let analysed = 0;
    for (const document of products) {
      const product = document as Product;
      if (!this.staged && !product.masterData.published) continue;
      // Most products are the very objects indexed at the same place last time: no lookup by id.
      const atSamePlace = previous[ordered.length];
      let entry = atSamePlace?.product === product ? atSamePlace : this.entries.get(product.id);
      if (
        entry === undefined ||
        (entry.product !== product &&
          (!this.trustVersions ||
            entry.version !== product.version ||
            entry.product.lastModifiedAt !== product.lastModifiedAt ||
            entry.product.createdAt !== product.createdAt))
      ) {
        entry = this.index(product, entry);
        analysed++;
      }
      entry.stamp = generation;
      entry.position = ordered.length;
      ordered.push(entry);
      this.place(entry);
    }
    if (ordered.length !== this.entries.size) {
      for (const [id, entry] of this.entries) {
        if (entry.stamp === generation) continue;
        this.unpost(entry);
        this.entries.delete(id);
      }
    }
    this.ordered = ordered;
    this.trustVersions = true;
    return analysed;
  }

  /**
   * Applies the storage's changes since the last sync (`StorageBackend.changedSince`), fetching each
   * changed product by id (`get`) instead of walking them all. A new product goes last, as in
   * storage order; one that keeps its place is re-indexed there. Returns false, changing nothing,
   * when a product enters the view at a place the changes do not tell (a product published, in
   * the current view): the caller then syncs.
   */
  update(changes: readonly StorageChange[], get: (id: string) => Product | undefined): boolean {
    // The last change of each id decides; a product created anew goes last, in the order of creation.
    const created = new Map<string, number>();
    const changed = new Set<string>();
    changes.forEach((change, at) => {
      changed.add(change.id);
      if (change.kind === 'created') created.set(change.id, at);
    });
    const products = new Map<string, Product | undefined>();
    for (const id of changed) {
      const product = get(id);
      const inView = product !== undefined && (this.staged || product.masterData.published);
      if (inView && !created.has(id) && !this.entries.has(id)) return false;
      products.set(id, inView ? product : undefined);
    }
    let removed = false;
    for (const [id, product] of products) {
      const entry = this.entries.get(id);
      if (entry && (product === undefined || created.has(id))) {
        this.unpost(entry);
        this.entries.delete(id);
        removed = true;
      } else if (entry && product && entry.product !== product) {
        const replacement = this.index(product, entry);
        replacement.position = entry.position;
        replacement.stamp = entry.stamp;
        this.ordered[entry.position] = replacement;
        this.place(replacement);
      }
    }
    if (removed) {
      this.ordered = this.ordered.filter((entry) => this.entries.get(entry.id) === entry);
      this.ordered.forEach((entry, position) => {
        entry.position = position;
        this.place(entry);
      });
    }
    for (const id of [...created.keys()].sort((a, b) => created.get(a)! - created.get(b)!)) {
      const product = products.get(id);
      if (!product) continue;
      const entry = this.index(product, undefined);
      entry.stamp = this.generation;
      entry.position = this.ordered.length;
      this.ordered.push(entry);
      this.place(entry);
    }
    return true;
  }

  /** Indexes a product (again: `previous`, whose variant slots it reuses when they suffice). */
  private index(product: Product, previous: IndexedProduct | undefined): IndexedProduct {
    if (previous) this.unpost(previous);
    const entry = buildEntry(product, this.staged, this.types);
    if (previous && previous.slots >= entry.variants.length) {
      entry.slot = previous.slot;
      entry.slots = previous.slots;
    } else {
      entry.slot = this.slotsUsed;
      entry.slots = entry.variants.length;
      this.slotsUsed += entry.slots;
    }
    this.entries.set(product.id, entry);
    this.post(entry);
    return entry;
  }

  /** The posting of `token` in `locale`: the products holding it (at product or variant level), with their product-level weights. */
  postingOf(locale: string, token: string): Readonly<Posting> | undefined {
    return this.postings.get(locale)?.get(token);
  }

  /**
   * The column of a field (`key` names the field and how `read` reads it: the same reader for a key
   * every time). Only for values read from the stored product alone, not from the request.
   */
  column(key: string, productLevel: boolean, read: ColumnRead): FieldColumn {
    let column = this.columns.get(key);
    if (!column) {
      column = new FieldColumn(productLevel, read);
      this.columns.set(key, column);
      for (const entry of this.ordered) column.fill(entry, this.slotsUsed);
    }
    return column;
  }

  /** Every indexed token of a locale (for fuzzy matching). */
  vocabulary(locale: string): Iterable<string> {
    return this.postings.get(locale)?.keys() ?? [];
  }

  get size(): number {
    return this.ordered.length;
  }

  /** How many variant slots the view has handed out (a bound for per-slot arrays). */
  get slotCount(): number {
    return this.slotsUsed;
  }

  private *tokenSets(entry: IndexedProduct): Iterable<TokenWeights> {
    yield entry.productTokens;
    for (const tokens of entry.variantTokens) if (tokens) yield tokens;
  }

  private post(entry: IndexedProduct): void {
    for (const column of this.columns.values()) column.fill(entry, this.slotsUsed);
    for (const weights of this.tokenSets(entry)) {
      // The product's own tokens come first: a token it holds there too is posted with that weight.
      const productLevel = weights === entry.productTokens;
      for (const [locale, tokens] of weights) {
        let byToken = this.postings.get(locale);
        if (!byToken) this.postings.set(locale, (byToken = new Map()));
        for (const [token, weight] of tokens) {
          const posting = byToken.get(token);
          // All of a product's tokens are posted at once: a token it holds twice was just appended.
          if (!posting) byToken.set(token, { entries: [entry], weights: [productLevel ? weight : 0] });
          else if (posting.entries[posting.entries.length - 1] !== entry) {
            posting.entries.push(entry);
            posting.weights.push(productLevel ? weight : 0);
          }
        }
      }
    }
  }

  private unpost(entry: IndexedProduct): void {
    for (const weights of this.tokenSets(entry)) {
      for (const [locale, tokens] of weights) {
        const byToken = this.postings.get(locale);
        if (!byToken) continue;
        for (const token of tokens.keys()) {
          const posting = byToken.get(token);
          const at = posting?.entries.indexOf(entry) ?? -1;
          if (at < 0) continue;
          if (posting!.entries.length === 1) byToken.delete(token);
          else {
            posting!.entries.splice(at, 1);
            posting!.weights.splice(at, 1);
          }
        }
      }
    }
  }
}

interface ProjectIndex {
  /** The product type collection's storage generation when `types` was built. */
  typesGeneration: number | undefined;
  typesFingerprint: string;
  /** The product types the index was built from, compared by identity after a restore. */
  typeDocuments: ProductType[];
  trustVersions: boolean;
  types: TypeInfo;
  views: { current?: ViewIndex; staged?: ViewIndex };
}

/** Per storage backend (one per mock instance), per project. Weak: a discarded mock takes its indexes with it. */
const indexes = new WeakMap<StorageBackend | object, Map<string, ProjectIndex>>();

/**
 * The up-to-date view of `ctx.project`'s catalog: current (published products) or staged.
 * `owner` identifies the mock instance (its storage backend).
 */
export function catalogView(owner: StorageBackend | object, ctx: ResourceContext, staged: boolean): ViewIndex {
  let projects = indexes.get(owner);
  if (!projects) indexes.set(owner, (projects = new Map()));
  const generation = (owner as Partial<StorageBackend>).generation?.bind(owner);
  const typesGeneration = generation?.(ctx.project, 'product-type');
  const productsGeneration = generation?.(ctx.project, 'product');
  let project = projects.get(ctx.project);
  const name = staged ? 'staged' : 'current';
  const known = project?.views[name];
  if (
    known &&
    productsGeneration !== undefined &&
    known.syncedAt === productsGeneration &&
    project!.typesGeneration === typesGeneration &&
    project!.trustVersions &&
    known.trustVersions
  ) {
    return known; // Nothing written since the last sync: no walk.
  }
  if (
    known?.syncedAt !== undefined &&
    productsGeneration !== undefined &&
    project!.typesGeneration === typesGeneration &&
    project!.trustVersions &&
    known.trustVersions
  ) {
    // Products written since: re-index those the storage names, when it can name them all.
    const changes = (owner as Partial<StorageBackend>).changedSince?.(ctx.project, 'product', known.syncedAt);
    if (changes && known.update(changes, (id) => ctx.get('product', id))) {
      known.syncedAt = productsGeneration;
      return known;
    }
  }
  const productTypes = [...ctx.scan('product-type')];
  let fingerprint = '';
  for (const type of productTypes) fingerprint += `${type.id}:${type.version};`;
  if (!project) {
    project = {
      typesGeneration,
      typesFingerprint: fingerprint,
      typeDocuments: productTypes,
      trustVersions: true,
      types: new TypeInfo(productTypes),
      views: {},
    };
    projects.set(ctx.project, project);
  } else if (
    project.typesFingerprint !== fingerprint ||
    (!project.trustVersions && productTypes.some((type, i) => type !== project!.typeDocuments[i]))
  ) {
    project.typesFingerprint = fingerprint;
    project.typeDocuments = productTypes;
    project.types = new TypeInfo(productTypes);
    project.views.current?.reset(project.types);
    project.views.staged?.reset(project.types);
  }
  project.trustVersions = true;
  project.typesGeneration = typesGeneration;
  const view = (project.views[name] ??= new ViewIndex(staged, project.types));
  view.sync(ctx.scan('product'));
  view.syncedAt = productsGeneration;
  return view;
}

/** After a restore: ids and versions may now name other documents than the indexed ones (see above). */
export function distrustVersions(owner: StorageBackend | object): void {
  for (const project of indexes.get(owner)?.values() ?? []) {
    project.trustVersions = false;
    if (project.views.current) project.views.current.trustVersions = false;
    if (project.views.staged) project.views.staged.trustVersions = false;
  }
}
