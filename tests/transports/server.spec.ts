import { test, expect } from '../support/response-check.js';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { createCommerceMock } from '../../src/index.js';
import { startServer, type RunningServer } from '../../src/adapters/transports/node-server.js';
import { needsBuild } from '../support/build.js';
import { sdkApiRoot } from '../support/sdk.js';

const apiRootFor = (url: string) => sdkApiRoot(url, { kind: 'client', clientId: 'c' }, 'shop');

test.describe('standalone HTTP server', () => {
  let server: RunningServer;
  const mock = createCommerceMock();

  test.beforeAll(async () => {
    server = await startServer(mock, { port: 0 });
  });
  test.afterAll(async () => {
    await server.close();
  });
  test.beforeEach(() => mock.state.clear());

  test('the official SDK talks to it over a real port, token routes on the same origin', async () => {
    const apiRoot = apiRootFor(server.url);
    const created = await apiRoot
      .customers()
      .post({ body: { email: 'port@example.com', password: 'pw', key: 'port-customer' } })
      .execute();
    expect(created.statusCode).toBe(201);
    const byKey = await apiRoot.customers().withKey({ key: 'port-customer' }).get().execute();
    expect(byKey.body.id).toBe(created.body.customer.id);
    expect(mock.tokens.list({ kind: 'client', clientId: 'c' })).toHaveLength(1);
  });

  test('errors come back in the platform envelope, with JSON bodies', async () => {
    const notFound = await fetch(`${server.url}/shop/customers/nope`);
    expect(notFound.status).toBe(404);
    expect(notFound.headers.get('content-type')).toContain('application/json');
    expect(await notFound.json()).toMatchObject({ statusCode: 404, errors: [{ code: 'ResourceNotFound' }] });

    const unknownRoute = await fetch(`${server.url}/shop/no-such-thing/at/all`);
    expect(unknownRoute.status).toBe(404);
    expect(await unknownRoute.json()).toMatchObject({ errors: [{ code: 'ResourceNotFound' }] });

    const badJson = await fetch(`${server.url}/shop/customers`, { method: 'POST', body: '{"email":' });
    expect(badJson.status).toBe(400);
    expect(await badJson.json()).toMatchObject({ errors: [{ code: 'InvalidJsonInput' }] });
  });

  test('a body over the limit is refused with 413 and the server keeps serving', async () => {
    const huge = JSON.stringify({ email: 'big@example.com', password: 'x', firstName: 'x'.repeat(20 * 1024 * 1024) });
    const response = await fetch(`${server.url}/shop/customers`, { method: 'POST', body: huge });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ statusCode: 413, errors: [{ code: 'ContentTooLarge' }] });
    const list = (await (await fetch(`${server.url}/shop/customers`)).json()) as { total: number };
    expect(list.total).toBe(0);
  });

  test('the admin routes report health and clear all data and tokens', async () => {
    await fetch(`${server.url}/shop/customers`, { method: 'POST', body: JSON.stringify({ email: 'a@b.c', password: 'x' }) });
    await fetch(`${server.url}/oauth/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${btoa('a:b')}` },
      body: 'grant_type=client_credentials',
    });
    expect(await (await fetch(`${server.url}/__mock/health`)).json()).toEqual({ status: 'ok', storage: 'memory' });
    expect(mock.project('shop').data.all('customer')).toHaveLength(1);
    const cleared = await fetch(`${server.url}/__mock/state/clear`, { method: 'POST' });
    expect(cleared.status).toBe(200);
    expect(mock.project('shop').data.all('customer')).toHaveLength(0);
    expect(mock.tokens.list()).toHaveLength(0);
  });

  test('every answer carries its headers and exact length, with or without a request body, chunked or not', async () => {
    const draft = JSON.stringify({ key: 'gruss', name: { de: 'Grüße ✓' }, slug: { de: 'gruesse' } });
    // Chunked: no content-length, the body in two pieces.
    const chunked = await rawRequest(server.url, 'POST', '/shop/categories', [draft.slice(0, 10), draft.slice(10)]);
    const withLength = await rawRequest(server.url, 'POST', '/shop/categories', [
      draft.replaceAll('gruss', 'gruss-2').replace('gruesse', 'gruesse-2'),
    ]);
    const get = await rawRequest(server.url, 'GET', '/shop/categories/key=gruss');
    const emptyPost = await rawRequest(server.url, 'POST', '/shop/categories', []);
    expect([chunked.status, withLength.status, get.status, emptyPost.status]).toEqual([201, 201, 200, 400]);
    for (const answer of [chunked, withLength, get, emptyPost]) {
      expect(answer.headers['access-control-allow-origin']).toBe('*');
      expect(answer.headers['access-control-expose-headers']).toBe('x-correlation-id');
      expect(answer.headers['x-correlation-id']).toMatch(/^projects-shop-[0-9a-f-]{36}$/);
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    }
    expect(JSON.parse(get.body.toString('utf8'))).toMatchObject({ key: 'gruss', name: { de: 'Grüße ✓' } });
    expect(JSON.parse(emptyPost.body.toString('utf8'))).toMatchObject({ errors: [{ code: 'InvalidJsonInput' }] });
    expect(
      mock
        .project('shop')
        .data.all('category')
        .map((category) => category.key),
    ).toEqual(['gruss', 'gruss-2']);

    const echoed = await rawRequest(server.url, 'GET', '/shop/categories/key=gruss', undefined, { 'x-correlation-id': 'mine' });
    expect(echoed.headers['x-correlation-id']).toBe('mine');
    const head = await rawRequest(server.url, 'HEAD', '/shop/categories/key=gruss');
    expect([head.status, head.body.length, head.headers['access-control-allow-origin']]).toEqual([200, 0, '*']);
  });

  test('only the admin prefix reaches the admin routes, however the path is spelled', async () => {
    expect((await rawRequest(server.url, 'GET', '/shop/../__mock/health')).status).toBe(200);
    const lookalike = await rawRequest(server.url, 'GET', '/shop/categories?where=key%3D%22__mock%22');
    expect(lookalike.status).toBe(200);
    expect(JSON.parse(lookalike.body.toString('utf8'))).toMatchObject({ total: 0 });
  });

  test('CORS preflight is answered so browser pages can call it directly', async () => {
    const response = await fetch(`${server.url}/shop/customers`, { method: 'OPTIONS' });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });
});

/** Starts the CLI as users do and resolves with the URL it prints. */
async function startCli(args: string[], env: Record<string, string> = {}): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['bin/commerce-mock.js', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]!);
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`CLI exited with ${code}: ${output}`)));
  });
  return { child, url };
}

test.describe('CLI: commerce-mock serve', () => {
  needsBuild();

  test('serves on the given port and shuts down cleanly on SIGTERM', async () => {
    const { child, url } = await startCli(['serve', '--port', '0', '--project-key', 'cli-project']);
    try {
      const project = await fetch(`${url}/cli-project`);
      expect(await project.json()).toMatchObject({ key: 'cli-project' });
      const token = await fetch(`${url}/oauth/cli-project/anonymous/token`, {
        method: 'POST',
        headers: { authorization: `Basic ${btoa('a:b')}` },
        body: 'grant_type=client_credentials',
      });
      expect(((await token.json()) as { scope: string }).scope).toMatch(/anonymous_id:[0-9a-f-]{36}/);
    } finally {
      child.kill('SIGTERM');
    }
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
  });

  test('takes its options from environment variables', async () => {
    const { child, url } = await startCli(['serve'], {
      COMMERCE_MOCK_PORT: '0',
      COMMERCE_MOCK_ENABLE_AUTHENTICATION: 'true',
      COMMERCE_MOCK_VALIDATE_CREDENTIALS: 'true',
    });
    try {
      const refused = await fetch(`${url}/shop/customers`);
      expect(refused.status).toBe(401);
      expect(await refused.json()).toMatchObject({ error: 'invalid_token', errors: [{ code: 'invalid_token' }] });
    } finally {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  });

  test('refuses a bad flag value with a message', async () => {
    const child = spawn(process.execPath, ['bin/commerce-mock.js', 'serve', '--port', 'eighty'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [code] = await once(child, 'exit');
    expect(code).toBe(1);
    expect(stderr).toContain("--port must be a port number, got 'eighty'");
  });
});

/**
 * One request through `node:http`, which sends what `fetch` would not: a path as written (dot
 * segments kept), a body in chunks without a length. One chunk goes with its length.
 */
async function rawRequest(
  origin: string,
  method: string,
  path: string,
  chunks?: string[],
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  const sent = { ...headers, ...(chunks?.length === 1 ? { 'content-length': String(Buffer.byteLength(chunks[0]!)) } : {}) };
  const request = httpRequest(`${origin}${path}`, { method, headers: sent });
  for (const chunk of chunks ?? []) request.write(chunk);
  request.end();
  const [response] = (await once(request, 'response')) as [IncomingMessage];
  const received: Buffer[] = [];
  for await (const chunk of response) received.push(chunk as Buffer);
  return { status: response.statusCode!, headers: response.headers, body: Buffer.concat(received) };
}

test.describe('transport details', () => {
  let server: RunningServer;
  const mock = createCommerceMock();

  test.beforeAll(async () => {
    server = await startServer(mock, { port: 0, headersTimeoutMs: 400 });
  });
  test.afterAll(async () => {
    await server.close();
  });

  /** Writes raw bytes to the server and collects what it answers until it closes (or `waitMs` passes). */
  async function raw(bytes: string, waitMs = 3000): Promise<string> {
    const { connect } = await import('node:net');
    return new Promise((resolve, reject) => {
      const socket = connect(server.port, '127.0.0.1', () => socket.write(bytes));
      let answer = '';
      const timer = setTimeout(() => {
        socket.destroy();
        resolve(answer);
      }, waitMs);
      socket.on('data', (chunk) => (answer += chunk.toString()));
      socket.on('close', () => {
        clearTimeout(timer);
        resolve(answer);
      });
      socket.on('error', reject);
    });
  }

  test('a client that sends its headers too slowly gets 408 in the platform envelope', async () => {
    const answer = await raw('GET /shop/channels HTTP/1.1\r\nHost: 127.0.0.1\r\n', 5000);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ statusCode: 408 });
  });

  test('GET * is a 400, not a 500', async () => {
    const answer = await raw('GET * HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('InvalidInput');
  });

  test('a Content-Length above the limit is refused from the header, without waiting for the body', async () => {
    const started = performance.now();
    const answer = await raw(
      'POST /shop/channels HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 20000000\r\n\r\n{"key":',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain('ContentTooLarge');
    expect(performance.now() - started).toBeLessThan(2000);
    expect(mock.data.all('channel')).toEqual([]);
  });

  test('invalid UTF-8 inside a JSON string is refused, not stored with replacement characters', async () => {
    const body = Buffer.concat([Buffer.from('{"key":"bad-'), Buffer.from([0xc3, 0x28]), Buffer.from('"}')]);
    const response = await fetch(`${server.url}/shop/channels`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: Array<{ code: string }> }).errors[0]!.code).toBe('InvalidJsonInput');
    expect(mock.project('shop').data.all('channel')).toEqual([]);
    const good = await fetch(`${server.url}/shop/channels`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: Buffer.from('{"key":"grüße"}'),
    });
    expect(good.status).toBe(201);
  });
});
