/**
 * The `baseline` option (seeded once per worker, restored before each test) and `commerce.state.snapshot()`
 * / `commerce.state.restore()`, in process (baseline-remote.spec.ts: the same against a server).
 */
import { customerFactory, productFactory, productTypeFactory } from '../../factories/index.js';
import type { MockClient } from '../../src/index.js';
import { expect, test } from '../support/commerce.js';

let baselineRuns = 0;

async function seedCatalog(mock: MockClient) {
  baselineRuns++;
  await mock.data.seed(productTypeFactory.asDefault().build());
  await mock.data.seed(productFactory.published().buildList(20));
  await mock.tokens.issue({ kind: 'client' });
}

test.use({ commerceMock: { baseline: seedCatalog } });

test.describe('a worker baseline, in process', () => {
  // One worker, in this order: the second test sees what the first one left behind, if anything.
  test.describe.configure({ mode: 'serial' });

  test('the first test starts from the baseline and changes it', async ({ commerce }) => {
    expect(await commerce.data.all('product')).toHaveLength(20);
    expect(await commerce.tokens.list()).toHaveLength(1);
    const [product] = await commerce.data.all('product');
    await commerce.apiRoot
      .products()
      .withId({ ID: product!.id })
      .delete({ queryArgs: { version: product!.version } })
      .execute();
    await commerce.data.seed(customerFactory.build());
    expect(await commerce.data.all('product')).toHaveLength(19);
  });

  test('the next test starts from the baseline again, seeded only once', async ({ commerce }) => {
    expect(await commerce.data.all('product')).toHaveLength(20);
    expect(await commerce.data.all('customer')).toEqual([]);
    // The baseline's token, and only it: tokens of the first test are gone.
    expect(await commerce.tokens.list()).toHaveLength(1);
    expect(baselineRuns).toBe(1);
    // The request journal still starts empty for each test.
    expect(await commerce.journal.requests()).toEqual([]);
  });
});

test.describe('commerce.state.snapshot() and restore()', () => {
  test('a test can take its own snapshot and go back to it', async ({ commerce }) => {
    const [customer] = await commerce.data.seed(customerFactory.build({ firstName: 'Before' }));
    const snapshot = await commerce.state.snapshot();
    await commerce.apiRoot
      .customers()
      .withId({ ID: customer!.id })
      .post({ body: { version: customer!.version, actions: [{ action: 'setFirstName', firstName: 'After' }] } })
      .execute();
    await commerce.data.seed(customerFactory.build());
    await commerce.state.restore(snapshot);
    expect((await commerce.data.all('customer')).map((c) => c.firstName)).toEqual(['Before']);
    // A snapshot stays usable: restore it twice.
    await commerce.data.seed(customerFactory.build());
    await commerce.state.restore(snapshot);
    expect(await commerce.data.all('customer')).toHaveLength(1);
  });
});
