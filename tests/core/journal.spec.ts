/**
 * The request journal: every request the mock serves is recorded (method, path, query, status,
 * caller, bodies cut short), whichever transport carried it, and read back with `mock.journal.requests()`.
 */
import { spawnSync } from 'node:child_process';
import { createCommerceMock, startServer } from '../../src/index.js';
import { CREDENTIALS, PROJECT_KEY, expect, test } from '../support/sdk.js';

test.describe('request journal', () => {
  test('records what the SDK sent and what it got: the token request, then the API calls', async ({ mock, apiRoot }) => {
    const created = await apiRoot
      .customers()
      .post({ body: { email: 'ada@example.com', password: 'secret' } })
      .execute();
    const id = created.body.customer.id;
    await apiRoot
      .customers()
      .get({ queryArgs: { where: 'email = "ada@example.com"', limit: 5 } })
      .execute();

    const [token, post, query] = mock.journal.requests();
    expect(token).toMatchObject({
      method: 'POST',
      path: '/oauth/token',
      status: 200,
      caller: { kind: 'client', id: CREDENTIALS.clientId },
    });
    expect(post).toMatchObject({ method: 'POST', path: `/${PROJECT_KEY}/customers`, query: '', status: 201, caller: { kind: 'client' } });
    expect(JSON.parse(post!.requestBody!)).toEqual({ email: 'ada@example.com', password: 'secret' });
    expect(JSON.parse(post!.responseBody!).customer.id).toBe(id);
    expect(post!.durationMs).toBeGreaterThanOrEqual(0);
    expect(Date.parse(post!.time)).not.toBeNaN();
    expect(query).toMatchObject({ method: 'GET', path: `/${PROJECT_KEY}/customers`, status: 200 });
    expect(new URLSearchParams(query!.query).get('where')).toBe('email = "ada@example.com"');
    expect(query!.requestBody).toBeUndefined();
    expect(query!.sequence).toBe(post!.sequence + 1);
  });

  test('failed requests are recorded with their status and error body', async ({ mock, apiRoot }) => {
    await expect(apiRoot.customers().withId({ ID: 'missing' }).get().execute()).rejects.toMatchObject({ statusCode: 404 });
    const [failure] = mock.journal.requests({ status: 404 });
    expect(failure).toMatchObject({ method: 'GET', path: `/${PROJECT_KEY}/customers/missing` });
    expect(JSON.parse(failure!.responseBody!).errors[0].code).toBe('ResourceNotFound');
  });

  test('filters: method, exact path, path pattern, status, since', async ({ mock }) => {
    const base = `${mock.options.apiUrl}/${PROJECT_KEY}`;
    await fetch(`${base}/categories`);
    const mark = mock.journal.lastSequence();
    await fetch(`${base}/channels`);
    await fetch(`${base}/channels`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"key":"c1"}' });
    await fetch(`${base}/channels`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"key":7}' });

    expect(mock.journal.requests({ method: 'post' }).map((entry) => entry.status)).toEqual([201, 400]);
    expect(mock.journal.requests({ path: `/${PROJECT_KEY}/channels` })).toHaveLength(3);
    expect(mock.journal.requests({ path: /\/categories$/ })).toHaveLength(1);
    expect(mock.journal.requests({ path: /CHANNELS/gi, status: 201 })).toHaveLength(1);
    expect(mock.journal.requests({ since: mark }).map((entry) => entry.path)).toEqual([
      `/${PROJECT_KEY}/channels`,
      `/${PROJECT_KEY}/channels`,
      `/${PROJECT_KEY}/channels`,
    ]);
  });

  test('the caller is the customer or anonymous session behind the token, or none', async ({ mock }) => {
    const customer = mock.data.create<{ id: string }>('customer', { email: 'ada@example.com', password: 'secret' });
    const customerToken = mock.tokens.issue({ kind: 'customer', customerId: customer.id }).accessToken;
    const anonymous = mock.tokens.issue({ kind: 'anonymous', anonymousId: 'visitor-1' }).accessToken;
    const me = (token: string) =>
      fetch(`${mock.options.apiUrl}/${PROJECT_KEY}/me/carts`, { headers: { authorization: `Bearer ${token}` } });
    await me(customerToken);
    await me(anonymous);
    await me('not-a-token');
    await fetch(`${mock.options.apiUrl}/${PROJECT_KEY}/channels`);
    expect(mock.journal.requests().map((entry) => entry.caller)).toEqual([
      { kind: 'customer', id: customer.id },
      { kind: 'anonymous', id: 'visitor-1' },
      { kind: 'none' },
      { kind: 'none' },
    ]);
  });

  test('bodies are cut to bodyLimit; the journal keeps the newest size entries; size 0 records nothing', () => {
    const mock = createCommerceMock({ journal: { size: 3, bodyLimit: 20 } });
    const key = 'k'.repeat(100);
    mock.handle({ method: 'POST', url: `/${PROJECT_KEY}/channels`, body: JSON.stringify({ key }) });
    const [entry] = mock.journal.requests();
    expect(entry!.status).toBe(201);
    expect(entry!.requestBody).toBe(`{"key":"kkkkkkkkkkkk… (90 more characters)`);
    expect(entry!.responseBody!.length).toBeLessThan(60);
    for (const path of ['a', 'b', 'c', 'd']) mock.handle({ method: 'GET', url: `/${PROJECT_KEY}/${path}` });
    expect(mock.journal.requests().map((e) => e.path)).toEqual([`/${PROJECT_KEY}/b`, `/${PROJECT_KEY}/c`, `/${PROJECT_KEY}/d`]);
    expect(mock.journal.requests().map((e) => e.sequence)).toEqual([3, 4, 5]);

    const silent = createCommerceMock({ journal: { size: 0 } });
    silent.handle({ method: 'GET', url: `/${PROJECT_KEY}/channels` });
    expect(silent.journal.requests()).toEqual([]);
    expect(() => createCommerceMock({ journal: { size: -1 } })).toThrow(/journal/);
  });

  test('clear() empties the journal; sequence numbers keep rising', async ({ mock }) => {
    await fetch(`${mock.options.apiUrl}/${PROJECT_KEY}/channels`);
    const before = mock.journal.lastSequence();
    mock.state.clear();
    expect(mock.journal.requests()).toEqual([]);
    await fetch(`${mock.options.apiUrl}/${PROJECT_KEY}/channels`);
    expect(mock.journal.requests().map((entry) => entry.sequence)).toEqual([before + 1]);
  });

  test('requests over a real port are recorded the same way', async () => {
    const mock = createCommerceMock();
    const server = await startServer(mock, { port: 0 });
    try {
      const response = await fetch(`${server.url}/${PROJECT_KEY}/channels?limit=2`);
      expect(response.status).toBe(200);
      expect(mock.journal.requests()).toEqual([
        expect.objectContaining({
          method: 'GET',
          path: `/${PROJECT_KEY}/channels`,
          query: 'limit=2',
          status: 200,
          caller: { kind: 'none' },
        }),
      ]);
    } finally {
      await server.close();
    }
  });
});

test.describe('request journal: bounded memory', () => {
  test('large refused bodies: the journal keeps copies of their cut, not the bodies (retained heap measured after GC)', () => {
    // Its own process, with a collector it can call, so the heap figure is the journal's alone.
    const script = `
      import { createCommerceMock } from './src/index.js';
      const mock = createCommerceMock();
      const body = (i) => '{"key": "' + String(i).padStart(8, '0') + 'x'.repeat(5 * 1024 * 1024) + '", oops';
      const heap = () => { globalThis.gc(); globalThis.gc(); return process.memoryUsage().heapUsed; };
      mock.handle({ method: 'GET', url: '/p/categories' });
      const before = heap();
      for (let i = 0; i < 60; i++) {
        const answer = mock.handle({ method: 'POST', url: '/p/categories', headers: { 'content-type': 'application/json' }, body: body(i) });
        if (answer.status !== 400) throw new Error('not refused: ' + answer.status);
      }
      const retained = heap() - before;
      const kept = mock.journal.requests({ method: 'POST' });
      process.stdout.write(JSON.stringify({ retained, entries: kept.length, bodyLength: kept[0].requestBody.length }));
    `;
    const run = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    const { retained, entries, bodyLength } = JSON.parse(run.stdout) as { retained: number; entries: number; bodyLength: number };
    expect(entries).toBe(60);
    expect(bodyLength).toBeLessThan(4200);
    // 60 bodies of 5 MiB: kept whole (as before, through the slice of the cut) they would be 300 MiB.
    expect(retained).toBeLessThan(8 * 1024 * 1024);
  });

  test('maxCharacters drops the oldest entries first; a long URL is kept cut', () => {
    const mock = createCommerceMock({ journal: { size: 100, bodyLimit: 1000, maxCharacters: 5000 } });
    for (let i = 0; i < 10; i++)
      mock.handle({ method: 'POST', url: '/p/channels', body: JSON.stringify({ key: `c${i}`, pad: 'x'.repeat(2000) }) });
    const kept = mock.journal.requests();
    // Each entry counts its URL (11) and its cut body (about 1,030): four fit in 5,000.
    expect(kept.map((entry) => entry.sequence)).toEqual([7, 8, 9, 10]);
    mock.handle({ method: 'GET', url: `/p/channels?where=${'k'.repeat(20_000)}` });
    const [last] = mock.journal.requests({ limit: 1 });
    expect(last!.query.length).toBeLessThan(8300);
    expect(last!.query).toContain('more characters');
    expect(() => createCommerceMock({ journal: { maxCharacters: -1 } })).toThrow(/journal.maxCharacters/);
  });
});
