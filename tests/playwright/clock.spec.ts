/**
 * `commerce.clock` in the fixture: it moves the worker's mock (in process, and a server through its
 * admin API), and every test starts at real time again, with and without a baseline.
 */
import { customerFactory } from '../../factories/index.js';
import { createCommerceMock, localClient } from '../../src/index.js';
import { Commerce } from '../../src/playwright/commerce.js';
import { expect, test, withServerPerWorker } from '../support/commerce.js';

const near = (iso: string, millis: number) => Math.abs(Date.parse(iso) - millis) < 5_000;

for (const [mode, modeTest] of [
  ['in process', test],
  ['remote mode', withServerPerWorker()],
  ['with a baseline', test.extend({ commerceMock: { baseline: async () => {} } })],
] as const) {
  modeTest.describe(`commerce.clock, ${mode}`, () => {
    // One worker, in this order: the second test would meet the first one's clock if it survived.
    modeTest.describe.configure({ mode: 'serial' });

    modeTest('moving the clock moves what the mock stamps', async ({ commerce }) => {
      expect(await commerce.clock.set('2031-03-01T12:00:00Z')).toMatch(/^2031-03-01T12:00:0/);
      expect(await commerce.clock.advance('P1M')).toMatch(/^2031-04-01T12:00:0/);
      const { body } = await commerce.apiRoot.customers().post({ body: customerFactory.build() }).execute();
      expect(body.customer.createdAt).toMatch(/^2031-04-01T12:00:0/);
    });

    modeTest('the next test starts at real time', async ({ commerce }) => {
      expect(near(await commerce.clock.now(), Date.now())).toBe(true);
      const [customer] = await commerce.data.seed(customerFactory.build());
      expect(near(customer!.createdAt, Date.now())).toBe(true);
    });
  });
}

test('on a server other workers share, moving the clock is refused; reading it is not', async () => {
  const client = localClient(createCommerceMock());
  const shared = new Commerce(
    { kind: 'remote', client, serverUrl: 'http://127.0.0.1:1', projectKey: 'shop', clearAllowed: false },
    undefined,
  );
  for (const move of [() => shared.clock.advance('P1D'), () => shared.clock.set('2030-01-01T00:00:00Z'), () => shared.clock.reset()]) {
    await expect(move()).rejects.toThrow(
      /would move the clock of the server at http:\/\/127\.0\.0\.1:1 under the tests of the other workers/,
    );
  }
  expect(near(await shared.clock.now(), Date.now())).toBe(true);
});
