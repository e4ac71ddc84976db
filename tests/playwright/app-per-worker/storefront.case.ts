/**
 * Two workers, each with its own storefront on its own mock (storefront-fixture.ts). The two
 * "side by side" tests wait for each other, so both workers have seeded before either looks: each
 * storefront shows its worker's product and not the other's. The test after each shows that the
 * fixture still empties the mock between tests.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { productFactory, productTypeFactory } from '../../../factories/index.js';
import { expect, test } from './storefront-fixture.js';

const productsIn = (html: string) => [...html.matchAll(/<span class="name">([^<]*)<\/span>/g)].map((match) => match[1]);

for (const side of ['left', 'right']) {
  const other = side === 'left' ? 'right' : 'left';

  test.describe(`the ${side} worker`, () => {
    // In order, in one worker: the seeding test, then the one that finds the mock empty again.
    test.describe.configure({ mode: 'default' });

    test('side by side: its storefront lists its own product, not the other worker’s', async ({ commerce, request, storefrontUrl }) => {
      const mockUrl = await commerce.url();
      test.info().annotations.push({ type: 'mock', description: mockUrl }, { type: 'storefront', description: storefrontUrl });
      await commerce.data.seed(productTypeFactory.asDefault().build(), productFactory.published().build({ name: { en: `${side} mug` } }));
      // Wall times inside the test body: the report's start and duration leave out worker fixtures' setup.
      test.info().annotations.push({ type: 'seeded', description: String(Date.now()) });

      // Meet the other worker: both have seeded before either asks its storefront.
      const meeting = join(test.info().project.outputDir, 'seeded');
      mkdirSync(meeting, { recursive: true });
      writeFileSync(join(meeting, side), mockUrl);
      await expect.poll(() => existsSync(join(meeting, other)), { timeout: 30_000 }).toBe(true);
      expect(readFileSync(join(meeting, other), 'utf8'), 'the other worker has a mock of its own').not.toBe(mockUrl);

      const home = await request.get('/');
      expect(home.status()).toBe(200);
      expect(productsIn(await home.text())).toEqual([`${side} mug`]);
      test.info().annotations.push({ type: 'looked', description: String(Date.now()) });
      await expect(commerce).toHaveReceived({ method: 'GET', path: '/test-project/product-projections' });
      await expect(commerce).toHaveStoredCount('product', 1);
    });

    test('the next test starts from an empty catalog', async ({ commerce, request }) => {
      test.info().annotations.push({ type: 'mock', description: await commerce.url() });
      expect(await commerce.data.all('product')).toEqual([]);
      const home = await request.get('/');
      expect(productsIn(await home.text())).toEqual([]);
    });
  });
}

// doc-example:start
test('the storefront lists what this test seeded', async ({ commerce, request }) => {
  await commerce.data.seed(productTypeFactory.asDefault().build(), productFactory.published().build({ name: { en: 'Blue Mug' } }));
  const home = await request.get('/');
  expect(await home.text()).toContain('Blue Mug');
  await expect(commerce).toHaveReceived({ method: 'GET', path: '/test-project/product-projections' });
});
// doc-example:end
