/**
 * What a long-running mock keeps (issue 34, item 5; docs/server.md#memory-of-a-long-running-server):
 * access tokens are forgotten an hour after their lifetime, refresh tokens are capped per project
 * (least recently used dropped), messages go once past the project's `deleteDaysAfterCreation`, and
 * deliveries, permission decisions and kept snapshots are capped by the `retention` option. The
 * mock's clock is `Date.now()`: the `clock` fixture moves it forward and back after the test.
 */
import { connectCommerceMock, createCommerceMock, startServer, type CommerceMock } from '../../src/index.js';
import { mockInternals } from '../../src/api/mock.js';
import { localClient } from '../../src/adapters/client.js';
import { sqs } from '../events/support.js';
import { CREDENTIALS, expect, PROJECT_KEY, test as base } from '../support/sdk.js';

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

const test = base.extend<{ clock: { advance(ms: number): void } }>({
  clock: async ({}, use) => {
    const realNow = Date.now;
    let offset = 0;
    Date.now = () => realNow() + offset;
    await use({ advance: (ms) => void (offset += ms) });
    Date.now = realNow;
  },
});

const basicAuth = `Basic ${Buffer.from(`${CREDENTIALS.clientId}:${CREDENTIALS.clientSecret}`).toString('base64')}`;

/** `POST /oauth/token` with `grant_type=refresh_token`. */
function refresh(mock: CommerceMock, refreshToken: string) {
  return mock.handle({
    method: 'POST',
    url: '/oauth/token',
    headers: { authorization: basicAuth, 'content-type': 'application/x-www-form-urlencoded' },
    body: `grant_type=refresh_token&refresh_token=${encodeURIComponent(refreshToken)}`,
  });
}

const storedCount = (mock: CommerceMock, typeId: string, project = PROJECT_KEY) => mockInternals(mock).storage.count(project, typeId);

test.describe('access tokens', () => {
  test('are forgotten an hour after their lifetime: gone from tokens.list() and tokens.get(), their refresh token still works', async ({
    mock,
    clock,
  }) => {
    const first = mock.tokens.issue({ kind: 'anonymous' });
    const client = mock.tokens.issue({ kind: 'client' });
    clock.advance(DAY);
    const later = mock.tokens.issue({ kind: 'client' });
    expect(mock.tokens.list()).toHaveLength(3);

    // Two days, the lifetime: expired but still known (enforceTokenExpiry answers it as expired).
    clock.advance(DAY + HOUR - 1000);
    expect(mock.tokens.list().map((token) => token.accessToken)).toEqual([first.accessToken, client.accessToken, later.accessToken]);
    clock.advance(1000);
    expect(mock.tokens.list().map((token) => token.accessToken)).toEqual([later.accessToken]);
    expect(mock.tokens.get(first.accessToken)).toBeUndefined();
    expect(mock.tokens.get(client.accessToken)).toBeUndefined();

    const renewed = refresh(mock, first.refreshToken!);
    expect(renewed.status).toBe(200);
    const renewedToken = (renewed.body as { access_token: string }).access_token;
    expect(mock.tokens.get(renewedToken)).toMatchObject({ kind: 'anonymous', anonymousId: first.anonymousId });
  });

  test('a shorter tokenLifetimeSeconds forgets them sooner; an unknown token is then refused by validateCredentials', async ({ clock }) => {
    const mock = createCommerceMock({
      defaultProjectKey: PROJECT_KEY,
      tokenLifetimeSeconds: 60,
      enableAuthentication: true,
      validateCredentials: true,
    });
    const token = mock.tokens.issue({ kind: 'client' });
    const channels = () =>
      mock.handle({ method: 'GET', url: `/${PROJECT_KEY}/channels`, headers: { authorization: `Bearer ${token.accessToken}` } });
    expect(channels().status).toBe(200);
    clock.advance(60_000 + HOUR);
    expect(channels().status).toBe(401);
    expect(mock.tokens.list()).toEqual([]);
  });

  test('over the admin API: GET /__mock/tokens no longer lists them', async ({ clock }) => {
    const mock = createCommerceMock({ defaultProjectKey: PROJECT_KEY });
    const server = await startServer(mock, { port: 0 });
    try {
      const remote = connectCommerceMock(server.url);
      await remote.tokens.issue({ kind: 'client' });
      expect(await remote.tokens.list()).toHaveLength(1);
      clock.advance(2 * DAY + HOUR);
      expect(await remote.tokens.list()).toEqual([]);
    } finally {
      await server.close();
    }
  });
});

test.describe('refresh tokens', () => {
  test.use({ mockOptions: { retention: { refreshTokensPerProject: 2 } } });

  test('past retention.refreshTokensPerProject the least recently used one is dropped (400 invalid_grant), per project', async ({
    mock,
  }) => {
    const [a, b] = [mock.tokens.issue({ kind: 'anonymous' }), mock.tokens.issue({ kind: 'anonymous' })];
    const elsewhere = mock.tokens.issue({ kind: 'anonymous', projectKey: 'other-project' });
    // Using a's refresh token makes b the least recently used.
    expect(refresh(mock, a.refreshToken!).status).toBe(200);
    const c = mock.tokens.issue({ kind: 'anonymous' });

    const dropped = refresh(mock, b.refreshToken!);
    expect(dropped.status).toBe(400);
    expect(dropped.body).toMatchObject({ error: 'invalid_grant' });
    for (const kept of [a, c, elsewhere]) expect(refresh(mock, kept.refreshToken!).status).toBe(200);
    // The access token of a dropped refresh token lives its lifetime.
    expect(mock.tokens.get(b.accessToken)).toMatchObject({ anonymousId: b.anonymousId });
  });
});

test.describe('messages', () => {
  test('go from storage once older than deleteDaysAfterCreation, by the mock clock, as the project writes new ones', async ({
    mock,
    clock,
  }) => {
    const ann = mock.data.create('customer', { email: 'ann@example.com', password: 'secret' });
    mock.data.update('customer', ann.id, { version: 1, actions: [{ action: 'setFirstName', firstName: 'Ann' }] });
    expect(storedCount(mock, 'message')).toBe(2);

    clock.advance(14 * DAY);
    const bob = mock.data.create('customer', { email: 'bob@example.com', password: 'secret' });
    expect(storedCount(mock, 'message')).toBe(3);

    clock.advance(DAY + 1000);
    mock.data.update('customer', bob.id, { version: 1, actions: [{ action: 'setFirstName', firstName: 'Bob' }] });
    expect(storedCount(mock, 'message')).toBe(2);
    expect(mock.events.messages().map((message) => [message.type, message.resource.id])).toEqual([
      ['CustomerCreated', bob.id],
      ['CustomerFirstNameSet', bob.id],
    ]);
    const listed = mock.handle({ method: 'GET', url: `/${PROJECT_KEY}/messages?withTotal=true` }).body as { total: number };
    expect(listed.total).toBe(2);
  });

  test('a project that keeps them a day loses them after a day', async ({ mock, clock }) => {
    const project = mock.handle({ method: 'GET', url: `/${PROJECT_KEY}` }).body as { version: number };
    const configured = mock.handle({
      method: 'POST',
      url: `/${PROJECT_KEY}`,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        version: project.version,
        actions: [{ action: 'changeMessagesConfiguration', messagesConfiguration: { enabled: true, deleteDaysAfterCreation: 1 } }],
      }),
    });
    expect(configured.status).toBe(200);
    for (let i = 0; i < 5; i++) mock.data.create('customer', { email: `c${i}@example.com`, password: 'secret' });
    clock.advance(DAY + 1000);
    mock.data.create('customer', { email: 'late@example.com', password: 'secret' });
    expect(storedCount(mock, 'message')).toBe(1);
  });
});

test.describe('deliveries', () => {
  test.use({ mockOptions: { retention: { deliveriesPerProject: 10 } } });

  test('past retention.deliveriesPerProject the oldest go; reads and other projects see the rest', async ({ mock }) => {
    const destination = sqs;
    mock.data.create('subscription', { key: 'crm', destination, messages: [{ resourceTypeId: 'customer' }] });
    mock.project('other-project').data.create('subscription', { key: 'crm', destination, messages: [{ resourceTypeId: 'customer' }] });
    mock.project('other-project').data.create('customer', { email: 'x@example.com', password: 'secret' });
    const ids: string[] = [];
    for (let i = 0; i < 25; i++) {
      ids.push(mock.data.create('customer', { email: `c${i}@example.com`, password: 'secret' }).id);
      expect(storedCount(mock, 'delivery')).toBeLessThanOrEqual(10);
    }
    const delivered = mock.events.deliveries().map((delivery) => delivery.resource.id);
    expect(delivered.length).toBeGreaterThanOrEqual(9);
    // The newest ones, in order.
    expect(delivered).toEqual(ids.slice(-delivered.length));
    expect(mock.events.deliveries({ resourceId: ids[0]! })).toEqual([]);
    expect(mock.project('other-project').events.deliveries()).toHaveLength(2); // the test message and the customer's
  });
});

test.describe('permission decisions', () => {
  test.use({ mockOptions: { retention: { permissionDecisions: 10 } } });

  test('past retention.permissionDecisions the oldest go', async ({ mock }) => {
    mock.data.create('associate-role', { key: 'buyer', permissions: ['ViewMyCarts', 'CreateMyCarts'] });
    const buyer = mock.data.create('customer', { email: 'buyer@example.com', password: 'secret' });
    mock.data.create('business-unit', {
      key: 'acme',
      unitType: 'Company',
      name: 'ACME',
      associates: [
        {
          customer: { typeId: 'customer', id: buyer.id },
          associateRoleAssignments: [{ associateRole: { typeId: 'associate-role', key: 'buyer' } }],
        },
      ],
    });
    const inUnit = `/${PROJECT_KEY}/as-associate/${buyer.id}/in-business-unit/key=acme/carts`;
    for (let i = 0; i < 24; i++) expect(mock.handle({ method: 'GET', url: inUnit }).status).toBe(200);
    const created = mock.handle({
      method: 'POST',
      url: inUnit,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ currency: 'EUR' }),
    });
    expect(created.status).toBe(201);
    const decisions = mock.permissions.decisions();
    expect(decisions.length).toBeGreaterThanOrEqual(9);
    expect(decisions.length).toBeLessThanOrEqual(10);
    expect(decisions.at(-1)).toMatchObject({ action: 'create cart', allowed: true });
    expect(decisions.slice(0, -1).every((decision) => decision.action === 'query cart')).toBe(true);
  });
});

test.describe('snapshots kept by id', () => {
  test('past retention.snapshots the least recently taken or restored one goes; restoring it names the option', async () => {
    const mock = createCommerceMock({ defaultProjectKey: PROJECT_KEY, retention: { snapshots: 2 } });
    const server = await startServer(mock, { port: 0 });
    try {
      const remote = connectCommerceMock(server.url);
      const first = await remote.state.snapshot();
      const second = await remote.state.snapshot();
      await remote.state.restore(first); // first is now the most recently used
      const third = await remote.state.snapshot();
      await remote.state.restore(first);
      await remote.state.restore(third);
      const gone = await fetch(`${server.url}/__mock/state/snapshots/${second.snapshotId}/restore`, { method: 'POST' });
      expect(gone.status).toBe(404);
      expect(await gone.json()).toMatchObject({
        errors: [{ code: 'ResourceNotFound', message: expect.stringMatching(/no longer kept.*retention\.snapshots/) }],
      });
      const unknown = await fetch(`${server.url}/__mock/state/snapshots/snapshot-99/restore`, { method: 'POST' });
      expect(((await unknown.json()) as { errors: Array<{ message: string }> }).errors[0]!.message).toBe(
        "The Resource with ID 'snapshot-99' was not found.",
      );
      // The in-process client shares the server's shelf.
      await expect(localClient(mock).state.restore(second)).rejects.toThrow(/no longer kept/);
    } finally {
      await server.close();
    }
  });
});
