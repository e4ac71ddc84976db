/**
 * The mock's clock (docs/state-and-faults.md#the-clock): `mock.clock` moves the time every timestamp,
 * expiry and validity period reads, per mock, by ISO 8601 durations or milliseconds; `set` jumps,
 * `reset` goes back to real time, `state.clear()` resets it and snapshots leave it alone. The same
 * members on `MockClient` in process and over the admin API, and on the `commerce` fixture.
 */
import { connectCommerceMock, createCommerceMock, localClient, startServer, type RunningServer } from '../../src/index.js';
import { expect, PROJECT_KEY, test } from '../support/sdk.js';

const DAY = 24 * 60 * 60 * 1000;
const near = (iso: string, millis: number, within = 5_000) => Math.abs(Date.parse(iso) - millis) < within;

test.describe('mock.clock', () => {
  test('moves what the mock stamps: createdAt, lastModifiedAt, messages, tokens and the journal', async ({ mock, apiRoot }) => {
    expect(near(mock.clock.now(), Date.now())).toBe(true);
    const {
      body: { customer: before },
    } = await apiRoot
      .customers()
      .post({ body: { email: 'ada@example.com', password: 'secret' } })
      .execute();
    expect(near(before.createdAt, Date.now())).toBe(true);

    const moved = mock.clock.advance('P1M');
    expect(Date.parse(moved) - Date.parse(before.createdAt)).toBeGreaterThanOrEqual(28 * DAY);
    const { body: updated } = await apiRoot
      .customers()
      .withId({ ID: before.id })
      .post({ body: { version: before.version, actions: [{ action: 'setFirstName', firstName: 'Ada' }] } })
      .execute();
    expect(updated.createdAt).toBe(before.createdAt);
    expect(near(updated.lastModifiedAt, Date.parse(moved))).toBe(true);
    const { body: created } = await apiRoot
      .channels()
      .post({ body: { key: 'later' } })
      .execute();
    expect(near(created.createdAt, Date.parse(moved))).toBe(true);

    const [message] = mock.events.messages({ type: 'CustomerFirstNameSet' });
    expect(near(message!.createdAt, Date.parse(moved))).toBe(true);
    expect(near(mock.tokens.issue({ kind: 'client' }).issuedAt, Date.parse(moved))).toBe(true);
    expect(near(mock.journal.requests({ method: 'POST' }).at(-1)!.time, Date.parse(moved))).toBe(true);
    expect(near(mock.state.export().exportedAt, Date.parse(moved))).toBe(true);
  });

  test('durations: ISO 8601 by the calendar (a month from January 31st ends in February), weeks, times and milliseconds', ({ mock }) => {
    expect(mock.clock.set('2030-01-31T10:00:00Z')).toMatch(/^2030-01-31T10:00:00\./);
    expect(mock.clock.advance('P1M')).toMatch(/^2030-02-28T10:00:0/);
    mock.clock.set(new Date(Date.UTC(2032, 0, 31, 10)));
    expect(mock.clock.advance('P1M')).toMatch(/^2032-02-29T10:00:0/);
    mock.clock.set('2030-12-31T23:00:00.000Z');
    expect(mock.clock.advance('PT2H')).toMatch(/^2031-01-01T01:00:0/);
    expect(mock.clock.advance('P3D')).toMatch(/^2031-01-04T01:00:0/);
    expect(mock.clock.advance('P2W')).toMatch(/^2031-01-18T01:00:0/);
    expect(mock.clock.advance('P1Y2M3DT4H5M6S')).toMatch(/^2032-03-21T05:05:0/);
    expect(mock.clock.advance('PT0.5S')).toMatch(/^2032-03-21T05:05:0/);
    const at = Date.parse(mock.clock.now());
    expect(Date.parse(mock.clock.advance(90_000)) - at).toBeGreaterThanOrEqual(90_000);
    // The clock runs on from where it was set, as real time does.
    expect(Date.parse(mock.clock.now())).toBeGreaterThanOrEqual(at + 90_000);
  });

  test('a malformed or negative duration and a time that is not one are refused, and the clock stays', ({ mock }) => {
    mock.clock.set('2030-01-01T00:00:00Z');
    for (const bad of ['P', 'PT', '1M', 'P1.5M', '-P1D', 'P1H', 'tomorrow', ''] as const) {
      expect(() => mock.clock.advance(bad), bad).toThrow(/is not an ISO 8601 duration/);
    }
    expect(() => mock.clock.advance(-1)).toThrow(TypeError);
    expect(() => mock.clock.advance(Number.NaN)).toThrow(TypeError);
    expect(() => mock.clock.set('next monday')).toThrow(/is not a date-time/);
    expect(() => mock.clock.set(new Date(Number.NaN))).toThrow(TypeError);
    expect(mock.clock.now()).toMatch(/^2030-01-01T00:00:0/);
  });

  test('reset goes back to real time; each mock has its own clock', ({ mock }) => {
    const other = createCommerceMock();
    mock.clock.advance('P10Y');
    expect(near(other.clock.now(), Date.now())).toBe(true);
    expect(near(other.data.create('channel', { key: 'c' }).createdAt, Date.now())).toBe(true);
    expect(Date.parse(mock.data.create('channel', { key: 'c' }).createdAt)).toBeGreaterThan(Date.now() + 9 * 365 * DAY);
    expect(near(mock.clock.reset(), Date.now())).toBe(true);
    expect(near(mock.clock.now(), Date.now())).toBe(true);
  });

  test('state.clear() sets the clock back to real time; snapshot and restore leave it where it is', ({ mock }) => {
    mock.clock.set('2040-06-01T00:00:00Z');
    const snapshot = mock.state.snapshot();
    mock.clock.advance('P1D');
    mock.state.restore(snapshot);
    expect(mock.clock.now()).toMatch(/^2040-06-02T/);
    mock.state.clear();
    expect(near(mock.clock.now(), Date.now())).toBe(true);
  });
});

test.describe('what the clock decides', () => {
  test.use({ mockOptions: { enforceTokenExpiry: true } });

  test('an access token expires when the clock passes its lifetime (401 invalid_token), and a new one works', async ({ mock }) => {
    const token = mock.tokens.issue({ kind: 'client' });
    const channels = (accessToken: string) =>
      mock.handle({ method: 'GET', url: `/${PROJECT_KEY}/channels`, headers: { authorization: `Bearer ${accessToken}` } });
    expect(channels(token.accessToken).status).toBe(200);
    mock.clock.advance('P1DT23H');
    expect(channels(token.accessToken).status).toBe(200);
    mock.clock.advance('PT1H');
    const refused = channels(token.accessToken);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ errors: [{ code: 'invalid_token' }] });
    expect(channels(mock.tokens.issue({ kind: 'client' }).accessToken).status).toBe(200);
  });

  test("a password token expires by the clock: 400 ExpiredCustomerPasswordToken, the customer's password unchanged", async ({
    mock,
    apiRoot,
  }) => {
    const { body: signUp } = await apiRoot
      .customers()
      .post({ body: { email: 'ada@example.com', password: 'old' } })
      .execute();
    const { body: token } = await apiRoot
      .customers()
      .passwordToken()
      .post({ body: { email: 'ada@example.com', ttlMinutes: 10 } })
      .execute();
    mock.clock.advance('PT11M');
    const refused = await apiRoot
      .customers()
      .passwordReset()
      .post({ body: { tokenValue: token.value, newPassword: 'new' } })
      .execute()
      .catch((error) => error);
    expect(refused.statusCode).toBe(400);
    expect(refused.body.errors[0].code).toBe('ExpiredCustomerPasswordToken');
    expect(mock.data.get('customer', signUp.customer.id)?.version).toBe(signUp.customer.version);
  });

  test('messages older than deleteDaysAfterCreation (15 by default) are gone once the clock passes it', async ({ mock, apiRoot }) => {
    await apiRoot
      .customers()
      .post({ body: { email: 'ada@example.com', password: 'secret' } })
      .execute();
    expect(mock.events.messages({ type: 'CustomerCreated' })).toHaveLength(1);
    mock.clock.advance('P14DT23H');
    expect(mock.events.messages({ type: 'CustomerCreated' })).toHaveLength(1);
    mock.clock.advance('PT1H');
    expect(mock.events.messages({ type: 'CustomerCreated' })).toEqual([]);
    const { body } = await apiRoot.messages().get().execute();
    expect(body.results).toEqual([]);
  });

  test('a price valid from tomorrow is selected once the clock gets there', async ({ mock, apiRoot }) => {
    const { body: productType } = await apiRoot
      .productTypes()
      .post({ body: { name: 'plain', description: 'plain' } })
      .execute();
    const tomorrow = new Date(Date.now() + DAY).toISOString();
    const { body: product } = await apiRoot
      .products()
      .post({
        body: {
          productType: { typeId: 'product-type', id: productType.id },
          name: { en: 'Kite' },
          slug: { en: 'kite' },
          masterVariant: { sku: 'kite', prices: [{ value: { currencyCode: 'EUR', centAmount: 1000 }, validFrom: tomorrow }] },
          publish: true,
        },
      })
      .execute();
    const selected = async () =>
      (
        await apiRoot
          .productProjections()
          .withId({ ID: product.id })
          .get({ queryArgs: { priceCurrency: 'EUR' } })
          .execute()
      ).body.masterVariant.price;
    expect(await selected()).toBeUndefined();
    mock.clock.advance('P2D');
    expect(await selected()).toMatchObject({ value: { centAmount: 1000 } });
  });
});

test.describe('MockClient', () => {
  let server: RunningServer | undefined;
  test.afterEach(() => server?.close());

  test('in process and over the admin API: the same members, the same answers; bad input is a 400 InvalidInput', async () => {
    const local = createCommerceMock();
    const served = createCommerceMock();
    server = await startServer(served, { port: 0 });
    for (const client of [localClient(local), connectCommerceMock(server.url)]) {
      expect(await client.clock.set(new Date('2030-01-31T00:00:00Z'))).toMatch(/^2030-01-31T00:00:0/);
      expect(await client.clock.advance('P1M')).toMatch(/^2030-02-28T00:00:0/);
      expect(await client.clock.advance(DAY)).toMatch(/^2030-03-01T00:00:0/);
      expect(await client.clock.now()).toMatch(/^2030-03-01T00:00:0/);
      await expect(client.clock.advance('soon')).rejects.toThrow(/'soon' is not an ISO 8601 duration/);
      expect(near(await client.clock.reset(), Date.now())).toBe(true);
    }
    served.clock.set('2035-05-05T05:05:05Z');
    const response = await fetch(`${server.url}/__mock/clock/advance`, { method: 'POST', body: JSON.stringify({ duration: 'P1D' }) });
    expect(await response.json()).toEqual({ now: expect.stringMatching(/^2035-05-06T05:05:0/) });
    const refused = await fetch(`${server.url}/__mock/clock/set`, { method: 'POST', body: JSON.stringify({ time: 'never' }) });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      errors: [{ code: 'InvalidInput', message: expect.stringMatching(/'never' is not a date-time/) }],
    });
    const malformed = await fetch(`${server.url}/__mock/clock/advance`, { method: 'POST', body: JSON.stringify({ by: 'P1D' }) });
    expect(malformed.status).toBe(400);
    expect(served.clock.now()).toMatch(/^2035-05-06T05:05:/);
  });
});
