/**
 * The token server: the official SDK's flows against it, and every endpoint driven by plain `fetch`
 * (form bodies and query strings, response shapes, OAuth-style errors, the auth-store accessor).
 */
import { test as base } from '@playwright/test';
import { createCommerceMock, type CommerceMock } from '../../src/index.js';
import { startServer } from '../../src/adapters/transports/node-server.js';
import { CREDENTIALS, PROJECT_KEY, expect, sdkApiRoot, test } from '../support/sdk.js';

type Json = Record<string, any>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** The platform's token alphabet: no `+`, `/` or `=` (tokens travel in headers, forms and URLs). */
const TOKEN = /^[A-Za-z0-9_-]+$/;

const basic = (id = CREDENTIALS.clientId, secret = CREDENTIALS.clientSecret) =>
  `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

interface OAuthCall {
  /** Form-encoded body parameters. */
  form?: Record<string, string>;
  /** Query-string parameters. */
  query?: Record<string, string>;
  /** The Authorization header; `null` sends none. Default: valid Basic credentials. */
  authorization?: string | null;
  method?: string;
}

async function oauth(mock: CommerceMock, path: string, call: OAuthCall = {}): Promise<{ status: number; body: Json }> {
  const url = new URL(`${mock.options.authUrl}/oauth/${path}`);
  for (const [name, value] of Object.entries(call.query ?? {})) url.searchParams.set(name, value);
  const headers: Record<string, string> = {};
  const authorization = call.authorization === undefined ? basic() : call.authorization;
  if (authorization !== null) headers.authorization = authorization;
  const init: RequestInit = { method: call.method ?? 'POST', headers };
  if (call.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    init.body = new URLSearchParams(call.form).toString();
  }
  const response = await fetch(url, init);
  const text = await response.text();
  expect(text, `${path} answered ${response.status} with an empty body`).not.toBe('');
  return { status: response.status, body: JSON.parse(text) as Json };
}

async function api(mock: CommerceMock, path: string, token?: string): Promise<{ status: number; body: Json }> {
  const response = await fetch(`${mock.options.apiUrl}/${PROJECT_KEY}/${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.status, body: (await response.json()) as Json };
}

function expectTokenShape(body: Json, withRefreshToken: boolean) {
  expect(typeof body.access_token).toBe('string');
  expect(body.access_token.length).toBeGreaterThan(10);
  expect(body.access_token).toMatch(TOKEN);
  expect(body.token_type).toBe('Bearer');
  expect(body.expires_in).toBe(172800);
  expect(typeof body.scope).toBe('string');
  if (withRefreshToken) {
    expect(typeof body.refresh_token).toBe('string');
    expect(body.refresh_token).toMatch(/^[^-\s].*-[A-Za-z0-9_-]{8,}$/);
    expect(body.refresh_token).toMatch(TOKEN);
  } else {
    expect(body.refresh_token).toBeUndefined();
  }
}

function expectOAuthError(result: { status: number; body: Json }, status: number, code: string) {
  expect(result.status).toBe(status);
  expect(result.body.statusCode).toBe(status);
  expect(result.body.error).toBe(code);
  expect(result.body.errors?.[0]?.code).toBe(code);
  expect(typeof result.body.message).toBe('string');
}

function seedCustomer(mock: CommerceMock, email = 'ada@example.com', password = 'secret-1', extra: Json = {}) {
  return mock.data.create<{ id: string; email: string }>('customer', { email, password, ...extra });
}

test.describe('official SDK flows', () => {
  test('client credentials flow: the SDK fetches a token and its API calls succeed', async ({ mock, apiRoot }) => {
    const created = await apiRoot
      .customers()
      .post({ body: { email: 'c@example.com', password: 'pw' } })
      .execute();
    expect(created.statusCode).toBe(201);
    const tokens = mock.tokens.list();
    expect(tokens).toHaveLength(1);
    expect(tokens[0]).toMatchObject({ kind: 'client', clientId: CREDENTIALS.clientId, scope: `manage_project:${PROJECT_KEY}` });
    expect(tokens[0]!.refreshToken).toBeUndefined();
    // The SDK caches the token: a second call issues no new one.
    const list = await apiRoot.customers().get().execute();
    expect(list.body.results.map((c) => c.id)).toEqual([created.body.customer.id]);
    expect(mock.tokens.list()).toHaveLength(1);
    expect(created.body.customer.createdBy).toMatchObject({ clientId: CREDENTIALS.clientId });
  });

  test('password flow: a customer token is issued and used', async ({ mock }) => {
    const customer = seedCustomer(mock, 'pat@example.com', 'p@ss w+rd&=');
    const root = sdkApiRoot(mock, { kind: 'password', username: 'pat@example.com', password: 'p@ss w+rd&=' });
    const read = await root.customers().withId({ ID: customer.id }).get().execute();
    expect(read.body.email).toBe('pat@example.com');
    const token = mock.tokens.find({ kind: 'customer' });
    expect(token).toMatchObject({ kind: 'customer', customerId: customer.id, clientId: CREDENTIALS.clientId, projectKey: PROJECT_KEY });
    expect(token!.scope.split(' ')).toContain(`customer_id:${customer.id}`);
    expect(token!.scope.split(' ')).toContain(`manage_project:${PROJECT_KEY}`);
    expect(token!.refreshToken).toMatch(new RegExp(`^${PROJECT_KEY}-[A-Za-z0-9_-]+$`));
  });

  test('password flow with a wrong password: the SDK call fails with invalid_customer_account_credentials', async ({ mock }) => {
    seedCustomer(mock, 'pat@example.com', 'right');
    const root = sdkApiRoot(mock, { kind: 'password', username: 'pat@example.com', password: 'wrong' });
    // A failed token fetch surfaces as an error carrying the token server's `error` code (no API body).
    const error = await root
      .customers()
      .get()
      .execute()
      .then(
        () => undefined,
        (e: unknown) => e as { statusCode?: number; code?: string; message?: string },
      );
    expect(error, 'the SDK call must fail').toBeDefined();
    expect(error!.statusCode).toBe(400);
    expect(error!.code).toBe('invalid_customer_account_credentials');
    expect(error!.message).toBe('Customer account with the given credentials not found.');
    expect(mock.tokens.list()).toHaveLength(0);
  });

  test('every token the SDK flows get uses only A-Za-z0-9_- (no +, / or =), like the platform tokens', async ({ mock }) => {
    seedCustomer(mock, 'pat@example.com', 'secret-1');
    // 24 random bytes give 32 characters: with a `+` or `/` in 1 of 32 characters, 30 rounds would all but surely show one.
    for (let round = 0; round < 30; round++) {
      await sdkApiRoot(mock, { kind: 'client' }).customers().get().execute();
      await sdkApiRoot(mock, { kind: 'password', username: 'pat@example.com', password: 'secret-1' }).me().get().execute();
      await sdkApiRoot(mock, { kind: 'anonymous' }).carts().get().execute();
    }
    const tokens = mock.tokens.list();
    expect(tokens).toHaveLength(90);
    for (const token of tokens) {
      expect(token.accessToken).toMatch(TOKEN);
      if (token.kind !== 'client') expect(token.refreshToken).toMatch(TOKEN);
    }
  });

  test('anonymous session flow: an anonymous token is issued and used, and a given anonymousId is kept', async ({ mock }) => {
    const fresh = sdkApiRoot(mock, { kind: 'anonymous' });
    expect((await fresh.customers().get().execute()).statusCode).toBe(200);
    const first = mock.tokens.find({ kind: 'anonymous' });
    expect(first?.anonymousId).toMatch(UUID);
    expect(first!.scope.split(' ')).toContain(`anonymous_id:${first!.anonymousId}`);

    const anonymousId = '5b2f4c3e-0c1d-4b8a-9c2e-123456789abc';
    const continued = sdkApiRoot(mock, { kind: 'anonymous', anonymousId });
    expect((await continued.customers().get().execute()).statusCode).toBe(200);
    expect(mock.tokens.find({ kind: 'anonymous' })).toMatchObject({ anonymousId, projectKey: PROJECT_KEY });
    expect(mock.tokens.list({ kind: 'anonymous' })).toHaveLength(2);
  });
});

test.describe('POST /oauth/token', () => {
  test('client_credentials in a form body: token shape, scope as requested, stored record', async ({ mock }) => {
    const result = await oauth(mock, 'token', {
      form: { grant_type: 'client_credentials', scope: `manage_project:${PROJECT_KEY} view_products:${PROJECT_KEY}` },
    });
    expect(result.status).toBe(200);
    expectTokenShape(result.body, false);
    expect(result.body.scope).toBe(`manage_project:${PROJECT_KEY} view_products:${PROJECT_KEY}`);
    expect(mock.tokens.get(result.body.access_token)).toMatchObject({
      kind: 'client',
      clientId: CREDENTIALS.clientId,
      scope: result.body.scope,
      projectKey: PROJECT_KEY,
      expiresIn: 172800,
      tokenType: 'Bearer',
    });
    // The token works on the API.
    expect((await api(mock, 'customers', result.body.access_token)).status).toBe(200);
  });

  test('client_credentials in the query string works the same', async ({ mock }) => {
    const result = await oauth(mock, 'token', { query: { grant_type: 'client_credentials', scope: `manage_project:${PROJECT_KEY}` } });
    expect(result.status).toBe(200);
    expectTokenShape(result.body, false);
    expect(result.body.scope).toBe(`manage_project:${PROJECT_KEY}`);
    expect(mock.tokens.get(result.body.access_token)?.kind).toBe('client');
  });

  test('client token without a scope gets the scope "todo"', async ({ mock }) => {
    const result = await oauth(mock, 'token', { form: { grant_type: 'client_credentials' } });
    expect(result.status).toBe(200);
    expect(result.body.scope).toBe('todo');
    expect(mock.tokens.get(result.body.access_token)?.scope).toBe('todo');
  });

  test('each request issues a distinct random token', async ({ mock }) => {
    const a = await oauth(mock, 'token', { form: { grant_type: 'client_credentials' } });
    const b = await oauth(mock, 'token', { form: { grant_type: 'client_credentials' } });
    expect(a.body.access_token).not.toBe(b.body.access_token);
    expect(mock.tokens.list({ kind: 'client' })).toHaveLength(2);
  });

  test('an unsupported grant type is 400 unsupported_grant_type and issues nothing', async ({ mock }) => {
    const result = await oauth(mock, 'token', { form: { grant_type: 'authorization_code' } });
    expectOAuthError(result, 400, 'unsupported_grant_type');
    const password = await oauth(mock, 'token', { form: { grant_type: 'password', username: 'x', password: 'y' } });
    expectOAuthError(password, 400, 'unsupported_grant_type');
    expect(mock.tokens.list()).toHaveLength(0);
  });

  test('a missing grant type is a 400 OAuth error', async ({ mock }) => {
    const result = await oauth(mock, 'token', { form: { scope: 'x' } });
    expect(result.status).toBe(400);
    expect(typeof result.body.error).toBe('string');
    expect(mock.tokens.list()).toHaveLength(0);
  });
});

test.describe('refresh_token grant', () => {
  test('a password-grant refresh token yields a new access token for the same customer', async ({ mock }) => {
    const customer = seedCustomer(mock);
    const issued = await oauth(mock, `${PROJECT_KEY}/customers/token`, {
      form: { grant_type: 'password', username: 'ada@example.com', password: 'secret-1' },
    });
    expect(issued.status).toBe(200);
    const refreshed = await oauth(mock, 'token', { form: { grant_type: 'refresh_token', refresh_token: issued.body.refresh_token } });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.token_type).toBe('Bearer');
    expect(refreshed.body.expires_in).toBe(172800);
    expect(refreshed.body.access_token).not.toBe(issued.body.access_token);
    expect(refreshed.body.scope).toBe(issued.body.scope);
    expect(mock.tokens.get(refreshed.body.access_token)).toMatchObject({ kind: 'customer', customerId: customer.id });
    expect(mock.tokens.list({ customerId: customer.id })).toHaveLength(2);
    // The refreshed token is usable.
    expect((await api(mock, `customers/${customer.id}`, refreshed.body.access_token)).status).toBe(200);
  });

  test('an anonymous refresh token keeps the anonymous session; refresh in the query string works', async ({ mock }) => {
    const issued = await oauth(mock, `${PROJECT_KEY}/anonymous/token`, { form: { grant_type: 'client_credentials' } });
    const refreshed = await oauth(mock, 'token', { query: { grant_type: 'refresh_token', refresh_token: issued.body.refresh_token } });
    expect(refreshed.status).toBe(200);
    const anonymousId = mock.tokens.get(issued.body.access_token)!.anonymousId!;
    expect(mock.tokens.get(refreshed.body.access_token)).toMatchObject({ kind: 'anonymous', anonymousId });
  });

  test('an unknown refresh token is 400 invalid_grant and issues nothing', async ({ mock }) => {
    const result = await oauth(mock, 'token', { form: { grant_type: 'refresh_token', refresh_token: `${PROJECT_KEY}-doesnotexist` } });
    expectOAuthError(result, 400, 'invalid_grant');
    expect(mock.tokens.list()).toHaveLength(0);
  });

  test('an access token is not accepted as a refresh token', async ({ mock }) => {
    seedCustomer(mock);
    const issued = await oauth(mock, `${PROJECT_KEY}/customers/token`, {
      form: { grant_type: 'password', username: 'ada@example.com', password: 'secret-1' },
    });
    const result = await oauth(mock, 'token', { form: { grant_type: 'refresh_token', refresh_token: issued.body.access_token } });
    expectOAuthError(result, 400, 'invalid_grant');
    expect(mock.tokens.list()).toHaveLength(1);
  });
});

test.describe('POST /oauth/{projectKey}/customers/token', () => {
  test('password grant: token with refresh token and customer_id scope', async ({ mock }) => {
    const customer = seedCustomer(mock);
    const result = await oauth(mock, `${PROJECT_KEY}/customers/token`, {
      form: { grant_type: 'password', username: 'ada@example.com', password: 'secret-1', scope: `manage_project:${PROJECT_KEY}` },
    });
    expect(result.status).toBe(200);
    expectTokenShape(result.body, true);
    expect(result.body.scope.split(' ')).toEqual([`manage_project:${PROJECT_KEY}`, `customer_id:${customer.id}`]);
    expect(result.body.refresh_token).toMatch(new RegExp(`^${PROJECT_KEY}-[A-Za-z0-9_-]+$`));
    expect(mock.tokens.get(result.body.access_token)).toMatchObject({
      kind: 'customer',
      customerId: customer.id,
      projectKey: PROJECT_KEY,
      refreshToken: result.body.refresh_token,
    });
  });

  test('password grant without a scope still carries customer_id', async ({ mock }) => {
    const customer = seedCustomer(mock);
    const result = await oauth(mock, `${PROJECT_KEY}/customers/token`, {
      form: { grant_type: 'password', username: 'ada@example.com', password: 'secret-1' },
    });
    expect(result.status).toBe(200);
    expect(result.body.scope.split(' ')).toContain(`customer_id:${customer.id}`);
  });

  test('password grant parameters in the query string', async ({ mock }) => {
    const customer = seedCustomer(mock);
    const result = await oauth(mock, `${PROJECT_KEY}/customers/token`, {
      query: { grant_type: 'password', username: 'ada@example.com', password: 'secret-1' },
    });
    expect(result.status).toBe(200);
    expect(mock.tokens.get(result.body.access_token)?.customerId).toBe(customer.id);
  });

  test('email matching is case-insensitive (both ways)', async ({ mock }) => {
    const upper = seedCustomer(mock, 'Grace.Hopper@Example.COM', 'pw-1');
    const result = await oauth(mock, `${PROJECT_KEY}/customers/token`, {
      form: { grant_type: 'password', username: 'grace.hopper@example.com', password: 'pw-1' },
    });
    expect(result.status).toBe(200);
    expect(mock.tokens.get(result.body.access_token)?.customerId).toBe(upper.id);
    const lower = seedCustomer(mock, 'linus@example.com', 'pw-2');
    const shouted = await oauth(mock, `${PROJECT_KEY}/customers/token`, {
      form: { grant_type: 'password', username: 'LINUS@EXAMPLE.COM', password: 'pw-2' },
    });
    expect(shouted.status).toBe(200);
    expect(mock.tokens.get(shouted.body.access_token)?.customerId).toBe(lower.id);
  });

  test('the password is compared exactly (case-sensitive)', async ({ mock }) => {
    seedCustomer(mock, 'ada@example.com', 'Secret');
    const result = await oauth(mock, `${PROJECT_KEY}/customers/token`, {
      form: { grant_type: 'password', username: 'ada@example.com', password: 'secret' },
    });
    expectOAuthError(result, 400, 'invalid_customer_account_credentials');
  });

  test('wrong password and unknown email: 400 invalid_customer_account_credentials, OAuth envelope, nothing issued', async ({ mock }) => {
    seedCustomer(mock);
    for (const form of [
      { grant_type: 'password', username: 'ada@example.com', password: 'wrong' },
      { grant_type: 'password', username: 'nobody@example.com', password: 'secret-1' },
    ]) {
      const result = await oauth(mock, `${PROJECT_KEY}/customers/token`, { form });
      expectOAuthError(result, 400, 'invalid_customer_account_credentials');
      expect(result.body.message).toBe('Customer account with the given credentials not found.');
      expect(result.body.errors[0].message).toBe('Customer account with the given credentials not found.');
    }
    expect(mock.tokens.list()).toHaveLength(0);
  });

  test('customers are looked up in the project of the path only', async ({ mock }) => {
    mock.project('other-project').data.create('customer', { email: 'ada@example.com', password: 'secret-1' });
    const here = await oauth(mock, `${PROJECT_KEY}/customers/token`, {
      form: { grant_type: 'password', username: 'ada@example.com', password: 'secret-1' },
    });
    expectOAuthError(here, 400, 'invalid_customer_account_credentials');
    const there = await oauth(mock, 'other-project/customers/token', {
      form: { grant_type: 'password', username: 'ada@example.com', password: 'secret-1' },
    });
    expect(there.status).toBe(200);
    expect(mock.tokens.get(there.body.access_token)?.projectKey).toBe('other-project');
  });

  test('a customer with authenticationMode ExternalAuth cannot get a password token', async ({ mock }) => {
    mock.data.create('customer', { email: 'ext@example.com', password: 'pw', authenticationMode: 'ExternalAuth' });
    const result = await oauth(mock, `${PROJECT_KEY}/customers/token`, {
      form: { grant_type: 'password', username: 'ext@example.com', password: 'pw' },
    });
    expectOAuthError(result, 400, 'invalid_customer_account_credentials');
  });

  test('missing username or password is a 400 OAuth error', async ({ mock }) => {
    seedCustomer(mock);
    const noPassword = await oauth(mock, `${PROJECT_KEY}/customers/token`, {
      form: { grant_type: 'password', username: 'ada@example.com' },
    });
    expect(noPassword.status).toBe(400);
    expect(typeof noPassword.body.error).toBe('string');
    const noUser = await oauth(mock, `${PROJECT_KEY}/customers/token`, { form: { grant_type: 'password', password: 'secret-1' } });
    expect(noUser.status).toBe(400);
    expect(mock.tokens.list()).toHaveLength(0);
  });

  test('a non-password grant on the customer endpoint is unsupported_grant_type', async ({ mock }) => {
    const result = await oauth(mock, `${PROJECT_KEY}/customers/token`, { form: { grant_type: 'client_credentials' } });
    expectOAuthError(result, 400, 'unsupported_grant_type');
  });
});

test.describe('POST /oauth/{projectKey}/in-store/key={storeKey}/customers/token', () => {
  test.beforeEach(({ mock }) => {
    mock.data.create('store', { key: 'berlin', name: { en: 'Berlin' } });
    mock.data.create('store', { key: 'paris', name: { en: 'Paris' } });
  });

  test('a customer of the store gets an in-store token', async ({ mock }) => {
    const customer = seedCustomer(mock, 'b@example.com', 'pw', { stores: [{ typeId: 'store', key: 'berlin' }] });
    const result = await oauth(mock, `${PROJECT_KEY}/in-store/key=berlin/customers/token`, {
      form: { grant_type: 'password', username: 'b@example.com', password: 'pw' },
    });
    expect(result.status).toBe(200);
    expectTokenShape(result.body, true);
    expect(result.body.scope.split(' ')).toContain(`customer_id:${customer.id}`);
    expect(mock.tokens.get(result.body.access_token)).toMatchObject({ kind: 'customer', customerId: customer.id, storeKey: 'berlin' });
  });

  test('a customer of another store is refused', async ({ mock }) => {
    seedCustomer(mock, 'p@example.com', 'pw', { stores: [{ typeId: 'store', key: 'paris' }] });
    const result = await oauth(mock, `${PROJECT_KEY}/in-store/key=berlin/customers/token`, {
      form: { grant_type: 'password', username: 'p@example.com', password: 'pw' },
    });
    expectOAuthError(result, 400, 'invalid_customer_account_credentials');
    expect(mock.tokens.list()).toHaveLength(0);
  });

  test('wrong password in a store is refused', async ({ mock }) => {
    seedCustomer(mock, 'b@example.com', 'pw', { stores: [{ typeId: 'store', key: 'berlin' }] });
    const result = await oauth(mock, `${PROJECT_KEY}/in-store/key=berlin/customers/token`, {
      form: { grant_type: 'password', username: 'b@example.com', password: 'nope' },
    });
    expectOAuthError(result, 400, 'invalid_customer_account_credentials');
  });
});

test.describe('POST /oauth/{projectKey}/anonymous/token', () => {
  test('a new anonymous session: anonymous_id:<uuid> appended to the scope, refresh token', async ({ mock }) => {
    const result = await oauth(mock, `${PROJECT_KEY}/anonymous/token`, {
      form: { grant_type: 'client_credentials', scope: `manage_project:${PROJECT_KEY}` },
    });
    expect(result.status).toBe(200);
    expectTokenShape(result.body, true);
    const parts = result.body.scope.split(' ') as string[];
    expect(parts[0]).toBe(`manage_project:${PROJECT_KEY}`);
    const last = parts.at(-1)!;
    expect(last).toMatch(/^anonymous_id:/);
    const anonymousId = last.slice('anonymous_id:'.length);
    expect(anonymousId).toMatch(UUID);
    expect(result.body.refresh_token).toMatch(new RegExp(`^${PROJECT_KEY}-[A-Za-z0-9_-]+$`));
    expect(mock.tokens.get(result.body.access_token)).toMatchObject({ kind: 'anonymous', anonymousId, projectKey: PROJECT_KEY });
  });

  test('each new session gets a new anonymous id', async ({ mock }) => {
    const a = await oauth(mock, `${PROJECT_KEY}/anonymous/token`, { form: { grant_type: 'client_credentials' } });
    const b = await oauth(mock, `${PROJECT_KEY}/anonymous/token`, { form: { grant_type: 'client_credentials' } });
    const ids = [a, b].map((r) => mock.tokens.get(r.body.access_token)!.anonymousId);
    expect(ids[0]).not.toBe(ids[1]);
  });

  test('passing anonymous_id continues that session (form body and query string)', async ({ mock }) => {
    const anonymousId = 'my-session-1';
    const viaForm = await oauth(mock, `${PROJECT_KEY}/anonymous/token`, {
      form: { grant_type: 'client_credentials', anonymous_id: anonymousId },
    });
    expect(viaForm.status).toBe(200);
    expect(viaForm.body.scope.split(' ')).toContain(`anonymous_id:${anonymousId}`);
    const viaQuery = await oauth(mock, `${PROJECT_KEY}/anonymous/token`, {
      query: { grant_type: 'client_credentials', anonymous_id: anonymousId },
    });
    expect(viaQuery.status).toBe(200);
    expect(viaQuery.body.scope.split(' ')).toContain(`anonymous_id:${anonymousId}`);
    expect(mock.tokens.list({ anonymousId }).map((t) => t.accessToken)).toEqual([viaForm.body.access_token, viaQuery.body.access_token]);
  });

  test('a password grant on the anonymous endpoint is unsupported_grant_type', async ({ mock }) => {
    const result = await oauth(mock, `${PROJECT_KEY}/anonymous/token`, { form: { grant_type: 'password', username: 'a', password: 'b' } });
    expectOAuthError(result, 400, 'unsupported_grant_type');
  });
});

test.describe('POST /oauth/introspect', () => {
  test('an issued token is active with scope, exp and client_id', async ({ mock }) => {
    const before = Math.floor(Date.now() / 1000);
    const issued = await oauth(mock, 'token', { form: { grant_type: 'client_credentials', scope: `manage_project:${PROJECT_KEY}` } });
    const result = await oauth(mock, 'introspect', {
      form: { token: issued.body.access_token },
      authorization: basic('other-client', 'x'),
    });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ active: true, scope: `manage_project:${PROJECT_KEY}`, client_id: CREDENTIALS.clientId });
    expect(result.body.exp).toBeGreaterThanOrEqual(before + 172800);
    expect(result.body.exp).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 172800 + 1);
  });

  test('token in the query string; an unknown token is {active:false}', async ({ mock }) => {
    const issued = await oauth(mock, 'token', { form: { grant_type: 'client_credentials' } });
    const known = await oauth(mock, 'introspect', { query: { token: issued.body.access_token } });
    expect(known.body.active).toBe(true);
    const unknown = await oauth(mock, 'introspect', { form: { token: 'made-up' } });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({ active: false });
  });
});

test.describe('Basic authentication on the token endpoints', () => {
  const endpoints: Array<[string, Record<string, string>]> = [
    ['token', { grant_type: 'client_credentials' }],
    ['token', { grant_type: 'refresh_token', refresh_token: 'x-y' }],
    [`${PROJECT_KEY}/customers/token`, { grant_type: 'password', username: 'ada@example.com', password: 'secret-1' }],
    [`${PROJECT_KEY}/in-store/key=berlin/customers/token`, { grant_type: 'password', username: 'ada@example.com', password: 'secret-1' }],
    [`${PROJECT_KEY}/anonymous/token`, { grant_type: 'client_credentials' }],
    ['introspect', { token: 'x' }],
  ];
  const badHeaders: Array<[string, string | null]> = [
    ['missing', null],
    ['empty', ''],
    ['scheme only', 'Basic'],
    ['scheme with blank', 'Basic    '],
    ['not base64 of id:secret', 'Basic bm9jb2xvbg=='],
    ['empty id', `Basic ${Buffer.from(':secret').toString('base64')}`],
    ['empty secret', `Basic ${Buffer.from('id:').toString('base64')}`],
    ['empty both', `Basic ${Buffer.from(':').toString('base64')}`],
    ['bearer instead of basic', 'Bearer abc'],
    ['garbage', '!!!'],
  ];

  for (const mockOptions of [
    { enableAuthentication: false, validateCredentials: false },
    { enableAuthentication: true, validateCredentials: true },
  ]) {
    test.describe(`with ${JSON.stringify(mockOptions)}`, () => {
      test.use({ mockOptions });
      test('every token endpoint answers 401 invalid_client and issues nothing', async ({ mock }) => {
        mock.data.create('store', { key: 'berlin', name: { en: 'Berlin' } });
        seedCustomer(mock, 'ada@example.com', 'secret-1', { stores: [{ typeId: 'store', key: 'berlin' }] });
        for (const [path, form] of endpoints) {
          for (const [label, authorization] of badHeaders) {
            const result = await oauth(mock, path, { form, authorization });
            expect.soft(result.status, `${path} / ${label}`).toBe(401);
            expect.soft(result.body.error, `${path} / ${label}`).toBe('invalid_client');
            expect.soft(result.body.errors?.[0]?.code, `${path} / ${label}`).toBe('invalid_client');
          }
        }
        expect(mock.tokens.list()).toHaveLength(0);
        // Valid Basic credentials of any value are accepted.
        const ok = await oauth(mock, 'token', { form: { grant_type: 'client_credentials' }, authorization: basic('anything', 'goes') });
        expect(ok.status).toBe(200);
        expect(mock.tokens.get(ok.body.access_token)?.clientId).toBe('anything');
      });
    });
  }
});

test.describe('auth store accessor', () => {
  test('list, find and get by kind, customerId, anonymousId and clientId', async ({ mock }) => {
    const customer = seedCustomer(mock);
    const client1 = await oauth(mock, 'token', { form: { grant_type: 'client_credentials' }, authorization: basic('client-a', 's') });
    const client2 = await oauth(mock, 'token', { form: { grant_type: 'client_credentials' }, authorization: basic('client-b', 's') });
    const client3 = await oauth(mock, 'token', { form: { grant_type: 'client_credentials' }, authorization: basic('client-a', 's') });
    const cust = await oauth(mock, `${PROJECT_KEY}/customers/token`, {
      form: { grant_type: 'password', username: 'ada@example.com', password: 'secret-1' },
      authorization: basic('client-b', 's'),
    });
    const anon = await oauth(mock, `${PROJECT_KEY}/anonymous/token`, {
      form: { grant_type: 'client_credentials', anonymous_id: 'anon-1' },
      authorization: basic('client-c', 's'),
    });
    const store = mock.tokens;

    expect(store.list().map((t) => t.accessToken)).toEqual([client1, client2, client3, cust, anon].map((r) => r.body.access_token));
    expect(store.list({ kind: 'client' }).map((t) => t.accessToken)).toEqual([client1, client2, client3].map((r) => r.body.access_token));
    expect(store.list({ clientId: 'client-a' }).map((t) => t.accessToken)).toEqual([client1, client3].map((r) => r.body.access_token));
    expect(store.list({ clientId: 'client-b' })).toHaveLength(2);
    expect(store.list({ kind: 'client', clientId: 'client-b' })).toHaveLength(1);
    expect(store.list({ customerId: customer.id }).map((t) => t.accessToken)).toEqual([cust.body.access_token]);
    expect(store.list({ anonymousId: 'anon-1' }).map((t) => t.accessToken)).toEqual([anon.body.access_token]);
    expect(store.list({ customerId: 'nobody' })).toEqual([]);

    // find: the most recent match.
    expect(store.find({ clientId: 'client-a' })?.accessToken).toBe(client3.body.access_token);
    expect(store.find({ kind: 'customer' })).toMatchObject({ customerId: customer.id, clientId: 'client-b' });
    expect(store.find({ kind: 'anonymous' })).toMatchObject({ anonymousId: 'anon-1', clientId: 'client-c' });
    expect(store.find({ anonymousId: 'missing' })).toBeUndefined();

    // get: by access token only.
    expect(store.get(cust.body.access_token)).toMatchObject({ kind: 'customer', customerId: customer.id, scope: cust.body.scope });
    expect(store.get(cust.body.refresh_token)).toBeUndefined();
    expect(store.get('made-up')).toBeUndefined();
  });

  test('issued tokens are recognised by the API of the same mock only', async ({ mock }) => {
    const issued = await oauth(mock, 'token', { form: { grant_type: 'client_credentials' }, authorization: basic('who-am-i', 's') });
    const created = await fetch(`${mock.options.apiUrl}/${PROJECT_KEY}/customers`, {
      method: 'POST',
      headers: { authorization: `Bearer ${issued.body.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'x@example.com', password: 'pw' }),
    });
    expect(created.status).toBe(201);
    const body = (await created.json()) as Json;
    expect(body.customer.createdBy.clientId).toBe('who-am-i');
    expect(mock.data.get<Json>('customer', body.customer.id)?.createdBy?.clientId).toBe('who-am-i');
  });
});

test('the token server only serves POST; unknown oauth paths are JSON 404s', async ({ mock }) => {
  const get = await oauth(mock, 'token', { method: 'GET', query: { grant_type: 'client_credentials' } });
  expect(get.status).toBeGreaterThanOrEqual(400);
  expect(get.status).toBeLessThan(500);
  expect(mock.tokens.list()).toHaveLength(0);
  const unknown = await oauth(mock, 'nothing/here', { form: { grant_type: 'client_credentials' } });
  expect(unknown.status).toBe(404);
  expect(unknown.body.statusCode).toBe(404);
});

// Over a real HTTP port: the token server and the API share the server's origin. ---------------

const served = base.extend<{ server: { mock: CommerceMock; url: string } }>({
  server: async ({}, use) => {
    const mock = createCommerceMock({ defaultProjectKey: PROJECT_KEY, enableAuthentication: true, validateCredentials: true });
    const running = await startServer(mock, { port: 0 });
    await use({ mock, url: running.url });
    await running.close();
  },
});

served.describe('token server over a real HTTP port', () => {
  served('the SDK client credentials, password and anonymous flows work with credentials validated', async ({ server }) => {
    const customer = server.mock.data.create<{ id: string }>('customer', { email: 'ada@example.com', password: 'secret-1' });
    const created = await sdkApiRoot(server.url, { kind: 'client' })
      .customers()
      .post({ body: { email: 'new@example.com', password: 'pw' } })
      .execute();
    expect(created.statusCode).toBe(201);
    expect(created.body.customer.createdBy).toMatchObject({ clientId: CREDENTIALS.clientId });
    const mine = await sdkApiRoot(server.url, { kind: 'password', username: 'ADA@example.com', password: 'secret-1' })
      .customers()
      .withId({ ID: customer.id })
      .get()
      .execute();
    expect(mine.body.id).toBe(customer.id);
    const anonymous = await sdkApiRoot(server.url, { kind: 'anonymous' }).customers().get().execute();
    expect(anonymous.body.total).toBe(2);
    const kinds = server.mock.tokens.list().map((t) => t.kind);
    expect(kinds).toEqual(['client', 'customer', 'anonymous']);
    expect(server.mock.tokens.find({ kind: 'customer' })?.customerId).toBe(customer.id);
  });

  served('fetch: token shape, invalid_client, invalid_customer_account_credentials, introspection', async ({ server }) => {
    const post = async (path: string, body: string, authorization?: string) => {
      const response = await fetch(`${server.url}/oauth/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...(authorization ? { authorization } : {}) },
        body,
      });
      return { status: response.status, body: (await response.json()) as Json };
    };
    const ok = await post('token', 'grant_type=client_credentials', basic());
    expect(ok.status).toBe(200);
    expectTokenShape(ok.body, false);
    expect(ok.body.scope).toBe('todo');
    const viaQuery = await fetch(`${server.url}/oauth/token?grant_type=client_credentials&scope=manage_project:${PROJECT_KEY}`, {
      method: 'POST',
      headers: { authorization: basic() },
    });
    expect(((await viaQuery.json()) as Json).scope).toBe(`manage_project:${PROJECT_KEY}`);
    expectOAuthError(await post('token', 'grant_type=client_credentials'), 401, 'invalid_client');
    expectOAuthError(await post(`${PROJECT_KEY}/anonymous/token`, 'grant_type=client_credentials', 'Basic'), 401, 'invalid_client');
    expectOAuthError(
      await post(`${PROJECT_KEY}/customers/token`, 'grant_type=password&username=x%40y.z&password=nope', basic()),
      400,
      'invalid_customer_account_credentials',
    );
    expectOAuthError(await post('token', 'grant_type=magic', basic()), 400, 'unsupported_grant_type');
    const introspected = await post('introspect', `token=${encodeURIComponent(ok.body.access_token)}`, basic());
    expect(introspected.body).toMatchObject({ active: true, scope: 'todo', client_id: CREDENTIALS.clientId });
    expect(server.mock.tokens.list()).toHaveLength(2);
  });

  served('the API over the port: 401 invalid_token without an issued token', async ({ server }) => {
    for (const headers of [{}, { authorization: 'Bearer made-up' }] as Array<Record<string, string>>) {
      const response = await fetch(`${server.url}/${PROJECT_KEY}/customers`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ email: 'x@example.com', password: 'pw' }),
      });
      expect(response.status).toBe(401);
      expect(((await response.json()) as Json).error).toBe('invalid_token');
    }
    expect(server.mock.data.all('customer')).toHaveLength(0);
  });
});
