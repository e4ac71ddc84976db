import { z } from 'zod';
import { errors } from '../http/errors.js';
import { ok, route } from '../http/router.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import type { StoredDocument } from '../storage/types.js';
import { action, defineResource, type Reference, type ResourceContext } from './define.js';
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
import { BaseAddress, CustomFieldsDraft, Key, ResourceIdentifier, validate } from './validation.js';

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

const StoreIdentifier = z.object({ typeId: z.literal('store').optional(), key: z.string().optional(), id: z.string().optional() });

export const CustomerDraft = z.object({
  email: z.string().min(1),
  password: z.string().min(1),
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
  stores: z.array(StoreIdentifier).optional(),
  authenticationMode: z.enum(['Password', 'ExternalAuth']).optional(),
  anonymousCartId: z.string().optional(),
  anonymousCart: ResourceIdentifier.optional(),
  anonymousId: z.string().optional(),
});
export type CustomerDraft = z.infer<typeof CustomerDraft>;

const normalisedEmail = (email: string) => email.toLowerCase();

function storeKeyReference(identifier: z.infer<typeof StoreIdentifier>, ctx: ResourceContext): { typeId: 'store'; key: string } {
  const store = identifier.key !== undefined ? ctx.getByKey('store', identifier.key) : ctx.get('store', identifier.id ?? '');
  if (!store) throw errors.referencedResourceNotFound('store', identifier.key !== undefined ? { key: identifier.key } : { id: identifier.id ?? '' });
  return { typeId: 'store', key: store.key as string };
}

function addressIdAt(addresses: Address[], index: number | undefined, field: string): string | undefined {
  if (index === undefined) return undefined;
  const address = addresses[index];
  if (!address) throw errors.invalidOperation(`The index ${index} of '${field}' does not point to an address of the draft.`);
  return address.id;
}

/** Finds an address by `addressId` or `addressKey`, as the address actions name it. */
function findAddress(customer: Customer, a: { addressId?: string | undefined; addressKey?: string | undefined }): Address {
  const found = customer.addresses.find((address) =>
    a.addressId !== undefined ? address.id === a.addressId : a.addressKey !== undefined && address.key === a.addressKey,
  );
  if (!found) throw errors.invalidInput(`The customer does not have an address with ${a.addressId !== undefined ? `ID '${a.addressId}'` : `key '${a.addressKey}'`}.`);
  return found;
}

const AddressLocator = z.object({ addressId: z.string().optional(), addressKey: z.string().optional() });
const OptionalAddressLocator = AddressLocator;

function removeAddressId(list: string[], id: string): string[] {
  return list.filter((entry) => entry !== id);
}

export const customers = defineResource<CustomerDraft, Customer>({
  typeId: 'customer',
  path: 'customers',
  draft: CustomerDraft,
  create(draft, ctx) {
    const addresses = (draft.addresses ?? []).map((address) => addressFromDraft(address, ctx));
    const customer: Omit<Customer, 'id' | 'version' | 'createdAt' | 'lastModifiedAt' | 'createdBy' | 'lastModifiedBy'> = {
      email: draft.email,
      password: hashPassword(draft.password),
      addresses,
      shippingAddressIds: (draft.shippingAddresses ?? []).map((i) => addressIdAt(addresses, i, 'shippingAddresses')!),
      billingAddressIds: (draft.billingAddresses ?? []).map((i) => addressIdAt(addresses, i, 'billingAddresses')!),
      isEmailVerified: draft.isEmailVerified ?? false,
      customerGroupAssignments: (draft.customerGroupAssignments ?? []).map((a) => ({ customerGroup: ctx.reference('customer-group', a.customerGroup) })),
      stores: (draft.stores ?? []).map((store) => storeKeyReference(store, ctx)),
      authenticationMode: draft.authenticationMode ?? 'Password',
    };
    for (const field of [
      'key', 'customerNumber', 'externalId', 'firstName', 'lastName', 'middleName', 'title', 'salutation',
      'dateOfBirth', 'companyName', 'vatId', 'locale',
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
      values: (customer) => [normalisedEmail(customer.email)],
      duplicate: (_normalised, customer) =>
        errors.duplicateField('email', customer.email, 'There is already an existing customer with the provided email.'),
    },
    customerNumber: {
      values: (customer) => (customer.customerNumber ? [customer.customerNumber] : []),
      duplicate: (value) => errors.duplicateField('customerNumber', value),
    },
  },
  actions: {
    changeEmail: action(z.object({ email: z.string().min(1) }), (customer, a) => {
      customer.email = a.email;
      customer.isEmailVerified = false;
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
    setLocale: setter('locale', z.string()),
    setExternalId: setter('externalId', z.string()),
    setCustomerNumber: action(z.object({ customerNumber: z.string().optional() }), (customer, a) => {
      if (customer.customerNumber !== undefined) throw errors.invalidOperation('The customer number can only be set once.');
      setField(customer, 'customerNumber', a.customerNumber);
    }),
    setCustomerGroup: action(z.object({ customerGroup: ResourceIdentifier.optional().nullable() }), (customer, a, ctx) => {
      setField(customer, 'customerGroup', a.customerGroup ? ctx.reference('customer-group', a.customerGroup) : undefined);
    }),
    setCustomerGroupAssignments: action(
      z.object({ customerGroupAssignments: z.array(z.object({ customerGroup: ResourceIdentifier })) }),
      (customer, a, ctx) => {
        customer.customerGroupAssignments = a.customerGroupAssignments.map((g) => ({ customerGroup: ctx.reference('customer-group', g.customerGroup) }));
      },
    ),
    addCustomerGroupAssignment: action(z.object({ customerGroupAssignment: z.object({ customerGroup: ResourceIdentifier }) }), (customer, a, ctx) => {
      const reference = ctx.reference('customer-group', a.customerGroupAssignment.customerGroup);
      if (!customer.customerGroupAssignments.some((g) => g.customerGroup.id === reference.id)) {
        customer.customerGroupAssignments.push({ customerGroup: reference });
      }
    }),
    removeCustomerGroupAssignment: action(z.object({ customerGroup: ResourceIdentifier }), (customer, a, ctx) => {
      const reference = ctx.reference('customer-group', a.customerGroup);
      customer.customerGroupAssignments = customer.customerGroupAssignments.filter((g) => g.customerGroup.id !== reference.id);
    }),
    setAuthenticationMode: action(
      z.object({ authMode: z.enum(['Password', 'ExternalAuth']), password: z.string().min(1).optional() }),
      (customer, a) => {
        if (a.authMode === customer.authenticationMode) throw errors.invalidInput(`The customer already uses the authentication mode '${a.authMode}'.`);
        customer.authenticationMode = a.authMode;
        if (a.authMode === 'ExternalAuth') delete customer.password;
        else if (!a.password) throw errors.invalidOperation('A password is required to switch to the authentication mode Password.');
        else customer.password = hashPassword(a.password);
      },
    ),
    addAddress: action(z.object({ address: BaseAddress }), (customer, a, ctx) => {
      if (a.address.key !== undefined && customer.addresses.some((address) => address.key === a.address.key)) {
        throw errors.duplicateField('addresses.key', a.address.key);
      }
      customer.addresses.push(addressFromDraft(a.address, ctx));
    }),
    changeAddress: action(AddressLocator.extend({ address: BaseAddress }), (customer, a, ctx) => {
      const current = findAddress(customer, a);
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
    setDefaultShippingAddress: action(OptionalAddressLocator, (customer, a) => {
      if (a.addressId === undefined && a.addressKey === undefined) return void delete customer.defaultShippingAddressId;
      const { id } = findAddress(customer, a);
      customer.defaultShippingAddressId = id;
      if (!customer.shippingAddressIds.includes(id)) customer.shippingAddressIds.push(id);
    }),
    setDefaultBillingAddress: action(OptionalAddressLocator, (customer, a) => {
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
    addStore: action(z.object({ store: StoreIdentifier }), (customer, a, ctx) => {
      const store = storeKeyReference(a.store, ctx);
      if (!customer.stores.some((s) => s.key === store.key)) customer.stores.push(store);
    }),
    removeStore: action(z.object({ store: StoreIdentifier }), (customer, a) => {
      customer.stores = customer.stores.filter((s) => s.key !== a.store.key);
    }),
    setStores: action(z.object({ stores: z.array(StoreIdentifier).optional() }), (customer, a, ctx) => {
      customer.stores = (a.stores ?? []).map((store) => storeKeyReference(store, ctx));
    }),
    ...customFieldActions,
    setAddressCustomType: action(AddressLocator.extend(SetCustomType.shape), (customer, a, ctx) =>
      applyCustomType(findAddress(customer, a) as Address & { custom?: CustomFields }, a, ctx),
    ),
    setAddressCustomField: action(AddressLocator.extend(SetCustomField.shape), (customer, a) =>
      applyCustomField(findAddress(customer, a) as Address & { custom?: CustomFields }, a),
    ),
  },
  routes: [],
});

/** The customer with this email (case-insensitive) and password, if any; in a store, only customers of it. */
export function authenticateCustomer(ctx: ResourceContext, email: string, password: string, storeKey?: string): Customer | undefined {
  const customer = ctx.findUnique('customer', 'email', normalisedEmail(email)) as Customer | undefined;
  if (!customer || customer.authenticationMode === 'ExternalAuth' || !verifyPassword(password, customer.password)) return undefined;
  if (storeKey !== undefined && customer.stores.length > 0 && !customer.stores.some((s) => s.key === storeKey)) return undefined;
  return customer;
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

/** `POST /{projectKey}/login`: signs a customer in and answers `{customer}`. */
export const loginRoutes = [
  route('POST', '', (call) => {
    const draft = validate(LoginDraft, call.json());
    const customer = authenticateCustomer(call.ctx, draft.email, draft.password);
    if (!customer) throw errors.invalidCredentials();
    return ok({ customer });
  }),
];
