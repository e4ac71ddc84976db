/**
 * Late answers: a fault rule's `delayMs` (alone: served normally, only late; with a status: fails
 * late) and the `latencyMs` option (every response, fixed or a random delay in a range), through the
 * official SDK on the MockAgent, `createMockFetch` and the HTTP server.
 */
import { createCommerceMock, startServer } from '../../src/index.js';
import { createMockFetch } from '../../src/adapters/transports/fetch.js';
import { expect, PROJECT_KEY, sdkFailure, test } from '../support/sdk.js';

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
}

test.describe('delays', () => {
  test('a delay-only rule serves the request late; with a status it fails late, storing nothing', async ({ mock, apiRoot }) => {
    await apiRoot.customers().get().execute(); // the token first, so only the API call is timed
    mock.faults.add({ method: 'POST', path: `/${PROJECT_KEY}/customer-groups`, delayMs: 250, times: 1 });
    const slow = await timed(() =>
      apiRoot
        .customerGroups()
        .post({ body: { groupName: 'Late', key: 'late' } })
        .execute(),
    );
    expect(slow.result.statusCode).toBe(201);
    expect(slow.ms).toBeGreaterThanOrEqual(240);

    mock.faults.add({ method: 'POST', path: `/${PROJECT_KEY}/customer-groups`, status: 504, delayMs: 250, times: 1 });
    const failed = await timed(() =>
      sdkFailure(
        apiRoot
          .customerGroups()
          .post({ body: { groupName: 'Never', key: 'never' } })
          .execute(),
      ),
    );
    expect(failed.result.statusCode).toBe(504);
    expect(failed.ms).toBeGreaterThanOrEqual(240);
    expect(mock.data.all('customer-group').map((group) => group.key)).toEqual(['late']);

    const quick = await timed(() => apiRoot.customerGroups().get().execute());
    expect(quick.ms).toBeLessThan(200);
  });

  test('latencyMs delays every response, on every transport', async () => {
    const mock = createCommerceMock({ defaultProjectKey: PROJECT_KEY, latencyMs: 150 });
    const mockFetch = createMockFetch(mock);
    const inProcess = await timed(() => mockFetch(`${mock.options.apiUrl}/${PROJECT_KEY}/customers`));
    expect(inProcess.result.status).toBe(200);
    expect(inProcess.ms).toBeGreaterThanOrEqual(140);
    const server = await startServer(mock, { port: 0 });
    try {
      const overHttp = await timed(() => fetch(`${server.url}/${PROJECT_KEY}/customers`));
      expect(overHttp.result.status).toBe(200);
      expect(overHttp.ms).toBeGreaterThanOrEqual(140);
      // The admin API answers at once: latency is the API's, not the test harness's.
      expect((await timed(() => fetch(`${server.url}/__mock/info`))).ms).toBeLessThan(140);
    } finally {
      await server.close();
    }
  });

  test('a latency range draws each delay from it; off by default; a bad range is refused', async () => {
    const mock = createCommerceMock({ defaultProjectKey: PROJECT_KEY, latencyMs: [100, 200] });
    const mockFetch = createMockFetch(mock);
    for (let i = 0; i < 3; i++) {
      const { ms } = await timed(() => mockFetch(`${mock.options.apiUrl}/${PROJECT_KEY}/customers`));
      expect(ms).toBeGreaterThanOrEqual(95);
      expect(ms).toBeLessThan(1000);
    }
    expect(createCommerceMock().options.latencyMs).toBe(0);
    expect(() => createCommerceMock({ latencyMs: [200, 100] })).toThrow(/option 'latencyMs': Expected \[min, max\] with min <= max/);
    expect(() => createCommerceMock({ latencyMs: -1 })).toThrow(/option 'latencyMs'/);
  });
});
