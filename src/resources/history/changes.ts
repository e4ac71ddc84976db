/**
 * The `changes` of a Change History record: "the differences in the resource between
 * `previousVersion` and `version`", not the update actions sent. So they are found by comparing the
 * two versions field by field, each difference named by the update action that makes it (`change`)
 * and typed as the definition types it (`type`): `setFirstName` is a `SetFirstNameChange` with the
 * previous and next first name. Fields that need more than their two values (custom fields,
 * addresses, a product's catalog data, an inventory entry's quantities, ...) have a rule of their
 * own; any other difference is a value change named after its field (`set<Field>` or
 * `change<Field>`, whichever the type declares), an `UnknownChange` when the definition has no type
 * of that name.
 */
import type { StoredDocument } from '../../storage/backend.js';
import { compactCopy, jsonEqual } from '../../util/json.js';

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

/**
 * The definition's change types (without their `Change` suffix) that carry nothing but the previous
 * and next value of one field, so a difference of that field is one of them as it is. The
 * `Localized` ones also carry `catalogData` for products, which their own rules add.
 */
const VALUE_CHANGES = new Set(
  (
    'ChangeAddress ChangeAmountAuthorized ChangeAmountPlanned ChangeAssociate ChangeAssociateMode ChangeAttributeOrderByName ' +
    'ChangeBuyerAssignable ChangeCartPredicate ChangeDescription ChangeEmail ChangeFieldDefinitionOrder ChangeInitial ' +
    'ChangeIsActive ChangeKey ChangeLocalizedDescription ChangeLocalizedName ChangeName ChangeOrderHint ChangeOrderState ' +
    'ChangeParent ChangeParentUnit ChangePaymentState ChangePredicate ChangeQuoteRequestState ChangeQuoteState ' +
    'ChangeRequiresDiscountCode ChangeReviewRatingStatistics ChangeShipmentState ChangeSortOrder ChangeStackingMode ' +
    'ChangeStagedQuoteState ChangeStateType ChangeStatus ChangeTarget ChangeTaxCalculationMode ChangeTaxMode ' +
    'ChangeTaxRoundingMode ChangeValue ChangeApprovalRuleMode ChangeCustomer ChangeIncludedInStatistics ' +
    'ChangeLastVariantId ChangeTopLevelUnit ChangePriceRoundingMode ChangeDiscountTypeCombination SetAddress ' +
    'SetAnonymousId SetApplicationVersion SetAuthenticationMode SetAuthorName SetBillingAddress SetCartPredicate ' +
    'SetCompanyName SetContactEmail SetCountry SetCustomShippingMethod SetCustomer SetCustomerEmail SetCustomerGroup ' +
    'SetCustomerId SetCustomerNumber SetDateOfBirth SetDeleteDaysAfterLastModification SetDescription ' +
    'SetExpectedDelivery SetExternalId SetFirstName SetGeoLocation SetInterfaceId SetIsValid SetKey SetLastName ' +
    'SetLocale SetLocalizedDescription SetMaxApplications SetMaxApplicationsPerCustomer SetMethodInfoInterface ' +
    'SetMethodInfoMethod SetMethodInfoName SetMiddleName SetName SetLocalizedName SetOrderNumber SetOrderTotalPrice ' +
    'SetProductCount SetPurchaseOrderNumber SetRating SetRestockableInDays SetReturnPaymentState ' +
    'SetReturnShipmentState SetSalutation SetSellerComment SetShippingAddress SetShippingInfoPrice ' +
    'SetShippingInfoTaxedPrice SetShippingMethod SetShippingRate SetShippingRateInput SetSlug SetStatusInterfaceCode ' +
    'SetStatusInterfaceText SetStore SetStoreMode SetSupplyChannel SetTarget SetTaxCategory SetText SetTitle ' +
    'SetValidFromAndUntil SetValidFrom SetValidTo SetValidUntil SetValue SetVatId SetBusinessUnit ' +
    'SetDiscountOnTotalPrice SetMaxCartQuantity SetMinCartQuantity SetPriceMode SetShippingInfoDiscountedPrice ' +
    'SetTaxedShippingPrice TransitionState ShippingMethodChangeActive ShippingMethodChangeIsDefault ' +
    'ShippingMethodChangeName ShippingMethodChangeTaxCategory ShippingMethodSetKey ShippingMethodSetLocalizedDescription ' +
    'ShippingMethodSetLocalizedName ShippingMethodSetPredicate StandalonePriceChangeActive StandalonePriceSetKey ' +
    'StandalonePriceSetValidFromAndUntil StandalonePriceSetValidFrom StandalonePriceSetValidUntil'
  ).split(' '),
);

/** The change types of a list field that also name the items added and removed (`addedItems`, `removedItems`). */
const LIST_CHANGES = new Set(
  (
    'ChangeCartDiscounts ChangeGroups SetChannelRoles SetCountries SetDistributionChannels SetLanguages SetPermissions ' +
    'SetProductSelections SetReservations SetStateRoles SetStores SetSupplyChannels SetTransitions SetAncestors ' +
    'SetCustomerGroupAssignments SetInheritedStores SetAssociates SetInheritedAssociates SetDirectDiscounts SetReferences ' +
    'StandalonePriceSetPriceTiers'
  ).split(' '),
);

/** Types whose own change types carry a prefix (`ShippingMethodChangeNameChange`). */
const TYPE_PREFIXES: Record<string, string> = { 'shipping-method': 'ShippingMethod', 'standalone-price': 'StandalonePrice' };

/** Fields whose update action is not `set<Field>`/`change<Field>`. */
const FIELD_ACTIONS: Record<string, string> = { state: 'transitionState', roles: 'setRoles', value: 'setValue', active: 'changeIsActive' };

const capitalize = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

const LOCALE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

/** Whether a value is a LocalizedString: an object of locales to strings. */
function isLocalized(value: unknown): boolean {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const entries = Object.entries(value);
  return entries.length > 0 && entries.every(([locale, text]) => LOCALE.test(locale) && typeof text === 'string');
}

/** A change with its values, leaving out a value that is absent (a field set for the first time, or unset). */
function change(type: string, action: string, before: unknown, after: unknown, extra: Doc = {}): Change {
  return compactCopy({ type, change: action, ...extra, previousValue: before, nextValue: after }) as Change;
}

/** The update action that sets a field: the one of `set<Field>` and `change<Field>` the type declares. */
function actionFor(field: string, actions: ReadonlySet<string>): string {
  const named = FIELD_ACTIONS[field];
  if (named) return named;
  const set = `set${capitalize(field)}`;
  const changed = `change${capitalize(field)}`;
  return actions.has(set) || !actions.has(changed) ? set : changed;
}

/** The items of `from` that `other` does not have (compared as JSON). */
const missingFrom = (from: unknown[], other: unknown[]) => from.filter((item) => !other.some((candidate) => jsonEqual(item, candidate)));

/** A difference of one field, named after the update action that sets it. */
function valueChange(action: string, before: unknown, after: unknown, typeId: string): Change {
  const base = capitalize(action);
  const localized = isLocalized(before ?? after) ? base.replace(/^(Set|Change)/, '$1Localized') : base;
  const prefix = TYPE_PREFIXES[typeId] ?? '';
  const named = [prefix + localized, prefix + base, localized, base].find((name) => VALUE_CHANGES.has(name) || LIST_CHANGES.has(name));
  if (named === undefined) return change('UnknownChange', action, before, after);
  if (!LIST_CHANGES.has(named)) return change(`${named}Change`, action, before, after);
  const previous = Array.isArray(before) ? before : [];
  const next = Array.isArray(after) ? after : [];
  return change(`${named}Change`, action, before, after, {
    addedItems: missingFrom(next, previous),
    removedItems: missingFrom(previous, next),
  });
}

// Rules of fields that need more than their two values ----------------------------------------------

type Custom = { type?: { id: string }; fields?: Doc } | undefined;

/** Custom fields: a type set, changed or removed, else one change per field that differs. */
function customChanges(before: unknown, after: unknown, { typeId }: Scope): Change[] {
  const previous = before as Custom;
  const next = after as Custom;
  const prefix = TYPE_PREFIXES[typeId] ?? '';
  if (previous?.type?.id !== next?.type?.id) return [change(`${prefix}SetCustomTypeChange`, 'setCustomType', previous, next)];
  const customTypeId = next!.type!.id;
  const names = new Set([...Object.keys(previous?.fields ?? {}), ...Object.keys(next?.fields ?? {})]);
  const changes: Change[] = [];
  for (const name of names) {
    const old = previous?.fields?.[name];
    const value = next?.fields?.[name];
    if (!jsonEqual(old, value)) changes.push(change(`${prefix}SetCustomFieldChange`, 'setCustomField', old, value, { name, customTypeId }));
  }
  return changes;
}

type Address = { id?: string };

/** Elements of two lists matched by `id`: the added, the removed and the changed ones. */
function byId<T extends { id?: unknown }>(before: unknown, after: unknown) {
  const previous = (Array.isArray(before) ? before : []) as T[];
  const next = (Array.isArray(after) ? after : []) as T[];
  const old = new Map(previous.map((item) => [item.id, item]));
  const added: T[] = [];
  const changed: Array<[T, T]> = [];
  for (const item of next) {
    const was = old.get(item.id);
    if (was === undefined) added.push(item);
    else if (!jsonEqual(was, item)) changed.push([was, item]);
    old.delete(item.id);
  }
  return { added, removed: [...old.values()], changed };
}

function addressChanges(before: unknown, after: unknown): Change[] {
  const { added, removed, changed } = byId<Address>(before, after);
  return [
    ...added.map((address) => change('AddAddressChange', 'addAddress', undefined, address)),
    ...changed.map(([was, address]) => change('ChangeAddressChange', 'changeAddress', was, address)),
    ...removed.map((address) => change('RemoveAddressChange', 'removeAddress', address, undefined)),
  ];
}

const addressOf = (resource: Doc, id: unknown) => (resource.addresses as Address[] | undefined)?.find((address) => address.id === id);

/** `shippingAddressIds`, `billingAddressIds`: one change per id added or removed, with the address it names. */
function addressIdChanges(kind: 'Shipping' | 'Billing'): FieldRule {
  return (before, after, { previous, next }) => {
    const old = (before ?? []) as string[];
    const ids = (after ?? []) as string[];
    return [
      ...ids
        .filter((id) => !old.includes(id))
        .map((id) => change(`Add${kind}AddressIdChange`, `add${kind}AddressId`, old, ids, { address: addressOf(next, id) })),
      ...old
        .filter((id) => !ids.includes(id))
        .map((id) => change(`Remove${kind}AddressIdChange`, `remove${kind}AddressId`, old, ids, { address: addressOf(previous, id) })),
    ];
  };
}

/** `defaultShippingAddressId`, `defaultBillingAddressId`: the addresses themselves, before and after. */
function defaultAddressChange(kind: 'Shipping' | 'Billing'): FieldRule {
  return (before, after, { previous, next }) => [
    change(`SetDefault${kind}AddressChange`, `setDefault${kind}Address`, addressOf(previous, before), addressOf(next, after)),
  ];
}

/** An inventory entry's quantities change together (`addQuantity`, `removeQuantity`, `changeQuantity`). */
function quantityChange(_before: unknown, _after: unknown, { previous, next }: Scope): Change[] {
  const quantities = (entry: Doc) => ({ quantityOnStock: entry.quantityOnStock, availableQuantity: entry.availableQuantity });
  return [change('ChangeQuantityChange', 'changeQuantity', quantities(previous), quantities(next))];
}

type LineItem = { id: string; name?: unknown; quantity?: number };

/** Line items of shopping lists and orders: added, removed, or a quantity changed. */
function lineItemChanges(before: unknown, after: unknown, { typeId }: Scope): Change[] {
  const list = typeId === 'shopping-list' ? 'ShoppingListLineItem' : 'OrderLineItem';
  const { added, removed, changed } = byId<LineItem>(before, after);
  const changes = [
    ...added.map((item) => change(`Add${list}Change`, 'addLineItem', undefined, item)),
    ...removed.map((item) => change(`Remove${list}Change`, 'removeLineItem', item, undefined)),
  ];
  for (const [was, item] of changed) {
    if (was.quantity === item.quantity) {
      changes.push(change('UnknownChange', 'setLineItems', was, item));
    } else if (typeId === 'shopping-list') {
      const lineItem = { id: item.id, name: item.name, variantId: (item as Doc).variantId };
      changes.push(change('ChangeShoppingListLineItemQuantityChange', 'changeLineItemQuantity', was.quantity, item.quantity, { lineItem }));
    } else {
      const extra = { lineItem: item.name, lineItemId: item.id };
      changes.push(change('ChangeLineItemQuantityChange', 'changeLineItemQuantity', was.quantity, item.quantity, extra));
    }
  }
  return changes;
}

/** A payment's transactions: one added, or a transaction's state changed. */
function transactionChanges(before: unknown, after: unknown): Change[] {
  const { added, removed, changed } = byId<{ id: string; state?: string; type?: string; timestamp?: string; interactionId?: string }>(
    before,
    after,
  );
  const changes = added.map((transaction) => change('AddTransactionChange', 'addTransaction', undefined, transaction));
  for (const [was, transaction] of changed) {
    const about = compactCopy({
      id: transaction.id,
      type: transaction.type,
      timestamp: transaction.timestamp,
      interactionId: transaction.interactionId,
    });
    if (was.state !== transaction.state)
      changes.push(change('ChangeTransactionStateChange', 'changeTransactionState', was.state, transaction.state, { transaction: about }));
    else changes.push(change('UnknownChange', 'setTransactions', was, transaction));
  }
  for (const transaction of removed) changes.push(change('UnknownChange', 'setTransactions', transaction, undefined));
  return changes;
}

/** A payment's method info: its method, name and payment interface, each set by an action of its own. */
function methodInfoChanges(before: unknown, after: unknown): Change[] {
  const previous = (before ?? {}) as Doc;
  const next = (after ?? {}) as Doc;
  const fields: Array<[field: string, action: string]> = [
    ['method', 'setMethodInfoMethod'],
    ['name', 'setMethodInfoName'],
    ['paymentInterface', 'setMethodInfoInterface'],
  ];
  const changes: Change[] = [];
  for (const [field, action] of fields) {
    if (!jsonEqual(previous[field], next[field])) changes.push(change(`${capitalize(action)}Change`, action, previous[field], next[field]));
  }
  return changes;
}

// Products: their catalog data, staged and current -------------------------------------------------

type Variant = {
  id: number;
  sku?: string;
  key?: string;
  attributes?: Array<{ name: string; value: unknown }>;
  prices?: Array<{ id: string }>;
} & Doc;
type ProductData = { masterVariant?: Variant; variants?: Variant[] } & Doc;
type MasterData = { published?: boolean; current?: ProductData; staged?: ProductData };

/** The catalog data fields with a change type of their own: the update action, and the type. */
const PRODUCT_DATA_FIELDS: Record<string, [action: string, type: string]> = {
  name: ['changeName', 'ChangeLocalizedNameChange'],
  slug: ['changeSlug', 'ChangeSlugChange'],
  description: ['setDescription', 'SetLocalizedDescriptionChange'],
  metaTitle: ['setMetaTitle', 'SetMetaTitleChange'],
  metaDescription: ['setMetaDescription', 'SetMetaDescriptionChange'],
  metaKeywords: ['setMetaKeywords', 'SetMetaKeywordsChange'],
  searchKeywords: ['setSearchKeywords', 'SetSearchKeywordsChange'],
};

const variantName = (variant: Variant) => variant.sku ?? variant.key ?? String(variant.id);
const variantValue = (variant: Variant) => compactCopy({ id: variant.id, sku: variant.sku, key: variant.key });

/** The differences of one variant: its SKU, key, attributes and prices; anything else as an UnknownChange. */
function variantChanges(was: Variant, variant: Variant, catalogData: string): Change[] {
  const about = { catalogData, variant: variantName(variant) };
  const changes: Change[] = [];
  for (const field of new Set([...Object.keys(was), ...Object.keys(variant)])) {
    const before = was[field];
    const after = variant[field];
    if (jsonEqual(before, after)) continue;
    if (field === 'sku') changes.push(change('SetSkuChange', 'setSku', before, after, about));
    else if (field === 'key') changes.push(change('SetProductVariantKeyChange', 'setProductVariantKey', before, after, about));
    else if (field === 'attributes') {
      const old = new Map((was.attributes ?? []).map((attribute) => [attribute.name, attribute]));
      for (const attribute of variant.attributes ?? []) {
        const previous = old.get(attribute.name);
        old.delete(attribute.name);
        if (!jsonEqual(previous, attribute)) changes.push(change('SetAttributeChange', 'setAttribute', previous, attribute, about));
      }
      for (const removed of old.values()) changes.push(change('SetAttributeChange', 'setAttribute', removed, undefined, about));
    } else if (field === 'prices') {
      const { added, removed, changed } = byId<{ id: string }>(before, after);
      for (const price of added) changes.push(change('AddPriceChange', 'addPrice', undefined, price, { ...about, priceId: price.id }));
      for (const [old, price] of changed)
        changes.push(change('ChangePriceChange', 'changePrice', old, price, { ...about, priceId: price.id }));
      for (const price of removed)
        changes.push(change('RemovePriceChange', 'removePrice', price, undefined, { ...about, priceId: price.id }));
    } else {
      changes.push(change('UnknownChange', `set${capitalize(field)}`, before, after, about));
    }
  }
  return changes;
}

/** The differences of one projection of a product's catalog data (`staged` or `current`). */
function productDataChanges(before: ProductData | undefined, after: ProductData | undefined, catalogData: 'staged' | 'current'): Change[] {
  const previous = before ?? {};
  const next = after ?? {};
  const changes: Change[] = [];
  for (const field of new Set([...Object.keys(previous), ...Object.keys(next)])) {
    const was = previous[field];
    const value = next[field];
    if (field === 'masterVariant' || field === 'variants' || jsonEqual(was, value)) continue;
    const own = PRODUCT_DATA_FIELDS[field];
    if (own) changes.push(change(own[1], own[0], was, value, { catalogData }));
    else if (field === 'categories') {
      const old = (was ?? []) as Array<{ id: string }>;
      const categories = (value ?? []) as Array<{ id: string }>;
      const has = (list: Array<{ id: string }>, category: { id: string }) => list.some((candidate) => candidate.id === category.id);
      for (const category of categories.filter((category) => !has(old, category)))
        changes.push(change('AddToCategoryChange', 'addToCategory', old, categories, { category, catalogData }));
      for (const category of old.filter((category) => !has(categories, category)))
        changes.push(change('RemoveFromCategoryChange', 'removeFromCategory', old, categories, { category, catalogData }));
    } else {
      changes.push(change('UnknownChange', `set${capitalize(field)}`, was, value, { catalogData }));
    }
  }
  const variants = (data: ProductData) => (data.masterVariant ? [data.masterVariant, ...(data.variants ?? [])] : (data.variants ?? []));
  const old = new Map(variants(previous).map((variant) => [variant.id, variant]));
  if (previous.masterVariant && next.masterVariant && previous.masterVariant.id !== next.masterVariant.id) {
    const values = [variantValue(previous.masterVariant), variantValue(next.masterVariant)];
    changes.push(change('ChangeMasterVariantChange', 'changeMasterVariant', values[0], values[1], { catalogData }));
  }
  for (const variant of variants(next)) {
    const was = old.get(variant.id);
    old.delete(variant.id);
    if (!was) changes.push(change('AddVariantChange', 'addVariant', undefined, variantValue(variant), { catalogData }));
    else if (!jsonEqual(was, variant)) changes.push(...variantChanges(was, variant, catalogData));
  }
  for (const variant of old.values())
    changes.push(change('RemoveVariantChange', 'removeVariant', variantValue(variant), undefined, { catalogData }));
  return changes;
}

/**
 * A product's catalog data: published or unpublished, then the staged projection's differences,
 * and the current one's unless the change published it (its differences are the staged ones).
 */
function masterDataChanges(before: unknown, after: unknown): Change[] {
  const previous = (before ?? {}) as MasterData;
  const next = (after ?? {}) as MasterData;
  const published =
    next.published === true &&
    (previous.published !== true ||
      (!jsonEqual(previous.current, next.current) && jsonEqual(next.current, next.staged) && jsonEqual(previous.staged, next.staged)));
  const changes: Change[] = [];
  if (published) changes.push({ type: 'PublishChange', change: 'publish' });
  if (previous.published === true && next.published !== true) changes.push({ type: 'UnpublishChange', change: 'unpublish' });
  changes.push(...productDataChanges(previous.staged, next.staged, 'staged'));
  if (!published) changes.push(...productDataChanges(previous.current, next.current, 'current'));
  return changes;
}

/** The rules of fields that need more than their two values, by field name. */
const FIELD_RULES: Record<string, FieldRule> = {
  custom: customChanges,
  addresses: addressChanges,
  shippingAddressIds: addressIdChanges('Shipping'),
  billingAddressIds: addressIdChanges('Billing'),
  defaultShippingAddressId: defaultAddressChange('Shipping'),
  defaultBillingAddressId: defaultAddressChange('Billing'),
  isEmailVerified: (_before, after, scope) =>
    after === true
      ? [{ type: 'VerifyEmailChange', change: 'verifyEmail' }]
      : [valueChange('setIsEmailVerified', _before, after, scope.typeId)],
  // The hash is never shown: the platform records that the password changed, not what it is.
  password: () => [{ type: 'SetPasswordChange', change: 'setPassword' }],
};

/** Rules of one type's fields, before the shared ones. */
const TYPE_FIELD_RULES: Record<string, Record<string, FieldRule>> = {
  product: { masterData: masterDataChanges },
  'inventory-entry': { quantityOnStock: quantityChange, availableQuantity: () => [] },
  'shopping-list': { lineItems: lineItemChanges },
  order: { lineItems: lineItemChanges },
  payment: { transactions: transactionChanges, paymentMethodInfo: methodInfoChanges },
};

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
    changes.push(...(rule ? rule(before, after, scope) : [valueChange(actionFor(field, actions), before, after, typeId)]));
  }
  return changes;
}
