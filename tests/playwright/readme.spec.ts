// The README's Playwright example, as written there (tests/core/doc-examples.spec.ts finds it here; if the two
// differ, it runs the README's itself).
// doc-example:start
import { test, expect } from '../../src/playwright/index.js';
import { customerFactory } from '../../factories/index.js';

test('a customer signs in', async ({ commerce }) => {
  const [customer] = await commerce.data.seed(customerFactory.build({ email: 'ada@example.com', password: 'secret' }));
  // The official SDK's password flow, served by the mock's token server:
  const asAda = commerce.apiRootFor({ customer: { email: 'ada@example.com', password: 'secret' } });
  const { body } = await asAda.customers().withId({ ID: customer!.id }).get().execute();
  expect(body.email).toBe('ada@example.com');
  expect(commerce).toHaveIssuedCustomerToken(customer!.id);
  expect(commerce).toHaveStored('customer', { email: 'ada@example.com' });
});
// doc-example:end
