/**
 * The request context is derived once, before routing, from the path and the token: the project,
 * the author its writes record and the caller `/me` serves. A token issued to a shopper of one
 * project therefore works in no other project, on any route, and what it is refused stores nothing;
 * to a client token issued for one project (`manage_project:a`), other projects do not exist.
 */
import { createApiBuilderFromCtpClient } from '@commercetools/platform-sdk';
import { PROJECT_KEY, expect, sdkApiRoot, sdkClient, sdkFailure, test } from '../support/sdk.js';

const OTHER_PROJECT = 'other-project';

type Json = Record<string, any>;

async function send(mock: { options: { apiUrl: string } }, method: string, path: string, token: string, body?: unknown) {
  const response = await fetch(`${mock.options.apiUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, body: (await response.json()) as Json };
}

test.describe("a shopper's token in another project", () => {
  for (const route of [
    { method: 'GET', path: '/customers' },
    { method: 'GET', path: '/carts' },
    { method: 'POST', path: '/carts', body: { currency: 'EUR' } },
    { method: 'GET', path: '/me' },
    { method: 'GET', path: '/in-store/key=berlin/carts' },
  ]) {
    test(`${route.method} ${route.path}: 403 insufficient_scope, nothing stored`, async ({ mock }) => {
      const customer = mock.data.create<{ id: string }>('customer', { email: 'ada@example.com', password: 'secret' });
      const customerToken = mock.tokens.issue({ kind: 'customer', customerId: customer.id }).accessToken;
      const anonymousToken = mock.tokens.issue({ kind: 'anonymous' }).accessToken;
      for (const token of [customerToken, anonymousToken]) {
        const refused = await send(mock, route.method, `/${OTHER_PROJECT}${route.path}`, token, route.body);
        expect(refused.status).toBe(403);
        expect(refused.body.errors[0].code).toBe('insufficient_scope');
        expect(refused.body.message).toBe(`The token was issued for the project '${PROJECT_KEY}', not '${OTHER_PROJECT}'.`);
      }
      expect(mock.project(OTHER_PROJECT).data.all('cart')).toEqual([]);
    });
  }

  test('the same tokens are served in their own project, and a client token that names no project in any project', async ({ mock }) => {
    const customer = mock.data.create<{ id: string }>('customer', { email: 'ada@example.com', password: 'secret' });
    const customerToken = mock.tokens.issue({ kind: 'customer', customerId: customer.id }).accessToken;
    const ownProject = await send(mock, 'POST', `/${PROJECT_KEY}/carts`, customerToken, { currency: 'EUR' });
    expect(ownProject.status).toBe(201);
    expect(ownProject.body.createdBy).toEqual({
      isPlatformClient: false,
      clientId: 'commerce-mock',
      customer: { typeId: 'customer', id: customer.id },
    });

    // No scope asked for: the token server's `todo` scope names no project.
    const clientToken = mock.tokens.issue({ kind: 'client', scope: 'todo' }).accessToken;
    const elsewhere = await send(mock, 'POST', `/${OTHER_PROJECT}/carts`, clientToken, { currency: 'EUR' });
    expect(elsewhere.status).toBe(201);
    expect(mock.project(OTHER_PROJECT).data.all('cart')).toHaveLength(1);
  });

  test('through the SDK: the password flow of one project cannot read another', async ({ mock }) => {
    mock.data.create('customer', { email: 'ada@example.com', password: 'secret' });
    const ada = { kind: 'password', username: 'ada@example.com', password: 'secret' } as const;
    expect((await sdkApiRoot(mock, ada).me().get().execute()).statusCode).toBe(200);
    // Ada's client signs in to her own project, then addresses another one.
    const elsewhere = createApiBuilderFromCtpClient(sdkClient(mock, ada)).withProjectKey({ projectKey: OTHER_PROJECT });
    const failure = await sdkFailure(elsewhere.customers().get().execute());
    expect(failure.statusCode).toBe(403);
    expect(failure.body.errors[0]!.code).toBe('insufficient_scope');
  });
});

test.describe('a client token of one project (manage_project:a) in another', () => {
  test('through the SDK: every path of the other project is 404 URI not found (the path as requested), nothing stored', async ({
    mock,
    apiRoot,
  }) => {
    expect((await apiRoot.carts().get().execute()).statusCode).toBe(200);
    // The same SDK client (its token asked for manage_project:test-project) addresses another project.
    const elsewhere = createApiBuilderFromCtpClient(sdkClient(mock)).withProjectKey({ projectKey: OTHER_PROJECT });
    const requests: Array<[Promise<unknown>, string]> = [
      [elsewhere.get().execute(), `/${OTHER_PROJECT}`],
      [
        elsewhere
          .carts()
          .get({ queryArgs: { limit: 5 } })
          .execute(),
        `/${OTHER_PROJECT}/carts`,
      ],
      [
        elsewhere
          .carts()
          .post({ body: { currency: 'EUR' } })
          .execute(),
        `/${OTHER_PROJECT}/carts`,
      ],
      [elsewhere.customers().withKey({ key: 'ada' }).get().execute(), `/${OTHER_PROJECT}/customers/key=ada`],
      [elsewhere.me().get().execute(), `/${OTHER_PROJECT}/me`],
    ];
    for (const [request, path] of requests) {
      const failure = await sdkFailure(request);
      expect(failure.statusCode).toBe(404);
      expect(failure.body.message).toBe(`URI not found: ${path}`);
      expect(failure.body.errors[0]).toEqual({ code: 'ResourceNotFound', message: `URI not found: ${path}` });
    }
    expect(mock.project(OTHER_PROJECT).data.all('cart')).toEqual([]);
  });

  test('plain fetch: the same token in its own project works; in another, 404 before anything runs', async ({ mock }) => {
    const token = mock.tokens.issue({ kind: 'client', scope: `manage_project:${PROJECT_KEY} view_orders:${PROJECT_KEY}` }).accessToken;
    expect((await send(mock, 'POST', `/${PROJECT_KEY}/carts`, token, { currency: 'EUR' })).status).toBe(201);
    const refused = await send(mock, 'POST', `/${OTHER_PROJECT}/carts`, token, { currency: 'EUR' });
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe(`URI not found: /${OTHER_PROJECT}/carts`);
    expect(mock.project(OTHER_PROJECT).data.all('cart')).toEqual([]);
  });
});
