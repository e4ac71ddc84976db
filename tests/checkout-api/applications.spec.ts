/**
 * Checkout Applications and Payment Integrations through the official Checkout SDK, in process:
 * create, read by id and key, HEAD, query with sort and paging, every update action, versions,
 * delete, and refusals that store nothing.
 */
import type { ApplicationUpdateAction, PaymentIntegrationUpdateAction } from '@commercetools/checkout-sdk';
import { test, expect } from '../support/commerce.js';
import { applicationDraft, refusal, setupCheckout, checkoutRoot } from './support.js';

test('an application is created, read by id and key, checked with HEAD, and listed with sort and paging', async ({ commerce }) => {
  const applications = checkoutRoot(commerce).applications();
  const created = await applications.post({ body: applicationDraft({ description: 'The shop' }) }).execute();
  expect(created.statusCode).toBe(201);
  const application = created.body;
  expect(application).toMatchObject({
    version: 1,
    key: 'web-shop',
    name: 'Web shop',
    description: 'The shop',
    countries: ['DE'],
    mode: 'PaymentOnly',
    paymentsConfiguration: { activePaymentComponentType: 'Component' },
  });
  expect(application.createdAt).toBe(application.lastModifiedAt);
  expect((await applications.withId({ id: application.id }).get().execute()).body).toEqual(application);
  expect((await applications.withKey({ key: 'web-shop' }).get().execute()).body).toEqual(application);
  expect((await applications.withId({ id: application.id }).head().execute()).statusCode).toBe(200);
  expect((await applications.withKey({ key: 'web-shop' }).head().execute()).statusCode).toBe(200);
  expect(await refusal(applications.withKey({ key: 'nope' }).head().execute())).toMatchObject({ statusCode: 404 });

  await applications.post({ body: applicationDraft({ key: 'kiosk', name: 'Kiosk' }) }).execute();
  await applications.post({ body: applicationDraft({ key: 'app', name: 'App' }) }).execute();
  const page = (await applications.get({ queryArgs: { sort: ['name asc'], limit: 2, offset: 1 } }).execute()).body;
  expect(page).toMatchObject({ limit: 2, offset: 1, count: 2, total: 3 });
  expect(page.results.map((a) => a.name)).toEqual(['Kiosk', 'Web shop']);
});

test('every application update action, in one request', async ({ commerce }) => {
  const applications = checkoutRoot(commerce).applications();
  const application = (
    await applications
      .post({
        body: applicationDraft({
          agreements: [{ id: 'terms', name: 'Terms', type: 'MandatoryCheckbox', status: 'Active', text: { en: 'I agree' } }],
        }),
      })
      .execute()
  ).body;
  const actions: ApplicationUpdateAction[] = [
    { action: 'setName', name: 'Shop' },
    { action: 'setStatus', status: 'Inactive' },
    { action: 'setDescription', description: 'Our shop' as never },
    { action: 'setApplicationLogo', logo: { url: 'https://cdn.example.com/logo.png' } },
    { action: 'setCountries', countries: ['DE', 'AT'] },
    { action: 'addCountry', country: 'CH' },
    { action: 'removeCountry', country: 'AT' },
    { action: 'setAllowedOrigins', allowedOrigins: { allowAll: false, origins: ['https://a.example.com'] } },
    { action: 'addAllowedOrigin', origin: 'https://b.example.com' },
    { action: 'removeAllowedOrigin', origin: 'https://a.example.com' },
    { action: 'setAllowAllOrigins', allowAll: true },
    { action: 'setPaymentsConfiguration', paymentsConfiguration: { activePaymentComponentType: 'DropIn' } },
    { action: 'setActivePaymentComponentType', activePaymentComponentType: 'Express' },
    { action: 'setPaymentReturnUrl', paymentReturnUrl: 'https://shop.example.com/return' },
    { action: 'setDiscountsConfiguration', discountsConfiguration: { allowDiscounts: true } },
    { action: 'addAgreement', agreement: { name: 'Privacy', type: 'Text', status: 'Active', text: { en: 'Privacy' } } },
    { action: 'setAgreementName', agreementId: 'terms', name: 'Terms of sale' },
    { action: 'setAgreementStatus', agreementId: 'terms', status: 'Inactive' },
    { action: 'setAgreementText', agreementId: 'terms', text: { en: 'I accept' } },
    { action: 'setAgreementType', agreementId: 'terms', type: 'Text' },
  ];
  const updated = (
    await applications
      .withId({ id: application.id })
      .post({ body: { version: 1, actions } })
      .execute()
  ).body;
  expect(updated).toMatchObject({
    version: 2,
    name: 'Shop',
    status: 'Inactive',
    description: 'Our shop',
    logo: { url: 'https://cdn.example.com/logo.png' },
    countries: ['DE', 'CH'],
    allowedOrigins: { allowAll: true, origins: ['https://b.example.com'] },
    paymentsConfiguration: { activePaymentComponentType: 'Express', paymentReturnUrl: 'https://shop.example.com/return' },
    discountsConfiguration: { allowDiscounts: true },
  });
  expect(updated.agreements).toEqual([
    { id: 'terms', name: 'Terms of sale', type: 'Text', status: 'Inactive', text: { en: 'I accept' } },
    { id: expect.any(String), name: 'Privacy', type: 'Text', status: 'Active', text: { en: 'Privacy' } },
  ]);
  const privacy = updated.agreements![1]!.id;
  const reordered = (
    await applications
      .withKey({ key: 'web-shop' })
      .post({ body: { version: 2, actions: [{ action: 'reorderAgreement', agreementIds: [privacy, 'terms'] }] } })
      .execute()
  ).body;
  expect(reordered.agreements!.map((a) => a.id)).toEqual([privacy, 'terms']);
  const cleared = (
    await applications
      .withId({ id: application.id })
      .post({
        body: {
          version: 3,
          actions: [
            { action: 'removeAgreement', agreementId: 'terms' },
            { action: 'setPaymentReturnUrl' },
            { action: 'setAgreements', agreements: [] },
          ],
        },
      })
      .execute()
  ).body;
  expect(cleared.agreements).toBeUndefined();
  expect(cleared.paymentsConfiguration.paymentReturnUrl).toBeUndefined();
});

test('versions: an update or delete with a stale version is 409 ConcurrentModification; deletes by id and key', async ({ commerce }) => {
  const applications = checkoutRoot(commerce).applications();
  const application = (await applications.post({ body: applicationDraft() }).execute()).body;
  await applications
    .withId({ id: application.id })
    .post({ body: { version: 1, actions: [{ action: 'setName', name: 'Two' }] } })
    .execute();
  const stale = applications
    .withId({ id: application.id })
    .post({ body: { version: 1, actions: [{ action: 'setName', name: 'Three' }] } })
    .execute();
  expect(await refusal(stale)).toMatchObject({ statusCode: 409, code: 'ConcurrentModification', error: { currentVersion: 2 } });
  expect(
    await refusal(
      applications
        .withKey({ key: 'web-shop' })
        .delete({ queryArgs: { version: 1 } })
        .execute(),
    ),
  ).toMatchObject({
    statusCode: 409,
  });
  expect((await applications.withId({ id: application.id }).get().execute()).body).toMatchObject({ name: 'Two', version: 2 });
  const deleted = (
    await applications
      .withKey({ key: 'web-shop' })
      .delete({ queryArgs: { version: 2 } })
      .execute()
  ).body;
  expect(deleted.id).toBe(application.id);
  expect(await refusal(applications.withId({ id: application.id }).get().execute())).toMatchObject({
    statusCode: 404,
    code: 'ResourceNotFound',
  });
  const other = (await applications.post({ body: applicationDraft({ key: 'other' }) }).execute()).body;
  expect(
    (
      await applications
        .withId({ id: other.id })
        .delete({ queryArgs: { version: 1 } })
        .execute()
    ).statusCode,
  ).toBe(200);
  expect((await applications.get().execute()).body.total).toBe(0);
});

test('bad application input is refused in the platform error format, and stores nothing', async ({ commerce }) => {
  const applications = checkoutRoot(commerce).applications();
  const missing = { key: 'x1', name: 'No mode' } as never;
  expect(await refusal(applications.post({ body: missing }).execute())).toMatchObject({ statusCode: 400, code: 'InvalidJsonInput' });
  expect(await refusal(applications.post({ body: applicationDraft({ key: 'a' }) }).execute())).toMatchObject({
    statusCode: 400,
    code: 'InvalidField',
    error: { field: 'key' },
  });
  expect(await refusal(applications.post({ body: applicationDraft({ mode: 'Hosted' }) }).execute())).toMatchObject({
    code: 'InvalidJsonInput',
  });
  expect(await refusal(applications.post({ body: applicationDraft({ countries: ['Germany'] }) }).execute())).toMatchObject({
    code: 'InvalidField',
  });
  expect((await applications.get().execute()).body.total).toBe(0);

  const application = (await applications.post({ body: applicationDraft() }).execute()).body;
  expect(await refusal(applications.post({ body: applicationDraft() }).execute())).toMatchObject({
    code: 'DuplicateField',
    error: { field: 'key' },
  });
  const unknownAgreement = applications
    .withId({ id: application.id })
    .post({
      body: {
        version: 1,
        actions: [
          { action: 'setName', name: 'Kept?' },
          { action: 'removeAgreement', agreementId: 'none' },
        ],
      },
    })
    .execute();
  expect(await refusal(unknownAgreement)).toMatchObject({ statusCode: 400, code: 'InvalidInput' });
  const unknownAction = applications
    .withId({ id: application.id })
    .post({ body: { version: 1, actions: [{ action: 'setMode', mode: 'CompleteFlow' } as never] } })
    .execute();
  expect(await refusal(unknownAction)).toMatchObject({ statusCode: 400, code: 'InvalidInput' });
  expect((await applications.withId({ id: application.id }).get().execute()).body).toEqual(application);
});

test('payment integrations: Inactive by default, every update action, an application that exists, versions and key', async ({
  commerce,
}) => {
  const { application, card } = await setupCheckout(commerce);
  const integrations = checkoutRoot(commerce).paymentIntegrations();
  const draft = {
    application: { typeId: 'application' as const, id: application.id },
    type: 'paypal',
    name: 'PayPal',
    componentType: 'Component',
    connectorDeployment: { typeId: 'deployment', id: 'paypal-deployment' },
  };
  const paypal = (await integrations.post({ body: draft }).execute()).body;
  expect(paypal).toMatchObject({ version: 1, status: 'Inactive', application: { typeId: 'application', id: application.id } });
  expect(paypal.key).toBeUndefined();
  expect((await integrations.withKey({ key: 'card' }).get().execute()).body).toEqual(card);
  expect((await integrations.withKey({ key: 'card' }).head().execute()).statusCode).toBe(200);
  expect((await integrations.withId({ id: paypal.id }).head().execute()).statusCode).toBe(200);
  const listed = (await integrations.get({ queryArgs: { sort: ['name desc'] } }).execute()).body;
  expect(listed.results.map((i) => i.name)).toEqual(['PayPal', 'Card']);

  const actions: PaymentIntegrationUpdateAction[] = [
    { action: 'setKey', key: 'paypal' },
    { action: 'setName', name: 'PayPal wallet' },
    { action: 'setType', type: 'paypal-wallet' },
    { action: 'setStatus', status: 'Active' },
    { action: 'setPredicate', predicate: 'totalPrice.centAmount > 1000' },
    { action: 'setSortingInfo', sortingInfo: { priority: 2 } },
    { action: 'setDisplayInfo', displayInfo: { label: { en: 'PayPal' } } },
    { action: 'setDisplayInfoDescription', description: { en: 'Pay with PayPal' } },
    { action: 'setDisplayInfoLogoUrl', logoUrl: { en: 'https://cdn.example.com/paypal.svg' } },
    { action: 'setDisplayInfoPayButtonText', payButtonText: { en: 'Pay now' } },
    { action: 'setDisplayInfoLabel' },
    { action: 'setAutomatedReversalConfiguration', automatedReversalConfiguration: { status: 'Inactive' } },
    { action: 'setAutomatedReversalConfigurationStatus', status: 'Active' },
    { action: 'setAutomatedReversalConfigurationPredicate', predicate: 'true' },
  ];
  const updated = (
    await integrations
      .withId({ id: paypal.id })
      .post({ body: { version: 1, actions } })
      .execute()
  ).body;
  expect(updated).toMatchObject({
    version: 2,
    key: 'paypal',
    name: 'PayPal wallet',
    type: 'paypal-wallet',
    status: 'Active',
    predicate: 'totalPrice.centAmount > 1000',
    sortingInfo: { priority: 2 },
    displayInfo: {
      description: { en: 'Pay with PayPal' },
      logoUrl: { en: 'https://cdn.example.com/paypal.svg' },
      payButtonText: { en: 'Pay now' },
    },
    automatedReversalConfiguration: { status: 'Active', predicate: 'true' },
  });
  expect(updated.displayInfo?.label).toBeUndefined();
  const stale = integrations
    .withKey({ key: 'paypal' })
    .post({ body: { version: 1, actions: [{ action: 'setKey' }] } })
    .execute();
  expect(await refusal(stale)).toMatchObject({ statusCode: 409, code: 'ConcurrentModification' });
  expect(
    await refusal(
      integrations
        .withKey({ key: 'paypal' })
        .post({ body: { version: 2, actions: [{ action: 'setKey', key: 'card' }] } })
        .execute(),
    ),
  ).toMatchObject({
    code: 'DuplicateField',
  });

  expect(
    await refusal(integrations.post({ body: { ...draft, application: { typeId: 'application', id: 'no-such-app' } } }).execute()),
  ).toMatchObject({
    statusCode: 400,
    code: 'ReferencedResourceNotFound',
    error: { typeId: 'application' },
  });
  expect(await refusal(integrations.post({ body: { ...draft, componentType: 'Button' } }).execute())).toMatchObject({
    code: 'InvalidJsonInput',
  });
  expect((await integrations.get().execute()).body.total).toBe(2);
  expect(
    (
      await integrations
        .withKey({ key: 'paypal' })
        .delete({ queryArgs: { version: 2 } })
        .execute()
    ).body.id,
  ).toBe(paypal.id);
  expect(
    (
      await integrations
        .withId({ id: card.id })
        .delete({ queryArgs: { version: 1 } })
        .execute()
    ).statusCode,
  ).toBe(200);
  expect((await integrations.get().execute()).body.total).toBe(0);
});
