/** The CustomerDraft and the customer built from it. */
import * as z from 'zod';
import { sharedPasswordHash } from '../../auth/passwords.js';
import { errors } from '../../http/errors.js';
import { addressIdAt } from '../address-book.js';
import { addressFromDraft, customFields } from '../../engine/common-actions.js';
import type { BaseFields, Identifier, ResourceContext } from '../../engine/define.js';
import { SETTINGS_ID } from '../project.js';
import { requiredWhen } from '../../engine/validation.js';
import { BaseAddress, CustomFieldsDraft, Key, resourceIdentifier, CalendarDate, LanguageTag } from '../../engine/draft-fields.js';
import { assertEmailAvailable } from './emails.js';
import type { Customer } from './model.js';

export const AuthenticationMode = z.enum(['Password', 'ExternalAuth']);

/** The draft's fields, before the rule that needs a password unless authentication is external. */
export const CustomerDraftFields = z.object({
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
  dateOfBirth: CalendarDate.optional(),
  companyName: z.string().optional(),
  vatId: z.string().optional(),
  locale: LanguageTag.optional(),
  addresses: z.array(BaseAddress).optional(),
  defaultShippingAddress: z.number().int().min(0).optional(),
  defaultBillingAddress: z.number().int().min(0).optional(),
  shippingAddresses: z.array(z.number().int().min(0)).optional(),
  billingAddresses: z.array(z.number().int().min(0)).optional(),
  isEmailVerified: z.boolean().optional(),
  customerGroup: resourceIdentifier('customer-group').optional(),
  customerGroupAssignments: z.array(z.object({ customerGroup: resourceIdentifier('customer-group') })).optional(),
  custom: CustomFieldsDraft.optional(),
  stores: z.array(resourceIdentifier('store')).optional(),
  authenticationMode: AuthenticationMode.optional(),
  anonymousCartId: z.string().optional(),
  anonymousCart: resourceIdentifier('cart').optional(),
  anonymousId: z.string().optional(),
});

export const CustomerDraft = CustomerDraftFields.check(requiredWhen('password', (draft) => draft.authenticationMode !== 'ExternalAuth'));
export type CustomerDraft = z.infer<typeof CustomerDraft>;

/**
 * A customer's `locale` must be one of the project's languages (400 ProjectNotConfiguredForLanguages);
 * `en-US` passes for a project with `en`. A project whose settings name no languages (the mock's
 * fresh default) accepts any.
 */
export function checkLocale(locale: string | null | undefined, ctx: ResourceContext): void {
  if (locale == null) return;
  const configured = ctx.get('project', SETTINGS_ID)?.languages ?? [];
  if (configured.length === 0 || configured.includes(locale) || configured.includes(locale.split('-')[0]!)) return;
  throw errors.projectNotConfiguredForLanguages([locale]);
}

/** The stores a customer is limited to, each once, as KeyReferences (the platform stores them by key). */
export function storeReferences(identifiers: Identifier[], ctx: ResourceContext): Customer['stores'] {
  const stores: Customer['stores'] = [];
  for (const identifier of identifiers) {
    const reference = ctx.keyReference('store', identifier) as { typeId: 'store'; key: string };
    if (!stores.some((s) => s.key === reference.key)) stores.push(reference);
  }
  return stores;
}

export function customerFromDraft(draft: CustomerDraft, ctx: ResourceContext): Omit<Customer, BaseFields> {
  const addresses = (draft.addresses ?? []).map((address) => addressFromDraft(address, ctx));
  const authenticationMode = draft.authenticationMode ?? 'Password';
  checkLocale(draft.locale, ctx);
  const stores = storeReferences(draft.stores ?? [], ctx);
  assertEmailAvailable({ email: draft.email, stores }, ctx);
  const customer: Omit<Customer, BaseFields> = {
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
  if (authenticationMode === 'Password') customer.password = sharedPasswordHash(draft.password!);
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
}
