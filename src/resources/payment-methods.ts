/**
 * Payment methods: a customer's or business unit's stored way to pay (a card or a direct debit
 * mandate at a PSP, by its token), or a project-wide one. Every action has its message, as on the
 * platform. Added by following the walkthrough of docs/architecture.md.
 */
import * as z from 'zod';
import type { StoredDocument } from '../storage/backend.js';
import type { BusinessUnit } from './business-unit/model.js';
import { errors } from '../http/errors.js';
import type { KeyReference } from '../http/context.js';
import { type CustomFields, customFieldActionsWithMessages, customFields, emitsField, setter } from '../engine/common-actions.js';
import { action, type BaseFields, defineResource, emits, type Reference, type SdkTypes } from '../engine/define.js';
import { CustomFieldsDraft, Key, LocalizedString, resourceIdentifier } from '../engine/draft-fields.js';
import type { PaymentMethod as SdkPaymentMethod, PaymentMethodDraft as SdkPaymentMethodDraft } from '@commercetools/platform-sdk';

const PaymentMethodStatus = z.enum(['Active', 'Inactive']);
const PaymentMethodToken = z.object({ value: z.string() });

export interface PaymentMethod extends StoredDocument {
  key?: string;
  name?: LocalizedString;
  customer?: Reference;
  businessUnit?: KeyReference;
  method?: string;
  paymentInterface?: string;
  interfaceAccount?: string;
  token?: { value: string };
  paymentMethodStatus: 'Active' | 'Inactive';
  default: boolean;
  custom?: CustomFields;
}

export const PaymentMethodDraft = z.object({
  key: Key.optional(),
  name: LocalizedString.optional(),
  customer: resourceIdentifier('customer').optional(),
  businessUnit: resourceIdentifier('business-unit').optional(),
  method: z.string().optional(),
  paymentInterface: z.string().optional(),
  interfaceAccount: z.string().optional(),
  token: PaymentMethodToken.optional(),
  paymentMethodStatus: PaymentMethodStatus.optional(),
  default: z.boolean().optional(),
  custom: CustomFieldsDraft.optional(),
});
export type PaymentMethodDraft = z.infer<typeof PaymentMethodDraft>;

const inactiveDefault = () => errors.invalidOperation('An inactive PaymentMethod cannot be the default.');

export const paymentMethods = defineResource<PaymentMethodDraft, PaymentMethod, SdkTypes<SdkPaymentMethodDraft, SdkPaymentMethod>>({
  typeId: 'payment-method',
  path: 'payment-methods',
  draft: PaymentMethodDraft,
  create(draft, ctx) {
    const method: Omit<PaymentMethod, BaseFields> = {
      paymentMethodStatus: draft.paymentMethodStatus ?? 'Active',
      default: draft.default ?? false,
    };
    if (method.default && method.paymentMethodStatus === 'Inactive') throw inactiveDefault();
    for (const field of ['key', 'name', 'method', 'paymentInterface', 'interfaceAccount', 'token'] as const) {
      if (draft[field] !== undefined) (method as Record<string, unknown>)[field] = draft[field];
    }
    const customer = draft.customer && ctx.reference('customer', draft.customer);
    if (customer) method.customer = customer;
    if (draft.businessUnit) {
      const unit = ctx.keyReference('business-unit', draft.businessUnit);
      // With both, the payment method is an associate's: the customer must be one of the unit.
      const associates = (ctx.getByKey('business-unit', unit.key) as BusinessUnit | undefined)?.associates ?? [];
      if (customer && !associates.some((associate) => associate.customer.id === customer.id))
        throw errors.invalidInput(`The Customer '${customer.id}' is not an Associate of the Business Unit '${unit.key}'.`);
      method.businessUnit = unit;
    }
    const custom = customFields(draft.custom, ctx);
    if (custom) method.custom = custom;
    return method;
  },
  actions: {
    setKey: emitsField(setter('key', Key), 'PaymentMethodKeySet', 'key', 'oldKey'),
    setName: emitsField(setter('name', LocalizedString), 'PaymentMethodNameSet', 'name', 'oldName'),
    setMethod: emitsField(setter('method', z.string()), 'PaymentMethodMethodSet', 'method', 'oldMethod'),
    setPaymentInterface: emitsField(
      setter('paymentInterface', z.string()),
      'PaymentMethodPaymentInterfaceSet',
      'paymentInterface',
      'oldPaymentInterface',
    ),
    setInterfaceAccount: emitsField(
      setter('interfaceAccount', z.string()),
      'PaymentMethodInterfaceAccountSet',
      'interfaceAccount',
      'oldInterfaceAccount',
    ),
    setPaymentMethodStatus: emits(
      action(
        () => z.object({ paymentMethodStatus: PaymentMethodStatus }),
        (method: PaymentMethod, a) => {
          method.paymentMethodStatus = a.paymentMethodStatus;
        },
      ),
      'PaymentMethodPaymentMethodStatusSet',
      (method, _a, old) => ({ status: method.paymentMethodStatus, oldStatus: old }),
      (method) => method.paymentMethodStatus,
    ),
    setDefault: emits(
      action(
        () => z.object({ default: z.boolean() }),
        (method: PaymentMethod, a) => {
          if (a.default && method.paymentMethodStatus === 'Inactive') throw inactiveDefault();
          method.default = a.default;
        },
      ),
      'PaymentMethodDefaultSet',
      (method, _a, old) => ({ default: method.default, oldDefault: old }),
      (method) => method.default,
    ),
    ...customFieldActionsWithMessages('PaymentMethod', 'old'),
  },
  messages: {
    created: { type: 'PaymentMethodCreated', payload: (paymentMethod) => ({ paymentMethod }) },
    deleted: { type: 'PaymentMethodDeleted', payload: (paymentMethod) => ({ paymentMethod }) },
  },
});

declare module '../http/context.js' {
  interface StoredTypes {
    'payment-method': PaymentMethod;
  }
}
