/**
 * Customers: the resource with every platform update action, plus the account flows served under
 * `/customers` (password change, password reset tokens, email verification tokens) and sign-in
 * (`POST /login`).
 *
 * Global and Store-specific customers: a customer with no `stores` is global and its email is unique
 * in the project; a customer with stores has an email unique within each of its stores, and no
 * global customer may share it (and vice versa). The unique index `email` holds the normalised
 * (lower-case) email for a global customer and `store=<key>/<email>` per store for a Store-specific
 * one, so lookups by email for sign-in stay index lookups.
 *
 * The flows are exported as functions over an optional store key, so the in-store routes
 * (`/in-store/key={storeKey}/customers/...`, `/in-store/key={storeKey}/login`) can serve them with
 * the store's rules: `customerAccountRoutes(storeKeyOf)` and `signIn(call, repository, storeKey)`.
 */
import { randomBytes } from 'node:crypto';
import { v4 as uuid } from 'uuid';
import { z } from 'zod';
import { errors } from '../http/errors.js';
import { route, type Route } from '../http/router.js';
import { ok, created, type ApiCall, type Reply } from '../context.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import type { StoredDocument } from '../storage/types.js';
import {
  action,
  defineResource,
  type CustomRoute,
  type Reference,
  type ResourceContext,
  type ResourceDefinition,
  type UpdateAction,
  type Engine,
} from './define.js';
import {
  type Address,
  addressFromDraft,
  applyCustomField,
  applyCustomType,
  customFieldActions,
  customFields,
  type CustomFields,
  SetCustomField,
  SetCustomType,
  setField,
  setter,
} from './common.js';
import type { Cart } from './cart/model.js';
import { mergeAnonymousCart } from './cart/active-cart.js';
import { customerErrors } from './customer-errors.js';
import {
  BaseAddress,
  CustomFieldsDraft,
  isPlainObject,
  Key,
  requiredWhen,
  ResourceIdentifier,
  validate,
  StoreResourceIdentifier,
} from './validation.js';

export interface Customer extends StoredDocument {
  email: string;
  password?: string;
  key?: string;
  customerNumber?: string;
  externalId?: string;
  firstName?: string;
  lastName?: string;
  middleName?: string;
  title?: string;
  salutation?: string;
  dateOfBirth?: string;
  companyName?: string;
  vatId?: string;
  locale?: string;
  addresses: Address[];
  defaultShippingAddressId?: string;
  defaultBillingAddressId?: string;
  shippingAddressIds: string[];
  billingAddressIds: string[];
  isEmailVerified: boolean;
  customerGroup?: Reference;
  customerGroupAssignments: Array<{ customerGroup: Reference }>;
  custom?: CustomFields;
  stores: Array<{ typeId: 'store'; key: string }>;
  authenticationMode: 'Password' | 'ExternalAuth';
}

const AuthenticationMode = z.enum(['Password', 'ExternalAuth']);

export const CustomerDraft = z
  .object({
    email: z.string().min(1),
    /**
     * Required unless `authenticationMode` is `ExternalAuth` (checked below, reported with the other
     * fields). Typed as required so seeded drafts keep a plain `password: string` to sign in with.
     */
    password: z.string().min(1).optional() as unknown as z.ZodString,
    key: Key.optional(),
    customerNumber: z.string().optional(),
    externalId: z.string().optional(),
    firstName: z.string().optional(),
    lastName: z.string().optional(),
    middleName: z.string().optional(),
    title: z.string().optional(),
    salutation: z.string().optional(),
    dateOfBirth: z.iso.date().optional(),
    companyName: z.string().optional(),
    vatId: z.string().optional(),
    locale: z.string().optional(),
    addresses: z.array(BaseAddress).optional(),
    defaultShippingAddress: z.number().int().min(0).optional(),
    defaultBillingAddress: z.number().int().min(0).optional(),
    shippingAddresses: z.array(z.number().int().min(0)).optional(),
    billingAddresses: z.array(z.number().int().min(0)).optional(),
    isEmailVerified: z.boolean().optional(),
    customerGroup: ResourceIdentifier.optional(),
    customerGroupAssignments: z.array(z.object({ customerGroup: ResourceIdentifier })).optional(),
    custom: CustomFieldsDraft.optional(),
    stores: z.array(StoreResourceIdentifier).optional(),
    authenticationMode: AuthenticationMode.optional(),
    anonymousCartId: z.string().optional(),
    anonymousCart: ResourceIdentifier.optional(),
    anonymousId: z.string().optional(),
  })
  .check(requiredWhen('password', (draft) => draft.authenticationMode !== 'ExternalAuth'));
export type CustomerDraft = z.infer<typeof CustomerDraft>;

const normalisedEmail = (email: string) => email.toLowerCase();
/** The `email` index entry of a Store-specific customer, one per store. */
const storeEmail = (storeKey: string, normalised: string) => `store=${storeKey}/${normalised}`;

function emailIndexValues(customer: Pick<Customer, 'email' | 'stores'>): string[] {
  const email = normalisedEmail(customer.email);
  return customer.stores.length === 0 ? [email] : customer.stores.map((store) => storeEmail(store.key, email));
}

const duplicateEmail = (email: string) =>
  errors.duplicateField('email', email, 'There is already an existing customer with the provided email.');

/**
 * The cross-kind half of email uniqueness (the index catches customers of the same kind and store):
 * a global customer's email must not be used by a Store-specific one, and the other way round.
 */
function assertEmailAvailable(customer: Pick<Customer, 'email' | 'stores'> & { id?: string }, ctx: ResourceContext): void {
  const email = normalisedEmail(customer.email);
  const taken = (holder: StoredDocument | undefined) => holder !== undefined && holder.id !== customer.id;
  if (customer.stores.length > 0) {
    if (taken(ctx.findUnique('customer', 'email', email))) throw duplicateEmail(customer.email);
    return;
  }
  for (const store of ctx.scan('store')) {
    if (taken(ctx.findUnique('customer', 'email', storeEmail(store.key as string, email)))) throw duplicateEmail(customer.email);
  }
}

/**
 * A customer's `locale` must be one of the project's languages (400 ProjectNotConfiguredForLanguages);
 * `en-US` passes for a project with `en`. A project whose settings name no languages (the mock's
 * fresh default) accepts any.
 */
function checkLocale(locale: string | null | undefined, ctx: ResourceContext): void {
  if (locale == null) return;
  const configured = (ctx.get('project', 'settings')?.languages as string[] | undefined) ?? [];
  if (configured.length === 0 || configured.includes(locale) || configured.includes(locale.split('-')[0]!)) return;
  throw errors.projectNotConfiguredForLanguages([locale]);
}

function addressIdAt(addresses: Address[], index: number | undefined, field: string): string | undefined {
  if (index === undefined) return undefined;
  const address = addresses[index];
  if (!address) throw errors.invalidOperation(`The index ${index} of '${field}' does not point to an address of the draft.`);
  return address.id;
}

/** Finds an address by `addressId` or `addressKey`, as the address actions name it. */
function findAddress(customer: Customer, a: { addressId?: string | undefined; addressKey?: string | undefined }): Address {
  if (a.addressId === undefined && a.addressKey === undefined) throw errors.invalidInput('Either addressId or addressKey is required.');
  const found = customer.addresses.find((address) =>
    a.addressId !== undefined ? address.id === a.addressId : a.addressKey !== undefined && address.key === a.addressKey,
  );
  if (!found)
    throw errors.invalidInput(
      `The customer does not have an address with ${a.addressId !== undefined ? `ID '${a.addressId}'` : `key '${a.addressKey}'`}.`,
    );
  return found;
}

function assertAddressKeyFree(customer: Customer, key: string | undefined, exceptId?: string): void {
  if (key !== undefined && customer.addresses.some((address) => address.key === key && address.id !== exceptId)) {
    throw errors.duplicateField('addresses.key', key);
  }
}

const AddressLocator = z.object({ addressId: z.string().optional(), addressKey: z.string().optional() });

function removeAddressId(list: string[], id: string): string[] {
  return list.filter((entry) => entry !== id);
}

export const customers = defineResource<CustomerDraft, Customer>({
  typeId: 'customer',
  path: 'customers',
  draft: CustomerDraft,
  create(draft, ctx) {
    const addresses = (draft.addresses ?? []).map((address) => addressFromDraft(address, ctx));
    const authenticationMode = draft.authenticationMode ?? 'Password';
    checkLocale(draft.locale, ctx);
    const stores: Customer['stores'] = [];
    for (const store of draft.stores ?? []) {
      const reference = ctx.keyReference('store', store) as { typeId: 'store'; key: string };
      if (!stores.some((s) => s.key === reference.key)) stores.push(reference);
    }
    assertEmailAvailable({ email: draft.email, stores }, ctx);
    const customer: Omit<Customer, 'id' | 'version' | 'createdAt' | 'lastModifiedAt' | 'createdBy' | 'lastModifiedBy'> = {
      email: draft.email,
      addresses,
      shippingAddressIds: (draft.shippingAddresses ?? []).map((i) => addressIdAt(addresses, i, 'shippingAddresses')!),
      billingAddressIds: (draft.billingAddresses ?? []).map((i) => addressIdAt(addresses, i, 'billingAddresses')!),
      isEmailVerified: draft.isEmailVerified ?? false,
      customerGroupAssignments: (draft.customerGroupAssignments ?? []).map((a) => ({
        customerGroup: ctx.reference('customer-group', a.customerGroup),
      })),
      stores,
      authenticationMode,
    };
    // ExternalAuth customers have no password, even when the draft brings one.
    if (authenticationMode === 'Password') customer.password = hashPassword(draft.password!);
    for (const field of [
      'key',
      'customerNumber',
      'externalId',
      'firstName',
      'lastName',
      'middleName',
      'title',
      'salutation',
      'dateOfBirth',
      'companyName',
      'vatId',
      'locale',
    ] as const) {
      if (draft[field] !== undefined) customer[field] = draft[field];
    }
    const defaultShipping = addressIdAt(addresses, draft.defaultShippingAddress, 'defaultShippingAddress');
    const defaultBilling = addressIdAt(addresses, draft.defaultBillingAddress, 'defaultBillingAddress');
    if (defaultShipping) customer.defaultShippingAddressId = defaultShipping;
    if (defaultBilling) customer.defaultBillingAddressId = defaultBilling;
    if (draft.customerGroup) customer.customerGroup = ctx.reference('customer-group', draft.customerGroup);
    const custom = customFields(draft.custom, ctx);
    if (custom) customer.custom = custom;
    return customer;
  },
  createdBody: (customer) => ({ customer }),
  unique: {
    email: {
      values: emailIndexValues,
      duplicate: (_value, customer) => duplicateEmail(customer.email),
    },
    customerNumber: {
      values: (customer) => (customer.customerNumber ? [customer.customerNumber] : []),
      duplicate: (value) => errors.duplicateField('customerNumber', value),
    },
  },
  actions: {
    changeEmail: action(z.object({ email: z.string().min(1) }), (customer, a, ctx) => {
      if (customer.email === a.email) return;
      customer.email = a.email;
      customer.isEmailVerified = false;
      assertEmailAvailable(customer, ctx);
    }),
    setKey: setter('key', Key),
    setFirstName: setter('firstName', z.string()),
    setLastName: setter('lastName', z.string()),
    setMiddleName: setter('middleName', z.string()),
    setTitle: setter('title', z.string()),
    setSalutation: setter('salutation', z.string()),
    setDateOfBirth: setter('dateOfBirth', z.iso.date()),
    setCompanyName: setter('companyName', z.string()),
    setVatId: setter('vatId', z.string()),
    setLocale: action(z.object({ locale: z.string().optional().nullable() }), (customer, a, ctx) => {
      checkLocale(a.locale, ctx);
      setField(customer, 'locale', a.locale);
    }),
    setExternalId: setter('externalId', z.string()),
    setCustomerNumber: action(z.object({ customerNumber: z.string().optional().nullable() }), (customer, a) => {
      if (customer.customerNumber !== undefined && customer.customerNumber !== (a.customerNumber ?? undefined)) {
        throw errors.invalidOperation('The customer number can only be set once: it cannot be changed or removed.');
      }
      setField(customer, 'customerNumber', a.customerNumber);
    }),
    setCustomerGroup: action(z.object({ customerGroup: ResourceIdentifier.optional().nullable() }), (customer, a, ctx) => {
      setField(customer, 'customerGroup', a.customerGroup ? ctx.reference('customer-group', a.customerGroup) : undefined);
    }),
    setCustomerGroupAssignments: action(
      z.object({ customerGroupAssignments: z.array(z.object({ customerGroup: ResourceIdentifier })) }),
      (customer, a, ctx) => {
        const references: Reference[] = [];
        for (const assignment of a.customerGroupAssignments) {
          const reference = ctx.reference('customer-group', assignment.customerGroup);
          if (!references.some((r) => r.id === reference.id)) references.push(reference);
        }
        customer.customerGroupAssignments = references.map((customerGroup) => ({ customerGroup }));
      },
    ),
    addCustomerGroupAssignment: action(
      z.object({ customerGroupAssignment: z.object({ customerGroup: ResourceIdentifier }) }),
      (customer, a, ctx) => {
        const reference = ctx.reference('customer-group', a.customerGroupAssignment.customerGroup);
        if (!customer.customerGroupAssignments.some((g) => g.customerGroup.id === reference.id)) {
          customer.customerGroupAssignments.push({ customerGroup: reference });
        }
      },
    ),
    removeCustomerGroupAssignment: action(z.object({ customerGroup: ResourceIdentifier }), (customer, a, ctx) => {
      const reference = ctx.reference('customer-group', a.customerGroup);
      customer.customerGroupAssignments = customer.customerGroupAssignments.filter((g) => g.customerGroup.id !== reference.id);
    }),
    setAuthenticationMode: action(z.object({ authMode: AuthenticationMode, password: z.string().min(1).optional() }), (customer, a) => {
      if (a.authMode === customer.authenticationMode)
        throw errors.invalidInput(`The customer already uses the authentication mode '${a.authMode}'.`);
      customer.authenticationMode = a.authMode;
      if (a.authMode === 'ExternalAuth') delete customer.password;
      else if (!a.password) throw errors.invalidOperation('A password is required to switch to the authentication mode Password.');
      else customer.password = hashPassword(a.password);
    }),
    addAddress: action(z.object({ address: BaseAddress }), (customer, a, ctx) => {
      assertAddressKeyFree(customer, a.address.key);
      const address = addressFromDraft(a.address, ctx);
      if (customer.addresses.some((existing) => existing.id === address.id)) throw errors.duplicateField('addresses.id', address.id);
      customer.addresses.push(address);
    }),
    changeAddress: action(AddressLocator.extend({ address: BaseAddress }), (customer, a, ctx) => {
      const current = findAddress(customer, a);
      assertAddressKeyFree(customer, a.address.key, current.id);
      const index = customer.addresses.indexOf(current);
      customer.addresses[index] = addressFromDraft({ ...a.address, id: current.id }, ctx);
    }),
    removeAddress: action(AddressLocator, (customer, a) => {
      const address = findAddress(customer, a);
      customer.addresses = customer.addresses.filter((entry) => entry !== address);
      customer.shippingAddressIds = removeAddressId(customer.shippingAddressIds, address.id);
      customer.billingAddressIds = removeAddressId(customer.billingAddressIds, address.id);
      if (customer.defaultShippingAddressId === address.id) delete customer.defaultShippingAddressId;
      if (customer.defaultBillingAddressId === address.id) delete customer.defaultBillingAddressId;
    }),
    // Neither addressId nor addressKey: the default is unset (tolerated; the platform asks for one).
    setDefaultShippingAddress: action(AddressLocator, (customer, a) => {
      if (a.addressId === undefined && a.addressKey === undefined) return void delete customer.defaultShippingAddressId;
      const { id } = findAddress(customer, a);
      customer.defaultShippingAddressId = id;
      if (!customer.shippingAddressIds.includes(id)) customer.shippingAddressIds.push(id);
    }),
    setDefaultBillingAddress: action(AddressLocator, (customer, a) => {
      if (a.addressId === undefined && a.addressKey === undefined) return void delete customer.defaultBillingAddressId;
      const { id } = findAddress(customer, a);
      customer.defaultBillingAddressId = id;
      if (!customer.billingAddressIds.includes(id)) customer.billingAddressIds.push(id);
    }),
    addShippingAddressId: action(AddressLocator, (customer, a) => {
      const { id } = findAddress(customer, a);
      if (!customer.shippingAddressIds.includes(id)) customer.shippingAddressIds.push(id);
    }),
    removeShippingAddressId: action(AddressLocator, (customer, a) => {
      const { id } = findAddress(customer, a);
      customer.shippingAddressIds = removeAddressId(customer.shippingAddressIds, id);
      if (customer.defaultShippingAddressId === id) delete customer.defaultShippingAddressId;
    }),
    addBillingAddressId: action(AddressLocator, (customer, a) => {
      const { id } = findAddress(customer, a);
      if (!customer.billingAddressIds.includes(id)) customer.billingAddressIds.push(id);
    }),
    removeBillingAddressId: action(AddressLocator, (customer, a) => {
      const { id } = findAddress(customer, a);
      customer.billingAddressIds = removeAddressId(customer.billingAddressIds, id);
      if (customer.defaultBillingAddressId === id) delete customer.defaultBillingAddressId;
    }),
    addStore: action(z.object({ store: StoreResourceIdentifier }), (customer, a, ctx) => {
      const store = ctx.keyReference('store', a.store) as { typeId: 'store'; key: string };
      if (customer.stores.some((s) => s.key === store.key)) return;
      customer.stores.push(store);
      assertEmailAvailable(customer, ctx);
    }),
    removeStore: action(z.object({ store: StoreResourceIdentifier }), (customer, a, ctx) => {
      // By key as given, or the key of the store with the given id (a deleted store can still be removed by key).
      const key = a.store.key ?? (ctx.get('store', a.store.id ?? '')?.key as string | undefined);
      if (key === undefined) throw errors.referencedResourceNotFound('store', { id: a.store.id ?? '' });
      const remaining = customer.stores.filter((s) => s.key !== key);
      if (remaining.length === customer.stores.length) return;
      customer.stores = remaining;
      assertEmailAvailable(customer, ctx);
    }),
    setStores: action(z.object({ stores: z.array(StoreResourceIdentifier).optional().nullable() }), (customer, a, ctx) => {
      const stores: Customer['stores'] = [];
      for (const identifier of a.stores ?? []) {
        const reference = ctx.keyReference('store', identifier) as { typeId: 'store'; key: string };
        if (!stores.some((s) => s.key === reference.key)) stores.push(reference);
      }
      customer.stores = stores;
      assertEmailAvailable(customer, ctx);
    }),
    ...customFieldActions,
    setAddressCustomType: action(AddressLocator.extend(SetCustomType.shape), (customer, a, ctx) =>
      applyCustomType(findAddress(customer, a) as Address & { custom?: CustomFields }, a, ctx),
    ),
    setAddressCustomField: action(AddressLocator.extend(SetCustomField.shape), (customer, a) =>
      applyCustomField(findAddress(customer, a) as Address & { custom?: CustomFields }, a),
    ),
  },
  routes: [
    // Sign-up: a create that also signs the anonymous session's resources over to the new customer.
    { method: 'POST', path: '', handle: (call, repository) => signUp(call, repository) },
    ...customerAccountRoutes(),
  ],
});

// Finding customers for sign-in and account flows -------------------------------------------------

/** Whether the customer can be reached from an endpoint of this store (global endpoints: `undefined`). */
export function customerInStore(customer: Pick<Customer, 'stores'>, storeKey: string | undefined): boolean {
  if (storeKey === undefined) return true;
  return customer.stores.length === 0 || customer.stores.some((s) => s.key === storeKey);
}

/**
 * The customer who signs in with this email (case-insensitive): on global endpoints a global
 * customer; in a store a customer of that store, or else a global one.
 */
export function customerByEmail(ctx: ResourceContext, email: string, storeKey?: string): Customer | undefined {
  const normalised = normalisedEmail(email);
  if (storeKey !== undefined) {
    const inStore = ctx.findUnique('customer', 'email', storeEmail(storeKey, normalised));
    if (inStore) return inStore as Customer;
  }
  return ctx.findUnique('customer', 'email', normalised) as Customer | undefined;
}

/** The customer with this email (case-insensitive) and password, if any; in a store, only customers of it (and global ones). */
export function authenticateCustomer(ctx: ResourceContext, email: string, password: string, storeKey?: string): Customer | undefined {
  const customer = customerByEmail(ctx, email, storeKey);
  if (!customer || customer.authenticationMode === 'ExternalAuth' || !verifyPassword(password, customer.password)) return undefined;
  return customer;
}

// Internal changes the account flows make (not update actions a client may send) ------------------

const internalActions: Record<string, UpdateAction<Customer>> = {
  setPasswordHash: action(z.object({ password: z.string() }), (customer, a) => {
    customer.password = a.password;
  }),
  verifyEmail: action(z.object({}), (customer) => {
    customer.isEmailVerified = true;
  }),
};

let accountDefinition: ResourceDefinition | undefined;
function withInternalActions(): ResourceDefinition {
  return (accountDefinition ??= { ...customers, actions: { ...customers.actions, ...internalActions } } as ResourceDefinition);
}

function applyInternal(repository: Engine, customer: Customer, name: string, payload: object, ctx: ResourceContext): Customer {
  return repository.apply(withInternalActions(), customer, [{ name, payload }], ctx) as Customer;
}

function checkVersion(customer: Customer, version: number | undefined): void {
  if (version !== undefined && customer.version !== version) throw errors.concurrentModification(customer.id, version, customer.version);
}

// Password and email tokens ---------------------------------------------------------------------

type TokenKind = 'password' | 'email';

/** Tokens are stored documents of their own collections, found by `value` (their storage key). */
export const TOKEN_COLLECTIONS: Record<TokenKind, string> = { password: 'customer-password-token', email: 'customer-email-token' };

/** The platform's CustomerToken, as stored (plus the store it was issued in, kept out of responses). */
export interface CustomerToken extends StoredDocument {
  customerId: string;
  value: string;
  expiresAt: string;
  invalidateOlderTokens: boolean;
  createdAt: string;
  lastModifiedAt: string;
  storeKey?: string;
}

function tokenBody(token: CustomerToken) {
  return {
    id: token.id,
    customerId: token.customerId,
    value: token.value,
    expiresAt: token.expiresAt,
    invalidateOlderTokens: token.invalidateOlderTokens,
    createdAt: token.createdAt,
    lastModifiedAt: token.lastModifiedAt,
  };
}

function issueToken(
  repository: Engine,
  ctx: ResourceContext,
  kind: TokenKind,
  customer: Customer,
  ttlMinutes: number,
  invalidateOlderTokens: boolean,
  storeKey: string | undefined,
): CustomerToken {
  const token: CustomerToken = {
    id: uuid(),
    version: 1,
    customerId: customer.id,
    value: randomBytes(24).toString('base64url'),
    expiresAt: new Date(Date.parse(ctx.now) + ttlMinutes * 60_000).toISOString(),
    invalidateOlderTokens,
    createdAt: ctx.now,
    lastModifiedAt: ctx.now,
    ...(storeKey !== undefined ? { storeKey } : {}),
  };
  repository.transaction(() => {
    if (invalidateOlderTokens) revokeTokens(repository, ctx.project, kind, customer.id);
    repository.storage.write(ctx.project, TOKEN_COLLECTIONS[kind], token, { expectedVersion: 0, key: token.value });
  });
  return token;
}

/** Removes every token of this kind the customer holds (after a reset or a verification, and for `invalidateOlderTokens`). */
function revokeTokens(repository: Engine, project: string, kind: TokenKind, customerId: string): void {
  const collection = TOKEN_COLLECTIONS[kind];
  const held = [...repository.storage.scan(project, collection)].filter((token) => token.customerId === customerId);
  for (const token of held) repository.storage.delete(project, collection, token.id);
}

/** The customer a token value stands for: 404 when unknown (or used), 400 when expired. */
function redeem(repository: Engine, ctx: ResourceContext, kind: TokenKind, value: string, storeKey: string | undefined): Customer {
  const token = repository.storage.getByKey(ctx.project, TOKEN_COLLECTIONS[kind], value) as CustomerToken | undefined;
  if (!token) throw customerErrors.tokenNotFound(kind);
  const customer = ctx.get('customer', token.customerId) as Customer | undefined;
  if (!customer || !customerInStore(customer, storeKey)) throw customerErrors.tokenNotFound(kind);
  if (Date.parse(token.expiresAt) <= Date.parse(ctx.now))
    throw kind === 'password' ? customerErrors.expiredPasswordToken() : customerErrors.expiredEmailToken();
  return customer;
}

/**
 * Spends a token: finds its customer, checks the version the request names, then applies one
 * internal action and revokes the customer's tokens of that kind, together or not at all.
 */
function redeemInto(
  call: ApiCall,
  repository: Engine,
  storeKey: string | undefined,
  kind: TokenKind,
  body: { tokenValue: string; version?: number | undefined },
  action: string,
  payload: object,
): Customer {
  const customer = redeem(repository, call.ctx, kind, body.tokenValue, storeKey);
  checkVersion(customer, body.version);
  return repository.transaction(() => {
    const next = applyInternal(repository, customer, action, payload, call.ctx);
    revokeTokens(repository, call.ctx.project, kind, customer.id);
    return next;
  });
}

const TtlMinutes = z.number().int().min(1);

const CreatePasswordToken = z.object({
  email: z.string().min(1),
  ttlMinutes: TtlMinutes.optional(),
  invalidateOlderTokens: z.boolean().optional(),
});
const ResetPassword = z.object({
  tokenValue: z.string().min(1),
  newPassword: z.string().min(1),
  version: z.number().int().min(1).optional(),
});
const ChangePassword = z.object({
  id: z.string().min(1),
  version: z.number().int().min(1),
  currentPassword: z.string(),
  newPassword: z.string().min(1),
});
const CreateEmailToken = z.object({
  id: z.string().min(1),
  version: z.number().int().min(1).optional(),
  ttlMinutes: TtlMinutes,
  invalidateOlderTokens: z.boolean().optional(),
});
const VerifyEmail = z.object({ tokenValue: z.string().min(1), version: z.number().int().min(1).optional() });

/** A customer by id as an account endpoint of this store reaches it: 404 otherwise. */
function customerById(ctx: ResourceContext, id: string, storeKey: string | undefined): Customer {
  const customer = ctx.get('customer', id) as Customer | undefined;
  if (!customer || !customerInStore(customer, storeKey)) throw errors.resourceNotFound({ id });
  return customer;
}

/**
 * The account routes under `customers/`: password change, password reset and email verification
 * tokens. `storeKeyOf` gives the store of an in-store route (`undefined` for the global ones).
 */
export function customerAccountRoutes(storeKeyOf: (call: ApiCall) => string | undefined = () => undefined): CustomRoute[] {
  return [
    {
      method: 'POST',
      path: 'password',
      handle: (call, repository) => {
        const body = validate(ChangePassword, call.json());
        const customer = customerById(call.ctx, body.id, storeKeyOf(call));
        checkVersion(customer, body.version);
        if (customer.authenticationMode === 'ExternalAuth') {
          throw errors.invalidOperation('The customer uses the authentication mode ExternalAuth and has no password to change.');
        }
        if (!verifyPassword(body.currentPassword, customer.password)) throw errors.invalidCurrentPassword();
        return ok(
          call.expand(applyInternal(repository, customer, 'setPasswordHash', { password: hashPassword(body.newPassword) }, call.ctx)),
        );
      },
    },
    {
      method: 'POST',
      path: 'password-token',
      handle: (call, repository) => {
        const body = validate(CreatePasswordToken, call.json());
        const storeKey = storeKeyOf(call);
        const customer = customerByEmail(call.ctx, body.email, storeKey);
        if (!customer) throw customerErrors.emailNotFound(body.email);
        return ok(
          tokenBody(
            issueToken(repository, call.ctx, 'password', customer, body.ttlMinutes ?? 1440, body.invalidateOlderTokens ?? false, storeKey),
          ),
        );
      },
    },
    {
      method: 'GET',
      path: 'password-token=:token',
      handle: (call, repository) => ok(call.expand(redeem(repository, call.ctx, 'password', call.params.token!, storeKeyOf(call)))),
    },
    {
      method: 'POST',
      path: 'password/reset',
      handle: (call, repository) => {
        const body = validate(ResetPassword, call.json());
        const updated = redeemInto(call, repository, storeKeyOf(call), 'password', body, 'setPasswordHash', {
          password: hashPassword(body.newPassword),
        });
        return ok(call.expand(updated));
      },
    },
    {
      method: 'POST',
      path: 'email-token',
      handle: (call, repository) => {
        const body = validate(CreateEmailToken, call.json());
        const storeKey = storeKeyOf(call);
        const customer = customerById(call.ctx, body.id, storeKey);
        checkVersion(customer, body.version);
        return ok(
          tokenBody(issueToken(repository, call.ctx, 'email', customer, body.ttlMinutes, body.invalidateOlderTokens ?? false, storeKey)),
        );
      },
    },
    {
      method: 'GET',
      path: 'email-token=:token',
      handle: (call, repository) => ok(call.expand(redeem(repository, call.ctx, 'email', call.params.token!, storeKeyOf(call)))),
    },
    {
      method: 'POST',
      path: 'email/confirm',
      handle: (call, repository) => {
        const body = validate(VerifyEmail, call.json());
        return ok(call.expand(redeemInto(call, repository, storeKeyOf(call), 'email', body, 'verifyEmail', {})));
      },
    },
  ];
}

// Sign-up and sign-in ----------------------------------------------------------------------------

/**
 * The resource types whose documents an anonymous session's `anonymousId` owns and that pass to the
 * customer on sign-in or sign-up, each through its own action (`setCustomer`; orders: `setCustomerId`).
 * The session's active cart passes through the cart merge (`mergeAnonymousCart`); its other
 * (non-active) carts keep their anonymous owner.
 */
const ANONYMOUS_OWNED: Array<{ typeId: string; assign: (customerId: string) => { name: string; payload: object } }> = [
  { typeId: 'payment', assign: (id) => ({ name: 'setCustomer', payload: { customer: { typeId: 'customer', id } } }) },
  { typeId: 'shopping-list', assign: (id) => ({ name: 'setCustomer', payload: { customer: { typeId: 'customer', id } } }) },
  { typeId: 'order', assign: (id) => ({ name: 'setCustomerId', payload: { customerId: id } }) },
];

/** Signs the anonymous session's payments, shopping lists and orders (those without a customer) over to the customer. */
export function assignAnonymousResources(repository: Engine, ctx: ResourceContext, customerId: string, anonymousId: string): void {
  for (const owned of ANONYMOUS_OWNED) {
    if (!repository.serves(owned.typeId)) continue;
    const definition = repository.definition(owned.typeId);
    const documents = [...ctx.scan(owned.typeId)].filter(
      (document) => document.anonymousId === anonymousId && document.customer === undefined && document.customerId === undefined,
    );
    for (const document of documents) repository.apply(definition, document, [owned.assign(customerId)], ctx);
  }
}

interface AnonymousSession {
  anonymousCart?: { id?: string | undefined; key?: string | undefined } | undefined;
  anonymousCartId?: string | undefined;
  anonymousId?: string | undefined;
  anonymousCartSignInMode?: 'MergeWithExistingCustomerCart' | 'UseAsNewActiveCustomerCart' | undefined;
  updateProductData?: boolean | undefined;
}

/**
 * What signing in (or up) does with an anonymous session: the anonymous cart (named by
 * `anonymousCart` / `anonymousCartId`, else the session's active cart) is merged into the customer's
 * active cart per `anonymousCartSignInMode`, and the session's payments and shopping lists become
 * the customer's. Answers the customer's active cart afterwards, if any. Run inside a transaction.
 */
function takeOverSession(
  repository: Engine,
  ctx: ResourceContext,
  customerId: string,
  session: AnonymousSession,
  storeKey: string | undefined,
): Cart | undefined {
  let cart: Cart | undefined;
  if (repository.serves('cart')) {
    let anonymousCartId = session.anonymousCart?.id ?? session.anonymousCartId;
    if (anonymousCartId === undefined && session.anonymousCart?.key !== undefined) {
      const byKey = ctx.getByKey('cart', session.anonymousCart.key);
      if (!byKey) throw errors.referencedResourceNotFound('cart', { key: session.anonymousCart.key });
      anonymousCartId = byKey.id;
    }
    cart = mergeAnonymousCart(repository, ctx, {
      customerId,
      ...(anonymousCartId !== undefined ? { anonymousCartId } : {}),
      ...(session.anonymousId !== undefined ? { anonymousId: session.anonymousId } : {}),
      ...(session.anonymousCartSignInMode !== undefined ? { mergeMode: session.anonymousCartSignInMode } : {}),
      ...(session.updateProductData !== undefined ? { updateProductData: session.updateProductData } : {}),
      ...(storeKey !== undefined ? { storeKey } : {}),
    });
  }
  if (session.anonymousId !== undefined) assignAnonymousResources(repository, ctx, customerId, session.anonymousId);
  return cart;
}

/** `{customer}`, plus `cart` when the customer has an active cart. */
function signInResult(call: ApiCall, repository: Engine, customer: Customer, cart: Cart | undefined) {
  return cart ? { customer: call.expand(customer), cart } : { customer: call.expand(customer) };
}

function signUp(call: ApiCall, repository: Engine, storeKey?: string): Reply {
  const input = call.json();
  const result = repository.transaction(() => {
    const draft = storeKey !== undefined ? withStore(input, storeKey) : input;
    const customer = repository.create(customers, draft, call.ctx) as Customer;
    // Validated by the create above.
    const session = input as CustomerDraft;
    const cart = takeOverSession(repository, call.ctx, customer.id, session, storeKey);
    return { customer, cart };
  });
  return created(signInResult(call, repository, result.customer, result.cart));
}

/** An in-store sign-up makes a customer of that store unless the draft names stores itself. */
function withStore(input: unknown, storeKey: string): unknown {
  if (!isPlainObject(input) || (input as { stores?: unknown }).stores !== undefined) return input;
  return { ...(input as object), stores: [{ typeId: 'store', key: storeKey }] };
}

/** `POST /customers` with the rules of a store (for `/in-store/key={storeKey}/customers`). */
export function signUpInStore(call: ApiCall, repository: Engine, storeKey: string): Reply {
  return signUp(call, repository, storeKey);
}

const LoginDraft = z.object({
  email: z.string().min(1),
  password: z.string().min(1),
  anonymousCartId: z.string().optional(),
  anonymousCart: ResourceIdentifier.optional(),
  anonymousCartSignInMode: z.enum(['MergeWithExistingCustomerCart', 'UseAsNewActiveCustomerCart']).optional(),
  anonymousId: z.string().optional(),
  updateProductData: z.boolean().optional(),
});

/**
 * Sign-in (`POST /login`, and `/in-store/key={storeKey}/login` with `storeKey`): answers
 * `{customer, cart?}`; an anonymous cart is merged per `anonymousCartSignInMode` and the session's
 * payments and shopping lists pass to the customer (see `takeOverSession`), all or nothing.
 */
export function signIn(call: ApiCall, repository: Engine, storeKey?: string): Reply {
  const draft = validate(LoginDraft, call.json());
  const customer = authenticateCustomer(call.ctx, draft.email, draft.password, storeKey);
  if (!customer) throw errors.invalidCredentials();
  const cart = repository.transaction(() => takeOverSession(repository, call.ctx, customer.id, draft, storeKey));
  return ok(signInResult(call, repository, customer, cart));
}

/** `POST /{projectKey}/login`. */
export function loginRoutes(repository: Engine): Route[] {
  return [route('POST', '', (call) => signIn(call, repository))];
}
