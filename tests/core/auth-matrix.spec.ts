/**
 * The spec's behaviour matrix for API requests: enableAuthentication × validateCredentials, with no
 * token, an unknown token and issued (client / customer / anonymous) tokens; audit fields; SDK retry.
 */
import { createCommerceMock, type CommerceMock } from '../../src/index.js';
import { CREDENTIALS, PROJECT_KEY, expect, sdkApiRoot, sdkFailure, test } from '../support/sdk.js';

type Json = Record<string, any>;

const basic = (id: string, secret = 'secret') => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

async function call(
  mock: CommerceMock,
  method: string,
  path: string,
  options: { body?: unknown; authorization?: string } = {},
): Promise<{ status: number; body: Json | undefined }> {
  const headers: Record<string, string> = {};
  if (options.authorization !== undefined) headers.authorization = options.authorization;
  const init: RequestInit = { method, headers };
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  const response = await fetch(`${mock.options.apiUrl}/${PROJECT_KEY}${path}`, init);
  const text = await response.text();
  if (method !== 'HEAD') expect(text, `${method} ${path} answered ${response.status} with an empty body`).not.toBe('');
  return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as Json) };
}

/** Issues a token through the token server over fetch (as a client would). */
async function issue(mock: CommerceMock, path: string, form: Record<string, string>, clientId: string): Promise<string> {
  const response = await fetch(`${mock.options.authUrl}/oauth/${path}`, {
    method: 'POST',
    headers: { authorization: basic(clientId), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as Json).access_token as string;
}

type TokenCase = 'none' | 'unknown' | 'client' | 'customer' | 'anonymous';
const TOKEN_CASES: TokenCase[] = ['none', 'unknown', 'client', 'customer', 'anonymous'];

interface Prepared {
  authorization: string | undefined;
  /** The audit record the platform writes for this caller. */
  author: Json;
}

async function prepare(mock: CommerceMock, tokenCase: TokenCase): Promise<Prepared> {
  switch (tokenCase) {
    case 'none':
      return { authorization: undefined, author: { isPlatformClient: false } };
    case 'unknown':
      return { authorization: 'Bearer bm90LWlzc3VlZC1ieS10aGUtbW9jaw==', author: { isPlatformClient: false } };
    case 'client': {
      const token = await issue(mock, 'token', { grant_type: 'client_credentials', scope: `manage_project:${PROJECT_KEY}` }, 'client-one');
      return { authorization: `Bearer ${token}`, author: { isPlatformClient: false, clientId: 'client-one' } };
    }
    case 'customer': {
      const customer = mock.data.create<{ id: string }>('customer', { email: 'signed-in@example.com', password: 'pw' });
      const token = await issue(
        mock,
        `${PROJECT_KEY}/customers/token`,
        { grant_type: 'password', username: 'signed-in@example.com', password: 'pw' },
        'client-two',
      );
      return {
        authorization: `Bearer ${token}`,
        author: { isPlatformClient: false, clientId: 'client-two', customer: { typeId: 'customer', id: customer.id } },
      };
    }
    case 'anonymous': {
      const token = await issue(
        mock,
        `${PROJECT_KEY}/anonymous/token`,
        { grant_type: 'client_credentials', anonymous_id: 'anon-42' },
        'client-three',
      );
      return { authorization: `Bearer ${token}`, author: { isPlatformClient: false, clientId: 'client-three', anonymousId: 'anon-42' } };
    }
  }
}

for (const enableAuthentication of [false, true]) {
  for (const validateCredentials of [false, true]) {
    test.describe(`enableAuthentication=${enableAuthentication} validateCredentials=${validateCredentials}`, () => {
      test.use({ mockOptions: { enableAuthentication, validateCredentials } });

      for (const tokenCase of TOKEN_CASES) {
        const refused = enableAuthentication && validateCredentials && (tokenCase === 'none' || tokenCase === 'unknown');

        test(`${tokenCase} token: ${refused ? '401 invalid_token, nothing stored' : 'served, audit fields as the caller'}`, async ({
          mock,
        }) => {
          const { authorization, author } = await prepare(mock, tokenCase);
          const seeded = mock.data.create<{ id: string; version: number }>('customer', {
            email: 'seeded@example.com',
            password: 'pw',
            key: 'seeded',
          });
          const customersBefore = mock.data.all('customer').length;
          const opts = authorization === undefined ? {} : { authorization };

          const created = await call(mock, 'POST', '/customers', { ...opts, body: { email: 'new@example.com', password: 'pw' } });
          const read = await call(mock, 'GET', `/customers/${seeded.id}`, opts);
          const list = await call(mock, 'GET', '/customers', opts);
          const head = await call(mock, 'HEAD', `/customers/${seeded.id}`, opts);
          const updated = await call(mock, 'POST', `/customers/key=seeded`, {
            ...opts,
            body: { version: 1, actions: [{ action: 'setFirstName', firstName: 'Changed' }] },
          });
          const deleted = await call(mock, 'DELETE', `/customers/${seeded.id}?version=${refused ? 1 : 2}`, opts);

          if (refused) {
            for (const [label, result] of Object.entries({ created, read, list, updated, deleted })) {
              expect.soft(result.status, label).toBe(401);
              expect.soft(result.body?.statusCode, label).toBe(401);
              expect.soft(result.body?.error, label).toBe('invalid_token');
              expect.soft(result.body?.errors?.[0]?.code, label).toBe('invalid_token');
            }
            expect(head.status).toBe(401);
            expect(head.body).toBeUndefined();
            // Nothing changed: no new customer, the seeded one untouched and still there.
            expect(mock.data.all('customer')).toHaveLength(customersBefore);
            expect(mock.data.get('customer', seeded.id)).toMatchObject({ version: 1 });
            expect(mock.data.get<Json>('customer', seeded.id)?.firstName).toBeUndefined();
            return;
          }

          expect(created.status).toBe(201);
          expect(read.status).toBe(200);
          expect(read.body?.id).toBe(seeded.id);
          expect(list.status).toBe(200);
          expect(head.status).toBe(200);
          expect(head.body).toBeUndefined();
          expect(updated.status).toBe(200);
          expect(deleted.status).toBe(200);

          const newId = created.body?.customer?.id as string;
          const stored = mock.data.get<Json>('customer', newId)!;
          expect(created.body?.customer.createdBy).toEqual(author);
          expect(created.body?.customer.lastModifiedBy).toEqual(author);
          expect(stored.createdBy).toEqual(author);
          expect(stored.lastModifiedBy).toEqual(author);

          // The update was made by this caller; createdBy keeps the programmatic creator.
          expect(updated.body?.version).toBe(2);
          expect(updated.body?.firstName).toBe('Changed');
          expect(updated.body?.lastModifiedBy).toEqual(author);
          expect(updated.body?.createdBy).toEqual({ isPlatformClient: false });
          expect(mock.data.get('customer', seeded.id)).toBeUndefined();
        });
      }
    });
  }
}

test.describe('recognised tokens', () => {
  test.use({ mockOptions: { enableAuthentication: true, validateCredentials: false } });

  test('an unknown token is never recorded, even when it looks like one the mock issues', async ({ mock }) => {
    const real = await issue(mock, 'token', { grant_type: 'client_credentials' }, 'real-client');
    const other = createCommerceMock();
    const foreign = other.handle({
      method: 'POST',
      url: '/oauth/token',
      headers: { authorization: basic('foreign-client') },
      body: 'grant_type=client_credentials',
    }).body as Json;
    expect(typeof foreign.access_token).toBe('string');

    for (const authorization of [`Bearer ${foreign.access_token}`, `Bearer ${real}x`, `Basic ${real}`, 'Bearer', `Token ${real}`]) {
      const created = await call(mock, 'POST', '/customers', {
        authorization,
        body: { email: `${mock.data.all('customer').length}@example.com`, password: 'pw' },
      });
      expect.soft(created.status, authorization).toBe(201);
      expect.soft(created.body?.customer?.createdBy, authorization).toEqual({ isPlatformClient: false });
    }
    // The scheme is case-insensitive: `bearer <token>` is recognised.
    const lower = await call(mock, 'POST', '/customers', {
      authorization: `bearer ${real}`,
      body: { email: 'lower@example.com', password: 'pw' },
    });
    expect(lower.body?.customer?.createdBy).toEqual({ isPlatformClient: false, clientId: 'real-client' });
  });

  test('a refreshed token is recognised with the refreshing client', async ({ mock }) => {
    mock.data.create('customer', { email: 'r@example.com', password: 'pw' });
    const response = await fetch(`${mock.options.authUrl}/oauth/${PROJECT_KEY}/customers/token`, {
      method: 'POST',
      headers: { authorization: basic('first'), 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=password&username=r%40example.com&password=pw',
    });
    const { refresh_token } = (await response.json()) as Json;
    const refreshed = await issue(mock, 'token', { grant_type: 'refresh_token', refresh_token }, 'second');
    const created = await call(mock, 'POST', '/customers', {
      authorization: `Bearer ${refreshed}`,
      body: { email: 'n@example.com', password: 'pw' },
    });
    expect(created.body?.customer?.createdBy).toMatchObject({ clientId: 'second', customer: { typeId: 'customer' } });
  });
});

test.describe('the SDK against validateCredentials', () => {
  test.use({ mockOptions: { enableAuthentication: true, validateCredentials: true } });

  test('client credentials, password and anonymous flows all succeed', async ({ mock, apiRoot }) => {
    mock.data.create('customer', { email: 'p@example.com', password: 'pw' });
    expect((await apiRoot.customers().get().execute()).statusCode).toBe(200);
    const password = sdkApiRoot(mock, { kind: 'password', username: 'p@example.com', password: 'pw' });
    expect((await password.customers().get().execute()).body.count).toBe(1);
    const anonymous = sdkApiRoot(mock, { kind: 'anonymous' });
    const created = await anonymous
      .customers()
      .post({ body: { email: 'a@example.com', password: 'pw' } })
      .execute();
    expect(created.statusCode).toBe(201);
    expect(created.body.customer.createdBy).toMatchObject({ clientId: CREDENTIALS.clientId, anonymousId: expect.any(String) });
    expect(mock.tokens.list().map((t) => t.kind)).toEqual(['client', 'customer', 'anonymous']);
  });

  test('after the mock forgets its tokens the SDK gets a 401, fetches a new token once and retries', async ({ mock, apiRoot }) => {
    await apiRoot.customers().get().execute();
    const first = mock.tokens.list();
    expect(first).toHaveLength(1);
    mock.state.clear();
    expect(mock.tokens.list()).toHaveLength(0);

    const created = await apiRoot
      .customers()
      .post({ body: { email: 'retry@example.com', password: 'pw' } })
      .execute();
    expect(created.statusCode).toBe(201);
    const now = mock.tokens.list();
    expect(now).toHaveLength(1);
    expect(now[0]!.accessToken).not.toBe(first[0]!.accessToken);
    expect(mock.data.all('customer')).toHaveLength(1);
    expect(created.body.customer.createdBy).toMatchObject({ clientId: CREDENTIALS.clientId });
  });

  test('an SDK client with a made-up existing token gets 401 invalid_token', async ({ mock }) => {
    const root = sdkApiRoot(mock, { kind: 'existing', authorization: 'Bearer made-up-token' });
    const failure = await sdkFailure(
      root
        .customers()
        .post({ body: { email: 'x@example.com', password: 'pw' } })
        .execute(),
    );
    expect(failure.statusCode).toBe(401);
    expect(failure.body.errors[0]!.code).toBe('invalid_token');
    expect(failure.body.error).toBe('invalid_token');
    expect(mock.data.all('customer')).toHaveLength(0);
  });

  test('raw fetch with a made-up bearer gets 401; with an issued one it is served', async ({ mock }) => {
    const refused = await call(mock, 'GET', '/customers', { authorization: 'Bearer made-up' });
    expect(refused.status).toBe(401);
    expect(refused.body?.error).toBe('invalid_token');
    const token = await issue(mock, 'token', { grant_type: 'client_credentials' }, 'c');
    const served = await call(mock, 'GET', '/customers', { authorization: `Bearer ${token}` });
    expect(served.status).toBe(200);
    expect(served.body).toMatchObject({ count: 0, results: [] });
  });

  test('a token of another mock instance is not recognised', async ({ mock }) => {
    const other = createCommerceMock();
    const foreign = other.handle({
      method: 'POST',
      url: '/oauth/token',
      headers: { authorization: basic('x') },
      body: 'grant_type=client_credentials',
    }).body as Json;
    const result = await call(mock, 'GET', '/customers', { authorization: `Bearer ${foreign.access_token}` });
    expect(result.status).toBe(401);
    expect(result.body?.error).toBe('invalid_token');
  });

  test('project settings and login are guarded too', async ({ mock }) => {
    mock.data.create('customer', { email: 'l@example.com', password: 'pw' });
    expect((await call(mock, 'GET', '')).status).toBe(401);
    expect((await call(mock, 'POST', '/login', { body: { email: 'l@example.com', password: 'pw' } })).status).toBe(401);
  });
});
