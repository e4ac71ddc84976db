/**
 * API extensions through the official SDK: a real extension service on a local port validates carts
 * (its actions land in the stored cart and the response, its refusal reaches the SDK as the
 * platform's error and nothing is stored or emitted), the time limit, bad answers, conditions, the
 * authorization header, in-process handlers, and the same over the HTTP server.
 */
import type { ByProjectKeyRequestBuilder, ExtensionDraft } from '@commercetools/platform-sdk';
import { createCommerceMock, type CommerceMock } from '../../src/index.js';
import { createMockFetch } from '../../src/adapters/transports/fetch.js';
import { startServer } from '../../src/adapters/transports/node-server.js';
import { type ExtensionService, type ServiceAnswer, startExtensionService } from '../support/extension-service.js';
import { temporarySqlite } from '../storage/backends.js';
import { expect, sdkApiRoot, sdkFailure, test } from '../support/sdk.js';

let service: ExtensionService | undefined;
/** What the test's extension service answers next; a test sets it. */
let answer: (call: ExtensionService['calls'][number]) => ServiceAnswer = () => ({ status: 200 });

test.beforeEach(async () => {
  answer = () => ({ status: 200 });
  service = await startExtensionService((call) => answer(call));
});
test.afterEach(async () => {
  await service?.close();
});

const cartValidator = (overrides: Partial<ExtensionDraft> = {}): ExtensionDraft => ({
  key: 'cart-validator',
  destination: { type: 'HTTP', url: service!.url, authentication: { type: 'AuthorizationHeader', headerValue: 'Basic c2VjcmV0' } },
  triggers: [{ resourceTypeId: 'cart', actions: ['Create', 'Update'] }],
  ...overrides,
});

/** A cart create the test expects to fail: the status and error body the SDK received. */
const refusedCart = (apiRoot: ByProjectKeyRequestBuilder) =>
  sdkFailure(
    apiRoot
      .carts()
      .post({ body: { currency: 'EUR' } })
      .execute(),
  );

/** Posts a GraphQL document through the SDK: the status and the body. */
const graphql = async (apiRoot: ByProjectKeyRequestBuilder, query: string) => {
  const response = await apiRoot.graphql().post({ body: { query } }).execute();
  return { statusCode: response.statusCode, body: response.body as { data?: Record<string, any> | null; errors?: any[] } };
};

test.describe('the extension resource', () => {
  test('created with an HTTP destination, read by key, changed by every update action, deleted', async ({ apiRoot }) => {
    const created = await apiRoot.extensions().post({ body: cartValidator() }).execute();
    expect(created.statusCode).toBe(201);
    expect(created.body).toMatchObject({
      version: 1,
      key: 'cart-validator',
      triggers: [{ resourceTypeId: 'cart', actions: ['Create', 'Update'] }],
    });
    expect(created.body.timeoutInMs).toBeUndefined();
    const byKey = await apiRoot.extensions().withKey({ key: 'cart-validator' }).get().execute();
    expect(byKey.body.id).toBe(created.body.id);

    const updated = await apiRoot
      .extensions()
      .withId({ ID: created.body.id })
      .post({
        body: {
          version: 1,
          actions: [
            { action: 'setKey', key: 'payment-checker' },
            {
              action: 'changeTriggers',
              triggers: [{ resourceTypeId: 'payment', actions: ['Create'], condition: 'amountPlanned(centAmount > 0)' }],
            },
            {
              action: 'changeDestination',
              destination: { type: 'GoogleCloudFunction', url: 'https://europe-west1-shop.cloudfunctions.net/check' },
            },
            { action: 'setTimeoutInMs', timeoutInMs: 10_000 },
          ],
        },
      })
      .execute();
    expect(updated.body).toMatchObject({
      version: 2,
      key: 'payment-checker',
      destination: { type: 'GoogleCloudFunction', url: 'https://europe-west1-shop.cloudfunctions.net/check' },
      triggers: [{ resourceTypeId: 'payment', actions: ['Create'], condition: 'amountPlanned(centAmount > 0)' }],
      timeoutInMs: 10_000,
    });
    await apiRoot
      .extensions()
      .withKey({ key: 'payment-checker' })
      .delete({ queryArgs: { version: 2 } })
      .execute();
    expect((await apiRoot.extensions().get().execute()).body.results).toEqual([]);
  });

  test('drafts the platform refuses are refused with its errors, and nothing is stored', async ({ apiRoot, mock }) => {
    const refusals: Array<[unknown, string, RegExp | string]> = [
      [
        cartValidator({ triggers: [{ resourceTypeId: 'product' as 'cart', actions: ['Create'] }] }),
        'InvalidJsonInput',
        /triggers\[0\] -> resourceTypeId/,
      ],
      [cartValidator({ triggers: [{ resourceTypeId: 'cart', actions: [] }] }), 'InvalidField', /triggers\[0\]\.actions/],
      [cartValidator({ triggers: [] }), 'InvalidField', /'triggers'/],
      [cartValidator({ timeoutInMs: 2001 }), 'InvalidField', /maximum is 2000 ms/],
      [
        cartValidator({ triggers: [{ resourceTypeId: 'cart', actions: ['Create'], condition: 'country = ' }] }),
        'InvalidField',
        /condition/,
      ],
      [
        cartValidator({ destination: { type: 'AWSLambda', arn: 'arn:aws:lambda:eu-central-1:123456789012:function:check' } as never }),
        'InvalidJsonInput',
        /accessKey/,
      ],
      [cartValidator({ destination: { type: 'HTTP', url: 'not a url' } }), 'InvalidField', /destination.url/],
      [
        cartValidator({ destination: { type: 'HTTP', url: service!.url, authentication: { type: 'AzureFunctions' } as never } }),
        'InvalidJsonInput',
        /key/,
      ],
    ];
    for (const [body, code, message] of refusals) {
      const failure = await sdkFailure(
        apiRoot
          .extensions()
          .post({ body: body as ExtensionDraft })
          .execute(),
      );
      expect(failure.statusCode, JSON.stringify(body)).toBe(400);
      expect(failure.body.errors[0]!.code, JSON.stringify(body)).toBe(code);
      expect(JSON.stringify(failure.body.errors), JSON.stringify(body)).toMatch(message);
    }
    expect(mock.data.all('extension')).toEqual([]);
    // 10 seconds are allowed to an extension of payments only; an Azure Functions key is the other authentication.
    const payments = await apiRoot
      .extensions()
      .post({
        body: cartValidator({
          destination: { type: 'HTTP', url: service!.url, authentication: { type: 'AzureFunctions', key: 'function-key' } },
          triggers: [{ resourceTypeId: 'payment', actions: ['Create'] }],
          timeoutInMs: 10_000,
        }),
      })
      .execute();
    expect(payments.body.timeoutInMs).toBe(10_000);
    const widened = await sdkFailure(
      apiRoot
        .extensions()
        .withId({ ID: payments.body.id })
        .post({
          body: { version: 1, actions: [{ action: 'changeTriggers', triggers: [{ resourceTypeId: 'cart', actions: ['Create'] }] }] },
        })
        .execute(),
    );
    expect(widened.body.errors[0]).toMatchObject({ code: 'InvalidField', field: 'timeoutInMs' });
    expect(mock.data.get('extension', payments.body.id)).toMatchObject({ version: 1, triggers: [{ resourceTypeId: 'payment' }] });
  });
  test('a project holds at most 25 extensions: the 26th is MaxResourceLimitExceeded', async ({ apiRoot, mock }) => {
    for (let i = 0; i < 25; i++)
      await apiRoot
        .extensions()
        .post({ body: cartValidator({ key: `extension-${i}` }) })
        .execute();
    const failure = await sdkFailure(
      apiRoot
        .extensions()
        .post({ body: cartValidator({ key: 'one-too-many' }) })
        .execute(),
    );
    expect(failure.body.errors).toEqual([
      {
        code: 'MaxResourceLimitExceeded',
        message: 'You have exceeded the limit of 25 resources of type extension.',
        exceededResource: 'extension',
      },
    ]);
    expect(mock.data.all('extension')).toHaveLength(25);
  });
});

test('GraphQL creates, reads, updates and deletes extensions, each destination shown as its own type', async ({ mock }) => {
  const graphql = async (query: string) => {
    const response = await fetch(`${mock.options.apiUrl}/test-project/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
    });
    return (await response.json()) as { data?: Record<string, any>; errors?: unknown[] };
  };
  const created = await graphql(`mutation {
    createExtension(draft: {
      key: "cart-check",
      destination: { HTTP: { url: "https://extensions.example.com/carts", authentication: { AuthorizationHeader: { headerValue: "Basic c2VjcmV0" } } } },
      triggers: [{ resourceTypeId: "cart", actions: [Create] }]
    }) {
      key version
      destination { type ... on HttpDestination { url authentication { type ... on AuthorizationHeader { headerValue } } } }
    }
  }`);
  expect(created).toEqual({
    data: {
      createExtension: {
        key: 'cart-check',
        version: 1,
        destination: {
          type: 'HTTP',
          url: 'https://extensions.example.com/carts',
          // Partially hidden on retrieval, as the platform shows it.
          authentication: { type: 'AuthorizationHeader', headerValue: '**********cmV0' },
        },
      },
    },
  });
  const updated = await graphql(`mutation {
    updateExtension(key: "cart-check", version: 1, actions: [{ changeDestination: { destination: { GoogleCloudFunction: { url: "https://europe-west1-shop.cloudfunctions.net/check" } } } }]) {
      version destination { type ... on GoogleCloudFunctionDestination { url } }
    }
  }`);
  expect(updated.data?.updateExtension).toEqual({
    version: 2,
    destination: { type: 'GoogleCloudFunction', url: 'https://europe-west1-shop.cloudfunctions.net/check' },
  });
  expect((await graphql('{ extensions { total } }')).data?.extensions).toEqual({ total: 1 });
  await graphql('mutation { deleteExtension(key: "cart-check", version: 2) { key } }');
  expect(mock.data.all('extension')).toEqual([]);
});

test.describe('calling an HTTP extension', () => {
  test('a create: the platform body and authorization header arrive, the answered actions are stored and answered', async ({
    apiRoot,
    mock,
  }) => {
    await apiRoot.extensions().post({ body: cartValidator() }).execute();
    answer = () => ({
      status: 200,
      body: {
        actions: [
          { action: 'setCustomerEmail', email: 'checked@example.com' },
          { action: 'setKey', key: 'validated' },
        ],
      },
    });

    const cart = await apiRoot
      .carts()
      .post({ body: { currency: 'EUR', country: 'DE' } })
      .execute();
    expect(cart.statusCode).toBe(201);
    expect(cart.body).toMatchObject({ version: 1, customerEmail: 'checked@example.com', key: 'validated', country: 'DE' });
    expect(mock.data.get('cart', cart.body.id)).toEqual(cart.body);

    expect(service!.calls).toHaveLength(1);
    const [call] = service!.calls;
    expect(call!.headers.authorization).toBe('Basic c2VjcmV0');
    expect(call!.headers['content-type']).toBe('application/json');
    expect(call!.body).toMatchObject({ action: 'Create', resource: { typeId: 'cart', id: cart.body.id } });
    // The extension sees the cart as it is about to be stored: its id and fields, before its own actions.
    expect(call!.body.resource.obj).toMatchObject({ id: cart.body.id, version: 1, country: 'DE', createdAt: cart.body.createdAt });
    expect(call!.body.resource.obj.customerEmail).toBeUndefined();
  });

  test('an update: the extension sees the request applied, and its actions go into the same new version', async ({ apiRoot, mock }) => {
    const cart = await apiRoot
      .carts()
      .post({ body: { currency: 'EUR' } })
      .execute();
    await apiRoot
      .extensions()
      .post({ body: cartValidator({ triggers: [{ resourceTypeId: 'cart', actions: ['Update'] }] }) })
      .execute();
    answer = (call) => ({
      status: 200,
      body: { actions: [{ action: 'setCustomerEmail', email: `${call.body.resource.obj.country}@example.com` }] },
    });

    const updated = await apiRoot
      .carts()
      .withId({ ID: cart.body.id })
      .post({ body: { version: 1, actions: [{ action: 'setCountry', country: 'AT' }] } })
      .execute();
    expect(updated.body).toMatchObject({ version: 2, country: 'AT', customerEmail: 'AT@example.com' });
    expect(mock.data.get('cart', cart.body.id)).toEqual(updated.body);
    expect(service!.calls.map((call) => call.body.action)).toEqual(['Update']);
  });

  test('a refusal with errors reaches the SDK as the platform answers it: nothing stored, nothing emitted', async ({ apiRoot, mock }) => {
    await apiRoot
      .extensions()
      .post({ body: cartValidator({ key: 'customer-check', triggers: [{ resourceTypeId: 'customer', actions: ['Create', 'Update'] }] }) })
      .execute();
    const refusal = {
      code: 'InvalidInput',
      message: 'Customers from this domain are not accepted.',
      extensionExtraInfo: { domain: 'spam.example' },
    };
    answer = () => ({ status: 400, body: { errors: [refusal] } });

    const failure = await sdkFailure(
      apiRoot
        .customers()
        .post({ body: { email: 'a@spam.example', password: 'secret' } })
        .execute(),
    );
    expect(failure.statusCode).toBe(400);
    expect(failure.body).toEqual({ statusCode: 400, message: refusal.message, errors: [refusal] });
    expect(mock.data.all('customer')).toEqual([]);
    expect(mock.events.messages()).toEqual([]);
    expect(mock.journal.requests({ method: 'POST' }).at(-1)).toMatchObject({ status: 400 });
  });

  test('a refused update keeps the stored version and emits no message', async ({ apiRoot, mock }) => {
    const customer = await apiRoot
      .customers()
      .post({ body: { email: 'a@example.com', password: 'secret' } })
      .execute();
    await apiRoot
      .extensions()
      .post({ body: cartValidator({ key: 'customer-check', triggers: [{ resourceTypeId: 'customer', actions: ['Update'] }] }) })
      .execute();
    answer = () => ({ status: 400, body: { errors: [{ code: 'InvalidInput', message: 'No renaming.' }] } });
    const before = mock.events.messages();

    const failure = await sdkFailure(
      apiRoot
        .customers()
        .withId({ ID: customer.body.customer.id })
        .post({ body: { version: 1, actions: [{ action: 'setFirstName', firstName: 'Ada' }] } })
        .execute(),
    );
    expect(failure.body.errors).toEqual([{ code: 'InvalidInput', message: 'No renaming.' }]);
    expect(mock.data.get('customer', customer.body.customer.id)).toMatchObject({ version: 1 });
    expect(mock.data.get('customer', customer.body.customer.id)!.firstName).toBeUndefined();
    expect(mock.events.messages()).toEqual(before);
  });

  test("the messages of the extension's actions are emitted with the request's", async ({ apiRoot, mock }) => {
    await apiRoot
      .extensions()
      .post({ body: cartValidator({ key: 'customer-check', triggers: [{ resourceTypeId: 'customer', actions: ['Create'] }] }) })
      .execute();
    answer = () => ({ status: 200, body: { actions: [{ action: 'setFirstName', firstName: 'Checked' }] } });
    const customer = await apiRoot
      .customers()
      .post({ body: { email: 'a@example.com', password: 'secret' } })
      .execute();
    expect(customer.body.customer.firstName).toBe('Checked');
    expect(mock.events.messages().map((message) => message.type)).toEqual(['CustomerCreated', 'CustomerFirstNameSet']);
  });

  test('a slow extension times out as on the platform: 504 ExtensionNoResponse (in GraphQL the field error), nothing stored', async ({
    apiRoot,
    mock,
  }) => {
    const extension = await apiRoot
      .extensions()
      .post({ body: cartValidator({ timeoutInMs: 100 }) })
      .execute();
    answer = () => ({ status: 200, delayMs: 1000 });
    const started = performance.now();
    const failure = await refusedCart(apiRoot);
    expect(performance.now() - started).toBeLessThan(900);
    expect(failure.statusCode).toBe(504);
    expect(failure.body.errors).toEqual([
      {
        code: 'ExtensionNoResponse',
        message: 'Extension did not respond in time.',
        extensionId: extension.body.id,
        extensionKey: 'cart-validator',
      },
    ]);
    const viaGraphql = await graphql(apiRoot, 'mutation { createCart(draft: { currency: "EUR" }) { id } }');
    expect(viaGraphql.body.data).toEqual({ createCart: null });
    expect(viaGraphql.body.errors!.map((error) => error.extensions)).toEqual([
      { code: 'ExtensionNoResponse', extensionId: extension.body.id, extensionKey: 'cart-validator' },
    ]);
    expect(mock.data.all('cart')).toEqual([]);
  });

  test('an extension that cannot be reached: ExtensionNoResponse', async ({ apiRoot, mock }) => {
    const unreachable = cartValidator();
    await service!.close();
    service = undefined;
    await apiRoot.extensions().post({ body: unreachable }).execute();
    const failure = await refusedCart(apiRoot);
    expect(failure.statusCode).toBe(504);
    expect(failure.body.errors[0]).toMatchObject({ code: 'ExtensionNoResponse', extensionKey: 'cart-validator' });
    expect(failure.body.errors[0]!.message).toMatch(/could not be reached/);
    expect(mock.data.all('cart')).toEqual([]);
  });

  test('answers the platform cannot read: 502 ExtensionBadResponse with the status and body', async ({ apiRoot, mock }) => {
    const extension = await apiRoot.extensions().post({ body: cartValidator() }).execute();
    const bad: ServiceAnswer[] = [
      { status: 500, body: { message: 'boom' } },
      { status: 200, body: 'not json' },
      { status: 200, body: { actions: 'setKey' } },
      { status: 400, body: { message: 'no errors list' } },
    ];
    for (const next of bad) {
      answer = () => next;
      const failure = await refusedCart(apiRoot);
      expect(failure.statusCode, JSON.stringify(next)).toBe(502);
      expect(failure.body.errors[0], JSON.stringify(next)).toMatchObject({
        code: 'ExtensionBadResponse',
        extensionId: extension.body.id,
        extensionKey: 'cart-validator',
        extensionStatusCode: next.status,
        extensionBody: typeof next.body === 'string' ? next.body : JSON.stringify(next.body),
        extensionErrors: [expect.objectContaining({ extensionId: extension.body.id })],
      });
    }
    expect(mock.data.all('cart')).toEqual([]);
  });

  test('actions that fail: 400 ExtensionUpdateActionsFailed naming each cause, nothing stored', async ({ apiRoot, mock }) => {
    const extension = await apiRoot.extensions().post({ body: cartValidator() }).execute();
    answer = () => ({ status: 200, body: { actions: [{ action: 'setCustomerEmail', email: 42 }] } });
    const failure = await refusedCart(apiRoot);
    expect(failure.statusCode).toBe(400);
    expect(failure.body.errors).toEqual([
      {
        code: 'ExtensionUpdateActionsFailed',
        message: 'The extension returned update actions that could not be executed.',
        extensionErrors: [expect.objectContaining({ extensionId: extension.body.id, extensionKey: 'cart-validator' })],
      },
    ]);
    expect((failure.body.errors[0]!.extensionErrors as Array<{ code: string }>)[0]!.code).toBe('InvalidJsonInput');
    answer = () => ({ status: 200, body: { actions: [{ action: 'noSuchAction' }] } });
    const unknown = await refusedCart(apiRoot);
    expect(unknown.body.errors[0]).toMatchObject({ code: 'ExtensionUpdateActionsFailed', extensionErrors: [{ code: 'InvalidInput' }] });
    expect(mock.data.all('cart')).toEqual([]);
  });
});

test.describe('triggers', () => {
  test('only the trigger actions and a holding condition call the extension', async ({ apiRoot }) => {
    await apiRoot
      .extensions()
      .post({
        body: cartValidator({
          triggers: [{ resourceTypeId: 'cart', actions: ['Create'], condition: 'country = "DE" and totalPrice(currencyCode = "EUR")' }],
        }),
      })
      .execute();
    const german = await apiRoot
      .carts()
      .post({ body: { currency: 'EUR', country: 'DE' } })
      .execute();
    await apiRoot
      .carts()
      .post({ body: { currency: 'EUR', country: 'FR' } })
      .execute();
    await apiRoot
      .carts()
      .withId({ ID: german.body.id })
      .post({ body: { version: 1, actions: [{ action: 'setKey', key: 'updated' }] } })
      .execute();
    expect(service!.calls.map((call) => [call.body.action, call.body.resource.obj.country])).toEqual([['Create', 'DE']]);
  });

  test('a condition on a field the resource lacks fails as on the platform: ExtensionPredicateEvaluationFailed', async ({
    apiRoot,
    mock,
  }) => {
    const extension = await apiRoot
      .extensions()
      .post({
        body: cartValidator({ triggers: [{ resourceTypeId: 'cart', actions: ['Create'], condition: 'customerEmail = "a@example.com"' }] }),
      })
      .execute();
    const failure = await refusedCart(apiRoot);
    expect(failure.statusCode).toBe(400);
    expect(failure.body.errors).toEqual([
      {
        code: 'ExtensionPredicateEvaluationFailed',
        message: 'The compared field customerEmail is not present.',
        errorByExtension: { id: extension.body.id, key: 'cart-validator' },
      },
    ]);
    expect(service!.calls).toEqual([]);
    expect(mock.data.all('cart')).toEqual([]);
  });

  test('a request no extension matches is answered synchronously; one that matches is awaited', async ({ apiRoot, mock }) => {
    await apiRoot
      .extensions()
      .post({ body: cartValidator({ triggers: [{ resourceTypeId: 'order', actions: ['Create'] }] }) })
      .execute();
    const request = {
      method: 'POST',
      url: '/test-project/carts',
      headers: { 'content-type': 'application/json' },
      body: '{"currency":"EUR"}',
    };
    const unmatched = mock.respond(request);
    expect(unmatched).not.toBeInstanceOf(Promise);
    expect((unmatched as { status: number }).status).toBe(201);

    await apiRoot
      .extensions()
      .post({ body: cartValidator({ key: 'carts' }) })
      .execute();
    const matched = mock.respond(request);
    expect(matched).toBeInstanceOf(Promise);
    expect((await matched).status).toBe(201);
    expect(service!.calls).toHaveLength(1);
  });

  test('the synchronous handle() refuses a request that triggers an extension, naming respond(), and stores nothing', async ({
    apiRoot,
    mock,
  }) => {
    await apiRoot.extensions().post({ body: cartValidator() }).execute();
    const response = mock.handle({
      method: 'POST',
      url: '/test-project/carts',
      headers: { 'content-type': 'application/json' },
      body: '{"currency":"EUR"}',
    });
    expect(response.status).toBe(500);
    expect(JSON.stringify(response.body)).toMatch(/'cart-validator'.*mock\.respond\(\)/);
    expect(mock.data.all('cart')).toEqual([]);
    expect(service!.calls).toEqual([]);
  });

  test('programmatic writes call no extension', async ({ apiRoot, mock }) => {
    await apiRoot.extensions().post({ body: cartValidator() }).execute();
    answer = () => ({ status: 400, body: { errors: [{ code: 'InvalidInput', message: 'refused' }] } });
    const cart = mock.data.create('cart', { currency: 'EUR' });
    expect(mock.data.get('cart', cart.id)).toBeDefined();
    expect(service!.calls).toEqual([]);
  });
});

test.describe('in-process extensions', () => {
  const lambda: ExtensionDraft = {
    key: 'cart-lambda',
    destination: {
      type: 'AWSLambda',
      arn: 'arn:aws:lambda:eu-central-1:123456789012:function:cart-check',
      accessKey: 'AKIA',
      accessSecret: 'secret',
    },
    triggers: [{ resourceTypeId: 'cart', actions: ['Create'] }],
  };

  test('a handler registered by key answers for the destination; without one, ExtensionNoResponse', async ({ apiRoot, mock }) => {
    await apiRoot.extensions().post({ body: lambda }).execute();
    const unanswered = await refusedCart(apiRoot);
    expect(unanswered.body.errors[0]).toMatchObject({ code: 'ExtensionNoResponse', extensionKey: 'cart-lambda' });
    expect(unanswered.body.errors[0]!.message).toMatch(/No in-process handler/);

    const seen: string[] = [];
    const unregister = mock.extensions.register('cart-lambda', (input) => {
      seen.push(`${input.action} ${input.resource.typeId} ${input.resource.id}`);
      return { statusCode: 200, body: { actions: [{ action: 'setKey', key: 'from-lambda' }] } };
    });
    const cart = await apiRoot
      .carts()
      .post({ body: { currency: 'EUR' } })
      .execute();
    expect(cart.body.key).toBe('from-lambda');
    expect(seen).toEqual([`Create cart ${cart.body.id}`]);

    mock.extensions.register('cart-lambda', () => ({ statusCode: 400, body: { errors: [{ code: 'InvalidInput', message: 'Closed.' }] } }));
    const refused = await refusedCart(apiRoot);
    expect(refused.body.errors).toEqual([{ code: 'InvalidInput', message: 'Closed.' }]);
    unregister(); // a handler registered since stays
    expect((await refusedCart(apiRoot)).body.message).toBe('Closed.');
    expect(mock.data.all('cart')).toHaveLength(1);
  });

  test('a handler slower than the time limit is ExtensionNoResponse', async ({ apiRoot, mock }) => {
    await apiRoot
      .extensions()
      .post({ body: { ...lambda, timeoutInMs: 50 } })
      .execute();
    mock.extensions.register('cart-lambda', () => new Promise((resolve) => setTimeout(() => resolve({ statusCode: 200 }), 500)));
    const failure = await refusedCart(apiRoot);
    expect(failure.body.errors[0]).toMatchObject({ code: 'ExtensionNoResponse', message: 'Extension did not respond in time.' });
  });
});

test('through createMockFetch: the extension is awaited and its answer applied', async () => {
  const mock = createCommerceMock();
  const mockFetch = createMockFetch(mock, { allowNetConnect: false });
  const post = (path: string, body: unknown) =>
    mockFetch(`${mock.options.apiUrl}/test-project/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  expect((await post('extensions', cartValidator())).status).toBe(201);
  answer = () => ({ status: 200, body: { actions: [{ action: 'setKey', key: 'via-mock-fetch' }] } });
  const cart = await post('carts', { currency: 'EUR' });
  expect(cart.status).toBe(201);
  expect(await cart.json()).toMatchObject({ key: 'via-mock-fetch' });
  expect(mock.data.all('cart')).toMatchObject([{ key: 'via-mock-fetch' }]);
});

test.describe('over the HTTP server', () => {
  let mock: CommerceMock;
  test.afterEach(() => mock?.state.clear());

  test('the extension is called and its answer applied; its refusal reaches the SDK', async () => {
    mock = createCommerceMock({ defaultProjectKey: 'test-project' });
    const server = await startServer(mock, { port: 0 });
    try {
      const apiRoot = sdkApiRoot(createCommerceMock({ apiUrl: server.url, authUrl: server.url }));
      await apiRoot.extensions().post({ body: cartValidator() }).execute();
      answer = () => ({ status: 200, body: { actions: [{ action: 'setKey', key: 'over-http' }] } });
      const cart = await apiRoot
        .carts()
        .post({ body: { currency: 'EUR' } })
        .execute();
      expect(cart.body.key).toBe('over-http');
      expect(mock.data.get('cart', cart.body.id)).toMatchObject({ key: 'over-http' });
      expect(service!.calls[0]!.headers.authorization).toBe('Basic c2VjcmV0');

      answer = () => ({ status: 400, body: { errors: [{ code: 'InvalidInput', message: 'No more carts.' }] } });
      const failure = await refusedCart(apiRoot);
      expect(failure.body).toEqual({
        statusCode: 400,
        message: 'No more carts.',
        errors: [{ code: 'InvalidInput', message: 'No more carts.' }],
      });
      expect(mock.data.all('cart')).toHaveLength(1);
    } finally {
      await server.close();
    }
  });
});

test.describe('GraphQL mutations', () => {
  test("createCart: the extension's actions show in the answer and the stored cart", async ({ apiRoot, mock }) => {
    await apiRoot.extensions().post({ body: cartValidator() }).execute();
    answer = () => ({ status: 200, body: { actions: [{ action: 'setKey', key: 'validated' }] } });

    const { statusCode, body } = await graphql(
      apiRoot,
      'mutation { createCart(draft: { currency: "EUR", country: "DE" }) { id version key country } }',
    );
    expect(statusCode).toBe(200);
    expect(body.errors).toBeUndefined();
    const cart = body.data!.createCart;
    expect(cart).toMatchObject({ version: 1, key: 'validated', country: 'DE' });
    expect((await apiRoot.carts().withId({ ID: cart.id }).get().execute()).body).toMatchObject({ key: 'validated', version: 1 });
    expect(service!.calls.map((call) => [call.body.action, call.body.resource.id])).toEqual([['Create', cart.id]]);
    expect(mock.data.all('cart')).toHaveLength(1);
  });

  test("a refusal: the error in errors[] with the extension's code and fields, nothing stored or emitted", async ({ apiRoot, mock }) => {
    const extension = await apiRoot.extensions().post({ body: cartValidator() }).execute();
    const messagesBefore = mock.events.messages().length;
    answer = () => ({
      status: 400,
      body: { errors: [{ code: 'InvalidOperation', message: 'No carts today.', extensionExtraInfo: 'closed' }] },
    });

    const { statusCode, body } = await graphql(apiRoot, 'mutation { createCart(draft: { currency: "EUR" }) { id } }');
    expect(statusCode).toBe(200);
    expect(body.data).toEqual({ createCart: null });
    expect(body.errors).toEqual([
      {
        message: 'No carts today.',
        locations: [{ line: 1, column: 12 }],
        path: ['createCart'],
        extensions: { code: 'InvalidOperation', extensionExtraInfo: 'closed' },
      },
    ]);
    expect(extension.body.id).toBeTruthy();
    expect(mock.data.all('cart')).toEqual([]);
    expect(mock.events.messages()).toHaveLength(messagesBefore);
    expect(service!.calls).toHaveLength(1);
  });

  const twoFieldDocument = async (apiRoot: ByProjectKeyRequestBuilder, mock: CommerceMock) => {
    await apiRoot.extensions().post({ body: cartValidator() }).execute();
    answer = () => ({ status: 200, body: { actions: [{ action: 'setCustomerEmail', email: 'checked@example.com' }] } });

    const { body } = await graphql(
      apiRoot,
      `mutation {
      customerSignUp(draft: { email: "a@example.com", password: "secret" }) { customer { id version } }
      createCart(draft: { currency: "EUR" }) { id customerEmail }
    }`,
    );
    expect(body.errors).toBeUndefined();
    const { customerSignUp: signUp, createCart: cart } = body.data!;
    expect(signUp.customer.version).toBe(1);
    expect(cart.customerEmail).toBe('checked@example.com');
    expect(mock.data.all('customer').map((stored) => stored.id)).toEqual([signUp.customer.id]);
    expect((await apiRoot.customers().withId({ ID: signUp.customer.id }).get().execute()).body.email).toBe('a@example.com');
    expect(mock.data.all('cart').map((stored) => stored.id)).toEqual([cart.id]);
    // The extension was shown the cart that was stored.
    expect(service!.calls.map((call) => call.body.resource.id)).toEqual([cart.id]);
    expect(mock.events.messages().filter((message) => message.type === 'CustomerCreated')).toHaveLength(1);
  };

  test('two fields, the second triggers the extension: the first is stored once, with the ids it answered', ({ apiRoot, mock }) =>
    twoFieldDocument(apiRoot, mock));

  test('the same on SQLite storage: the document rolls back and runs again in one SQLite transaction', { tag: '@sqlite' }, async () => {
    const storage = temporarySqlite();
    try {
      const mock = createCommerceMock({ storage, defaultProjectKey: 'test-project' });
      await twoFieldDocument(sdkApiRoot(mock, { kind: 'client' }, 'test-project', { httpClient: createMockFetch(mock) }), mock);
    } finally {
      storage.close();
    }
  });

  test('a refusal of the second field: the first stays stored, as GraphQL answers each field on its own', async ({ apiRoot, mock }) => {
    await apiRoot.extensions().post({ body: cartValidator() }).execute();
    answer = () => ({ status: 400, body: { errors: [{ code: 'InvalidOperation', message: 'No carts today.' }] } });

    const { body } = await graphql(
      apiRoot,
      `mutation {
        createTaxCategory(draft: { name: "Standard" }) { id }
        createCart(draft: { currency: "EUR" }) { id }
      }`,
    );
    expect(body.data!.createTaxCategory.id).toBe(mock.data.all('tax-category')[0]?.id);
    expect(body.data!.createCart).toBeNull();
    expect(body.errors!.map((error) => [error.path, error.extensions.code])).toEqual([[['createCart'], 'InvalidOperation']]);
    expect(mock.data.all('tax-category')).toHaveLength(1);
    expect(mock.data.all('cart')).toEqual([]);
  });
});
