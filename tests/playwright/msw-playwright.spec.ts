/**
 * `commerce-mock/msw` in a browser, through `@msw/playwright`: a suite that routes its pages with msw
 * adds `commerceHandlers(mock)` to its network fixture, and a page's cross-origin requests (with
 * their preflights) to the platform's hosts are served by the mock, and other handlers keep working.
 */
import { createRequire } from 'node:module';
import { test as base, expect } from '@playwright/test';
import type { NetworkFixture } from '@msw/playwright';
import { http, HttpResponse } from 'msw';
import { type CommerceMock, createCommerceMock } from '../../src/index.js';
import { commerceHandlers } from '../../src/adapters/transports/msw.js';

const SHOP = 'https://shop.example.test/';
const MSW_MAJOR = Number((createRequire(import.meta.url)('msw/package.json') as { version: string }).version.split('.')[0]);

const test = base.extend<{ mock: CommerceMock; network: NetworkFixture }>({
  mock: async ({}, use) => {
    await use(createCommerceMock({ defaultProjectKey: 'shop' }));
  },
  network: async ({ context, mock }, use) => {
    const shopPage = http.get(SHOP, () => new HttpResponse('<html><body>shop</body></html>', { headers: { 'content-type': 'text/html' } }));
    // Loaded here, not imported above: with msw 3 installed, @msw/playwright (msw 2 only) fails to load at all.
    const { defineNetworkFixture } = await import('@msw/playwright');
    const network = defineNetworkFixture({ context, handlers: [shopPage, ...commerceHandlers(mock)] });
    await network.enable();
    await use(network);
    await network.disable();
  },
});

// @msw/playwright (0.6.7, the newest) supports msw 2 only; the Node 24 run of CI installs msw 3.
test.skip(MSW_MAJOR !== 2, `@msw/playwright needs msw 2; msw ${MSW_MAJOR} is installed`);

test('a page gets a token, creates a customer with a preflighted JSON POST, and reads it back', async ({ page, mock, network }) => {
  network.use(http.get('https://payments.example.test/status', () => HttpResponse.json({ up: true })));
  await page.goto(SHOP);
  const { apiUrl, authUrl } = mock.options;
  const answers = await page.evaluate(
    async ({ apiUrl, authUrl }) => {
      const token = await fetch(`${authUrl}/oauth/token`, {
        method: 'POST',
        headers: { authorization: `Basic ${btoa('client:secret')}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials&scope=manage_project:shop',
      });
      const { access_token } = (await token.json()) as { access_token: string };
      const headers = { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' };
      const created = await fetch(`${apiUrl}/shop/customers`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ email: 'page@example.com', password: 'pw' }),
      });
      const listed = await fetch(`${apiUrl}/shop/customers`, { headers });
      const payments = await fetch('https://payments.example.test/status');
      return {
        token: token.status,
        created: created.status,
        correlation: created.headers.get('x-correlation-id'),
        emails: ((await listed.json()) as { results: Array<{ email: string }> }).results.map((customer) => customer.email),
        payments: await payments.json(),
      };
    },
    { apiUrl, authUrl },
  );
  expect(answers).toMatchObject({ token: 200, created: 201, emails: ['page@example.com'], payments: { up: true } });
  // The exposed correlation id reaches the page: the answer carried the mock's CORS headers.
  expect(answers.correlation).toMatch(/\S/);
  expect(mock.data.all('customer').map(({ email }) => email)).toEqual(['page@example.com']);
  expect(mock.journal.requests().map(({ method, path, status }) => `${method} ${path} ${status}`)).toEqual([
    'POST /oauth/token 200',
    'POST /shop/customers 201',
    'GET /shop/customers 200',
  ]);
});
