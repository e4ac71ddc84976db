/**
 * The package fixture with the state options: `initialData` is where every test starts, and
 * `commerce.expireTokens()` expires a test's tokens when `enforceTokenExpiry` is on.
 */
import { createCommerceMock, DEFAULT_API_URL } from '../../src/index.js';
import { expect, test } from '../support/commerce.js';

const source = createCommerceMock();
source.seed([['channel', { key: 'from-file', roles: ['InventorySupply'] }]]);

test.use({ commerceMock: { initialData: source.export(), enforceTokenExpiry: true } });

for (const name of ['first', 'second']) {
  test(`initialData is where every test starts (${name} test)`, async ({ commerce }) => {
    expect((await commerce.all('channel')).map((channel) => channel.key)).toEqual(['from-file']);
    await commerce.seed([['channel', { key: `added-by-${name}`, roles: ['Primary'] }]]);
    expect(await commerce.all('channel')).toHaveLength(2);
  });
}

test('commerce.expireTokens(filter) expires the chosen tokens at once', async ({ commerce }) => {
  const [ann] = await commerce.seed([['customer', { email: 'ann@example.com', password: 'secret' }]]);
  const token = await commerce.customerToken(ann!.id);
  const channels = () => fetch(`${DEFAULT_API_URL}/test-project/channels`, { headers: { authorization: `Bearer ${token.accessToken}` } });
  expect((await channels()).status).toBe(200);
  expect(await commerce.expireTokens({ customerId: ann!.id })).toBe(1);
  const refused = await channels();
  expect(refused.status).toBe(401);
  expect(await refused.json()).toMatchObject({ errors: [{ code: 'invalid_token' }] });
});
