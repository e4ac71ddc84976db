import { test, expect } from '@playwright/test';
import { getGlobalDispatcher } from 'undici';
import { createCommerceMock, startServer } from '../../src/index.js';
import { interceptFetch, isUnsafeUndici, undiciProblem } from '../../src/adapters/transports/mock-agent.js';
import { sdkApiRoot } from '../support/sdk.js';
import { OTHER_PLATFORM_ORIGINS, expectPlatformRefusal } from './platform-refusal.js';

test.describe('in-process transport (undici MockAgent)', () => {
  test('global fetch to the api and auth hosts is served without a socket, on every method', async () => {
    const mock = createCommerceMock({ apiUrl: 'https://api.example.test', authUrl: 'https://auth.example.test' });
    const interception = await interceptFetch(mock, { allowNetConnect: false });
    try {
      const token = await fetch('https://auth.example.test/oauth/token', {
        method: 'POST',
        headers: { authorization: `Basic ${btoa('id:secret')}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials&scope=manage_project:shop',
      });
      expect(token.status).toBe(200);
      const { access_token } = (await token.json()) as { access_token: string };

      const auth = { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' };
      const created = await fetch('https://api.example.test/shop/categories', {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ name: { en: 'Shoes' }, slug: { en: 'shoes' }, key: 'shoes' }),
      });
      expect(created.status).toBe(201);
      const category = (await created.json()) as { id: string; version: number; createdBy: { clientId: string } };
      expect(category.createdBy.clientId).toBe('id');

      const head = await fetch(`https://api.example.test/shop/categories/${category.id}`, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(await head.text()).toBe('');

      const deleted = await fetch(`https://api.example.test/shop/categories/key=shoes?version=${category.version}`, { method: 'DELETE' });
      expect(deleted.status).toBe(200);
      expect(mock.project('shop').data.all('category')).toHaveLength(0);
    } finally {
      await interception.restore();
    }
  });

  test('restore() puts the previous global dispatcher back', async () => {
    const before = getGlobalDispatcher();
    const interception = await interceptFetch(createCommerceMock(), { allowNetConnect: false });
    expect(getGlobalDispatcher()).toBe(interception.agent);
    await interception.restore();
    expect(getGlobalDispatcher()).toBe(before);
  });

  test('other hosts are refused when net connect is disabled, and the mock still serves', async () => {
    const mock = createCommerceMock();
    const interception = await interceptFetch(mock, { allowNetConnect: false });
    try {
      await expect(fetch('http://unrelated.example.invalid/')).rejects.toThrow();
      const response = await fetch(`${mock.options.apiUrl}/p1/customers`);
      expect(response.status).toBe(200);
    } finally {
      await interception.restore();
    }
  });

  test('two instances intercepting different hosts in turn keep separate data', async () => {
    const first = createCommerceMock();
    const second = createCommerceMock();
    let interception = await interceptFetch(first, { allowNetConnect: false });
    await fetch(`${first.options.apiUrl}/p1/customers`, { method: 'POST', body: JSON.stringify({ email: 'a@b.c', password: 'x' }) });
    await interception.restore();
    interception = await interceptFetch(second, { allowNetConnect: false });
    const list = (await (await fetch(`${second.options.apiUrl}/p1/customers`)).json()) as { count: number };
    await interception.restore();
    expect(list.count).toBe(0);
    expect(first.project('p1').data.all('customer')).toHaveLength(1);
  });

  test('the official SDK works through the interception with a client-credentials token', async () => {
    const mock = createCommerceMock({ enableAuthentication: true, validateCredentials: true });
    const interception = await interceptFetch(mock, { allowNetConnect: false });
    try {
      const apiRoot = sdkApiRoot(mock);
      const { body } = await apiRoot
        .customers()
        .post({ body: { email: 'sdk@example.com', password: 'pw' } })
        .execute();
      const read = await apiRoot
        .customers()
        .withKey({ key: 'none' })
        .get()
        .execute()
        .catch((e: { statusCode: number }) => e.statusCode);
      expect(read).toBe(404);
      expect(body.customer.createdBy?.clientId).toBe('test-client');
      expect(mock.tokens.list({ kind: 'client' })).toHaveLength(1);
    } finally {
      await interception.restore();
    }
  });

  test('restore() twice is harmless: the second call leaves a dispatcher installed since in place', async () => {
    const before = getGlobalDispatcher();
    const first = await interceptFetch(createCommerceMock(), { allowNetConnect: false });
    await first.restore();
    const second = await interceptFetch(createCommerceMock(), { allowNetConnect: false });
    try {
      await first.restore();
      expect(getGlobalDispatcher()).toBe(second.agent);
      expect((await fetch(`${createCommerceMock().options.apiUrl}/p1/customers`)).status).toBe(200);
    } finally {
      await second.restore();
      await second.restore();
    }
    expect(getGlobalDispatcher()).toBe(before);
  });

  test('undici releases that let fetch bypass a MockAgent are refused', () => {
    for (const unsafe of ['8.0.3', '8.1.0', '8.9.9', '8.10.0']) expect(isUnsafeUndici(unsafe), unsafe).toBe(true);
    for (const safe of ['7.30.2', '8.0.2', '8.10.1', '8.12.4', '9.0.0']) expect(isUnsafeUndici(safe), safe).toBe(false);
  });

  test('undici 8 on Node 20 is refused with a message that says to use undici 7', () => {
    expect(undiciProblem('8.11.0', '20.19.0')).toBe(
      'commerce-mock: undici 8.11.0 does not work with Node 20.19.0 (it needs Node >= 22.19): on Node 20 use undici 7 (npm install -D undici@7).',
    );
    expect(undiciProblem('8.10.1', '22.12.0')).toMatch(/does not work with Node 22\.12\.0/);
    expect(undiciProblem('8.10.0', '24.1.0')).toMatch(/lets global fetch bypass a MockAgent/);
    expect(undiciProblem('7.30.2', '20.19.0')).toBeUndefined();
    expect(undiciProblem('7.30.2', '24.1.0')).toBeUndefined();
    expect(undiciProblem('8.11.0', '22.19.0')).toBeUndefined();
  });
});

// No network on this machine: each refusal below must be the mock's own error, at once, not a DNS failure or a timeout.
test.describe('in-process transport: hosts of the real platform', () => {
  test('fetch to a platform host the mock does not serve fails at once, naming apiUrl and authUrl, by default', async () => {
    const mock = createCommerceMock();
    const interception = await interceptFetch(mock);
    try {
      for (const origin of OTHER_PLATFORM_ORIGINS) {
        await expectPlatformRefusal(fetch(`${origin}/test-project/customers`), mock);
        await expectPlatformRefusal(fetch(`${origin}/oauth/token`, { method: 'POST', body: 'grant_type=client_credentials' }), mock);
      }
      // Its own hosts are still served.
      expect((await fetch(`${mock.options.apiUrl}/test-project/customers`)).status).toBe(200);
    } finally {
      await interception.restore();
    }
  });

  test('the official SDK pointed at another Region fails at once; nothing is stored and no token issued', async () => {
    const mock = createCommerceMock();
    const interception = await interceptFetch(mock);
    try {
      const usRegion = createCommerceMock({
        apiUrl: 'https://api.us-central1.gcp.commercetools.com',
        authUrl: 'https://auth.us-central1.gcp.commercetools.com',
      });
      const request = sdkApiRoot(usRegion)
        .customers()
        .post({ body: { email: 'lost@example.com', password: 'pw' } })
        .execute();
      await expectPlatformRefusal(request, mock);
      expect(mock.tokens.list()).toHaveLength(0);
      expect(mock.project('test-project').data.all('customer')).toHaveLength(0);
    } finally {
      await interception.restore();
    }
  });

  test('a mock configured with a platform host of another Region serves it', async () => {
    const mock = createCommerceMock({
      apiUrl: 'https://api.us-east-2.aws.commercetools.com',
      authUrl: 'https://auth.us-east-2.aws.commercetools.com',
    });
    const interception = await interceptFetch(mock);
    try {
      const { body } = await sdkApiRoot(mock)
        .customers()
        .post({ body: { email: 'ohio@example.com', password: 'pw' } })
        .execute();
      expect(mock.project('test-project').data.get('customer', body.customer.id)).toMatchObject({ email: 'ohio@example.com' });
      await expectPlatformRefusal(fetch('https://api.europe-west1.gcp.commercetools.com/test-project/customers'), mock);
    } finally {
      await interception.restore();
    }
  });

  test('other hosts follow allowNetConnect', async () => {
    const elsewhere = createCommerceMock();
    const server = await startServer(elsewhere, { port: 0 });
    try {
      const allowing = await interceptFetch(createCommerceMock());
      try {
        expect((await fetch(`${server.url}/__mock/health`)).status).toBe(200);
      } finally {
        await allowing.restore();
      }
      const refusing = await interceptFetch(createCommerceMock(), { allowNetConnect: false });
      try {
        await expect(fetch(`${server.url}/__mock/health`)).rejects.toMatchObject({ cause: { name: 'MockNotMatchedError' } });
      } finally {
        await refusing.restore();
      }
    } finally {
      await server.close();
    }
  });
});
