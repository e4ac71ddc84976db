/**
 * The worker-baseline example of docs/state-and-faults.md, as written (between the markers), run in
 * one worker in order: the second test sees the catalog again after the first deleted a product.
 */
import { productFactory, productTypeFactory } from '../../factories/index.js';
import { expect, test } from '../support/commerce.js';

test.describe.configure({ mode: 'serial' });

// doc-example:start
test.use({
  commerceMock: {
    baseline: async (mock) => {
      await mock.data.seed(productTypeFactory.asDefault().build());
      await mock.data.seed(productFactory.published().buildList(1000));
    },
  },
});

test('every test starts from the same catalog', async ({ commerce }) => {
  const [product] = await commerce.data.all('product');
  await commerce.apiRoot
    .products()
    .withId({ ID: product!.id })
    .delete({ queryArgs: { version: product!.version } })
    .execute();
  expect(await commerce.data.all('product')).toHaveLength(999);
});

test('even after another test deleted a product', async ({ commerce }) => {
  expect(await commerce.data.all('product')).toHaveLength(1000);
});
// doc-example:end
