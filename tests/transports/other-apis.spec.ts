/**
 * Where the Import, Change History and Checkout APIs live: an origin of their own in process (by
 * default the platform's host in the Region of `apiUrl`), a path prefix under a server's one origin,
 * listed by `GET /__mock/info`; other Regions' hosts of these APIs refused as every platform host is.
 */
import { test, expect } from '@playwright/test';
import { createCommerceMock, intercept, startServer } from '../../src/index.js';
import { expectPlatformRefusal } from './platform-refusal.js';

test('the other APIs default to the platform hosts in the Region of apiUrl', () => {
  const european = createCommerceMock();
  expect(european.options).toMatchObject({
    importUrl: 'https://import.europe-west1.gcp.commercetools.com',
    historyUrl: 'https://history.europe-west1.gcp.commercetools.com',
    checkoutUrl: 'https://checkout.europe-west1.gcp.commercetools.com',
  });
  const american = createCommerceMock({ apiUrl: 'https://api.us-central1.gcp.commercetools.com' });
  expect(american.options.importUrl).toBe('https://import.us-central1.gcp.commercetools.com');
  expect(american.options.checkoutUrl).toBe('https://checkout.us-central1.gcp.commercetools.com');
  // An apiUrl of the user's own: the default Region's hosts, unless set.
  const local = createCommerceMock({ apiUrl: 'http://localhost:4444', historyUrl: 'http://localhost:4445/' });
  expect(local.options.importUrl).toBe('https://import.europe-west1.gcp.commercetools.com');
  expect(local.options.historyUrl).toBe('http://localhost:4445');
});

test('an import, history or checkout URL with a path is refused at creation, naming the option', () => {
  expect(() => createCommerceMock({ importUrl: 'https://import.example.com/v1' })).toThrow(/option 'importUrl': Expected a bare origin/);
  expect(() => createCommerceMock({ checkoutURL: 'https://x' } as never)).toThrow(
    /unknown option 'checkoutURL' — did you mean 'checkoutUrl'\?/,
  );
});

test('in process, each API is answered at its own origin: a path of the main API is no route there', async () => {
  const mock = createCommerceMock();
  const interception = await intercept(mock);
  try {
    const project = await fetch(`${mock.options.apiUrl}/test-project`);
    expect(project.status).toBe(200);
    for (const origin of [mock.options.importUrl, mock.options.historyUrl, mock.options.checkoutUrl]) {
      const response = await fetch(`${origin}/test-project/carts`, { method: 'POST', body: '{}' });
      expect(response.status).toBe(404);
      expect(((await response.json()) as { errors: Array<{ code: string }> }).errors[0]!.code).toBe('ResourceNotFound');
    }
    // Another Region's host of these APIs never leaves the process.
    await expectPlatformRefusal(fetch('https://import.us-central1.gcp.commercetools.com/test-project/import-containers'), mock);
    await expectPlatformRefusal(fetch('https://checkout.australia-southeast1.gcp.commercetools.com/test-project/transactions'), mock);
  } finally {
    await interception.restore();
  }
});

test('a server lists every API under apis, absolute URLs under its one origin', async () => {
  const mock = createCommerceMock();
  const server = await startServer(mock, { port: 0 });
  try {
    const info = (await (await fetch(`${server.url}/__mock/info`)).json()) as { apis: Record<string, string> };
    expect(info.apis).toEqual({
      api: server.url,
      auth: server.url,
      import: `${server.url}/__import`,
      history: `${server.url}/__history`,
      checkout: `${server.url}/__checkout`,
    });
    // Under the history prefix, the main API's project route is not served.
    expect((await fetch(`${server.url}/test-project`)).status).toBe(200);
    expect((await fetch(`${info.apis.history}/test-project/carts`, { method: 'POST', body: '{}' })).status).toBe(404);
  } finally {
    await server.close();
  }
});
