import { test, expect } from '../support/commerce.js';
import { tagDraft } from '../../src/index.js';
import { png } from '../catalog/images.js';

/** A tiny storefront: signs a customer in at the token server, then works with the API as that customer. */
const storefront = (authUrl: string, apiUrl: string, projectKey: string) => `<!doctype html>
<html><body>
<form id="sign-in"><input name="email" value="shopper@example.com"><input name="password" value="secret"><button>Sign in</button></form>
<p id="greeting"></p><ul id="wishlist"></ul>
<script>
  const basic = 'Basic ' + btoa('storefront:secret');
  let token;
  document.getElementById('sign-in').addEventListener('submit', async (event) => {
    event.preventDefault();
    const form = new FormData(event.target);
    const response = await fetch('${authUrl}/oauth/${projectKey}/customers/token', {
      method: 'POST',
      headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', username: form.get('email'), password: form.get('password') }),
    });
    const body = await response.json();
    if (!response.ok) { document.getElementById('greeting').textContent = 'Error: ' + body.error; return; }
    token = body.access_token;
    const customerId = body.scope.match(/customer_id:([\\w-]+)/)[1];
    const customer = await (await fetch('${apiUrl}/${projectKey}/customers/' + customerId, { headers: { authorization: 'Bearer ' + token } })).json();
    document.getElementById('greeting').textContent = 'Hello ' + customer.firstName;
    for (const item of ['socks', 'scarf']) {
      const saved = await fetch('${apiUrl}/${projectKey}/custom-objects', {
        method: 'POST',
        headers: { authorization: 'Bearer ' + token, 'content-type': 'application/json' },
        body: JSON.stringify({ container: 'wishlist-' + customerId, key: item, value: { quantity: 1 } }),
      });
      const li = document.createElement('li');
      li.textContent = item + ':' + saved.status;
      document.getElementById('wishlist').append(li);
    }
  });
</script>
</body></html>`;

test('a page signs in and saves items through the mock, with no extra code in the test', async ({ page, commerce }) => {
  const [customer] = await commerce.data.seed(
    tagDraft({ email: 'shopper@example.com', password: 'secret', firstName: 'Grace' }, 'customer'),
  );
  // The page itself comes from a made-up origin; only its API and token calls go to the mock.
  await page.route('https://shop.example.test/', (route) =>
    route.fulfill({ contentType: 'text/html', body: storefront(commerce.authUrl, commerce.apiUrl, commerce.projectKey) }),
  );
  await page.goto('https://shop.example.test/');
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page.locator('#greeting')).toHaveText('Hello Grace');
  await expect(page.locator('#wishlist li')).toHaveText(['socks:201', 'scarf:201']);
  expect((await commerce.tokens.find({ kind: 'customer', customerId: customer!.id }))?.clientId).toBe('storefront');
  const saved = (await commerce.data.all('key-value-document')).map((object) => [object.container, object.key, object.createdBy]);
  expect(saved).toEqual([
    [
      `wishlist-${customer!.id}`,
      'socks',
      expect.objectContaining({ clientId: 'storefront', customer: { typeId: 'customer', id: customer!.id } }),
    ],
    [`wishlist-${customer!.id}`, 'scarf', expect.objectContaining({ clientId: 'storefront' })],
  ]);
});

test('a wrong password reaches the page as the platform error', async ({ page, commerce }) => {
  await commerce.data.seed(tagDraft({ email: 'shopper@example.com', password: 'another' }, 'customer'));
  await page.route('https://shop.example.test/', (route) =>
    route.fulfill({ contentType: 'text/html', body: storefront(commerce.authUrl, commerce.apiUrl, commerce.projectKey) }),
  );
  await page.goto('https://shop.example.test/');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('#greeting')).toHaveText('Error: invalid_customer_account_credentials');
  expect(await commerce.tokens.list({ kind: 'customer' })).toHaveLength(0);
});

test('an uploaded product image shows on a page: the mock serves it at the URL it gave', async ({ page, commerce }) => {
  const api = commerce.apiRoot;
  await api
    .productTypes()
    .post({ body: { key: 'plain', name: 'plain', description: 'plain' } })
    .execute();
  const product = (
    await api
      .products()
      .post({ body: { productType: { typeId: 'product-type', key: 'plain' }, name: { en: 'Poster' }, slug: { en: 'poster' } } })
      .execute()
  ).body;
  const uploaded = await api
    .products()
    .withId({ ID: product.id })
    .images()
    .post({ body: png(12, 8), headers: { 'Content-Type': 'image/png' }, queryArgs: { filename: 'poster.png' } })
    .execute();
  const image = uploaded.body.masterData.staged.masterVariant.images![0]!;
  await page.route('https://shop.example.test/', (route) =>
    route.fulfill({ contentType: 'text/html', body: `<!doctype html><img id="poster" src="${image.url}" alt="${image.label}">` }),
  );
  await page.goto('https://shop.example.test/');
  const poster = page.locator('#poster');
  await expect(poster).toHaveJSProperty('complete', true);
  // A picture the browser decoded has its natural size; a broken one has 0 × 0.
  const natural = await poster.evaluate((element) => {
    const img = element as unknown as { naturalWidth: number; naturalHeight: number };
    return [img.naturalWidth, img.naturalHeight];
  });
  expect(natural).toEqual([12, 8]);
  expect(image.dimensions).toEqual({ w: 12, h: 8 });
});
