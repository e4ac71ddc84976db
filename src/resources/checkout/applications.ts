/**
 * Checkout Applications (the Checkout API's `/applications`): the settings of one checkout flow —
 * its mode, countries, allowed origins, payment component type, agreements and discounts. Every
 * update action of the Checkout API reference.
 *
 * Decisions where the reference leaves it open:
 * - An application without `status` is usable by Transactions; only `Inactive` refuses them.
 * - `setDescription` takes the string the Application's `description` holds (the reference types the
 *   action's value as a LocalizedString, the field as a string); a LocalizedString is kept as given.
 * - An agreement named by an unknown `agreementId` is 400 InvalidInput; `reorderAgreement` must name
 *   every agreement once.
 * - `addCountry` and `addAllowedOrigin` of a value already listed change nothing.
 */
import * as z from 'zod';
import { errors } from '../../http/errors.js';
import type { StoredDocument } from '../../storage/backend.js';
import { uuid } from '../../util/ids.js';
import { action, type BaseFields, defineResource, type SdkTypes } from '../../engine/define.js';
import { changer, setField } from '../../engine/common-actions.js';
import { Country, Key, LocalizedString } from '../../engine/draft-fields.js';

const Status = z.enum(['Active', 'Inactive']);
const Mode = z.enum(['CompleteFlow', 'PaymentOnly']);
export const PaymentComponentType = z.enum(['Component', 'DropIn', 'Express']);
const AgreementType = z.enum(['Text', 'MandatoryCheckbox']);

const AllowedOrigins = z.object({ allowAll: z.boolean(), origins: z.array(z.string()).optional() });
const Logo = z.object({ url: z.string().optional() });
const PaymentsConfiguration = z.object({ paymentReturnUrl: z.string().optional(), activePaymentComponentType: PaymentComponentType });
const DiscountsConfiguration = z.object({ allowDiscounts: z.boolean() });
const AgreementDraft = z.object({ name: z.string(), type: AgreementType, status: Status, text: LocalizedString });
/** The reference types a draft's agreements as ApplicationAgreement, with an `id` that a new one gets when absent. */
const DraftAgreement = AgreementDraft.extend({ id: z.string().optional() });

type Agreement = z.infer<typeof AgreementDraft> & { id: string };

export interface Application extends StoredDocument {
  key: string;
  status?: z.infer<typeof Status>;
  name: string;
  description?: string | LocalizedString;
  logo?: z.infer<typeof Logo>;
  countries: string[];
  allowedOrigins: z.infer<typeof AllowedOrigins>;
  mode: z.infer<typeof Mode>;
  paymentsConfiguration: z.infer<typeof PaymentsConfiguration>;
  agreements?: Agreement[];
  discountsConfiguration?: z.infer<typeof DiscountsConfiguration>;
}

export const ApplicationDraft = z.object({
  key: Key,
  status: Status.optional(),
  name: z.string().min(1),
  description: z.string().optional(),
  logo: Logo.optional(),
  countries: z.array(Country),
  allowedOrigins: AllowedOrigins,
  mode: Mode,
  paymentsConfiguration: PaymentsConfiguration,
  agreements: z.array(DraftAgreement).optional(),
  discountsConfiguration: DiscountsConfiguration.optional(),
});
export type ApplicationDraft = z.infer<typeof ApplicationDraft>;

const newAgreement = (draft: z.infer<typeof DraftAgreement>): Agreement => ({ ...draft, id: draft.id ?? uuid() });

function agreementOf(application: Application, agreementId: string): Agreement {
  const agreement = application.agreements?.find((a) => a.id === agreementId);
  if (!agreement) throw errors.invalidInput(`The Application has no agreement with ID '${agreementId}'.`);
  return agreement;
}

/** `setAgreement<Field>`: one field of the agreement `agreementId` names. */
const agreementSetter = <F extends 'name' | 'status' | 'text' | 'type'>(field: F, schema: z.ZodType<Agreement[F]>) =>
  action(
    () => z.object({ agreementId: z.string(), [field]: schema }),
    (application: Application, a: Record<string, unknown>) => {
      agreementOf(application, a.agreementId as string)[field] = a[field] as Agreement[F];
    },
  );

export const checkoutApplications = defineResource<ApplicationDraft, Application, SdkTypes<ApplicationDraft, Application>>({
  typeId: 'checkout-application',
  path: 'applications',
  api: 'checkout',
  draft: ApplicationDraft,
  create(draft) {
    const application: Omit<Application, BaseFields> = {
      key: draft.key,
      name: draft.name,
      countries: draft.countries,
      allowedOrigins: draft.allowedOrigins,
      mode: draft.mode,
      paymentsConfiguration: draft.paymentsConfiguration,
    };
    if (draft.status !== undefined) application.status = draft.status;
    if (draft.description !== undefined) application.description = draft.description;
    if (draft.logo !== undefined) application.logo = draft.logo;
    if (draft.agreements !== undefined) application.agreements = draft.agreements.map(newAgreement);
    if (draft.discountsConfiguration !== undefined) application.discountsConfiguration = draft.discountsConfiguration;
    return application;
  },
  actions: {
    setName: changer('name', z.string().min(1)),
    setStatus: changer('status', Status),
    setDescription: action(
      () => z.object({ description: z.union([z.string(), LocalizedString]).optional().nullable() }),
      (application: Application, a) => setField(application, 'description', a.description === '' ? undefined : a.description),
    ),
    setApplicationLogo: changer('logo', Logo),
    setCountries: changer('countries', z.array(Country)),
    addCountry: action(
      () => z.object({ country: Country }),
      (application: Application, a) => {
        if (!application.countries.includes(a.country)) application.countries.push(a.country);
      },
    ),
    removeCountry: action(
      () => z.object({ country: Country }),
      (application: Application, a) => {
        application.countries = application.countries.filter((country) => country !== a.country);
      },
    ),
    setAllowedOrigins: changer('allowedOrigins', AllowedOrigins),
    setAllowAllOrigins: action(
      () => z.object({ allowAll: z.boolean() }),
      (application: Application, a) => {
        application.allowedOrigins.allowAll = a.allowAll;
      },
    ),
    addAllowedOrigin: action(
      () => z.object({ origin: z.string().min(1) }),
      (application: Application, a) => {
        const origins = (application.allowedOrigins.origins ??= []);
        if (!origins.includes(a.origin)) origins.push(a.origin);
      },
    ),
    removeAllowedOrigin: action(
      () => z.object({ origin: z.string() }),
      (application: Application, a) => {
        const origins = application.allowedOrigins.origins?.filter((origin) => origin !== a.origin) ?? [];
        setField(application.allowedOrigins, 'origins', origins.length > 0 ? origins : undefined);
      },
    ),
    setPaymentsConfiguration: changer('paymentsConfiguration', PaymentsConfiguration),
    setActivePaymentComponentType: action(
      () => z.object({ activePaymentComponentType: PaymentComponentType }),
      (application: Application, a) => {
        application.paymentsConfiguration.activePaymentComponentType = a.activePaymentComponentType;
      },
    ),
    setPaymentReturnUrl: action(
      () => z.object({ paymentReturnUrl: z.string().optional().nullable() }),
      (application: Application, a) =>
        setField(application.paymentsConfiguration, 'paymentReturnUrl', a.paymentReturnUrl === '' ? undefined : a.paymentReturnUrl),
    ),
    setDiscountsConfiguration: changer('discountsConfiguration', DiscountsConfiguration),
    setAgreements: action(
      () => z.object({ agreements: z.array(AgreementDraft).optional().nullable() }),
      (application: Application, a) =>
        setField(application, 'agreements', a.agreements?.length ? a.agreements.map(newAgreement) : undefined),
    ),
    addAgreement: action(
      () => z.object({ agreement: AgreementDraft }),
      (application: Application, a) => {
        (application.agreements ??= []).push(newAgreement(a.agreement));
      },
    ),
    removeAgreement: action(
      () => z.object({ agreementId: z.string() }),
      (application: Application, a) => {
        agreementOf(application, a.agreementId);
        const rest = application.agreements!.filter((agreement) => agreement.id !== a.agreementId);
        setField(application, 'agreements', rest.length > 0 ? rest : undefined);
      },
    ),
    reorderAgreement: action(
      () => z.object({ agreementIds: z.array(z.string()) }),
      (application: Application, a) => {
        const agreements = application.agreements ?? [];
        if (a.agreementIds.length !== agreements.length || new Set(a.agreementIds).size !== agreements.length) {
          throw errors.invalidInput('agreementIds must name every agreement of the Application once.');
        }
        application.agreements = a.agreementIds.map((id) => agreementOf(application, id));
      },
    ),
    setAgreementName: agreementSetter('name', z.string()),
    setAgreementStatus: agreementSetter('status', Status),
    setAgreementText: agreementSetter('text', LocalizedString),
    setAgreementType: agreementSetter('type', AgreementType),
  },
});

declare module '../../http/context.js' {
  interface StoredTypes {
    'checkout-application': Application;
  }
}
