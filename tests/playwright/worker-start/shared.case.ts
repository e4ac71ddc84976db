import { customerGroupFactory } from '../../../factories/index.js';
import { expect, test } from '../../../src/playwright/index.js';

// A failure ends its worker and the runner starts another: the notice still comes once.
test('a test that fails, so that its worker is replaced', async ({ commerce }) => {
  expect(commerce.projectKey, 'the deliberate failure').toBe('another-project');
});

for (const n of [1, 2, 3, 4, 5, 6]) {
  test(`test ${n} seeds its own data`, async ({ commerce }) => {
    await commerce.data.seed(customerGroupFactory.build({ key: `shared-${n}` }));
    await new Promise((resolve) => setTimeout(resolve, 100));
  });
}
