/**
 * Checkout Payment Integrations (the Checkout API's `/payment-integrations`): one payment method of an
 * Application, served by a Connector deployment. Every update action of the Checkout API reference.
 *
 * As the reference says: a new integration is `Inactive` unless its draft says otherwise, and an
 * Application holds at most 100 of them (400 MaxResourceLimitExceeded). The Connector deployment is
 * taken as given (the mock has no Connect deployments to check it against), except the one the mock's
 * payment service declines for (`DECLINING_CONNECTOR`).
 *
 * Its `predicate` (which carts it serves) is JSONata on the platform; the mock evaluates it with its
 * cart predicate evaluator, which reads what the two languages share (`billingAddress.country = "DE"`,
 * `totalPrice.centAmount >= 10000 and customerGroup.key = "b2b"`), so one it cannot read is refused
 * when it is set (400 SyntaxError) rather than misjudged when a cart is paid.
 */
import * as z from 'zod';
import { errors } from '../../http/errors.js';
import type { StoredDocument } from '../../storage/backend.js';
import { action, type BaseFields, defineResource, type ResourceContext, type SdkTypes } from '../../engine/define.js';
import { changer, setField, setter } from '../../engine/common-actions.js';
import { Key, LocalizedString } from '../../engine/draft-fields.js';
import { compileCartPredicate } from '../../pricing/cart-predicate.js';
import { assertCartPredicate } from '../cart/errors.js';
import type { Cart } from '../cart/model.js';
import { predicateScope } from '../cart/predicate-scope.js';
import { PaymentComponentType } from './applications.js';

/**
 * The Connector deployment id that makes the mock's payment service decline: a Transaction through an
 * integration served by it ends `Failed`, its Payment's authorization `Failure`, and no Order is made
 * (a test double's way to a declined card, as a PSP's sandbox has test cards that decline).
 */
export const DECLINING_CONNECTOR = 'commerce-mock:decline';

/** Whether the integration serves the cart: it has no predicate, or its predicate matches the cart. */
export function servesCart(integration: PaymentIntegration, cart: Cart, ctx: ResourceContext): boolean {
  return integration.predicate === undefined || compileCartPredicate(integration.predicate)(predicateScope(cart, ctx)) === true;
}

/** The most Payment Integrations one Application may have. */
const MAX_PER_APPLICATION = 100;

const Status = z.enum(['Active', 'Inactive']);
const DisplayInfo = z.object({
  label: LocalizedString.optional(),
  logoUrl: LocalizedString.optional(),
  description: LocalizedString.optional(),
  payButtonText: LocalizedString.optional(),
});
const SortingInfo = z.object({ priority: z.number().int() });
const AutomatedReversalConfiguration = z.object({ status: z.string(), predicate: z.string().optional() });
const ApplicationReference = z.object({ typeId: z.literal('application'), id: z.string().min(1) });
const ConnectorDeploymentReference = z.object({ typeId: z.string(), id: z.string().min(1) });

export interface PaymentIntegration extends StoredDocument {
  key?: string;
  application: { typeId: 'application'; id: string };
  status: z.infer<typeof Status>;
  type: string;
  name: string;
  predicate?: string;
  componentType: z.infer<typeof PaymentComponentType>;
  connectorDeployment: z.infer<typeof ConnectorDeploymentReference>;
  displayInfo?: z.infer<typeof DisplayInfo>;
  sortingInfo?: z.infer<typeof SortingInfo>;
  automatedReversalConfiguration?: z.infer<typeof AutomatedReversalConfiguration>;
}

export const PaymentIntegrationDraft = z.object({
  key: Key.optional(),
  application: ApplicationReference,
  status: Status.optional(),
  type: z.string().min(1),
  name: z.string().min(1),
  predicate: z.string().optional(),
  componentType: PaymentComponentType,
  connectorDeployment: ConnectorDeploymentReference,
  displayInfo: DisplayInfo.optional(),
  sortingInfo: SortingInfo.optional(),
  automatedReversalConfiguration: AutomatedReversalConfiguration.optional(),
});
export type PaymentIntegrationDraft = z.infer<typeof PaymentIntegrationDraft>;

/** The Application a draft names must exist and have room for one more integration. */
function applicationWithRoom(id: string, ctx: ResourceContext): void {
  if (!ctx.get('checkout-application', id)) throw errors.referencedResourceNotFound('application', { id });
  let count = 0;
  for (const integration of ctx.scan('checkout-payment-integration')) if (integration.application.id === id) count++;
  if (count >= MAX_PER_APPLICATION) throw errors.maxResourceLimitExceeded(MAX_PER_APPLICATION, 'payment-integration');
}

/** `setDisplayInfo<Field>`: one field of `displayInfo`, removed when not given. */
const displayInfoSetter = (field: keyof z.infer<typeof DisplayInfo>) =>
  action(
    () => z.object({ [field]: LocalizedString.optional().nullable() }),
    (integration: PaymentIntegration, a: Record<string, unknown>) => {
      const info = { ...integration.displayInfo };
      setField(info, field, a[field]);
      setField(integration, 'displayInfo', Object.keys(info).length > 0 ? info : undefined);
    },
  );

export const checkoutPaymentIntegrations = defineResource<
  PaymentIntegrationDraft,
  PaymentIntegration,
  SdkTypes<PaymentIntegrationDraft, PaymentIntegration>
>({
  typeId: 'checkout-payment-integration',
  path: 'payment-integrations',
  api: 'checkout',
  draft: PaymentIntegrationDraft,
  create(draft, ctx) {
    assertCartPredicate(draft.predicate, 'predicate');
    applicationWithRoom(draft.application.id, ctx);
    const integration: Omit<PaymentIntegration, BaseFields> = {
      application: { typeId: 'application', id: draft.application.id },
      status: draft.status ?? 'Inactive',
      type: draft.type,
      name: draft.name,
      componentType: draft.componentType,
      connectorDeployment: draft.connectorDeployment,
    };
    if (draft.key !== undefined) integration.key = draft.key;
    for (const field of ['predicate', 'displayInfo', 'sortingInfo', 'automatedReversalConfiguration'] as const) {
      if (draft[field] !== undefined) (integration as Record<string, unknown>)[field] = draft[field];
    }
    return integration;
  },
  actions: {
    setKey: setter('key', Key),
    setName: changer('name', z.string().min(1)),
    setType: changer('type', z.string().min(1)),
    setStatus: changer('status', Status),
    setPredicate: action(
      () => z.object({ predicate: z.string().optional().nullable() }),
      (integration: PaymentIntegration, a) => {
        assertCartPredicate(a.predicate, 'predicate');
        setField(integration, 'predicate', a.predicate);
      },
    ),
    setSortingInfo: setter('sortingInfo', SortingInfo),
    setDisplayInfo: setter('displayInfo', DisplayInfo),
    setDisplayInfoLabel: displayInfoSetter('label'),
    setDisplayInfoDescription: displayInfoSetter('description'),
    setDisplayInfoLogoUrl: displayInfoSetter('logoUrl'),
    setDisplayInfoPayButtonText: displayInfoSetter('payButtonText'),
    setAutomatedReversalConfiguration: setter('automatedReversalConfiguration', AutomatedReversalConfiguration),
    setAutomatedReversalConfigurationStatus: action(
      () => z.object({ status: z.string() }),
      (integration: PaymentIntegration, a) => {
        integration.automatedReversalConfiguration = { ...integration.automatedReversalConfiguration, status: a.status };
      },
    ),
    setAutomatedReversalConfigurationPredicate: action(
      () => z.object({ predicate: z.string().optional().nullable() }),
      (integration: PaymentIntegration, a) => {
        if (!integration.automatedReversalConfiguration) {
          throw errors.invalidInput('The PaymentIntegration has no automatedReversalConfiguration: set one with its status first.');
        }
        setField(integration.automatedReversalConfiguration, 'predicate', a.predicate);
      },
    ),
  },
});

declare module '../../http/context.js' {
  interface StoredTypes {
    'checkout-payment-integration': PaymentIntegration;
  }
}
