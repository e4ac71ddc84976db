/**
 * `X-Correlation-ID`, as the platform answers it: every response of the API and of the token server
 * carries one — the request's own, echoed, or a new one (`projects-<projectKey>-<uuid>` on the API).
 * Through the official SDK (its correlation-id middleware sends one), plain fetch, and over a real port.
 */
import { createCommerceMock } from '../../src/index.js';
import { MAX_BODY_BYTES } from '../../src/http/body.js';
import { startServer } from '../../src/adapters/transports/node-server.js';
import { CREDENTIALS, PROJECT_KEY, expect, sdkApiRoot, test } from '../support/sdk.js';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}';
const GENERATED = new RegExp(`^projects-${PROJECT_KEY}-${UUID}$`);
const basic = `Basic ${Buffer.from(`${CREDENTIALS.clientId}:${CREDENTIALS.clientSecret}`).toString('base64')}`;

test.describe('X-Correlation-ID', () => {
  test('the SDK without a correlation id gets a generated one, a new one per response', async ({ apiRoot }) => {
    const first = await apiRoot.customers().get().execute();
    const second = await apiRoot.customers().get().execute();
    const ids = [first.headers?.['x-correlation-id'], second.headers?.['x-correlation-id']];
    for (const id of ids) expect(id).toMatch(GENERATED);
    expect(ids[0]).not.toBe(ids[1]);
  });

  test("the SDK's correlation-id middleware: its id comes back on answers and on errors", async ({ mock }) => {
    let n = 0;
    const apiRoot = sdkApiRoot(mock, { kind: 'client' }, PROJECT_KEY, {
      middleware: (builder) => builder.withCorrelationIdMiddleware({ generate: () => `my-app/${++n}` }),
    });
    const created = await apiRoot
      .customers()
      .post({ body: { email: 'ada@example.com', password: 'secret' } })
      .execute();
    expect(created.headers?.['x-correlation-id']).toBe(`my-app/${n}`);
    const failure = (await apiRoot
      .customers()
      .withId({ ID: 'nope' })
      .get()
      .execute()
      .catch((error: unknown) => error)) as { statusCode: number; headers?: Record<string, string> };
    expect(failure.statusCode).toBe(404);
    expect(failure.headers?.['x-correlation-id']).toBe(`my-app/${n}`);
  });

  test('fetch: the API and the token server echo the header, or send a new one', async ({ mock }) => {
    const api = `${mock.options.apiUrl}/${PROJECT_KEY}`;
    const echoed = await fetch(`${api}/carts`, { headers: { 'X-Correlation-ID': 'trace-42' } });
    expect(echoed.headers.get('x-correlation-id')).toBe('trace-42');
    const unknownRoute = await fetch(`${api}/no-such-things`);
    expect(unknownRoute.status).toBe(404);
    expect(unknownRoute.headers.get('x-correlation-id')).toMatch(GENERATED);
    const head = await fetch(`${api}/carts`, { method: 'HEAD' });
    expect(head.headers.get('x-correlation-id')).toMatch(GENERATED);

    const token = (init: RequestInit) =>
      fetch(`${mock.options.authUrl}/oauth/token?grant_type=client_credentials`, { method: 'POST', ...init });
    const tokenEchoed = await token({ headers: { authorization: basic, 'x-correlation-id': 'login-7' } });
    expect(tokenEchoed.status).toBe(200);
    expect(tokenEchoed.headers.get('x-correlation-id')).toBe('login-7');
    const tokenGenerated = await token({ headers: { authorization: basic } });
    expect(tokenGenerated.headers.get('x-correlation-id')).toMatch(new RegExp(`^${UUID}$`));
    const refused = await token({});
    expect(refused.status).toBe(401);
    expect(refused.headers.get('x-correlation-id')).toMatch(new RegExp(`^${UUID}$`));
  });

  test('over a real port: on answers, errors and a body too large; browsers may read it (CORS)', async () => {
    const mock = createCommerceMock({ defaultProjectKey: PROJECT_KEY });
    const server = await startServer(mock, { port: 0 });
    try {
      const echoed = await fetch(`${server.url}/${PROJECT_KEY}/customers`, { headers: { 'x-correlation-id': 'over-the-wire' } });
      expect(echoed.headers.get('x-correlation-id')).toBe('over-the-wire');
      expect(echoed.headers.get('access-control-expose-headers')).toContain('x-correlation-id');
      const generated = await fetch(`${server.url}/${PROJECT_KEY}/customers/nope`);
      expect(generated.status).toBe(404);
      expect(generated.headers.get('x-correlation-id')).toMatch(GENERATED);
      const tooLarge = await fetch(`${server.url}/${PROJECT_KEY}/customers`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-correlation-id': 'big-one' },
        body: 'x'.repeat(MAX_BODY_BYTES + 1),
      });
      expect(tooLarge.status).toBe(413);
      expect(tooLarge.headers.get('x-correlation-id')).toBe('big-one');
    } finally {
      await server.close();
    }
  });
});
