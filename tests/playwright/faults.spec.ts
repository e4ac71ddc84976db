/**
 * `commerce.faults` in the fixture: rules reach the worker's mock, and start empty in every test,
 * with and without a baseline (baseline-remote.spec.ts: the same through a server's admin API).
 */
import { customerFactory } from '../../factories/index.js';
import { DEFAULT_API_URL } from '../../src/index.js';
import { expect, test, withServerPerWorker } from '../support/commerce.js';

test.describe('commerce.faults', () => {
  // One worker, in this order: the second test would meet the first one's rule if it survived.
  test.describe.configure({ mode: 'serial' });

  test('a rule makes the next matching request fail; the data stays as it was', async ({ commerce }) => {
    const [customer] = await commerce.data.seed(customerFactory.build({ firstName: 'Ada' }));
    await commerce.faults.add({ method: 'POST', path: `/${commerce.projectKey}/customers/*`, status: 503 });
    const failed = await commerce.apiRoot
      .customers()
      .withId({ ID: customer!.id })
      .post({ body: { version: customer!.version, actions: [{ action: 'setFirstName', firstName: 'Grace' }] } })
      .execute()
      .catch((error: { statusCode: number; body: { errors: Array<{ code: string }> } }) => error);
    expect(failed).toMatchObject({ statusCode: 503, body: { errors: [{ code: 'OverCapacity' }] } });
    expect((await commerce.data.get('customer', customer!.id))?.firstName).toBe('Ada');
    await expect(commerce.faults.add({ status: 99 })).rejects.toThrow(/invalid fault rule: status/);
  });

  test('the next test starts without the rules of the one before', async ({ commerce }) => {
    const [customer] = await commerce.data.seed(customerFactory.build());
    const updated = await commerce.apiRoot
      .customers()
      .withId({ ID: customer!.id })
      .post({ body: { version: customer!.version, actions: [{ action: 'setFirstName', firstName: 'Grace' }] } })
      .execute();
    expect(updated.statusCode).toBe(200);
  });
});

// The same page, its API served in process (browser routing) and by a server (remote mode).
for (const [mode, modeTest] of [
  ['in process', test],
  ['remote mode', withServerPerWorker()],
] as const) {
  modeTest(`${mode}: a dropConnection rule fails the page's request at the connection; nothing is stored`, async ({ page, commerce }) => {
    await commerce.faults.add({ method: 'POST', path: `/${commerce.projectKey}/customer-groups`, dropConnection: true, times: 1 });
    await page.route('https://shop.example.test/', (route) => route.fulfill({ contentType: 'text/html', body: '<p>shop</p>' }));
    await page.goto('https://shop.example.test/');
    const { accessToken } = await commerce.tokens.issue({ kind: 'client' });
    const createGroup = () =>
      page.evaluate(
        async ({ url, token }) => {
          try {
            const response = await fetch(url, {
              method: 'POST',
              headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
              body: JSON.stringify({ key: 'from-page', groupName: 'From the page' }),
            });
            return response.status;
          } catch (error) {
            return `${(error as Error).name}: ${(error as Error).message}`;
          }
        },
        // The platform's host, as the app would call it: the fixture routes it to the mock (or the server).
        { url: `${DEFAULT_API_URL}/${commerce.projectKey}/customer-groups`, token: accessToken },
      );
    expect(await createGroup()).toBe('TypeError: Failed to fetch');
    expect(await commerce.data.all('customer-group')).toEqual([]);
    expect(await createGroup()).toBe(201);
    expect((await commerce.journal.requests({ method: 'POST' })).map((entry) => entry.status)).toEqual([0, 201]);
  });
}
