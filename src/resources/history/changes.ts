/**
 * The `changes` of a Change History record: "the differences in the resource between
 * `previousVersion` and `version`", not the update actions sent. So they are found by comparing the
 * two versions field by field, each difference named by the update action that makes it (`change`)
 * and typed as the definition types that action on that resource type (`type`, looked up in the
 * definition: change-types.ts): a customer's `firstName` is `setFirstName`, a `SetFirstNameChange`
 * with the previous and next first name. Lists of items (line items, tax rates, field definitions,
 * transactions, ...) are compared item by item: an item added, removed, or one of its fields changed
 * (`setLineItemPrice`, `changeTransactionState`), with the fields the change type declares to say
 * which item (`lineItemId`, `transaction`, `fieldName`). Fields that need more than their values
 * (custom fields, addresses, a product's catalog data, an inventory entry's quantities, ...) have a
 * rule of their own. A difference no change type of the definition names is an `UnknownChange`.
 */
import type { StoredDocument } from '../../storage/backend.js';
import { compactCopy, jsonEqual } from '../../util/json.js';
import { type ChangeType, changeTypeOf, changeTypes, changeValueFields } from './change-types.js';

/** One change as the History API shows it. */
export interface Change {
  type: string;
  /** The update action the change stands for. */
  change: string;
  previousValue?: unknown;
  nextValue?: unknown;
  [field: string]: unknown;
}

type Doc = Record<string, unknown>;

/** What a field's rule knows besides the field's two values. */
interface Scope {
  typeId: string;
  previous: Doc;
  next: Doc;
  /** The update actions the type declares. */
  actions: ReadonlySet<string>;
}

type FieldRule = (before: unknown, after: unknown, scope: Scope) => Change[];

/** Fields every resource has, which no update action sets. */
const AUDIT_FIELDS = new Set(['id', 'version', 'createdAt', 'createdBy', 'lastModifiedAt', 'lastModifiedBy', 'versionModifiedAt']);

/** Fields whose update action is not `set<Field>`/`change<Field>`. */
const FIELD_ACTIONS: Record<string, string> = { state: 'transitionState', roles: 'setRoles', value: 'setValue', active: 'changeIsActive' };

const capitalize = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);
const uncapitalize = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);

/** A change with its values, leaving out a value that is absent (a field set for the first time, or unset). */
function change(type: string, action: string, before: unknown, after: unknown, extra: Doc = {}): Change {
  return compactCopy({ type, change: action, ...extra, previousValue: before, nextValue: after }) as Change;
}

/** The items of `from` that `other` does not have (compared as JSON). */
const missingFrom = (from: unknown[], other: unknown[]) => from.filter((item) => !other.some((candidate) => jsonEqual(item, candidate)));

/**
 * A difference named by the update action that makes it, typed as the definition types that action
 * on the resource's type; with `addedItems`/`removedItems` when the type declares them, and the
 * fields `about` gives for the others it declares. An `UnknownChange` when the definition has none.
 */
function named(typeId: string, action: string, before: unknown, after: unknown, about: (type: ChangeType) => Doc = () => ({})): Change {
  const type = changeTypeOf(typeId, action, after ?? before);
  if (type === undefined) return change('UnknownChange', action, before, after);
  const extra = about(type);
  if (type.fields.addedItems !== undefined) {
    const previous = Array.isArray(before) ? before : [];
    const next = Array.isArray(after) ? after : [];
    Object.assign(extra, { addedItems: missingFrom(next, previous), removedItems: missingFrom(previous, next) });
  }
  return change(type.name, action, before, after, extra);
}

/**
 * The update action that sets a field: of its own action (`transitionState` for `state`),
 * `set<Field>` and `change<Field>`, the one the type declares, else the one the definition has a
 * change type for on that type (custom objects declare no actions), else `set<Field>`.
 */
function actionFor(field: string, typeId: string, actions: ReadonlySet<string>): string {
  const candidates = [FIELD_ACTIONS[field], `set${capitalize(field)}`, `change${capitalize(field)}`].filter(
    (action) => action !== undefined,
  );
  return (
    candidates.find((action) => actions.has(action)) ??
    candidates.find((action) => changeTypeOf(typeId, action)) ??
    `set${capitalize(field)}`
  );
}

/** A difference of one field, named after the update action that sets it. */
function valueChange(action: string, before: unknown, after: unknown, typeId: string): Change {
  return named(typeId, action, before, after);
}

// Lists of items, compared item by item ---------------------------------------------------------------

/** How a list field's items are told apart and which update actions add, remove and change them. */
interface ItemList {
  /** The item's name in its update actions: `LineItem` (`addLineItem`, `setLineItemPrice`). */
  noun: string;
  /** What tells an item apart (its `id` by default). */
  identity?: (item: Doc) => unknown;
  add?: string;
  remove?: string;
  /** The action that replaces a changed item as a whole (`replaceTaxRate`), instead of a change per field. */
  replace?: string;
  /** The action that reorders the items (`changeFieldDefinitionOrder`), with what it shows of each. */
  order?: [action: string, shown: (item: Doc) => unknown];
  /** Item fields whose update action is not `set<Noun><Field>`/`change<Noun><Field>`. */
  fields?: Record<string, string>;
  /** Item fields no update action sets (kept by the platform: a line item's computed prices). */
  ignored?: readonly string[];
}

/** What a change shows of the item it is about: its name (a LocalizedString), the fields of a change value, or a reference it holds. */
function shownItem(item: Doc, field: string, fieldType: string): unknown {
  if (fieldType === 'LocalizedString') return item.name;
  const shown = changeValueFields(fieldType);
  if (shown) return compactCopy(Object.fromEntries(shown.map((key) => [key, item[key]])));
  return item[field] ?? item;
}

/** The fields a change type declares to say which item changed (`lineItemId`, `transaction`, `fieldName`), from the item. */
function itemAbout(list: ItemList, item: Doc, typeId: string, extra: Doc = {}) {
  const noun = uncapitalize(list.noun);
  return (type: ChangeType): Doc => {
    const about: Doc = {};
    for (const [field, fieldType] of Object.entries(type.fields)) {
      if (field in extra) about[field] = extra[field];
      else if (field === `${noun}Id`) about[field] = item.id;
      else if ((field === 'fieldName' && typeId === 'type') || (field === 'attributeName' && typeId === 'product-type'))
        about[field] = item.name;
      else if (field === 'variant' && noun === 'lineItem') about[field] = (item.variant as Doc | undefined)?.sku ?? item.variantId;
      else if (field === noun) about[field] = shownItem(item, field, fieldType);
    }
    return about;
  };
}

/** A list field's differences: items added and removed, the fields of changed items, or a new order. */
function itemListRule(list: ItemList): FieldRule {
  const identity = list.identity ?? ((item: Doc) => item.id);
  return (before, after, { typeId, actions }) => {
    const previous = (Array.isArray(before) ? before : []) as Doc[];
    const next = (Array.isArray(after) ? after : []) as Doc[];
    const old = new Map(previous.map((item) => [JSON.stringify(identity(item)), item]));
    const changes: Change[] = [];
    const kept: Doc[] = [];
    for (const item of next) {
      const key = JSON.stringify(identity(item));
      const was = old.get(key);
      old.delete(key);
      if (was === undefined) {
        changes.push(named(typeId, list.add ?? `add${list.noun}`, undefined, item, itemAbout(list, item, typeId)));
        continue;
      }
      kept.push(item);
      if (jsonEqual(was, item)) continue;
      if (list.replace) changes.push(named(typeId, list.replace, was, item, itemAbout(list, item, typeId)));
      else changes.push(...itemChanges(list, was, item, typeId, actions));
    }
    for (const item of old.values())
      changes.push(named(typeId, list.remove ?? `remove${list.noun}`, item, undefined, itemAbout(list, item, typeId)));
    if (list.order && changes.length === 0) {
      const [action, shown] = list.order;
      changes.push(named(typeId, action, previous.map(shown), next.map(shown)));
    }
    return changes;
  };
}

/** The differences of one item of a list, a change per field, each named after its update action. */
function itemChanges(list: ItemList, was: Doc, item: Doc, typeId: string, actions: ReadonlySet<string>): Change[] {
  const changes: Change[] = [];
  for (const field of new Set([...Object.keys(was), ...Object.keys(item)])) {
    if (list.ignored?.includes(field) || jsonEqual(was[field], item[field])) continue;
    if (field === 'custom') {
      changes.push(
        ...customChanges(was.custom, item.custom, `set${list.noun}Custom`, typeId, (extra) => itemAbout(list, item, typeId, extra)),
      );
      continue;
    }
    const own = list.fields?.[field];
    const set = `set${list.noun}${capitalize(field)}`;
    const changed = `change${list.noun}${capitalize(field)}`;
    const action = own ?? (changeTypeOf(typeId, changed) && !actions.has(set) ? changed : set);
    changes.push(named(typeId, action, was[field], item[field], itemAbout(list, item, typeId)));
  }
  return changes;
}

/** Lists of items, by resource type and field. */
const ITEM_LISTS: Record<string, Record<string, ItemList>> = {
  order: {
    lineItems: {
      noun: 'LineItem',
      fields: { state: 'transitionLineItemState', quantity: 'changeLineItemQuantity' },
      ignored: ['totalPrice', 'taxedPrice', 'taxedPricePortions', 'discountedPricePerQuantity', 'lastModifiedAt'],
    },
    customLineItems: {
      noun: 'CustomLineItem',
      fields: { state: 'transitionCustomLineItemState', quantity: 'changeCustomLineItemQuantity' },
    },
    itemShippingAddresses: {
      noun: 'ItemShippingAddress',
      identity: (item) => item.key,
      add: 'addItemShippingAddress',
      remove: 'removeItemShippingAddress',
      replace: 'updateItemShippingAddress',
    },
    discountCodes: { noun: 'DiscountCode', identity: (item) => (item.discountCode as Doc | undefined)?.id },
    returnInfo: { noun: 'ReturnInfo', identity: (item) => JSON.stringify(item.items) },
  },
  'shopping-list': {
    lineItems: {
      noun: 'LineItem',
      fields: { quantity: 'changeLineItemQuantity' },
      ignored: ['variant', 'productSlug', 'productType'],
      order: ['changeLineItemsOrder', (item) => item.id],
    },
    textLineItems: { noun: 'TextLineItem', order: ['changeTextLineItemsOrder', (item) => item.id] },
  },
  'tax-category': { rates: { noun: 'TaxRate', replace: 'replaceTaxRate' } },
  zone: { locations: { noun: 'Location', identity: (item) => item } },
  type: {
    fieldDefinitions: {
      noun: 'FieldDefinition',
      identity: (item) => item.name,
      fields: { label: 'changeLabel', inputHint: 'changeInputHint' },
      order: ['changeFieldDefinitionOrder', (item) => ({ name: item.name, label: item.label })],
    },
  },
  'product-type': {
    attributes: {
      noun: 'AttributeDefinition',
      identity: (item) => item.name,
      fields: {
        label: 'changeLabel',
        inputHint: 'changeInputHint',
        isSearchable: 'changeIsSearchable',
        attributeConstraint: 'changeAttributeConstraint',
        inputTip: 'setInputTip',
      },
      order: ['changeAttributeOrderByName', (item) => item.name],
    },
  },
  'shipping-method': {
    zoneRates: { noun: 'Zone', identity: (item) => (item.zone as Doc | undefined)?.id, add: 'addZone', remove: 'removeZone' },
  },
  payment: {
    transactions: {
      noun: 'Transaction',
      fields: { state: 'changeTransactionState', timestamp: 'changeTransactionTimestamp', interactionId: 'changeTransactionInteractionId' },
    },
    interfaceInteractions: { noun: 'InterfaceInteraction', identity: (item) => item },
  },
  'business-unit': {
    associates: { noun: 'Associate', identity: (item) => (item.customer as Doc | undefined)?.id, replace: 'changeAssociate' },
  },
  store: {
    productSelections: {
      noun: 'ProductSelection',
      identity: (item) => (item.productSelection as Doc | undefined)?.id,
      fields: { active: 'changeProductSelectionActive' },
    },
  },
};

// Rules of fields that need more than their two values ----------------------------------------------

type Custom = { type?: { id: string }; fields?: Doc } | undefined;

/**
 * Custom fields (`custom`, or an item's): a type set, changed or removed (`<prefix>Type`, e.g.
 * `setCustomType`), else one change per field that differs (`<prefix>Field`, with its `name` and `customTypeId`).
 */
function customChanges(
  before: unknown,
  after: unknown,
  prefix: string,
  typeId: string,
  about: (extra: Doc) => (type: ChangeType) => Doc,
): Change[] {
  const previous = before as Custom;
  const next = after as Custom;
  if (previous?.type?.id !== next?.type?.id) return [named(typeId, `${prefix}Type`, previous, next, about({}))];
  const customTypeId = next!.type!.id;
  const names = new Set([...Object.keys(previous?.fields ?? {}), ...Object.keys(next?.fields ?? {})]);
  const changes: Change[] = [];
  for (const name of names) {
    const old = previous?.fields?.[name];
    const value = next?.fields?.[name];
    if (!jsonEqual(old, value)) changes.push(named(typeId, `${prefix}Field`, old, value, about({ name, customTypeId })));
  }
  return changes;
}

/** A change with the fields of `extra` its type declares. */
function withDeclared(change: Change, extra: Doc): Change {
  const type = changeTypes().get(change.type);
  return type ? { ...change, ...declared(extra)(type) } : change;
}

/** The fields of `extra` a change type declares. */
const declared = (extra: Doc) => (type: ChangeType) => Object.fromEntries(Object.entries(extra).filter(([field]) => field in type.fields));

type Address = { id?: string };

const addressOf = (resource: Doc, id: unknown) => (resource.addresses as Address[] | undefined)?.find((address) => address.id === id);

/** `shippingAddressIds`, `billingAddressIds`: one change per id added or removed, with the address it names. */
function addressIdChanges(kind: 'Shipping' | 'Billing'): FieldRule {
  return (before, after, { typeId, previous, next }) => {
    const old = (before ?? []) as string[];
    const ids = (after ?? []) as string[];
    return [
      ...ids
        .filter((id) => !old.includes(id))
        .map((id) => named(typeId, `add${kind}AddressId`, old, ids, declared({ address: addressOf(next, id) }))),
      ...old
        .filter((id) => !ids.includes(id))
        .map((id) => named(typeId, `remove${kind}AddressId`, old, ids, declared({ address: addressOf(previous, id) }))),
    ];
  };
}

/** `defaultShippingAddressId`, `defaultBillingAddressId`: the addresses themselves, before and after. */
function defaultAddressChange(kind: 'Shipping' | 'Billing'): FieldRule {
  return (before, after, { typeId, previous, next }) => [
    named(typeId, `setDefault${kind}Address`, addressOf(previous, before), addressOf(next, after)),
  ];
}

/** An inventory entry's quantities change together (`addQuantity`, `removeQuantity`, `changeQuantity`). */
function quantityChange(_before: unknown, _after: unknown, { typeId, previous, next }: Scope): Change[] {
  const quantities = (entry: Doc) => ({ quantityOnStock: entry.quantityOnStock, availableQuantity: entry.availableQuantity });
  return [named(typeId, 'changeQuantity', quantities(previous), quantities(next))];
}

/** A field holding an object whose fields are each set by an action of their own (a payment's method info and status). */
function objectFieldsRule(fieldActions: Record<string, string>): FieldRule {
  return (before, after, { typeId }) => {
    const previous = (before ?? {}) as Doc;
    const next = (after ?? {}) as Doc;
    return Object.entries(fieldActions)
      .filter(([field]) => !jsonEqual(previous[field], next[field]))
      .map(([field, action]) => named(typeId, action, previous[field], next[field]));
  };
}

// Products: their catalog data, staged and current -------------------------------------------------

type Variant = { id: number; sku?: string; key?: string; attributes?: Array<{ name: string; value: unknown }> } & Doc;
type ProductData = { masterVariant?: Variant; variants?: Variant[] } & Doc;
type MasterData = { published?: boolean; current?: ProductData; staged?: ProductData };

/** Catalog data fields whose update action is not `set<Field>`. */
const PRODUCT_DATA_ACTIONS: Record<string, string> = { name: 'changeName', slug: 'changeSlug', categories: 'addToCategory' };

const variantName = (variant: Variant) => variant.sku ?? variant.key ?? String(variant.id);
const variantValue = (variant: Variant) => compactCopy({ id: variant.id, sku: variant.sku, key: variant.key });

/** A variant's lists: its prices, images and assets, item by item. */
const VARIANT_LISTS: Record<string, ItemList> = {
  prices: { noun: 'Price', replace: 'changePrice', fields: { key: 'setPriceKey' } },
  images: { noun: 'Image', identity: (image) => image.url, add: 'addExternalImage', order: ['moveImageToPosition', (image) => image] },
  assets: { noun: 'Asset', order: ['changeAssetOrder', (asset) => asset.id], fields: { name: 'changeAssetName' } },
};

/** The differences of one variant: its SKU, key, attributes, prices, images and assets. */
function variantChanges(was: Variant, variant: Variant, catalogData: string, scope: Scope): Change[] {
  const about = { catalogData, variant: variantName(variant) };
  const product = (action: string, before: unknown, after: unknown, extra: Doc = {}) =>
    named('product', action, before, after, declared({ ...about, ...extra }));
  const changes: Change[] = [];
  for (const field of new Set([...Object.keys(was), ...Object.keys(variant)])) {
    const before = was[field];
    const after = variant[field];
    if (jsonEqual(before, after)) continue;
    const list = VARIANT_LISTS[field];
    if (field === 'key') changes.push(product('setProductVariantKey', before, after));
    else if (field === 'attributes') {
      const old = new Map((was.attributes ?? []).map((attribute) => [attribute.name, attribute]));
      for (const attribute of variant.attributes ?? []) {
        const previous = old.get(attribute.name);
        old.delete(attribute.name);
        if (!jsonEqual(previous, attribute)) changes.push(product('setAttribute', previous, attribute));
      }
      for (const removed of old.values()) changes.push(product('setAttribute', removed, undefined));
    } else if (list) {
      // Besides the item (`priceId`, `asset`), a variant's changes name the projection and the variant.
      for (const item of itemListRule(list)(before, after, { ...scope, typeId: 'product' })) changes.push(withDeclared(item, about));
    } else changes.push(product(`set${capitalize(field)}`, before, after));
  }
  return changes;
}

/** The differences of one projection of a product's catalog data (`staged` or `current`). */
function productDataChanges(
  before: ProductData | undefined,
  after: ProductData | undefined,
  catalogData: 'staged' | 'current',
  scope: Scope,
): Change[] {
  const previous = before ?? {};
  const next = after ?? {};
  const changes: Change[] = [];
  const product = (action: string, was: unknown, value: unknown, extra: Doc = {}) =>
    named('product', action, was, value, declared({ catalogData, ...extra }));
  for (const field of new Set([...Object.keys(previous), ...Object.keys(next)])) {
    const was = previous[field];
    const value = next[field];
    if (field === 'masterVariant' || field === 'variants' || jsonEqual(was, value)) continue;
    if (field === 'categories') {
      const old = (was ?? []) as Array<{ id: string }>;
      const categories = (value ?? []) as Array<{ id: string }>;
      const has = (list: Array<{ id: string }>, category: { id: string }) => list.some((candidate) => candidate.id === category.id);
      for (const category of categories.filter((category) => !has(old, category)))
        changes.push(product('addToCategory', old, categories, { category }));
      for (const category of old.filter((category) => !has(categories, category)))
        changes.push(product('removeFromCategory', old, categories, { category }));
    } else {
      changes.push(product(PRODUCT_DATA_ACTIONS[field] ?? `set${capitalize(field)}`, was, value));
    }
  }
  const variants = (data: ProductData) => (data.masterVariant ? [data.masterVariant, ...(data.variants ?? [])] : (data.variants ?? []));
  const old = new Map(variants(previous).map((variant) => [variant.id, variant]));
  if (previous.masterVariant && next.masterVariant && previous.masterVariant.id !== next.masterVariant.id) {
    changes.push(product('changeMasterVariant', variantValue(previous.masterVariant), variantValue(next.masterVariant)));
  }
  for (const variant of variants(next)) {
    const was = old.get(variant.id);
    old.delete(variant.id);
    if (!was) changes.push(product('addVariant', undefined, variantValue(variant)));
    else if (!jsonEqual(was, variant)) changes.push(...variantChanges(was, variant, catalogData, scope));
  }
  for (const variant of old.values()) changes.push(product('removeVariant', variantValue(variant), undefined));
  return changes;
}

/**
 * A product's catalog data: published or unpublished, then the staged projection's differences,
 * and the current one's unless the change published it (its differences are the staged ones).
 */
function masterDataChanges(before: unknown, after: unknown, scope: Scope): Change[] {
  const previous = (before ?? {}) as MasterData;
  const next = (after ?? {}) as MasterData;
  const published =
    next.published === true &&
    (previous.published !== true ||
      (!jsonEqual(previous.current, next.current) && jsonEqual(next.current, next.staged) && jsonEqual(previous.staged, next.staged)));
  const changes: Change[] = [];
  if (published) changes.push({ type: 'PublishChange', change: 'publish' });
  if (previous.published === true && next.published !== true) changes.push({ type: 'UnpublishChange', change: 'unpublish' });
  changes.push(...productDataChanges(previous.staged, next.staged, 'staged', scope));
  if (!published) changes.push(...productDataChanges(previous.current, next.current, 'current', scope));
  return changes;
}

/** The rules of fields that need more than their two values, by field name. */
const FIELD_RULES: Record<string, FieldRule> = {
  custom: (before, after, { typeId }) => customChanges(before, after, 'setCustom', typeId, declared),
  addresses: itemListRule({ noun: 'Address', replace: 'changeAddress' }),
  shippingAddressIds: addressIdChanges('Shipping'),
  billingAddressIds: addressIdChanges('Billing'),
  defaultShippingAddressId: defaultAddressChange('Shipping'),
  defaultBillingAddressId: defaultAddressChange('Billing'),
  isEmailVerified: (before, after, scope) =>
    after === true
      ? [{ type: 'VerifyEmailChange', change: 'verifyEmail' }]
      : [valueChange('setIsEmailVerified', before, after, scope.typeId)],
  // The hash is never shown: the platform records that the password changed, not what it is.
  password: () => [{ type: 'SetPasswordChange', change: 'setPassword' }],
};

/** Rules of one type's fields, before the shared ones: its lists of items, and fields of its own. */
const TYPE_FIELD_RULES: Record<string, Record<string, FieldRule>> = {
  ...Object.fromEntries(
    Object.entries(ITEM_LISTS).map(([typeId, lists]) => [
      typeId,
      Object.fromEntries(Object.entries(lists).map(([field, list]) => [field, itemListRule(list)])),
    ]),
  ),
};
Object.assign((TYPE_FIELD_RULES.product ??= {}), { masterData: masterDataChanges });
Object.assign((TYPE_FIELD_RULES['inventory-entry'] ??= {}), { quantityOnStock: quantityChange, availableQuantity: () => [] });
Object.assign((TYPE_FIELD_RULES.payment ??= {}), {
  paymentMethodInfo: objectFieldsRule({
    method: 'setMethodInfoMethod',
    name: 'setMethodInfoName',
    paymentInterface: 'setMethodInfoInterface',
  }),
  paymentStatus: objectFieldsRule({
    interfaceCode: 'setStatusInterfaceCode',
    interfaceText: 'setStatusInterfaceText',
    state: 'transitionState',
  }),
});

/** The changes between two versions of a resource of `typeId` whose type declares `actions`. */
export function changesBetween(typeId: string, previous: StoredDocument, next: StoredDocument, actions: ReadonlySet<string>): Change[] {
  const scope: Scope = { typeId, previous, next, actions };
  const own = TYPE_FIELD_RULES[typeId];
  const changes: Change[] = [];
  for (const field of new Set([...Object.keys(previous), ...Object.keys(next)])) {
    if (AUDIT_FIELDS.has(field)) continue;
    const before = previous[field];
    const after = next[field];
    if (before === after || jsonEqual(before, after)) continue;
    const rule = own?.[field] ?? FIELD_RULES[field];
    changes.push(...(rule ? rule(before, after, scope) : [valueChange(actionFor(field, typeId, actions), before, after, typeId)]));
  }
  return changes;
}
