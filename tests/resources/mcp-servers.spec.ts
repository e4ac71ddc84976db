/**
 * MCP servers (`/mcp-servers`, `/mcp-servers/types`): the configurations of managed MCP servers. The
 * official SDK 8 has no request builders for these endpoints, so the tests call them with `fetch`,
 * in process; GraphQL's root fields are checked through the SDK's `graphql()`.
 */
import type { CommerceMock } from '../../src/index.js';
import { mcpServerFactory } from '../../factories/index.js';
import { graphql } from '../graphql/support.js';
import { expectPlatformActions } from '../support/resources.js';
import { expect, PROJECT_KEY, test } from '../support/sdk.js';

type Json = Record<string, any>;

async function rest(mock: CommerceMock, method: string, path: string, body?: unknown): Promise<{ status: number; body: Json }> {
  const init: RequestInit = { method };
  if (body !== undefined) init.body = JSON.stringify(body);
  if (body !== undefined) init.headers = { 'content-type': 'application/json' };
  const response = await fetch(`${mock.options.apiUrl}/${PROJECT_KEY}/mcp-servers${path}`, init);
  return { status: response.status, body: (await response.json()) as Json };
}

const draft = (key: string, extra: Json = {}) => ({
  key,
  name: { en: 'Support agent' },
  mcpServer: { type: 'CommerceMCP', majorVersion: '1', tools: ['read_products', 'read_orders'] },
  ...extra,
});

test('the update actions are the platform’s', () => {
  expectPlatformActions('mcp-server', [
    'addTool',
    'addToolCustomization',
    'removeTool',
    'removeToolCustomization',
    'setAuthenticationMode',
    'setDescription',
    'setJsonOutputFiltering',
    'setName',
    'setState',
    'setToolCustomizations',
    'setToolOutputFormatting',
    'setTools',
  ]);
});

test('create: Disabled and client credentials unless drafted, the URL from project and key; read by id and key', async ({ mock }) => {
  const created = await rest(mock, 'POST', '', draft('support'));
  expect(created.status).toBe(201);
  const server = created.body;
  expect(server).toMatchObject({
    key: 'support',
    version: 1,
    name: { en: 'Support agent' },
    state: 'Disabled',
    authenticationMode: 'ClientCredentials',
    mcpServer: {
      type: 'CommerceMCP',
      majorVersion: '1',
      url: `https://mcp.europe-west1.gcp.commercetools.com/projects/${PROJECT_KEY}/support`,
      tools: ['read_products', 'read_orders'],
      toolCustomizations: [],
    },
  });
  expect((await rest(mock, 'GET', `/${server.id}`)).body).toEqual(server);
  expect((await rest(mock, 'GET', '/key=support')).body).toEqual(server);
  expect(mock.data.getByKey('mcp-server', 'support')?.id).toBe(server.id);

  const drafted = await rest(mock, 'POST', '', draft('identity', { state: 'Enabled', authenticationMode: 'CommercetoolsIdentity' }));
  expect(drafted.body).toMatchObject({ state: 'Enabled', authenticationMode: 'CommercetoolsIdentity' });
  // The platform emits no messages for MCP servers.
  expect(mock.events.messages()).toEqual([]);
});

test('every update action, applied together; version conflicts; delete by id and key', async ({ mock }) => {
  const server = (await rest(mock, 'POST', '', draft('support'))).body;
  const customization = { tool: 'read_orders', description: 'Orders of the last month', parameters: [{ name: 'limit', const: 20 }] };
  const filtering = { redact: { fieldNames: ['email'] }, fieldPathsToKeep: ['customer.id'], redactedWith: '***' };
  const updated = await rest(mock, 'POST', `/${server.id}`, {
    version: 1,
    actions: [
      { action: 'setName', name: { en: 'Agent' } },
      { action: 'setDescription', description: { en: 'Answers customers' } },
      { action: 'setState', state: 'Enabled' },
      { action: 'setAuthenticationMode', authenticationMode: 'CommercetoolsIdentity' },
      { action: 'addTool', tool: 'read_carts' },
      { action: 'removeTool', tool: 'read_products' },
      { action: 'addToolCustomization', toolCustomization: customization },
      { action: 'setJsonOutputFiltering', jsonOutputFiltering: filtering },
      { action: 'setToolOutputFormatting', toolOutputFormatting: 'JsonToTabular' },
    ],
  });
  expect(updated.status).toBe(200);
  expect(updated.body).toMatchObject({
    version: 2,
    name: { en: 'Agent' },
    description: { en: 'Answers customers' },
    state: 'Enabled',
    authenticationMode: 'CommercetoolsIdentity',
    mcpServer: {
      tools: ['read_orders', 'read_carts'],
      toolCustomizations: [customization],
      jsonOutputFiltering: filtering,
      toolOutputFormatting: 'JsonToTabular',
    },
  });

  const replaced = await rest(mock, 'POST', '/key=support', {
    version: 2,
    actions: [
      { action: 'setTools', tools: ['all'] },
      { action: 'setToolCustomizations', toolCustomizations: [{ tool: 'read_carts', description: 'Carts' }] },
      { action: 'removeToolCustomization', toolCustomization: { tool: 'read_carts' } },
      { action: 'setJsonOutputFiltering' },
      { action: 'setToolOutputFormatting' },
      { action: 'setDescription' },
    ],
  });
  expect(replaced.body.version).toBe(3);
  expect(replaced.body.mcpServer).toEqual({
    type: 'CommerceMCP',
    majorVersion: '1',
    url: server.mcpServer.url,
    tools: ['all'],
    toolCustomizations: [],
  });
  expect(replaced.body).not.toHaveProperty('description');

  const stale = await rest(mock, 'POST', `/${server.id}`, { version: 2, actions: [{ action: 'setState', state: 'Disabled' }] });
  expect(stale.status).toBe(409);
  expect(stale.body.errors[0]).toMatchObject({ code: 'ConcurrentModification', currentVersion: 3 });
  expect((await rest(mock, 'DELETE', `/${server.id}?version=2`)).status).toBe(409);

  const deleted = await rest(mock, 'DELETE', '/key=support?version=3');
  expect(deleted.status).toBe(200);
  expect(deleted.body).toMatchObject({ id: server.id, version: 3 });
  expect((await rest(mock, 'GET', `/${server.id}`)).status).toBe(404);
  const other = (await rest(mock, 'POST', '', draft('other'))).body;
  expect((await rest(mock, 'DELETE', `/${other.id}?version=1`)).status).toBe(200);
  expect(mock.data.all('mcp-server')).toEqual([]);
});

test('bad drafts and actions are refused, and nothing changes', async ({ mock }) => {
  const missing = await rest(mock, 'POST', '', {});
  expect(missing.status).toBe(400);
  expect(missing.body.errors.map((e: Json) => e.detailedErrorMessage)).toEqual([
    'key: Missing required value.',
    'mcpServer: Missing required value.',
  ]);
  const unknownTool = await rest(
    mock,
    'POST',
    '',
    draft('bad', { mcpServer: { type: 'CommerceMCP', majorVersion: '1', tools: ['read_everything'] } }),
  );
  expect(unknownTool.status).toBe(400);
  expect(unknownTool.body.errors[0]).toMatchObject({
    code: 'InvalidJsonInput',
    detailedErrorMessage: expect.stringContaining('mcpServer -> tools[0]'),
  });
  const version = await rest(mock, 'POST', '', draft('bad', { mcpServer: { type: 'CommerceMCP', majorVersion: '9', tools: [] } }));
  expect(version.body.errors[0]).toMatchObject({ code: 'InvalidField', field: 'mcpServer.majorVersion', allowedValues: ['1'] });
  const emptyCustomization = await rest(
    mock,
    'POST',
    '',
    draft('bad', { mcpServer: { type: 'CommerceMCP', majorVersion: '1', tools: [], toolCustomizations: [{ tool: 'read_carts' }] } }),
  );
  expect(emptyCustomization.status).toBe(400);
  const pinnedAndDefault = await rest(
    mock,
    'POST',
    '',
    draft('bad', {
      mcpServer: {
        type: 'CommerceMCP',
        majorVersion: '1',
        tools: [],
        toolCustomizations: [{ tool: 'read_carts', parameters: [{ name: 'limit', const: 1, default: 2 }] }],
      },
    }),
  );
  expect(pinnedAndDefault.status).toBe(400);
  expect(mock.data.all('mcp-server')).toEqual([]);

  const server = (await rest(mock, 'POST', '', draft('support'))).body;
  expect((await rest(mock, 'POST', '', draft('support'))).body.errors[0]).toMatchObject({ code: 'DuplicateField', field: 'key' });
  for (const [action, message] of [
    [{ action: 'addTool', tool: 'read_orders' }, "The tool 'read_orders' is enabled already."],
    [{ action: 'removeTool', tool: 'read_carts' }, "The tool 'read_carts' is not enabled."],
    [{ action: 'removeToolCustomization', toolCustomization: { tool: 'read_carts' } }, "The tool 'read_carts' has no customization."],
    [
      {
        action: 'setToolCustomizations',
        toolCustomizations: [
          { tool: 'read_carts', description: 'a' },
          { tool: 'read_carts', description: 'b' },
        ],
      },
      "The tool 'read_carts' is customized more than once.",
    ],
  ] as const) {
    const refused = await rest(mock, 'POST', `/${server.id}`, { version: 1, actions: [{ action: 'setState', state: 'Enabled' }, action] });
    expect(refused.status, action.action).toBe(400);
    expect(refused.body.errors[0]).toEqual({ code: 'InvalidOperation', message });
  }
  expect((await rest(mock, 'GET', `/${server.id}`)).body).toEqual(server);
});

test('query: where, sort, paging, HEAD', async ({ mock }) => {
  await mock.data.seed(
    mcpServerFactory.build({ key: 'bb' }),
    mcpServerFactory.enabled().build({ key: 'aa' }),
    mcpServerFactory.build({ key: 'cc' }),
  );
  const page = await rest(mock, 'GET', `?${new URLSearchParams({ sort: 'key desc', limit: '2' })}`);
  expect(page.body).toMatchObject({ limit: 2, offset: 0, count: 2, total: 3 });
  expect(page.body.results.map((s: Json) => s.key)).toEqual(['cc', 'bb']);
  const enabled = await rest(mock, 'GET', `?${new URLSearchParams({ where: 'state="Enabled"' })}`);
  expect(enabled.body.results.map((s: Json) => s.key)).toEqual(['aa']);
  const head = await fetch(`${mock.options.apiUrl}/${PROJECT_KEY}/mcp-servers/key=aa`, { method: 'HEAD' });
  expect(head.status).toBe(200);
});

test('the catalog of server types, by type and major version', async ({ mock }) => {
  const catalog = await rest(mock, 'GET', '/types');
  expect(catalog.status).toBe(200);
  expect(catalog.body).toHaveLength(1);
  const [commerce] = catalog.body as unknown as Json[];
  expect(commerce).toMatchObject({ type: 'CommerceMCP', majorVersion: '1' });
  expect(commerce!.tools).toContainEqual({ name: 'read_products', operationType: 'read' });
  expect(commerce!.tools).toContainEqual({ name: 'create_carts', operationType: 'write' });
  // The selectors `all` and `read_all` choose tools; they are not tools of the catalog.
  expect(commerce!.tools.map((t: Json) => t.name)).not.toContain('all');
  expect((await rest(mock, 'GET', '/types/CommerceMCP')).body).toEqual(commerce);
  expect((await rest(mock, 'GET', '/types/CommerceMCP?majorVersion=1')).body).toEqual(commerce);
  expect((await rest(mock, 'GET', '/types/CommerceMCP?majorVersion=2')).status).toBe(404);
  expect((await rest(mock, 'GET', '/types/Other')).status).toBe(404);
});

test('seeding, export and import keep MCP servers', async ({ mock }) => {
  const [seeded] = await mock.data.seed(mcpServerFactory.withTools('read_carts').build());
  expect(seeded).toMatchObject({ mcpServer: { tools: ['read_carts'] } });
  const exported = mock.state.export();
  const { createCommerceMock } = await import('../../src/index.js');
  const copy = createCommerceMock({ defaultProjectKey: PROJECT_KEY, initialData: exported });
  expect(copy.data.all('mcp-server')).toEqual([seeded]);
});

test('GraphQL: mcpServer, mcpServers, the catalog, and create, update and delete', async ({ apiRoot }) => {
  const created = await graphql(
    apiRoot,
    `mutation { createMcpServer(draft: { key: "gql", name: [{ locale: "en", value: "Agent" }],
        mcpServer: { commerce: { majorVersion: "1", tools: ["read_products"] } } }) {
      id version key state name(locale: "en") mcpServer { type url tools ... on CommerceMcpServerConfig { majorVersion } } } }`,
  );
  expect(created.errors).toBeUndefined();
  const server = created.data.createMcpServer;
  expect(server).toMatchObject({
    key: 'gql',
    state: 'Disabled',
    name: 'Agent',
    mcpServer: { type: 'CommerceMCP', tools: ['read_products'], majorVersion: '1' },
  });
  const updated = await graphql(
    apiRoot,
    `mutation { updateMcpServer(key: "gql", version: 1, actions: [{ addTool: { tool: "read_carts" } }, { setState: { state: Enabled } }]) {
      version state mcpServer { tools } } }`,
  );
  expect(updated.data.updateMcpServer).toEqual({ version: 2, state: 'Enabled', mcpServer: { tools: ['read_products', 'read_carts'] } });
  const read = await graphql(
    apiRoot,
    `{ mcpServer(key: "gql") { id } mcpServers(sort: ["key asc"]) { total results { key } }
       mcpServerTypes { type majorVersion } mcpServerType(type: CommerceMCP) { tools { name operationType } } }`,
  );
  expect(read.errors).toBeUndefined();
  expect(read.data.mcpServer).toEqual({ id: server.id });
  expect(read.data.mcpServers).toEqual({ total: 1, results: [{ key: 'gql' }] });
  expect(read.data.mcpServerTypes).toEqual([{ type: 'CommerceMCP', majorVersion: '1' }]);
  expect(read.data.mcpServerType.tools).toContainEqual({ name: 'read_orders', operationType: 'read' });
  const deleted = await graphql(apiRoot, `mutation { deleteMcpServer(id: "${server.id}", version: 2) { key } }`);
  expect(deleted.data.deleteMcpServer).toEqual({ key: 'gql' });
});
