/**
 * `commerce.faults` in the fixture: rules reach the worker's mock, and start empty in every test,
 * with and without a baseline (baseline-remote.spec.ts: the same through a server's admin API).
 */
import { customerFactory } from '../../factories/index.js';
import { expect, test } from '../support/commerce.js';

test.describe('commerce.faults', () => {
  // One worker, in this order: the second test would meet the first one's rule if it survived.
  test.describe.configure({ mode: 'serial' });

  test('a rule makes the next matching request fail; the data stays as it was', async ({ commerce }) => {
    const [customer] = await commerce.seed(customerFactory.build({ firstName: 'Ada' }));
    await commerce.faults.add({ method: 'POST', path: `/${commerce.projectKey}/customers/*`, status: 503 });
    const failed = await commerce.apiRoot
      .customers()
      .withId({ ID: customer!.id })
      .post({ body: { version: customer!.version, actions: [{ action: 'setFirstName', firstName: 'Grace' }] } })
      .execute()
      .catch((error: { statusCode: number; body: { errors: Array<{ code: string }> } }) => error);
    expect(failed).toMatchObject({ statusCode: 503, body: { errors: [{ code: 'OverCapacity' }] } });
    expect((await commerce.get('customer', customer!.id))?.firstName).toBe('Ada');
    await expect(commerce.faults.add({ status: 99 })).rejects.toThrow(/invalid fault rule: status/);
  });

  test('the next test starts without the rules of the one before', async ({ commerce }) => {
    const [customer] = await commerce.seed(customerFactory.build());
    const updated = await commerce.apiRoot
      .customers()
      .withId({ ID: customer!.id })
      .post({ body: { version: customer!.version, actions: [{ action: 'setFirstName', firstName: 'Grace' }] } })
      .execute();
    expect(updated.statusCode).toBe(200);
  });
});
