/**
 * Opt-in token expiry: with `enforceTokenExpiry`, an access token past its lifetime
 * (`tokenLifetimeSeconds`, or expired at once by `expireTokens`) is refused with 401 `invalid_token`,
 * and the official SDK recovers with its refresh token. Off by default, as the spec asks.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { createApiBuilderFromCtpClient } from '@commercetools/platform-sdk';
import { ClientBuilder } from '@commercetools/ts-client';
import { connectCommerceMock, createCommerceMock, startServer, type CommerceMock } from '../../src/index.js';
import { CREDENTIALS, expect, PROJECT_KEY, test } from '../support/sdk.js';

const INVALID_TOKEN = {
  statusCode: 401,
  message: 'invalid_token',
  errors: [{ code: 'invalid_token', message: 'invalid_token' }],
  error: 'invalid_token',
  error_description: 'invalid_token',
};

function getChannels(mock: CommerceMock, accessToken: string) {
  return mock.handle({ method: 'GET', url: `/${PROJECT_KEY}/channels`, headers: { authorization: `Bearer ${accessToken}` } });
}

const basicAuth = `Basic ${Buffer.from(`${CREDENTIALS.clientId}:${CREDENTIALS.clientSecret}`).toString('base64')}`;

/** Ann signs in with the password flow at the mock's token server. */
async function passwordToken(mock: CommerceMock, lifetime?: number) {
  const response = mock.handle({
    method: 'POST',
    url: `/oauth/${PROJECT_KEY}/customers/token`,
    headers: {
      authorization: basicAuth,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: `grant_type=password&username=ann%40example.com&password=secret&scope=manage_project:${PROJECT_KEY}`,
  });
  expect(response.status).toBe(200);
  const body = response.body as { access_token: string; refresh_token: string; expires_in: number };
  if (lifetime !== undefined) expect(body.expires_in).toBe(lifetime);
  return body;
}

test.describe('token expiry off (the default)', () => {
  test('tokens live two days and expireTokens() is refused, saying which option it needs', async ({ mock }) => {
    mock.data.create('customer', { email: 'ann@example.com', password: 'secret' });
    await passwordToken(mock, 172_800);
    expect(() => mock.tokens.expire()).toThrow(/tokens\.expire\(\) needs the option enforceTokenExpiry: true/);
  });
});

test.describe('token expiry enforced', () => {
  test.use({ mockOptions: { enforceTokenExpiry: true } });

  test('a token past tokenLifetimeSeconds gets 401 invalid_token, as the platform answers it', async () => {
    const mock = createCommerceMock({ defaultProjectKey: PROJECT_KEY, enforceTokenExpiry: true, tokenLifetimeSeconds: 1 });
    mock.data.create('customer', { email: 'ann@example.com', password: 'secret' });
    const token = await passwordToken(mock, 1);
    expect(getChannels(mock, token.access_token).status).toBe(200);
    await sleep(1100);
    const refused = getChannels(mock, token.access_token);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual(INVALID_TOKEN);
  });

  test('expireTokens(filter) expires the chosen tokens at once and says how many', async () => {
    const mock = createCommerceMock({ defaultProjectKey: PROJECT_KEY, enforceTokenExpiry: true });
    const [ann, bob] = mock.data.seed([
      ['customer', { email: 'ann@example.com', password: 'secret' }],
      ['customer', { email: 'bob@example.com', password: 'secret' }],
    ]);
    const annToken = mock.tokens.issue({ kind: 'customer', customerId: ann!.id });
    const bobToken = mock.tokens.issue({ kind: 'customer', customerId: bob!.id });
    expect(mock.tokens.expire({ customerId: ann!.id })).toBe(1);
    expect(mock.tokens.expire({ customerId: ann!.id })).toBe(0);
    expect(getChannels(mock, annToken.accessToken).body).toEqual(INVALID_TOKEN);
    expect(getChannels(mock, bobToken.accessToken).status).toBe(200);
    const introspect = (token: string) =>
      mock.handle({
        method: 'POST',
        url: '/oauth/introspect',
        headers: { authorization: basicAuth, 'content-type': 'application/x-www-form-urlencoded' },
        body: `token=${token}`,
      }).body;
    expect(introspect(annToken.accessToken)).toEqual({ active: false });
    expect(introspect(bobToken.accessToken)).toMatchObject({ active: true });
  });

  test('the official SDK refreshes with its refresh token and goes on', async ({ mock }) => {
    const customer = mock.data.create('customer', { email: 'ann@example.com', password: 'secret' });
    const { access_token: token, refresh_token: refreshToken } = await passwordToken(mock);
    // An app that signed Ann in earlier: it holds her tokens and lets the SDK refresh them.
    const tokenCache = { token, refreshToken, expirationTime: Date.now() + 3_600_000 };
    const client = new ClientBuilder()
      .withProjectKey(PROJECT_KEY)
      .withRefreshTokenFlow({
        host: mock.options.authUrl,
        projectKey: PROJECT_KEY,
        credentials: CREDENTIALS,
        refreshToken,
        httpClient: fetch,
        tokenCache: {
          get: async () => tokenCache,
          set: async (cache) => {
            Object.assign(tokenCache, cache);
          },
        },
      })
      .withHttpMiddleware({ host: mock.options.apiUrl, httpClient: fetch })
      .build();
    const me = () => createApiBuilderFromCtpClient(client).withProjectKey({ projectKey: PROJECT_KEY }).me().get().execute();

    expect((await me()).body.id).toBe(customer.id);
    const since = mock.journal.lastSequence();
    expect(mock.tokens.expire({ customerId: customer.id })).toBe(1);

    expect((await me()).body.id).toBe(customer.id);
    const served = mock.journal.requests({ since }).map((entry) => `${entry.method} ${entry.path} ${entry.status}`);
    expect(served).toEqual([`GET /${PROJECT_KEY}/me 401`, 'POST /oauth/token 200', `GET /${PROJECT_KEY}/me 200`]);
    expect(tokenCache.token).not.toBe(token);
    expect(mock.tokens.get(tokenCache.token)).toMatchObject({ kind: 'customer', customerId: customer.id });
  });

  test('on the server: POST /__mock/tokens/expire, through connectCommerceMock', async () => {
    const mock = createCommerceMock({ defaultProjectKey: PROJECT_KEY, enforceTokenExpiry: true });
    const server = await startServer(mock, { port: 0 });
    try {
      const [ann] = mock.data.seed([['customer', { email: 'ann@example.com', password: 'secret' }]]);
      const token = mock.tokens.issue({ kind: 'customer', customerId: ann!.id });
      const remote = connectCommerceMock(server.url);
      expect(await remote.tokens.expire({ kind: 'customer' })).toBe(1);
      expect(getChannels(mock, token.accessToken).status).toBe(401);
      const refused = await fetch(`${server.url}/__mock/tokens/expire`, { method: 'POST', body: '{"colour":"red"}' });
      expect(refused.status).toBe(400);
    } finally {
      await server.close();
    }
  });
});
