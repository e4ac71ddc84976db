/**
 * Shopping lists: line items (product variants, by product id and variant id or by SKU) and text
 * line items, every platform update action, `key=` routes, and the `variant` / `productSlug`
 * expansions of line items (`expand=lineItems[*].variant`).
 *
 * Decisions where the platform leaves it open:
 * - A line item added by product id without `variantId` keeps `variantId` unset and refers to the
 *   master variant (the specification's wording: "If not set, the ShoppingListLineItem refers to the
 *   Master Variant"); by SKU it gets the variant's id.
 * - A SKU no product variant has, or a variant id the product lacks: 400 InvalidOperation. A product
 *   id that does not exist: 400 ReferencedResourceNotFound.
 * - An unknown line item or text line item (id or key): 400 InvalidOperation.
 * - `deleteDaysAfterLastModification` defaults to the project's `shoppingLists` setting (360); lists
 *   are not deleted when the days pass (the mock's clock does not run on its own).
 */
import { uuid } from '../util/ids.js';
import * as z from 'zod';
import { errors } from '../http/errors.js';
import type { ApiCall } from '../http/context.js';
import type { StoredDocument } from '../storage/backend.js';
import { jsonEqual } from '../util/json.js';
import {
  action,
  defineResource,
  type Reference,
  type ResourceContext,
  type ScopePolicy,
  type UpdateAction,
  type SdkTypes,
} from '../engine/define.js';
import {
  anonymousIdSetter,
  applyCustomField,
  applyCustomType,
  customerSetter,
  changer,
  customFieldActions,
  customFields,
  type CustomFields,
  SetCustomField,
  SetCustomType,
  setField,
  setter,
} from '../engine/common-actions.js';
import { allVariants, type ProductData, type Variant } from './product/model.js';
import { presentedRoutes } from './product/routes.js';
import { CustomFieldsDraft, Key, LineItemLocator, LocalizedString, resourceIdentifier, DateTime, Slug } from '../engine/draft-fields.js';
import { RESOURCE_PERMISSIONS } from './business-unit/permissions.js';
import { scopeFields, stampScope } from '../engine/scoped-access.js';
import type { ShoppingList as SdkShoppingList, ShoppingListDraft as SdkShoppingListDraft } from '@commercetools/platform-sdk';

export interface ShoppingListLineItem {
  id: string;
  key?: string;
  productId: string;
  variantId?: number;
  productType: Reference;
  name: LocalizedString;
  quantity: number;
  addedAt: string;
  published: boolean;
  custom?: CustomFields;
  deactivatedAt?: string;
}

export interface TextLineItem {
  id: string;
  key?: string;
  name: LocalizedString;
  description?: LocalizedString;
  quantity: number;
  addedAt: string;
  custom?: CustomFields;
}

export interface ShoppingList extends StoredDocument {
  key?: string;
  name: LocalizedString;
  slug?: LocalizedString;
  description?: LocalizedString;
  customer?: Reference;
  anonymousId?: string;
  lineItems: ShoppingListLineItem[];
  textLineItems: TextLineItem[];
  deleteDaysAfterLastModification?: number;
  store?: { typeId: 'store'; key: string };
  businessUnit?: { typeId: 'business-unit'; key: string };
  custom?: CustomFields;
}

const DeleteDays = z.number().int().min(1).max(365_250);
const Quantity = z.number().int().min(1);

const LineItemDraft = z.object({
  key: Key.optional(),
  productId: z.string().optional(),
  variantId: z.number().int().optional(),
  sku: z.string().optional(),
  addedAt: DateTime.optional(),
  custom: CustomFieldsDraft.optional(),
  quantity: Quantity.optional(),
});
type LineItemDraft = z.infer<typeof LineItemDraft>;

const TextLineItemDraft = z.object({
  key: Key.optional(),
  name: LocalizedString,
  description: LocalizedString.optional(),
  quantity: Quantity.optional(),
  addedAt: DateTime.optional(),
  custom: CustomFieldsDraft.optional(),
});
type TextLineItemDraft = z.infer<typeof TextLineItemDraft>;

export const ShoppingListDraft = z.object({
  name: LocalizedString,
  slug: Slug.optional(),
  customer: resourceIdentifier('customer').optional(),
  key: Key.optional(),
  description: LocalizedString.optional(),
  anonymousId: z.string().optional(),
  deleteDaysAfterLastModification: DeleteDays.optional(),
  lineItems: z.array(LineItemDraft).optional(),
  textLineItems: z.array(TextLineItemDraft).optional(),
  store: resourceIdentifier('store').optional(),
  businessUnit: resourceIdentifier('business-unit').optional(),
  custom: CustomFieldsDraft.optional(),
});
export type ShoppingListDraft = z.infer<typeof ShoppingListDraft>;

// References ---------------------------------------------------------------------------------

/** A KeyReference (`{typeId, key}`) to a store or business unit named by id or key. */
function keyReference<T extends 'store' | 'business-unit'>(
  typeId: T,
  identifier: { id?: string | undefined; key?: string | undefined },
  ctx: ResourceContext,
) {
  const target = identifier.key !== undefined ? ctx.getByKey(typeId, identifier.key) : ctx.get(typeId, identifier.id ?? '');
  if (!target)
    throw errors.referencedResourceNotFound(typeId, identifier.key !== undefined ? { key: identifier.key } : { id: identifier.id ?? '' });
  return { typeId, key: target.key as string };
}

function projectDeleteDays(ctx: ResourceContext): number {
  const settings = ctx.get('project', 'settings');
  return settings?.shoppingLists?.deleteDaysAfterLastModification ?? 360;
}

/** The product and variant a line item draft names: by SKU, or by product id and optional variant id. */
function resolveVariant(
  draft: { productId?: string | undefined; variantId?: number | undefined; sku?: string | undefined },
  ctx: ResourceContext,
) {
  if (draft.sku !== undefined) {
    const product = ctx.findUnique('product', 'sku', draft.sku);
    const variant =
      product && [product.masterData.current, product.masterData.staged].flatMap(allVariants).find((v) => v.sku === draft.sku);
    if (!product || !variant) throw errors.invalidOperation(`No product has a variant with the SKU '${draft.sku}'.`);
    return { product, variantId: variant.id as number | undefined };
  }
  if (draft.productId === undefined) throw errors.invalidInput('A line item needs either productId (with an optional variantId) or sku.');
  const product = ctx.get('product', draft.productId);
  if (!product) throw errors.referencedResourceNotFound('product', { id: draft.productId });
  if (draft.variantId !== undefined) {
    const exists = [product.masterData.current, product.masterData.staged].some((data) =>
      allVariants(data).some((v) => v.id === draft.variantId),
    );
    if (!exists) throw errors.invalidOperation(`The product '${product.id}' has no variant with ID '${draft.variantId}'.`);
  }
  return { product, variantId: draft.variantId };
}

function lineItemFrom(draft: LineItemDraft, ctx: ResourceContext): ShoppingListLineItem {
  const { product, variantId } = resolveVariant(draft, ctx);
  const item: ShoppingListLineItem = {
    id: uuid(),
    productId: product.id,
    productType: { typeId: 'product-type', id: product.productType.id },
    name: product.masterData.current.name,
    quantity: draft.quantity ?? 1,
    addedAt: draft.addedAt ?? ctx.now,
    published: product.masterData.published,
  };
  if (draft.key !== undefined) item.key = draft.key;
  if (variantId !== undefined) item.variantId = variantId;
  const custom = customFields(draft.custom, ctx);
  if (custom) item.custom = custom;
  return item;
}

function textLineItemFrom(draft: TextLineItemDraft, ctx: ResourceContext): TextLineItem {
  const item: TextLineItem = { id: uuid(), name: draft.name, quantity: draft.quantity ?? 1, addedAt: draft.addedAt ?? ctx.now };
  if (draft.key !== undefined) item.key = draft.key;
  if (draft.description !== undefined) item.description = draft.description;
  const custom = customFields(draft.custom, ctx);
  if (custom) item.custom = custom;
  return item;
}

function assertKeysUnique(items: Array<{ key?: string | undefined }>, field: string): void {
  const seen = new Set<string>();
  for (const item of items) {
    if (item.key === undefined) continue;
    if (seen.has(item.key)) throw errors.duplicateField(field, item.key);
    seen.add(item.key);
  }
}

/**
 * Adds a line item, or raises the quantity of the one for the same product, the same `variantId`
 * (unset is not the same as the master variant's id) and the same custom fields.
 */
function addLineItem(list: ShoppingList, draft: LineItemDraft, ctx: ResourceContext): void {
  const item = lineItemFrom(draft, ctx);
  const same = list.lineItems.find(
    (existing) =>
      existing.productId === item.productId &&
      existing.variantId === item.variantId &&
      jsonEqual(existing.custom, item.custom) &&
      (item.key === undefined || existing.key === item.key),
  );
  if (same) same.quantity += item.quantity;
  else list.lineItems.push(item);
  assertKeysUnique(list.lineItems, 'lineItems.key');
}

type ItemLocator = { id?: string | undefined; key?: string | undefined };

function findItem<T extends { id: string; key?: string }>(items: T[], locator: ItemLocator, label: string): T {
  if (locator.id === undefined && locator.key === undefined) throw errors.invalidInput(`Either the ${label} id or its key is required.`);
  const found = items.find((item) => (locator.id !== undefined ? item.id === locator.id : item.key === locator.key));
  if (!found) {
    throw errors.invalidOperation(
      `The shopping list has no ${label} with ${locator.id !== undefined ? `ID '${locator.id}'` : `key '${locator.key}'`}.`,
    );
  }
  return found;
}

const TextLineItemLocator = z.object({ textLineItemId: z.string().optional(), textLineItemKey: z.string().optional() });
const lineItemOf = (list: ShoppingList, a: z.infer<typeof LineItemLocator>) =>
  findItem(list.lineItems, { id: a.lineItemId, key: a.lineItemKey }, 'line item');
const textLineItemOf = (list: ShoppingList, a: z.infer<typeof TextLineItemLocator>) =>
  findItem(list.textLineItems, { id: a.textLineItemId, key: a.textLineItemKey }, 'text line item');

/** `changeLineItemsOrder` / `changeTextLineItemsOrder`: the new order must name every item exactly once. */
function reorder<T extends { id: string }>(items: T[], order: string[], label: string): T[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  if (order.length !== items.length || new Set(order).size !== order.length || order.some((id) => !byId.has(id))) {
    throw errors.invalidOperation(`The new order must contain the ids of all ${label}s of the shopping list, each once.`);
  }
  return order.map((id) => byId.get(id)!);
}

/** Lowers the quantity by `quantity`, removing the item when nothing is left (or when no quantity is given). */
function removeQuantity<T extends { quantity: number }>(items: T[], item: T, quantity: number | undefined): T[] {
  if (quantity === undefined || quantity >= item.quantity) return items.filter((entry) => entry !== item);
  item.quantity -= quantity;
  return items;
}

/** One of the two kinds of item a list holds: where it keeps them, how actions name one, and which. */
interface ItemKind<T extends { id: string; key?: string; quantity: number; custom?: CustomFields }> {
  /** As the action names spell it: `changeLineItemQuantity`, `changeTextLineItemsOrder`, ... */
  name: 'LineItem' | 'TextLineItem';
  /** As the error messages spell it. */
  label: string;
  items(list: ShoppingList): T[];
  replace(list: ShoppingList, items: T[]): void;
  locator: typeof LineItemLocator | typeof TextLineItemLocator;
  /** Finds the item the action's locator names; `never`, as each kind's finder reads the fields of its own locator. */
  of(list: ShoppingList, locator: never): T;
}

/** The quantity, removal, order and custom field actions, which line items and text line items share. */
function itemActions<T extends { id: string; key?: string; quantity: number; custom?: CustomFields }>(
  kind: ItemKind<T>,
): Record<string, UpdateAction<ShoppingList>> {
  const orderField = `${kind.name[0]!.toLowerCase()}${kind.name.slice(1)}Order`;
  const itemOf = (list: ShoppingList, a: object) => kind.of(list, a as never);
  return {
    [`change${kind.name}Quantity`]: action(
      () => kind.locator.extend({ quantity: z.number().int().min(0) }),
      (list: ShoppingList, a) => {
        const item = itemOf(list, a);
        if (a.quantity === 0)
          kind.replace(
            list,
            kind.items(list).filter((entry) => entry !== item),
          );
        else item.quantity = a.quantity;
      },
    ),
    [`remove${kind.name}`]: action(
      () => kind.locator.extend({ quantity: Quantity.optional() }),
      (list: ShoppingList, a) => {
        kind.replace(list, removeQuantity(kind.items(list), itemOf(list, a), a.quantity));
      },
    ),
    [`change${kind.name}sOrder`]: action(
      () => z.object({ [orderField]: z.array(z.string()) }),
      (list: ShoppingList, a) => {
        kind.replace(list, reorder(kind.items(list), a[orderField] as string[], kind.label));
      },
    ),
    [`set${kind.name}CustomType`]: action(
      () => kind.locator.extend(SetCustomType.shape),
      (list: ShoppingList, a, ctx) => applyCustomType(itemOf(list, a), a, ctx),
    ),
    [`set${kind.name}CustomField`]: action(
      () => kind.locator.extend(SetCustomField.shape),
      (list: ShoppingList, a) => applyCustomField(itemOf(list, a), a),
    ),
  };
}

const lineItemActions = itemActions<ShoppingListLineItem>({
  name: 'LineItem',
  label: 'line item',
  items: (list) => list.lineItems,
  replace: (list, items) => {
    list.lineItems = items;
  },
  locator: LineItemLocator,
  of: lineItemOf,
});

const textLineItemActions = itemActions<TextLineItem>({
  name: 'TextLineItem',
  label: 'text line item',
  items: (list) => list.textLineItems,
  replace: (list, items) => {
    list.textLineItems = items;
  },
  locator: TextLineItemLocator,
  of: textLineItemOf,
});

/** Shopping lists: `customer` (Reference) / `anonymousId`, `store`, `businessUnit`. */
const shoppingListScope: ScopePolicy<ShoppingList> = {
  mounts: {
    me: { actions: myShoppingListActions() },
    'store-me': { actions: myShoppingListActions() },
    store: {},
    'associate-unit': {},
  },
  owner: (list) => ({ customerId: scopeFields.idOf(list.customer), anonymousId: list.anonymousId }),
  inStore: scopeFields.inStore,
  businessUnit: scopeFields.businessUnit,
  stamp: (draft, scope) => stampScope(draft, scope, 'customer'),
  permissions: RESOURCE_PERMISSIONS['shopping-list'],
};

function myShoppingListActions(): readonly string[] {
  return [
    'addLineItem',
    'addTextLineItem',
    'changeLineItemQuantity',
    'changeLineItemsOrder',
    'changeName',
    'changeTextLineItemName',
    'changeTextLineItemQuantity',
    'changeTextLineItemsOrder',
    'removeLineItem',
    'removeTextLineItem',
    'setCustomField',
    'setCustomType',
    'setDeleteDaysAfterLastModification',
    'setDescription',
    'setLineItemCustomField',
    'setLineItemCustomType',
    'setTextLineItemCustomField',
    'setTextLineItemCustomType',
    'setTextLineItemDescription',
  ];
}

export const shoppingLists = defineResource<ShoppingListDraft, ShoppingList, SdkTypes<SdkShoppingListDraft, SdkShoppingList>>({
  typeId: 'shopping-list',
  path: 'shopping-lists',
  scope: shoppingListScope,
  draft: ShoppingListDraft,
  create(draft, ctx) {
    const list = { name: draft.name, lineItems: [], textLineItems: [] } as unknown as ShoppingList;
    if (draft.key !== undefined) list.key = draft.key;
    if (draft.slug !== undefined) list.slug = draft.slug;
    if (draft.description !== undefined) list.description = draft.description;
    if (draft.customer) list.customer = ctx.reference('customer', draft.customer);
    if (draft.anonymousId !== undefined) list.anonymousId = draft.anonymousId;
    for (const item of draft.lineItems ?? []) addLineItem(list, item, ctx);
    list.textLineItems = (draft.textLineItems ?? []).map((item) => textLineItemFrom(item, ctx));
    assertKeysUnique(list.textLineItems, 'textLineItems.key');
    list.deleteDaysAfterLastModification = draft.deleteDaysAfterLastModification ?? projectDeleteDays(ctx);
    if (draft.store) list.store = keyReference('store', draft.store, ctx);
    if (draft.businessUnit) list.businessUnit = keyReference('business-unit', draft.businessUnit, ctx);
    const custom = customFields(draft.custom, ctx);
    if (custom) list.custom = custom;
    return list;
  },
  unique: {
    slug: {
      values: (list) => Object.entries(list.slug ?? {}).map(([locale, slug]) => `${locale}:${slug}`),
      duplicate: (value) => {
        const at = value.indexOf(':');
        return errors.duplicateField(`slug.${value.slice(0, at)}`, value.slice(at + 1));
      },
    },
  },
  actions: {
    changeName: changer('name', LocalizedString),
    setKey: setter('key', Key),
    setSlug: setter('slug', Slug),
    setDescription: setter('description', LocalizedString),
    setCustomer: customerSetter,
    setAnonymousId: anonymousIdSetter('shopping list'),
    setStore: action(
      () => z.object({ store: resourceIdentifier('store').optional().nullable() }),
      (list, a, ctx) => {
        setField(list, 'store', a.store ? keyReference('store', a.store, ctx) : undefined);
      },
    ),
    setBusinessUnit: action(
      () => z.object({ businessUnit: resourceIdentifier('business-unit') }),
      (list, a, ctx) => {
        if (!list.businessUnit) throw errors.invalidOperation('The shopping list has no business unit to replace.');
        list.businessUnit = keyReference('business-unit', a.businessUnit, ctx);
      },
    ),
    setDeleteDaysAfterLastModification: action(
      () => z.object({ deleteDaysAfterLastModification: DeleteDays.optional().nullable() }),
      (list, a, ctx) => {
        list.deleteDaysAfterLastModification = a.deleteDaysAfterLastModification ?? projectDeleteDays(ctx);
      },
    ),
    ...customFieldActions,

    // Line items ---------------------------------------------------------------------------------
    addLineItem: action(LineItemDraft, (list, a, ctx) => addLineItem(list, a, ctx)),
    ...lineItemActions,

    // Text line items ----------------------------------------------------------------------------
    addTextLineItem: action(
      () => TextLineItemDraft.extend({ quantity: z.number().int().min(0).optional() }),
      (list, a, ctx) => {
        list.textLineItems.push(textLineItemFrom(a, ctx));
        assertKeysUnique(list.textLineItems, 'textLineItems.key');
      },
    ),
    changeTextLineItemName: action(
      () => TextLineItemLocator.extend({ name: LocalizedString }),
      (list, a) => {
        textLineItemOf(list, a).name = a.name;
      },
    ),
    setTextLineItemDescription: action(
      () => TextLineItemLocator.extend({ description: LocalizedString.optional().nullable() }),
      (list, a) => {
        setField(textLineItemOf(list, a), 'description', a.description);
      },
    ),
    ...textLineItemActions,
  },
  // Responses add the line items' `variant` and `productSlug` when expanded; otherwise the stored list.
  routes: presentedRoutes('shopping-list', (call) => presentShoppingList(call), { presentedFields: ['variant', 'productSlug'] }),
});

// Expansion of line item data ----------------------------------------------------------------

const expands = (call: ApiCall, field: 'variant' | 'productSlug') =>
  call.query.getAll('expand').some((path) => path.replace(/\s+/g, '') === `lineItems[*].${field}`);

/** The variant as line items show it: product attributes merged into the variant's own. */
function variantView(data: ProductData, variant: Variant): Variant {
  return {
    ...variant,
    attributes: [...variant.attributes, ...data.attributes.filter((a) => !variant.attributes.some((v) => v.name === a.name))],
  };
}

function presentShoppingList(call: ApiCall): (document: StoredDocument) => object {
  const withVariant = expands(call, 'variant');
  const withSlug = expands(call, 'productSlug');
  if (!withVariant && !withSlug) return (document) => document;
  return (document) => {
    const list = document as ShoppingList;
    const lineItems = list.lineItems.map((item) => {
      const product = call.ctx.get('product', item.productId);
      if (!product) return item;
      const data = product.masterData.current;
      const shown: ShoppingListLineItem & { variant?: Variant; productSlug?: LocalizedString } = { ...item };
      if (withVariant) {
        const variant = item.variantId === undefined ? data.masterVariant : allVariants(data).find((v) => v.id === item.variantId);
        if (variant) shown.variant = variantView(data, variant);
      }
      if (withSlug) shown.productSlug = data.slug;
      return shown;
    });
    return { ...list, lineItems };
  };
}

declare module '../http/context.js' {
  interface StoredTypes {
    'shopping-list': ShoppingList;
  }
}
