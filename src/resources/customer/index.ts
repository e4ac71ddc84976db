/**
 * Customers: the resource with every platform update action, plus the account flows served under
 * `/customers` (sign-up, password change, password reset and email verification tokens). Its parts:
 * the draft (draft.ts), email uniqueness across global and Store-specific customers (emails.ts),
 * finding a customer to sign in (authentication.ts), tokens (tokens.ts), the account routes
 * (account.ts) and sign-up/sign-in with the anonymous session's takeover (sign-in.ts).
 */
import * as z from 'zod';
import { hashPassword } from '../../auth/passwords.js';
import { errors } from '../../http/errors.js';
import { addressBookActions } from '../address-book.js';
import { customFieldActionsWithMessages, emitsField, setField, setter } from '../../engine/common-actions.js';
import { action, defineResource, emits, emitsOneOf, extendAction, type Reference, type SdkTypes } from '../../engine/define.js';
import { Key, resourceIdentifier, CalendarDate, LanguageTag } from '../../engine/draft-fields.js';
import { customerAccountRoutes } from './account.js';
import { AuthenticationMode, checkLocale, CustomerDraft, customerFromDraft, storeReferences } from './draft.js';
import { assertEmailAvailable, duplicateEmail, emailIndexValues } from './emails.js';
import type { Customer } from './model.js';
import { loginRoutes, signUp } from './sign-in.js';
import { inStoreLoginRoutes, myAccountRoutes } from './me.js';
import { TokenIssued, tokenCreatedMessage } from './tokens.js';
import { customerScope } from './customer-scope.js';
import { customerSearchRoutes } from './search.js';
import type { Customer as SdkCustomer, CustomerDraft as SdkCustomerDraft } from '@commercetools/platform-sdk';

// What the token server calls, through the type's module once loaded (resources/load.ts).
export { authenticateCustomer } from './authentication.js';

export const customers = defineResource<CustomerDraft, Customer, SdkTypes<SdkCustomerDraft, SdkCustomer>>({
  typeId: 'customer',
  path: 'customers',
  scope: customerScope,
  mounted: (engine) => [
    { router: 'api', prefix: 'login', routes: loginRoutes(engine) },
    ...(['me', 'store-me'] as const).flatMap((router) => myAccountRoutes(engine).map(([prefix, routes]) => ({ router, prefix, routes }))),
    { router: 'store', prefix: 'login', routes: inStoreLoginRoutes(engine) },
  ],
  draft: CustomerDraft,
  create: customerFromDraft,
  createdBody: (customer) => ({ customer }),
  messages: {
    created: { type: 'CustomerCreated', payload: (customer) => ({ customer }) },
    deleted: { type: 'CustomerDeleted', payload: (customer) => ({ email: customer.email }) },
  },
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
    changeEmail: emits(
      action(
        () => z.object({ email: z.string().min(1) }),
        (customer: Customer, a, ctx) => {
          if (customer.email === a.email) return;
          customer.email = a.email;
          customer.isEmailVerified = false;
          assertEmailAvailable(customer, ctx);
        },
      ),
      'CustomerEmailChanged',
      (customer: Customer, _a, oldEmail: string) => ({ email: customer.email, oldEmail }),
      (customer: Customer) => customer.email,
    ),
    setKey: setter('key', Key),
    setFirstName: emits(setter('firstName', z.string()), 'CustomerFirstNameSet', (customer: Customer) => ({
      firstName: customer.firstName,
    })),
    setLastName: emits(setter('lastName', z.string()), 'CustomerLastNameSet', (customer: Customer) => ({ lastName: customer.lastName })),
    setMiddleName: setter('middleName', z.string()),
    setTitle: emitsField(setter('title', z.string()), 'CustomerTitleSet', 'title'),
    setSalutation: setter('salutation', z.string()),
    setDateOfBirth: emitsField(setter('dateOfBirth', CalendarDate), 'CustomerDateOfBirthSet', 'dateOfBirth'),
    setCompanyName: emitsField(setter('companyName', z.string()), 'CustomerCompanyNameSet', 'companyName'),
    setVatId: setter('vatId', z.string()),
    setLocale: action(
      () => z.object({ locale: LanguageTag.optional().nullable() }),
      (customer, a, ctx) => {
        checkLocale(a.locale, ctx);
        setField(customer, 'locale', a.locale);
      },
    ),
    setExternalId: emitsField(setter('externalId', z.string()), 'CustomerExternalIdSet', 'externalId'),
    setCustomerNumber: action(
      () => z.object({ customerNumber: z.string().optional().nullable() }),
      (customer, a) => {
        if (customer.customerNumber !== undefined && customer.customerNumber !== (a.customerNumber ?? undefined)) {
          throw errors.invalidOperation('The customer number can only be set once: it cannot be changed or removed.');
        }
        setField(customer, 'customerNumber', a.customerNumber);
      },
    ),
    setCustomerGroup: emitsField(
      action(
        () => z.object({ customerGroup: resourceIdentifier('customer-group').optional().nullable() }),
        (customer, a, ctx) => {
          setField(customer, 'customerGroup', a.customerGroup ? ctx.reference('customer-group', a.customerGroup) : undefined);
        },
      ),
      'CustomerGroupSet',
      'customerGroup',
    ),
    setCustomerGroupAssignments: emitsField(
      action(
        () => z.object({ customerGroupAssignments: z.array(z.object({ customerGroup: resourceIdentifier('customer-group') })) }),
        (customer, a, ctx) => {
          const references: Reference[] = [];
          for (const assignment of a.customerGroupAssignments) {
            const reference = ctx.reference('customer-group', assignment.customerGroup);
            if (!references.some((r) => r.id === reference.id)) references.push(reference);
          }
          customer.customerGroupAssignments = references.map((customerGroup) => ({ customerGroup }));
        },
      ),
      'CustomerGroupAssignmentsSet',
      'customerGroupAssignments',
      'oldCustomerGroupAssignments',
    ),
    addCustomerGroupAssignment: emits(
      action(
        () => z.object({ customerGroupAssignment: z.object({ customerGroup: resourceIdentifier('customer-group') }) }),
        (customer, a, ctx) => {
          const reference = ctx.reference('customer-group', a.customerGroupAssignment.customerGroup);
          if (!customer.customerGroupAssignments.some((g) => g.customerGroup.id === reference.id)) {
            customer.customerGroupAssignments.push({ customerGroup: reference });
          }
        },
      ),
      'CustomerGroupAssignmentAdded',
      (_customer, a, _old, ctx) => ({
        customerGroupAssignment: { customerGroup: ctx.reference('customer-group', a.customerGroupAssignment.customerGroup) },
      }),
    ),
    removeCustomerGroupAssignment: emits(
      action(
        () => z.object({ customerGroup: resourceIdentifier('customer-group') }),
        (customer, a, ctx) => {
          const reference = ctx.reference('customer-group', a.customerGroup);
          customer.customerGroupAssignments = customer.customerGroupAssignments.filter((g) => g.customerGroup.id !== reference.id);
        },
      ),
      'CustomerGroupAssignmentRemoved',
      (_customer, a, _old, ctx) => ({ customerGroupAssignment: { customerGroup: ctx.reference('customer-group', a.customerGroup) } }),
    ),
    setAuthenticationMode: action(
      () => z.object({ authMode: AuthenticationMode, password: z.string().min(1).optional() }),
      (customer, a) => {
        if (a.authMode === customer.authenticationMode)
          throw errors.invalidInput(`The customer already uses the authentication mode '${a.authMode}'.`);
        customer.authenticationMode = a.authMode;
        if (a.authMode === 'ExternalAuth') delete customer.password;
        else if (!a.password) throw errors.invalidOperation('A password is required to switch to the authentication mode Password.');
        else customer.password = hashPassword(a.password);
      },
    ),
    ...addressBookActions({
      holder: 'customer',
      uniqueIds: true,
      customFieldsByAddressKey: true,
      messages: { prefix: 'Customer', naming: 'previous' },
    }),
    addStore: emitsField(
      action(
        () => z.object({ store: resourceIdentifier('store') }),
        (customer, a, ctx) => {
          const store = ctx.keyReference('store', a.store) as { typeId: 'store'; key: string };
          if (customer.stores.some((s) => s.key === store.key)) return;
          customer.stores.push(store);
          assertEmailAvailable(customer, ctx);
        },
      ),
      'CustomerStoresSet',
      'stores',
      'oldStores',
    ),
    removeStore: emitsField(
      action(
        () => z.object({ store: resourceIdentifier('store') }),
        (customer, a, ctx) => {
          // By key as given, or the key of the store with the given id (a deleted store can still be removed by key).
          const key = a.store.key ?? ctx.get('store', a.store.id ?? '')?.key;
          if (key === undefined) throw errors.referencedResourceNotFound('store', { id: a.store.id ?? '' });
          const remaining = customer.stores.filter((s) => s.key !== key);
          if (remaining.length === customer.stores.length) return;
          customer.stores = remaining;
          assertEmailAvailable(customer, ctx);
        },
      ),
      'CustomerStoresSet',
      'stores',
      'oldStores',
    ),
    setStores: emitsField(
      action(
        () => z.object({ stores: z.array(resourceIdentifier('store')).optional().nullable() }),
        (customer, a, ctx) => {
          customer.stores = storeReferences(a.stores ?? [], ctx);
          assertEmailAvailable(customer, ctx);
        },
      ),
      'CustomerStoresSet',
      'stores',
      'oldStores',
    ),
    ...customFieldActionsWithMessages('Customer', 'previous'),
  },
  internalActions: {
    // The account flows' changes: a password only ever arrives hashed, and only a token verifies an email.
    setPasswordHash: emits(
      action(
        () => z.object({ password: z.string(), reset: z.boolean() }),
        (customer, a) => {
          customer.password = a.password;
        },
      ),
      'CustomerPasswordUpdated',
      (_customer, a) => ({ reset: a.reset }),
    ),
    verifyEmail: emits(
      action(
        () => z.object({}),
        (customer) => {
          customer.isEmailVerified = true;
        },
      ),
      'CustomerEmailVerified',
    ),
    // Issuing a token changes nothing the customer holds (the platform keeps its version) but is told in a message.
    issueToken: emitsOneOf(
      extendAction(
        action(TokenIssued, () => {}),
        { keepsVersion: true },
      ),
      ['CustomerPasswordTokenCreated', 'CustomerEmailTokenCreated'],
      (customer, a) => tokenCreatedMessage(a, customer.id),
    ),
  },
  routes: [
    // Sign-up: a create that also signs the anonymous session's resources over to the new customer.
    { method: 'POST', path: '', handle: (call, engine) => signUp(call, engine) },
    ...customerAccountRoutes(),
    ...customerSearchRoutes,
  ],
});

declare module '../../http/context.js' {
  interface StoredTypes {
    customer: Customer;
  }
}
