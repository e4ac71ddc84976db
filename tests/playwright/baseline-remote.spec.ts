/**
 * The `baseline` option in remote mode, on a server each worker has to itself: seeded on the server,
 * restored before each test through the admin API (`POST /__mock/state/snapshots`, `.../restore`).
 */
import { customerFactory, productFactory, productTypeFactory } from '../../factories/index.js';
import type { MockClient } from '../../src/index.js';
import { expect, withServerPerWorker } from '../support/commerce.js';

async function seedCatalog(mock: MockClient) {
  await mock.data.seed(productTypeFactory.asDefault().build());
  await mock.data.seed(productFactory.published().buildList(20));
}

const remote = withServerPerWorker({ baseline: seedCatalog });

remote.describe('a worker baseline on a server of its own (remote mode)', () => {
  remote.describe.configure({ mode: 'serial' });

  remote('the baseline is seeded on the server; a test changes it', async ({ commerce, server }) => {
    expect(server.mock.data.all('product')).toHaveLength(20);
    await commerce.data.seed(customerFactory.build());
    expect(server.mock.data.all('customer')).toHaveLength(1);
  });

  remote(
    'the next test starts from the baseline again; commerce.state.snapshot() and restore() go to the server',
    async ({ commerce, server }) => {
      expect(server.mock.data.all('customer')).toHaveLength(0);
      expect(server.mock.data.all('product')).toHaveLength(20);
      const snapshot = await commerce.state.snapshot();
      await commerce.data.seed(customerFactory.build());
      expect(server.mock.data.all('customer')).toHaveLength(1);
      await commerce.state.restore(snapshot);
      expect(server.mock.data.all('customer')).toHaveLength(0);
      expect(server.mock.data.all('product')).toHaveLength(20);
    },
  );

  remote('the admin API refuses a snapshot it does not hold', async ({ server }) => {
    const response = await fetch(`${server.url}/__mock/state/snapshots/snapshot-999/restore`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(404);
    expect(((await response.json()) as { errors: Array<{ code: string }> }).errors[0]!.code).toBe('ResourceNotFound');
  });

  remote('fault rules go to the server through POST /__mock/faults; the next test starts without them', async ({ commerce, server }) => {
    await commerce.faults.add({ method: 'GET', path: '/*/products', status: 502 });
    expect(server.mock.faults.list()).toHaveLength(1);
    expect((await fetch(`${server.url}/${commerce.projectKey}/products`)).status).toBe(502);
    const refused = await fetch(`${server.url}/__mock/faults`, { method: 'POST', body: '{"status":503,"delay":1}' });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { errors: Array<{ code: string; message: string }> }).errors[0]!.message).toMatch(/delay/);
    expect(server.mock.faults.list()).toHaveLength(1);
  });

  remote('a test after one that added a fault rule meets none', async ({ server }) => {
    expect(server.mock.faults.list()).toEqual([]);
  });
});
