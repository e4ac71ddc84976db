import type { CommerceMock } from '../../api/mock.js';
import { type InterceptOptions, type Interception, interceptFetch } from './mock-agent.js';
import { interceptNodeHttp } from './node-http.js';

/**
 * Serves every in-process client of the mock's `apiUrl` and `authUrl`: global `fetch` and undici
 * (`interceptFetch`), and `node:http`/`node:https` with what is built on them (`interceptNodeHttp`).
 * Hosts of the real platform the mock does not serve are refused on both paths.
 */
export async function intercept(mock: CommerceMock, options: InterceptOptions = {}): Promise<Interception> {
  const fetchInterception = await interceptFetch(mock, options);
  let nodeHttp: Awaited<ReturnType<typeof interceptNodeHttp>>;
  try {
    nodeHttp = await interceptNodeHttp(mock, { allowNetConnect: options.allowNetConnect !== false });
  } catch (error) {
    await fetchInterception.restore();
    throw error;
  }
  let restored: Promise<void> | undefined;
  return {
    agent: fetchInterception.agent,
    restore: () => (restored ??= Promise.all([nodeHttp.restore(), fetchInterception.restore()]).then(() => undefined)),
  };
}
