/**
 * What an import operation writes to the main API, per import type: the resource with the import
 * resource's key is created from a draft the import resource maps to, or, when one exists, updated
 * with the update actions that make it what the import describes (a field the import leaves out is
 * removed, as a draft without it would have it). Every write goes through the engine, so the
 * resource is validated as a client's draft would be and its messages are recorded. KeyReferences
 * become ResourceIdentifiers by key, which every draft takes.
 */
import { errors } from '../../http/errors.js';
import type { StoredDocument } from '../../storage/backend.js';
import { jsonEqual } from '../../util/json.js';
import type { Engine, ResourceContext } from '../../engine/define.js';
import { validate } from '../../engine/validation.js';
import type { Product, ProductData, Variant } from '../product/model.js';
import { allVariants } from '../product/model.js';
import { customFields } from '../../engine/common-actions.js';
import { typedMoney } from '../../pricing/money.js';
import { tiersFromDraft } from '../product/prices.js';
import type { StandalonePriceDraft } from '../standalone-prices.js';
import type { ProductTailoring, TailoringData, VariantTailoring } from '../product-tailoring/model.js';
import type { ImportType } from './import-types.js';
import { productWithVariant, waitingMasterVariant } from './references.js';
import type { ProductSelection } from '../product-selections.js';
import { importOrder } from '../order/routes.js';

type Fields = Record<string, unknown>;
type Action = { action: string; [field: string]: unknown };

/** Writes one import resource (its references resolved) and answers the resource written. */
export type ImportMapping = (resource: Fields, ctx: ResourceContext, engine: Engine) => StoredDocument;

/** How one field of a resource is brought to what a draft made of the import resource holds. */
interface FieldSync<R> {
  read(resource: R): unknown;
  /** The actions that set the field to the import's value (none when no action can). */
  actions(draft: Fields, current: R, next: R): Action[];
}

/** A field updated by one action that takes the draft's value under `param` (undefined removes it). */
function field<R = Fields>(name: string, action: string, param = name, read = (resource: R) => (resource as Fields)[name]): FieldSync<R> {
  return { read, actions: (draft) => [{ action, [param]: draft[name] }] };
}

/** A required field whose action cannot remove it: left alone when the import does not give it. */
function required<R = Fields>(
  name: string,
  action: string,
  param = name,
  read = (resource: R) => (resource as Fields)[name],
): FieldSync<R> {
  return { read, actions: (draft) => (draft[name] === undefined ? [] : [{ action, [param]: draft[name] }]) };
}

/** The import resource as a draft of the main API: typed attribute values and custom fields untyped. */
function draftOf(resource: Fields, without: readonly string[] = []): Fields {
  const draft: Fields = {};
  for (const [name, value] of Object.entries(resource)) if (!without.includes(name)) draft[name] = value;
  if (Array.isArray(draft.attributes)) draft.attributes = attributesOf(draft.attributes);
  if (draft.custom !== undefined) draft.custom = customOf(draft.custom as Fields);
  return draft;
}

/**
 * Typed import attributes (`{ name, type: 'text', value }`) as the main API's `{ name, value }`;
 * attribute definitions (a product type's, whose `type` is an object) stay as they are.
 */
function attributesOf(attributes: unknown[]): unknown[] {
  return (attributes as Array<{ name: string; type: unknown; value: unknown }>).map((attribute) =>
    typeof attribute.type === 'string' ? { name: attribute.name, value: attribute.value } : attribute,
  );
}

/** An import's Custom (`fields` typed: `{ type: 'String', value }`) as the main API's CustomFieldsDraft. */
function customOf(custom: Fields): Fields {
  const fields = custom.fields as Record<string, { value: unknown }> | undefined;
  return {
    type: custom.type,
    ...(fields ? { fields: Object.fromEntries(Object.entries(fields).map(([name, typed]) => [name, typed.value])) } : {}),
  };
}

/**
 * Creates the resource of `typeId` with the draft's key, or updates the existing one: the draft is
 * built into the resource it would make (validated as a create would be), and each field whose
 * value differs from the stored one gets its actions.
 */
function upsert<R extends StoredDocument>(
  typeId: string,
  draft: Fields,
  syncs: ReadonlyArray<FieldSync<R>>,
  ctx: ResourceContext,
  engine: Engine,
  after: (current: R, next: R, actions: readonly Action[]) => Action[] = () => [],
  /** Builds the fields the syncs compare, when the type's `create` cannot (it refuses the stored resource as a duplicate of itself). */
  build?: (draft: never, ctx: ResourceContext) => Fields,
): R {
  const definition = engine.definition(typeId);
  const current = ctx.getByKey(typeId, draft.key as string) as R | undefined;
  if (!current) return engine.create(definition, draft, ctx) as R;
  const valid = validate(definition.draft, draft);
  const next = (build ? build(valid as never, ctx) : definition.create(valid, ctx)) as unknown as R;
  const actions = syncs.flatMap((sync) => (jsonEqual(sync.read(next), sync.read(current)) ? [] : sync.actions(draft, current, next)));
  actions.push(...after(current, next, actions));
  if (actions.length === 0) return current;
  return engine.update(definition, { key: draft.key as string }, { version: current.version, actions }, ctx) as unknown as R;
}

const category: ImportMapping = (resource, ctx, engine) =>
  upsert(
    'category',
    draftOf(resource),
    [
      required('name', 'changeName'),
      required('slug', 'changeSlug'),
      field('description', 'setDescription'),
      required('parent', 'changeParent', 'parent', (stored: Fields) => (stored.parent as { id?: string } | undefined)?.id),
      required('orderHint', 'changeOrderHint'),
      field('externalId', 'setExternalId'),
      field('metaTitle', 'setMetaTitle'),
      field('metaDescription', 'setMetaDescription'),
      field('metaKeywords', 'setMetaKeywords'),
      customSync(),
    ],
    ctx,
    engine,
  );

/** A resource's custom type and fields: set together (`setCustomType`), or removed. */
function customSync<R>(): FieldSync<R> {
  return {
    read: (resource) => (resource as Fields).custom,
    actions: (draft) => {
      const custom = draft.custom as Fields | undefined;
      return [custom ? { action: 'setCustomType', type: custom.type, fields: custom.fields } : { action: 'setCustomType' }];
    },
  };
}

const customer: ImportMapping = (resource, ctx, engine) =>
  upsert(
    'customer',
    draftOf(resource),
    [
      required('email', 'changeEmail'),
      ...['firstName', 'lastName', 'middleName', 'title', 'salutation', 'dateOfBirth', 'companyName', 'vatId', 'locale', 'externalId'].map(
        (name) => field(name, `set${name[0]!.toUpperCase()}${name.slice(1)}`),
      ),
      field('customerGroup', 'setCustomerGroup'),
      field('stores', 'setStores', 'stores', (stored: Fields) =>
        (stored.stores as unknown[] | undefined)?.length ? stored.stores : undefined,
      ),
      customSync(),
    ],
    ctx,
    engine,
  );

const inventory: ImportMapping = (resource, ctx, engine) =>
  upsert(
    'inventory-entry',
    draftOf(resource),
    [
      required('quantityOnStock', 'changeQuantity', 'quantity'),
      field('restockableInDays', 'setRestockableInDays'),
      field('expectedDelivery', 'setExpectedDelivery'),
      field('reservationExpirationInMinutes', 'setReservationExpirationInMinutes'),
      field('supplyChannel', 'setSupplyChannel'),
      customSync(),
    ],
    ctx,
    engine,
  );

const standalonePrice: ImportMapping = (resource, ctx, engine) =>
  upsert(
    'standalone-price',
    draftOf(resource),
    [
      required('value', 'changeValue'),
      field('validFrom', 'setValidFrom'),
      field('validUntil', 'setValidUntil'),
      field('tiers', 'setPriceTiers'),
      required('active', 'changeActive'),
      customSync(),
    ],
    ctx,
    engine,
    undefined,
    // The type's create refuses a price whose scope another (the stored one) has.
    (valid: StandalonePriceDraft, ctx) => ({
      value: typedMoney(valid.value),
      validFrom: valid.validFrom,
      validUntil: valid.validUntil,
      tiers: valid.tiers ? tiersFromDraft(valid.tiers, valid.value.currencyCode) : undefined,
      active: valid.active ?? true,
      custom: customFields(valid.custom, ctx),
    }),
  );

const type: ImportMapping = (resource, ctx, engine) =>
  upsert(
    'type',
    draftOf(resource),
    [required('name', 'changeName'), field('description', 'setDescription')],
    ctx,
    engine,
    (current, next) =>
      addedByName(current.fieldDefinitions, next.fieldDefinitions, (fieldDefinition) => ({
        action: 'addFieldDefinition',
        fieldDefinition,
      })),
  );

const productType: ImportMapping = (resource, ctx, engine) =>
  upsert(
    'product-type',
    draftOf(resource),
    [required('name', 'changeName'), required('description', 'changeDescription')],
    ctx,
    engine,
    (current, next) => addedByName(current.attributes, next.attributes, (attribute) => ({ action: 'addAttributeDefinition', attribute })),
  );

/** Definitions (`{ name }`) of `next` that `current` lacks, each as the action that adds it (an update never removes one). */
function addedByName(current: unknown, next: unknown, add: (definition: Fields) => Action): Action[] {
  const known = new Set(((current as Fields[] | undefined) ?? []).map((definition) => definition.name));
  return ((next as Fields[] | undefined) ?? []).filter((definition) => !known.has(definition.name)).map(add);
}

/** Reads a field of a product's staged data. */
const staged =
  (name: keyof ProductData) =>
  (product: Product): unknown =>
    product.masterData.staged[name];

/** The product-level fields of a ProductImport and a ProductDraftImport. */
const PRODUCT_FIELDS: ReadonlyArray<FieldSync<Product>> = [
  required('name', 'changeName', 'name', staged('name')),
  required('slug', 'changeSlug', 'slug', staged('slug')),
  field('description', 'setDescription', 'description', staged('description')),
  field('metaTitle', 'setMetaTitle', 'metaTitle', staged('metaTitle')),
  field('metaDescription', 'setMetaDescription', 'metaDescription', staged('metaDescription')),
  field('metaKeywords', 'setMetaKeywords', 'metaKeywords', staged('metaKeywords')),
  field('searchKeywords', 'setSearchKeywords', 'searchKeywords', staged('searchKeywords')),
  field('taxCategory', 'setTaxCategory', 'taxCategory', (product) => product.taxCategory),
  field('priceMode', 'setPriceMode', 'priceMode', (product) => product.priceMode),
  required('state', 'transitionState', 'state', (product) => product.state),
  {
    read: (product) => product.masterData.staged.categories.map((reference) => reference.id).sort(),
    actions: (_draft, current, next) => {
      const before = new Set(current.masterData.staged.categories.map((reference) => reference.id));
      const after = new Set(next.masterData.staged.categories.map((reference) => reference.id));
      return [
        ...[...before].filter((id) => !after.has(id)).map((id) => ({ action: 'removeFromCategory', category: { typeId: 'category', id } })),
        ...[...after].filter((id) => !before.has(id)).map((id) => ({ action: 'addToCategory', category: { typeId: 'category', id } })),
      ];
    },
  },
  {
    read: (product) => product.masterData.staged.attributes,
    actions: (_draft, current, next) =>
      attributeActions(current.masterData.staged.attributes, next.masterData.staged.attributes, (name, value) => ({
        action: 'setProductAttribute',
        name,
        value,
      })),
  },
];

/** The actions that turn one attribute list into another: each changed or new value set, each missing one removed. */
function attributeActions(
  current: ReadonlyArray<{ name: string; value: unknown }>,
  next: ReadonlyArray<{ name: string; value: unknown }>,
  set: (name: string, value: unknown) => Action,
): Action[] {
  const wanted = new Map(next.map((attribute) => [attribute.name, attribute.value]));
  const actions = next.filter((attribute) => !jsonEqual(current.find((had) => had.name === attribute.name)?.value, attribute.value));
  return [
    ...actions.map((attribute) => set(attribute.name, attribute.value)),
    ...current.filter((attribute) => !wanted.has(attribute.name)).map((attribute) => set(attribute.name, undefined)),
  ];
}

/** Creates or updates a product; `variants` are the actions that bring its variants to the import's (a product draft's). */
function upsertProduct(
  resource: Fields,
  draft: Fields,
  ctx: ResourceContext,
  engine: Engine,
  variants: (current: Product, next: Product) => Action[] = () => [],
): Product {
  return upsert<Product>('product', draft, PRODUCT_FIELDS, ctx, engine, (current, next, fieldActions) => {
    const changes = variants(current, next);
    // Published when the import asks to and anything is unpublished.
    const unpublished =
      fieldActions.length > 0 || changes.length > 0 || current.masterData.hasStagedChanges || !current.masterData.published;
    return resource.publish === true && unpublished ? [...changes, { action: 'publish' }] : changes;
  });
}

const product: ImportMapping = (resource, ctx, engine) =>
  upsertProduct(resource, withWaitingMasterVariant(draftOf(resource), ctx), ctx, engine);

/** A new product's draft without a master variant gets the one a waiting product variant import brings. */
function withWaitingMasterVariant(draft: Fields, ctx: ResourceContext): Fields {
  if (draft.masterVariant !== undefined || ctx.getByKey('product', draft.key as string)) return draft;
  const variant = waitingMasterVariant(draft.key as string, ctx);
  return variant ? { ...draft, masterVariant: draftOf(variant, ['product', 'isMasterVariant', 'publish', 'staged']) } : draft;
}

/** A variant of a ProductDraftImport as the main API's ProductVariantDraft. */
function variantDraft(variant: Fields): Fields {
  const draft = draftOf(variant);
  if (Array.isArray(variant.prices)) draft.prices = (variant.prices as Fields[]).map((price) => draftOf(price));
  return draft;
}

const productDraft: ImportMapping = (resource, ctx, engine) => {
  const draft = draftOf(resource, ['masterVariant', 'variants']);
  if (resource.masterVariant !== undefined) draft.masterVariant = variantDraft(resource.masterVariant as Fields);
  if (Array.isArray(resource.variants)) draft.variants = (resource.variants as Fields[]).map(variantDraft);
  return upsertProduct(resource, withWaitingMasterVariant(draft, ctx), ctx, engine, (current, next) =>
    variantActions(current.masterData.staged, next.masterData.staged),
  );
};

/**
 * The actions that bring a product's staged variants to a draft's, matched by variant key: a new one
 * added, a known one's attributes, prices, SKU and images set. A variant the import leaves out stays.
 */
function variantActions(current: ProductData, next: ProductData): Action[] {
  const actions: Action[] = [];
  const known = new Map(allVariants(current).map((variant) => [variant.key, variant]));
  for (const variant of allVariants(next)) {
    const had = variant.key === undefined ? undefined : known.get(variant.key);
    if (!had) {
      actions.push({ action: 'addVariant', ...variantFields(variant) });
      continue;
    }
    const sku = had.sku;
    const by = { variantId: had.id };
    if (variant.sku !== sku) actions.push({ action: 'setSku', ...by, sku: variant.sku });
    actions.push(
      ...attributeActions(had.attributes, variant.attributes, (name, value) => ({ action: 'setAttribute', ...by, name, value })),
    );
    if (!jsonEqual(withoutIds(had.prices), withoutIds(variant.prices)))
      actions.push({ action: 'setPrices', ...by, prices: priceDrafts(variant) });
    if (!jsonEqual(had.images, variant.images)) {
      for (const image of had.images) actions.push({ action: 'removeImage', ...by, imageUrl: image.url });
      for (const image of variant.images) actions.push({ action: 'addExternalImage', ...by, image });
    }
  }
  return actions;
}

const withoutIds = (prices: Variant['prices']) => prices.map(({ id: _id, ...price }) => price);

/** A built variant's prices as drafts again (their references by id). */
function priceDrafts(variant: Variant): Fields[] {
  return variant.prices.map(({ id: _id, ...price }) => price);
}

/** A built variant as the fields of `addVariant`. */
function variantFields(variant: Variant): Fields {
  const fields: Fields = { attributes: variant.attributes, images: variant.images, prices: priceDrafts(variant), assets: variant.assets };
  if (variant.sku !== undefined) fields.sku = variant.sku;
  if (variant.key !== undefined) fields.key = variant.key;
  return fields;
}

/**
 * An embedded price (PriceImport): on the variant its `productVariant` names, of the product
 * `product` names, the price with the import's key is changed, or the price is added; staged unless
 * `staged` is false, and published when `publish` is true.
 */
const price: ImportMapping = (resource, ctx, engine) => {
  const productKey = (resource.product as { key: string }).key;
  const variantKey = (resource.productVariant as { key: string }).key;
  const product = ctx.getByKey('product', productKey)!;
  const variant = allVariants(product.masterData.staged).find((candidate) => candidate.key === variantKey);
  if (!variant) {
    throw errors.invalidOperation(`The product '${productKey}' has no variant with the key '${variantKey}'.`);
  }
  const draft = draftOf(resource, ['product', 'productVariant', 'publish', 'staged']);
  const staged = resource.staged !== false;
  const existing = variant.prices.find((candidate) => candidate.key === resource.key);
  const actions: Action[] = [
    existing
      ? { action: 'changePrice', priceId: existing.id, price: draft, staged }
      : { action: 'addPrice', variantId: variant.id, price: draft, staged },
  ];
  if (resource.publish === true) actions.push({ action: 'publish' });
  return engine.update(engine.definition('product'), { id: product.id }, { version: product.version, actions }, ctx);
};

/**
 * A product variant (ProductVariantImport): added to the product `product` names, or, when the
 * product has a variant with its key, that variant's SKU, attributes and images set; the master
 * variant when `isMasterVariant` is true.
 */
const productVariant: ImportMapping = (resource, ctx, engine) => {
  const productKey = (resource.product as { key: string }).key;
  const owner = ctx.getByKey('product', productKey)!;
  const elsewhere = productWithVariant(ctx, resource.key as string);
  if (elsewhere && elsewhere.id !== owner.id) {
    throw errors.invalidOperation(`The variant key '${resource.key as string}' is taken by a variant of another product.`);
  }
  const staged = resource.staged !== false;
  const data = owner.masterData.staged;
  const had = allVariants(data).find((variant) => variant.key === resource.key);
  const fields = draftOf(resource, ['product', 'isMasterVariant', 'publish', 'staged']);
  const actions: Action[] = [];
  if (!had) {
    actions.push({ action: 'addVariant', ...fields, staged });
  } else {
    const by = { variantId: had.id, staged };
    if (fields.sku !== had.sku) actions.push({ action: 'setSku', ...by, sku: fields.sku });
    const attributes = (fields.attributes as Array<{ name: string; value: unknown }> | undefined) ?? [];
    actions.push(...attributeActions(had.attributes, attributes, (name, value) => ({ action: 'setAttribute', ...by, name, value })));
  }
  if (resource.isMasterVariant === true && data.masterVariant.key !== resource.key) {
    actions.push({ action: 'changeMasterVariant', variantKey: resource.key, staged });
  }
  if (resource.publish === true) actions.push({ action: 'publish' });
  if (actions.length === 0) return owner;
  return engine.update(engine.definition('product'), { id: owner.id }, { version: owner.version, actions }, ctx);
};

/** Reads a field of a product tailoring's staged data. */
const tailored =
  (name: keyof TailoringData) =>
  (tailoring: ProductTailoring): unknown =>
    tailoring.staged[name];

/**
 * A product tailoring (ProductTailoringImport): created for its store and product, or, when one has
 * its key, its staged data brought to the import's (a variant whose tailoring differs is removed and
 * added again, one the import leaves out removed); published when `publish` is true.
 */
const productTailoring: ImportMapping = (resource, ctx, engine) => {
  const draft = draftOf(resource, ['variants']);
  if (Array.isArray(resource.variants)) draft.variants = (resource.variants as Fields[]).map((variant) => draftOf(variant));
  return upsert<ProductTailoring>(
    'product-tailoring',
    draft,
    [
      ...(['name', 'description', 'metaTitle', 'metaDescription', 'metaKeywords', 'slug'] as const).map((name) =>
        field(name, `set${name[0]!.toUpperCase()}${name.slice(1)}`, name, tailored(name)),
      ),
      {
        read: tailored('attributes'),
        actions: (_draft, current, next) =>
          attributeActions(current.staged.attributes ?? [], next.staged.attributes ?? [], (name, value) => ({
            action: 'setProductAttribute',
            name,
            value,
          })),
      },
      {
        read: tailored('variants'),
        actions: (_draft, current, next) => {
          const had = current.staged.variants ?? [];
          const wanted = next.staged.variants ?? [];
          // Assets compared without their ids: `addVariant` gives them new ones.
          const plain = (variant: VariantTailoring | undefined) =>
            variant && { ...variant, assets: variant.assets?.map(({ id: _id, ...asset }) => asset) };
          const differs = (list: VariantTailoring[], variant: VariantTailoring) =>
            !jsonEqual(plain(list.find((entry) => entry.id === variant.id)), plain(variant));
          return [
            ...had.filter((variant) => differs(wanted, variant)).map((variant) => ({ action: 'removeVariant', id: variant.id })),
            ...wanted.filter((variant) => differs(had, variant)).map((variant) => ({ action: 'addVariant', ...variant })),
          ];
        },
      },
    ],
    ctx,
    engine,
    (current, next, actions) => {
      if (current.store.key !== next.store.key || current.product.id !== next.product.id) {
        throw errors.invalidOperation(`The product tailoring '${current.key}' belongs to another store or product.`);
      }
      return resource.publish === true && (actions.length > 0 || current.hasStagedChanges || !current.published)
        ? [{ action: 'publish' }]
        : [];
    },
  );
};

/** The ids of the resources a list of references names (ResourceIdentifiers by key resolved, stored references as they are). */
function idsOf(typeId: string, references: unknown, ctx: ResourceContext): string[] {
  return ((references as Array<{ id?: string; key?: string }> | undefined) ?? []).map(
    (reference) => reference.id ?? ctx.getByKey(typeId, reference.key!)!.id,
  );
}

/**
 * A business unit (BusinessUnitImport): created with its addresses, associates and stores, or its name,
 * contact email, status, parent unit, stores (a unit whose stores are its own), associates and custom
 * type updated; its addresses are set when it is made.
 */
const businessUnit: ImportMapping = (resource, ctx, engine) =>
  upsert(
    'business-unit',
    draftOf(resource),
    [
      required('name', 'changeName'),
      field('contactEmail', 'setContactEmail'),
      required('status', 'changeStatus'),
      required('parentUnit', 'changeParentUnit'),
      {
        read: (unit: Fields) => unit.stores,
        actions: (draft, current) => (current.storeMode === 'Explicit' ? [{ action: 'setStores', stores: draft.stores ?? [] }] : []),
      },
      { read: (unit: Fields) => unit.associates, actions: (draft) => [{ action: 'setAssociates', associates: draft.associates ?? [] }] },
      customSync(),
    ],
    ctx,
    engine,
  );

/** A discount code (DiscountCodeImport): created, or updated field by field; its `code` never changes (no action can change it). */
const discountCode: ImportMapping = (resource, ctx, engine) =>
  upsert(
    'discount-code',
    draftOf(resource),
    [
      field('name', 'setName'),
      field('description', 'setDescription'),
      field('cartPredicate', 'setCartPredicate'),
      field('maxApplications', 'setMaxApplications'),
      field('maxApplicationsPerCustomer', 'setMaxApplicationsPerCustomer'),
      {
        read: (code: Fields) => code.cartDiscounts,
        actions: (draft) => [{ action: 'changeCartDiscounts', cartDiscounts: draft.cartDiscounts }],
      },
      required('isActive', 'changeIsActive'),
      { read: (code: Fields) => code.groups, actions: (draft) => [{ action: 'changeGroups', groups: draft.groups ?? [] }] },
      field('validFrom', 'setValidFrom'),
      field('validUntil', 'setValidUntil'),
      customSync(),
    ],
    ctx,
    engine,
  );

/**
 * A product selection (ProductSelectionImport): created, its name and custom type updated, and its
 * assignments made the import's: products added (mode Individual, with their variant selection) or
 * excluded (IndividualExclusion, with their variant exclusion), changed choices set, products the
 * import leaves out removed. A selection's mode never changes.
 */
const productSelection: ImportMapping = (resource, ctx, engine) => {
  const selection = upsert<ProductSelection>(
    'product-selection',
    draftOf(resource, ['assignments']),
    [required('name', 'changeName'), customSync()],
    ctx,
    engine,
  );
  const actions = assignmentActions(selection, (resource.assignments as Fields[] | undefined) ?? [], ctx);
  if (actions.length === 0) return selection;
  return engine.update(engine.definition('product-selection'), { id: selection.id }, { version: selection.version, actions }, ctx);
};

/** The actions that make a selection's assignments the import's. */
function assignmentActions(selection: ProductSelection, assignments: Fields[], ctx: ResourceContext): Action[] {
  const individual = selection.mode === 'Individual';
  const choice = individual ? 'variantSelection' : 'variantExclusion';
  const wanted = new Map(
    assignments.map((assignment) => [idsOf('product', [assignment.product], ctx)[0]!, assignment[choice] as Fields | undefined]),
  );
  const actions: Action[] = [];
  for (const [id, chosen] of wanted) {
    const product = { typeId: 'product', id };
    const had = selection.assignments.find((assignment) => assignment.product.id === id);
    if (!had) actions.push({ action: individual ? 'addProduct' : 'excludeProduct', product, [choice]: chosen });
    else if (!jsonEqual(had[choice], chosen))
      actions.push({ action: individual ? 'setVariantSelection' : 'setVariantExclusion', product, [choice]: chosen });
  }
  for (const had of selection.assignments) {
    if (!wanted.has(had.product.id)) actions.push({ action: 'removeProduct', product: { typeId: 'product', id: had.product.id } });
  }
  return actions;
}

/** An order line item of an OrderImport as the main API's LineItemImportDraft: its product by id, its variant's prices and attributes untyped. */
function lineItemDraft(item: Fields, ctx: ResourceContext): Fields {
  const draft = draftOf(item, ['product', 'variant', 'price']);
  if (item.product !== undefined) draft.productId = idsOf('product', [item.product], ctx)[0];
  const variant = draftOf(item.variant as Fields, ['productVariant', 'prices']);
  if (Array.isArray((item.variant as Fields).prices))
    variant.prices = ((item.variant as Fields).prices as Fields[]).map((price) => draftOf(price));
  draft.variant = variant;
  draft.price = draftOf(item.price as Fields);
  return draft;
}

/**
 * An order (OrderImport): created as `POST /orders/import` creates one (its customer by id, the
 * stock its line items take, `OrderImported`). An order import creates: an order number that is
 * taken fails it (`DuplicateField`); order patches change existing orders.
 */
const order: ImportMapping = (resource, ctx, engine) => {
  const draft = draftOf(resource, ['customer', 'lineItems', 'customLineItems']);
  if (resource.customer !== undefined) draft.customerId = idsOf('customer', [resource.customer], ctx)[0];
  if (Array.isArray(resource.lineItems)) draft.lineItems = (resource.lineItems as Fields[]).map((item) => lineItemDraft(item, ctx));
  if (Array.isArray(resource.customLineItems)) draft.customLineItems = (resource.customLineItems as Fields[]).map((item) => draftOf(item));
  return importOrder(engine, draft, ctx);
};

/** Each field of an order patch (OrderField), in the definition's order, as the order update actions it makes. */
const ORDER_PATCH_ACTIONS: Record<string, (value: Fields) => Action[]> = {
  addReturnInfo: (info) => [{ action: 'addReturnInfo', ...info }],
  addParcelToDelivery: (parcel) => [{ action: 'addParcelToDelivery', ...parcel }],
  addDeliveries: (deliveries) => (deliveries as unknown as Fields[]).map((delivery) => ({ action: 'addDelivery', ...delivery })),
  removeDelivery: ({ id }) => [{ action: 'removeDelivery', deliveryId: id }],
  removeParcelFromDelivery: (parcel) => [{ action: 'removeParcelFromDelivery', ...parcel }],
  setDeliveryAddress: (address) => [{ action: 'setDeliveryAddress', ...address }],
  setParcelMeasurements: (measurements) => [{ action: 'setParcelMeasurements', ...measurements }],
  setParcelTrackingData: (tracking) => [{ action: 'setParcelTrackingData', ...tracking }],
  setParcelItems: (parcels) => (parcels as unknown as Fields[]).map((parcel) => ({ action: 'setParcelItems', ...parcel })),
};

/** An order patch (OrderPatchImport): the order with its order number updated, all its fields' actions in one update. */
const orderPatch: ImportMapping = (resource, ctx, engine) => {
  const existing = ctx.getByKey('order', resource.orderNumber as string)!;
  const fields = resource.fields as Fields;
  const actions = Object.entries(ORDER_PATCH_ACTIONS).flatMap(([name, toActions]) =>
    fields[name] === undefined ? [] : toActions(fields[name] as Fields),
  );
  if (actions.length === 0) return existing;
  return engine.update(engine.definition('order'), { id: existing.id }, { version: existing.version, actions }, ctx);
};

/**
 * A Variant of the modular catalog (VariantImport): created for the product `product` names, or the
 * Variant with its key given the import's SKU, attributes, images and assets (its current data, as a
 * create makes only that); published when `publish` is true. Outside a modular project the main
 * API refuses it, and the operation is rejected with that error.
 */
const variant: ImportMapping = (resource, ctx, engine) => {
  const definition = engine.definition('variant');
  const draft = draftOf(resource, ['publish']);
  const existing = ctx.getByKey('variant', resource.key as string);
  if (!existing) return engine.create(definition, { ...draft, publish: resource.publish === true }, ctx);
  const fields = { sku: draft.sku, attributes: draft.attributes ?? [], images: draft.images ?? [], assets: draft.assets ?? [] };
  const actions: Action[] = [];
  if (fields.sku !== existing.current.sku) actions.push({ action: 'setSku', sku: fields.sku, staged: false });
  if (!jsonEqual(fields.attributes, existing.current.attributes))
    actions.push({ action: 'setAttributes', attributes: fields.attributes, staged: false });
  if (!jsonEqual(fields.images, existing.current.images)) actions.push({ action: 'setImages', images: fields.images, staged: false });
  if (
    !jsonEqual(
      fields.assets,
      existing.current.assets.map(({ id: _id, ...asset }) => asset),
    )
  )
    actions.push({ action: 'setAssets', assets: fields.assets, staged: false });
  if (resource.publish === true && !existing.published) actions.push({ action: 'publish' });
  if (actions.length === 0) return existing;
  return engine.update(definition, { id: existing.id }, { version: existing.version, actions }, ctx);
};

/**
 * A patch of a product variant's attributes (ProductVariantPatch): on the variant with the key
 * `productVariant` names, each attribute of `attributes` set to its value, or removed for `null`;
 * in the staged data unless `staged` is false.
 */
const productVariantPatch: ImportMapping = (resource, ctx, engine) => {
  const variantKey = (resource.productVariant as { key: string }).key;
  const product = productWithVariant(ctx, variantKey)!;
  const productKey = (resource.product as { key: string } | undefined)?.key;
  if (productKey !== undefined && product.key !== productKey) {
    throw errors.invalidOperation(`The variant '${variantKey}' is not a variant of the product '${productKey}'.`);
  }
  const { staged: stagedData, current } = product.masterData;
  const variantId = [...allVariants(stagedData), ...allVariants(current)].find((candidate) => candidate.key === variantKey)!.id;
  const staged = resource.staged !== false;
  const actions = Object.entries((resource.attributes as Record<string, { value: unknown } | null> | undefined) ?? {}).map(
    ([name, attribute]) => ({ action: 'setAttribute', variantId, name, value: attribute?.value ?? null, staged }),
  );
  if (actions.length === 0) return product;
  return engine.update(engine.definition('product'), { id: product.id }, { version: product.version, actions }, ctx);
};

/** What the mock writes for each import type. */
export const IMPORT_MAPPINGS: Record<ImportType, ImportMapping> = {
  category,
  customer,
  inventory,
  'standalone-price': standalonePrice,
  type,
  'product-type': productType,
  product,
  'product-draft': productDraft,
  price,
  'product-variant': productVariant,
  'product-tailoring': productTailoring,
  'business-unit': businessUnit,
  'discount-code': discountCode,
  'product-selection': productSelection,
  order,
  'order-patch': orderPatch,
  'product-variant-patch': productVariantPatch,
  variant,
};
