/**
 * `POST /{projectKey}/graphql`: the transport (JSON and the SDK's content type), the schema as the
 * platform publishes it (introspection), and the errors before execution.
 */
import { spawnSync } from 'node:child_process';
import { PROJECT_KEY, test, expect, sdkFailure } from '../support/sdk.js';
import { graphql } from './support.js';

const URL_OF = (origin: string) => `${origin}/${PROJECT_KEY}/graphql`;

async function post(origin: string, body: string, headers: Record<string, string> = {}) {
  const response = await fetch(URL_OF(origin), { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  return { status: response.status, body: (await response.json()) as any };
}

test.describe('transport', () => {
  test('the official SDK sends a query and receives data', async ({ apiRoot, mock }) => {
    mock.data.create('channel', { key: 'berlin', roles: ['InventorySupply'] });
    const { body, statusCode } = await apiRoot
      .graphql()
      .post({ body: { query: '{ channels { total results { key roles } } }' } })
      .execute();
    expect(statusCode).toBe(200);
    expect(body.data).toEqual({ channels: { total: 1, results: [{ key: 'berlin', roles: ['InventorySupply'] }] } });
    expect(body.errors).toBeUndefined();
  });

  test('fetch with application/json and with application/graphql, variables and an operation name', async ({ mock }) => {
    mock.data.create('zone', { key: 'europe', name: 'Europe' });
    const request = JSON.stringify({
      query: 'query Other { zones { total } } query ByKey($key: String!) { zone(key: $key) { name } }',
      variables: { key: 'europe' },
      operationName: 'ByKey',
    });
    for (const contentType of ['application/json', 'application/graphql']) {
      const { status, body } = await post(mock.options.apiUrl, request, { 'content-type': contentType });
      expect(status).toBe(200);
      expect(body).toEqual({ data: { zone: { name: 'Europe' } } });
    }
  });

  test('introspection answers the platform schema', async ({ apiRoot }) => {
    const { body } = await apiRoot
      .graphql()
      .post({
        body: {
          query: '{ __schema { queryType { name } mutationType { name } } __type(name: "CustomerSignUpDraft") { inputFields { name } } }',
        },
      })
      .execute();
    expect(body.data.__schema).toEqual({ queryType: { name: 'Query' }, mutationType: { name: 'Mutation' } });
    const draftFields = body.data.__type.inputFields.map((field: { name: string }) => field.name);
    expect(draftFields).toEqual(expect.arrayContaining(['email', 'password', 'addresses', 'customerGroup', 'stores']));
  });

  test('only POST: GET is 405', async ({ mock }) => {
    const response = await fetch(URL_OF(mock.options.apiUrl));
    expect(response.status).toBe(405);
    expect(((await response.json()) as any).errors[0].code).toBe('MethodNotAllowed');
  });
});

test.describe('errors before execution', () => {
  test('malformed JSON and a missing query: 400 InvalidJsonInput', async ({ mock }) => {
    for (const body of ['{"query": ', '{"variables": {}}', '[]', '{"query": "{ zones { total } }", "variables": [1]}']) {
      const answer = await post(mock.options.apiUrl, body);
      expect(answer.status, body).toBe(400);
      expect(answer.body.errors[0].code, body).toBe('InvalidJsonInput');
    }
  });

  test('a document that does not parse: 400 with its location', async ({ apiRoot }) => {
    const failure = await sdkFailure(
      apiRoot
        .graphql()
        .post({ body: { query: '{ zones { total ' } })
        .execute(),
    );
    expect(failure.statusCode).toBe(400);
    const [error] = failure.body.errors as any[];
    expect(error.message).toContain('Syntax Error');
    expect(error.locations).toEqual([{ line: 1, column: 17 }]);
    expect(error.extensions).toEqual({ code: 'InvalidInput' });
    // The envelope of the platform's definition for /graphql, as every REST 400.
    expect(failure.body.statusCode).toBe(400);
    expect(failure.body.message).toBe(error.message);
    expect(error.code).toBe('InvalidInput');
  });

  test('a field the schema does not have: 400, nothing executed', async ({ mock }) => {
    const { status, body } = await post(mock.options.apiUrl, JSON.stringify({ query: '{ zones { total colour } }' }));
    expect(status).toBe(400);
    expect(body.data).toBeUndefined();
    expect(body.statusCode).toBe(400);
    expect(body.message).toBe('Cannot query field "colour" on type "ZoneQueryResult".');
    expect(body.errors).toEqual([
      {
        code: 'InvalidInput',
        message: 'Cannot query field "colour" on type "ZoneQueryResult".',
        locations: [{ line: 1, column: 17 }],
        extensions: { code: 'InvalidInput' },
      },
    ]);
  });

  test('a variable of the wrong type: 400', async ({ mock }) => {
    const request = { query: 'query ($limit: Int) { zones(limit: $limit) { total } }', variables: { limit: 'ten' } };
    const { status, body } = await post(mock.options.apiUrl, JSON.stringify(request));
    expect(status).toBe(400);
    expect(body.errors[0].message).toContain('$limit');
    expect(body.errors[0].extensions.code).toBe('InvalidInput');
    expect(body).toMatchObject({ statusCode: 400, message: body.errors[0].message, errors: [{ code: 'InvalidInput' }] });
    expect(body.data).toBeUndefined();
  });

  test('an execution error answered InvalidInput: 400 with the GraphQL body, data included, as the platform', async ({ mock }) => {
    mock.data.create('zone', { key: 'europe', name: 'Europe' });
    const request = { query: '{ zones { total } customerGroups(where: "key ===") { total } }' };
    const { status, body } = await post(mock.options.apiUrl, JSON.stringify(request));
    expect(status).toBe(400);
    // customerGroups is non-null in the schema: its error makes the whole `data` null.
    expect(body.data).toBeNull();
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0]).toMatchObject({ path: ['customerGroups'], extensions: { code: 'InvalidInput' } });
    expect(body.statusCode).toBeUndefined();
  });
});

test.describe('authentication as for REST', () => {
  test.use({ mockOptions: { enableAuthentication: true, validateCredentials: true } });

  test('without a token the mock issued: 401 invalid_token, even for introspection', async ({ mock }) => {
    const answer = await post(mock.options.apiUrl, JSON.stringify({ query: '{ __typename }' }), { authorization: 'Bearer made-up' });
    expect(answer.status).toBe(401);
    expect(answer.body.error).toBe('invalid_token');
  });

  test('with the SDK token, the same call is answered', async ({ apiRoot }) => {
    const { body } = await apiRoot
      .graphql()
      .post({ body: { query: '{ __typename }' } })
      .execute();
    expect(body.data).toEqual({ __typename: 'Query' });
  });
});

test('graphql-js is loaded on the first GraphQL request, not when the package is imported', () => {
  // A fresh process: this one has loaded graphql for other tests. `require.cache` lists it once loaded
  // (graphql-js is CommonJS, also when imported).
  const script = `
    const { createRequire } = await import('node:module');
    const cache = createRequire(import.meta.url).cache;
    const loaded = () => Object.keys(cache).some((file) => /[\\\\/]node_modules[\\\\/]graphql[\\\\/]/.test(file));
    const { createCommerceMock } = await import('./src/index.ts');
    const mock = createCommerceMock({ defaultProjectKey: 'lazy-graphql' });
    const before = loaded();
    mock.handle({ method: 'GET', url: '/lazy-graphql/categories' });
    const afterRest = loaded();
    const answer = mock.handle({
      method: 'POST',
      url: '/lazy-graphql/graphql',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ categories { total } }' }),
    });
    console.log(JSON.stringify({ before, afterRest, after: loaded(), status: answer.status, body: answer.body }));
  `;
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
  expect(run.stderr).toBe('');
  expect(JSON.parse(run.stdout.trim())).toEqual({
    before: false,
    afterRest: false,
    after: true,
    status: 200,
    body: { data: { categories: { total: 0 } } },
  });
});

/**
 * A document is parsed and validated once per distinct text (schema.ts's `checkedDocument`): what
 * the same text answers must still depend on each request's variables and operation name, and an
 * invalid text must be refused the same way every time it comes.
 */
test.describe('the same document text sent again', () => {
  test('answers each request by its own variables, for queries and mutations', async ({ apiRoot, mock }) => {
    mock.data.create('zone', { key: 'europe', name: 'Europe' });
    mock.data.create('zone', { key: 'asia', name: 'Asia' });
    const read = 'query CachedZoneByKey($key: String!) { cachedZone: zone(key: $key) { key name } }';
    expect(await graphql(apiRoot, read, { key: 'europe' })).toEqual({ data: { cachedZone: { key: 'europe', name: 'Europe' } } });
    expect(await graphql(apiRoot, read, { key: 'asia' })).toEqual({ data: { cachedZone: { key: 'asia', name: 'Asia' } } });
    expect(await graphql(apiRoot, read, { key: 'nowhere' })).toEqual({ data: { cachedZone: null } });

    const create = 'mutation CachedCreateZone($draft: CreateZone!) { createZone(draft: $draft) { key name version } }';
    for (const key of ['north', 'south']) {
      const answer = await graphql(apiRoot, create, { draft: { key, name: `Zone ${key}` } });
      expect(answer).toEqual({ data: { createZone: { key, name: `Zone ${key}`, version: 1 } } });
      const { body } = await apiRoot.zones().withKey({ key }).get().execute();
      expect(body.name).toBe(`Zone ${key}`);
    }
  });

  test('variables of the wrong type are refused after the same text was served, and served after it was refused', async ({ mock }) => {
    mock.data.create('zone', { key: 'europe', name: 'Europe' });
    const query = 'query CachedZoneTyped($key: String!) { zone(key: $key) { name } }';
    const send = (variables: unknown) => post(mock.options.apiUrl, JSON.stringify({ query, variables }));
    expect(await send({ key: 'europe' })).toEqual({ status: 200, body: { data: { zone: { name: 'Europe' } } } });
    for (const variables of [{ key: ['europe'] }, {}]) {
      const { status, body } = await send(variables);
      expect(status, JSON.stringify(variables)).toBe(400);
      expect(body.errors[0].message).toContain('$key');
      expect(body.data).toBeUndefined();
    }
    expect(await send({ key: 'europe' })).toEqual({ status: 200, body: { data: { zone: { name: 'Europe' } } } });
  });

  test('an invalid document is refused with the same errors each time, and changes nothing', async ({ apiRoot, mock }) => {
    const invalid = ['{ zones { total cachedColour } }', '{ zones { total ', 'mutation { createZone(draft: { key: "never" }) { key } }'];
    for (const query of invalid) {
      const first = await post(mock.options.apiUrl, JSON.stringify({ query }));
      expect(first.status, query).toBe(400);
      expect(first.body.errors.length, query).toBeGreaterThan(0);
      expect(first.body.data, query).toBeUndefined();
      for (let again = 0; again < 2; again++) expect(await post(mock.options.apiUrl, JSON.stringify({ query }))).toEqual(first);
    }
    expect((await post(mock.options.apiUrl, JSON.stringify({ query: invalid[0] }))).body.errors).toEqual([
      {
        code: 'InvalidInput',
        message: 'Cannot query field "cachedColour" on type "ZoneQueryResult".',
        locations: [{ line: 1, column: 17 }],
        extensions: { code: 'InvalidInput' },
      },
    ]);
    const { body } = await apiRoot.zones().get().execute();
    expect(body.total).toBe(0);
  });

  test('operationName selects among the operations of one document, each time it is sent', async ({ apiRoot, mock }) => {
    mock.data.create('zone', { key: 'europe', name: 'Europe' });
    const query = [
      'query CachedCount { zones { total } }',
      'query CachedName($key: String!) { zone(key: $key) { name } }',
      'mutation CachedMake($draft: CreateZone!) { createZone(draft: $draft) { key version } }',
    ].join('\n');
    const send = (operationName: string | undefined, variables?: Record<string, unknown>) =>
      post(mock.options.apiUrl, JSON.stringify({ query, variables, operationName }));
    expect(await send('CachedCount')).toEqual({ status: 200, body: { data: { zones: { total: 1 } } } });
    expect(await send('CachedMake', { draft: { key: 'made', name: 'Made' } })).toEqual({
      status: 200,
      body: { data: { createZone: { key: 'made', version: 1 } } },
    });
    expect(await send('CachedCount')).toEqual({ status: 200, body: { data: { zones: { total: 2 } } } });
    expect(await send('CachedName', { key: 'made' })).toEqual({ status: 200, body: { data: { zone: { name: 'Made' } } } });
    // A second run of the mutation's operation is a second write: its key is taken now.
    const again = await send('CachedMake', { draft: { key: 'made', name: 'Made' } });
    expect(again.body.errors[0].extensions.code).toBe('DuplicateField');
    for (const [operationName, message] of [
      [undefined, 'Must provide operation name if query contains multiple operations.'],
      ['CachedMissing', 'Unknown operation named "CachedMissing".'],
    ] as const) {
      for (let again = 0; again < 2; again++) {
        const { status, body } = await send(operationName);
        expect(status, operationName).toBe(400);
        expect(body.errors.map((error: { message: string }) => error.message)).toEqual([message]);
      }
    }
    const { body } = await apiRoot.zones().get().execute();
    expect(body.results.map((zone) => zone.key).sort()).toEqual(['europe', 'made']);
  });
});

test('more distinct documents than the cache holds: the first, sent again, is checked and answered again', async ({ mock }) => {
  mock.data.create('zone', { key: 'europe', name: 'Europe' });
  const send = (query: string) => post(mock.options.apiUrl, JSON.stringify({ query }));
  const first = '{ evicted: zones { total } }';
  const refused = '{ evicted: zones { total evictedColour } }';
  expect(await send(first)).toEqual({ status: 200, body: { data: { evicted: { total: 1 } } } });
  const refusal = await send(refused);
  expect(refusal.status).toBe(400);
  // schema.ts keeps 500 documents: these push both out.
  for (let i = 0; i < 501; i++) expect((await send(`{ filler${i}: zones { total } }`)).status).toBe(200);
  mock.data.create('zone', { key: 'asia', name: 'Asia' });
  expect(await send(first)).toEqual({ status: 200, body: { data: { evicted: { total: 2 } } } });
  expect(await send(refused)).toEqual(refusal);
});
