/**
 * Create + get round trips through each transport, against a direct `handle()` call:
 * the official SDK in-process (MockAgent), plain fetch over the HTTP server, and handle() itself.
 * Run: npm run bench:build && node dist-bench/bench/transports.js
 */
import { createApiBuilderFromCtpClient } from '@commercetools/platform-sdk';
import { ClientBuilder } from '@commercetools/ts-client';
import { createCommerceMock } from '../src/index.js';
import { interceptFetch } from '../src/adapters/transports/mock-agent.js';
import { createMockFetch } from '../src/adapters/transports/fetch.js';
import { startServer } from '../src/adapters/transports/node-server.js';
import { measure, print, type Figure } from './support.js';

const RUNS = 2000;
const draft = (i: number) => ({ key: `category-${i}`, name: { en: `Category ${i}` }, slug: { en: `category-${i}` } });

async function direct(): Promise<[Figure, Figure]> {
  const mock = createCommerceMock();
  const ids: string[] = [];
  const create = await measure('direct handle(): create', RUNS, (i) => {
    const response = mock.handle({ method: 'POST', url: '/bench/categories', body: JSON.stringify(draft(i)) });
    ids.push((response.body as { id: string }).id);
  });
  const get = await measure('direct handle(): get by id', RUNS, (i) =>
    mock.handle({ method: 'GET', url: `/bench/categories/${ids[i % ids.length]}` }),
  );
  return [create, get];
}

/** The official SDK in-process: through global fetch and the MockAgent, or with the mock's own fetch as httpClient. */
async function sdkInProcess(via: 'MockAgent' | 'createMockFetch'): Promise<[Figure, Figure]> {
  const mock = createCommerceMock();
  const interception = via === 'MockAgent' ? await interceptFetch(mock, { allowNetConnect: false }) : undefined;
  const httpClient = via === 'MockAgent' ? fetch : createMockFetch(mock);
  const apiRoot = createApiBuilderFromCtpClient(
    new ClientBuilder()
      .withProjectKey('bench')
      .withClientCredentialsFlow({
        host: mock.options.authUrl,
        projectKey: 'bench',
        credentials: { clientId: 'c', clientSecret: 's' },
        httpClient,
      })
      .withHttpMiddleware({ host: mock.options.apiUrl, httpClient })
      .build(),
  ).withProjectKey({ projectKey: 'bench' });
  const ids: string[] = [];
  const create = await measure(`official SDK, ${via}: create`, RUNS, async (i) => {
    ids.push(
      (
        await apiRoot
          .categories()
          .post({ body: draft(i) })
          .execute()
      ).body.id,
    );
  });
  const get = await measure(`official SDK, ${via}: get by id`, RUNS, (i) =>
    apiRoot
      .categories()
      .withId({ ID: ids[i % ids.length]! })
      .get()
      .execute(),
  );
  await interception?.restore();
  return [create, get];
}

async function fetchOverServer(): Promise<[Figure, Figure]> {
  const mock = createCommerceMock();
  const server = await startServer(mock, { port: 0 });
  const ids: string[] = [];
  const create = await measure('fetch over HTTP server: create', RUNS, async (i) => {
    const response = await fetch(`${server.url}/bench/categories`, {
      method: 'POST',
      body: JSON.stringify(draft(i)),
      headers: { 'content-type': 'application/json' },
    });
    ids.push(((await response.json()) as { id: string }).id);
  });
  const get = await measure('fetch over HTTP server: get by id', RUNS, async (i) =>
    (await fetch(`${server.url}/bench/categories/${ids[i % ids.length]}`)).json(),
  );
  await server.close();
  return [create, get];
}

const [directCreate, directGet] = await direct();
const results = [await sdkInProcess('MockAgent'), await sdkInProcess('createMockFetch'), await fetchOverServer()];
console.log(`Node ${process.version}, create = POST a category draft, get = GET it by id\n`);
print(directCreate);
print(directGet);
for (const [create, get] of results) {
  print(create, `   ${(create.medianMs / directCreate.medianMs).toFixed(1)}x direct`);
  print(get, `   ${(get.medianMs / directGet.medianMs).toFixed(1)}x direct`);
}
for (const [create, get] of results.slice(0, 2)) {
  console.log(
    `Aims (${get.name.split(':')[0]}): get < 0.25 ms -> ${get.medianMs < 0.25 ? 'met' : 'NOT met'}; create < 1 ms -> ${create.medianMs < 1 ? 'met' : 'NOT met'}`,
  );
}
