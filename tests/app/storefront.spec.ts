/**
 * A storefront in its own process (tests/app/storefront.ts, started by `webServer`) against
 * `commerce-mock serve` (also `webServer`), with the `commerce` fixture in remote mode
 * (`commerceMock.serverUrl`, see playwright.config.ts): what a user's suite for an SSR app looks like.
 */
import { customerFactory, productFactory, productTypeFactory } from '../../factories/index.js';
import { expect, test } from '../../src/playwright/index.js';

test('seeded products appear in the page; signing in and adding to the cart reach the mock', async ({ page, commerce }) => {
  expect(commerce.location).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  const draft = customerFactory.build({ firstName: 'Ada' });
  const [, mug, customer] = await commerce.data.seed(
    productTypeFactory.asDefault().build(),
    productFactory.published().build({ key: 'mug', name: { en: 'Blue Mug' } }),
    draft,
  );

  await page.goto('/');
  await expect(page.getByTestId('product')).toHaveText([/Blue Mug/]);

  await page.goto('/login');
  await page.getByLabel('Email').fill(draft.email);
  await page.getByLabel('Password').fill(draft.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('shopper')).toHaveText(`Signed in as ${draft.email}`);
  await expect(commerce).toHaveIssuedCustomerToken(customer!.id);
  await expect(commerce).toHaveIssuedClientToken('storefront');

  await page.getByRole('button', { name: 'Add Blue Mug to cart' }).click();
  await expect(page.getByTestId('line')).toHaveText([/Blue Mug × 1/]);
  await expect(commerce).toHaveStored('cart', { customerId: customer!.id, lineItems: [{ productId: mug!.id, quantity: 1 }] });
  await expect(commerce).toHaveStoredCount('cart', 1);
  await expect(commerce).toHaveReceived({ method: 'POST', path: '/test-project/me/carts', body: { currency: 'EUR' } }, { times: 1 });
  await expect(commerce).toHaveReceived({
    method: 'POST',
    path: /^\/test-project\/me\/carts\/[^/]+$/,
    body: { actions: [{ action: 'addLineItem' }] },
  });
  // The storefront asked for the active cart before it made one: 404, as the platform answers.
  await expect(commerce).toHaveReceived({ method: 'GET', path: '/test-project/me/active-cart', status: 404 });
  expect((await commerce.journal.requests({ method: 'POST', path: '/test-project/me/carts' })).map((entry) => entry.caller)).toEqual([
    { kind: 'customer', id: customer!.id },
  ]);
});

test('a write the app makes later: the awaited matcher retries until it is there', async ({ page, commerce }) => {
  await commerce.data.seed(productTypeFactory.asDefault().build());
  await page.goto('/');
  await page.getByLabel('Newsletter email').fill('grace@example.com');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByTestId('thanks')).toBeVisible();
  // The storefront stores the subscription 1.5 s after answering (a margin a busy CI machine keeps): not there yet ...
  expect(await commerce.data.all('key-value-document')).toEqual([]);
  // ... and the matcher waits for it.
  await expect(commerce).toHaveStored('key-value-document', { container: 'newsletter', value: { email: 'grace@example.com' } });
});

test('the fixture emptied the server before this test: one worker, so clearing is safe', async ({ commerce }) => {
  expect(await commerce.data.all('customer')).toEqual([]);
  expect(await commerce.data.all('key-value-document')).toEqual([]);
  expect(await commerce.tokens.list({ kind: 'customer' })).toEqual([]);
  expect(await commerce.journal.requests()).toEqual([]);
  await commerce.state.clear();
});

test('commerce.mock does not exist in remote mode, and says why', async ({ commerce }) => {
  expect(() => commerce.mock).toThrow(/this test uses the server at http:\/\/127\.0\.0\.1:\d+ \(remote mode\)/);
});
