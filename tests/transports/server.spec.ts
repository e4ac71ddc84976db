import { test, expect } from '../support/response-check.js';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createCommerceMock } from '../../src/index.js';
import { startServer, type RunningServer } from '../../src/transports/node-server.js';
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
  test.beforeEach(() => mock.clear());

  test('the official SDK talks to it over a real port, token routes on the same origin', async () => {
    const apiRoot = apiRootFor(server.url);
    const created = await apiRoot
      .customers()
      .post({ body: { email: 'port@example.com', password: 'pw', key: 'port-customer' } })
      .execute();
    expect(created.statusCode).toBe(201);
    const byKey = await apiRoot.customers().withKey({ key: 'port-customer' }).get().execute();
    expect(byKey.body.id).toBe(created.body.customer.id);
    expect(mock.authStore().list({ kind: 'client', clientId: 'c' })).toHaveLength(1);
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
    expect(mock.all('customer', { projectKey: 'shop' })).toHaveLength(1);
    const cleared = await fetch(`${server.url}/__mock/clear`, { method: 'POST' });
    expect(cleared.status).toBe(200);
    expect(mock.all('customer', { projectKey: 'shop' })).toHaveLength(0);
    expect(mock.authStore().list()).toHaveLength(0);
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
