/**
 * `POST /{projectKey}/graphql`: the transport (JSON and the SDK's content type), the schema as the
 * platform publishes it (introspection), and the errors before execution.
 */
import { spawnSync } from 'node:child_process';
import { PROJECT_KEY, test, expect, sdkFailure } from '../support/sdk.js';

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
