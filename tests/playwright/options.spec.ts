import { test, expect } from '../support/commerce.js';

// Worker options from `use` (here: test.use at file level, as in playwright.config.ts).
test.use({
  commerceMock: {
    defaultProjectKey: 'configured-shop',
    apiUrl: 'https://api.shop.test',
    authUrl: 'https://auth.shop.test',
    enableAuthentication: true,
    validateCredentials: true,
  },
});

test('options from use configure the worker mock: project key, hosts, authentication', async ({ commerce }) => {
  expect(commerce.projectKey).toBe('configured-shop');
  expect(commerce.apiUrl).toBe('https://api.shop.test');

  const anonymous = await fetch('https://api.shop.test/configured-shop/customers');
  expect(anonymous.status).toBe(401);
  expect(((await anonymous.json()) as { error: string }).error).toBe('invalid_token');

  const list = await commerce.apiRoot.customers().get().execute();
  expect(list.statusCode).toBe(200);
  expect((await commerce.tokens.find({ kind: 'client' }))?.projectKey).toBe('configured-shop');
});
