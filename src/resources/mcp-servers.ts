/**
 * MCP servers (`/mcp-servers`): the configurations of the platform's managed MCP servers, which
 * expose a chosen set of tools to AI agents. The mock keeps the configuration and answers the
 * catalog of server types (`/mcp-servers/types`); it runs no MCP server itself. The platform emits
 * no messages for them. The official SDK 8 has no request builders for these endpoints.
 */
import * as z from 'zod';
import { errors, fieldErrors } from '../http/errors.js';
import { ok, type ApiCall } from '../http/context.js';
import type { StoredDocument } from '../storage/backend.js';
import { setField, setter } from '../engine/common-actions.js';
import { action, type BaseFields, defineResource, type SdkTypes } from '../engine/define.js';
import { Key, LocalizedString } from '../engine/draft-fields.js';

/** The platform's McpServerTool values: `all`, `read_all`, then the tools of each resource type. */
export const MCP_SERVER_TOOLS = [
  'all read_all create_applications read_applications update_applications create_attribute_groups read_attribute_groups',
  ' update_attribute_groups create_bulk update_bulk create_business_units read_business_units update_business_units',
  ' create_cart_discounts read_cart_discounts update_cart_discounts create_carts read_carts update_carts replicate_carts',
  ' create_categories read_categories update_categories create_channels read_channels update_channels create_custom_objects',
  ' read_custom_objects update_custom_objects create_customer_groups read_customer_groups update_customer_groups',
  ' read_customer_search create_customers read_customers update_customers create_discount_codes read_discount_codes',
  ' update_discount_codes create_extensions read_extensions update_extensions create_inventory read_inventory update_inventory',
  ' read_messages create_orders read_orders update_orders create_payment_integrations read_payment_integrations',
  ' update_payment_integrations update_payment_intents create_payment_methods read_payment_methods update_payment_methods',
  ' create_payments read_payments update_payments create_product_discounts read_product_discounts update_product_discounts',
  ' read_product_projections read_product_search create_product_selections read_product_selections update_product_selections',
  ' create_product_tailoring read_product_tailoring update_product_tailoring create_product_types read_product_types',
  ' update_product_types create_products read_products update_products read_project update_project create_quote_requests',
  ' read_quote_requests update_quote_requests create_quotes read_quotes update_quotes create_recurring_orders',
  ' read_recurring_orders update_recurring_orders create_reviews read_reviews update_reviews create_shipping_methods',
  ' read_shipping_methods update_shipping_methods create_shopping_lists read_shopping_lists update_shopping_lists',
  ' create_staged_quotes read_staged_quotes update_staged_quotes create_standalone_prices read_standalone_prices',
  ' update_standalone_prices create_states read_states update_states create_stores read_stores update_stores',
  ' create_subscriptions read_subscriptions update_subscriptions create_tax_categories read_tax_categories',
  ' update_tax_categories create_transactions read_transactions create_types read_types update_types create_zones read_zones',
  ' update_zones',
]
  .join('')
  .split(' ') as [string, ...string[]];

/** The server types the platform's REST definition describes, and the major versions of each. */
const SERVER_TYPES = { CommerceMCP: ['1'] } as const;
type ServerType = keyof typeof SERVER_TYPES;

const McpServerTool = z.enum(MCP_SERVER_TOOLS);
const AuthenticationMode = z.enum(['ClientCredentials', 'CommercetoolsIdentity']);
const State = z.enum(['Enabled', 'Disabled']);
const ToolOutputFormatting = z.enum(['JsonToTabular']);

const Matcher = z.object({
  fieldPaths: z.array(z.string()).optional(),
  fieldNames: z.array(z.string()).optional(),
  fieldNameContains: z.array(z.string()).optional(),
});
const JsonOutputFiltering = z.object({
  redact: Matcher.optional(),
  drop: Matcher.optional(),
  fieldPathsToKeep: z.array(z.string()).optional(),
  redactedWith: z.string().optional(),
});

const JsonPrimitive = z.union([z.string(), z.number(), z.boolean()]);

/** A parameter override says something, and a pinned value (`const`) leaves no default or choice. */
const ParameterOverride = z
  .object({
    name: z.string().min(1),
    description: z.string().optional(),
    const: JsonPrimitive.optional(),
    default: JsonPrimitive.optional(),
    allowedTypes: z.array(JsonPrimitive).optional(),
  })
  .refine((p) => p.description !== undefined || p.const !== undefined || p.default !== undefined || p.allowedTypes !== undefined, {
    message: 'A parameter override needs at least one of description, const, default or allowedTypes.',
  })
  .refine((p) => p.const === undefined || (p.default === undefined && p.allowedTypes === undefined), {
    message: 'const cannot be combined with default or allowedTypes.',
  });

/** A tool customization says something (a description or parameters), and names each parameter once. */
const ToolCustomization = z
  .object({ tool: McpServerTool, description: z.string().optional(), parameters: z.array(ParameterOverride).optional() })
  .refine((c) => c.description !== undefined || (c.parameters?.length ?? 0) > 0, {
    message: 'A tool customization needs a description or at least one parameter override.',
  })
  .refine((c) => new Set(c.parameters?.map((p) => p.name)).size === (c.parameters?.length ?? 0), {
    message: 'Each parameter of a tool customization can be overridden once.',
  });
type ToolCustomization = z.infer<typeof ToolCustomization>;

const CommerceMcpServerConfigDraft = z.object({
  type: z.literal('CommerceMCP'),
  majorVersion: z.string(),
  tools: z.array(McpServerTool),
  toolCustomizations: z.array(ToolCustomization).optional(),
  jsonOutputFiltering: JsonOutputFiltering.optional(),
  toolOutputFormatting: ToolOutputFormatting.optional(),
});

export interface McpServerConfig {
  type: ServerType;
  majorVersion: string;
  /** Where AI agents reach the server: derived from the project and the server's key. */
  url: string;
  tools: string[];
  toolCustomizations: ToolCustomization[];
  jsonOutputFiltering?: z.infer<typeof JsonOutputFiltering>;
  toolOutputFormatting?: 'JsonToTabular';
}

export interface McpServer extends StoredDocument {
  key: string;
  name?: LocalizedString;
  description?: LocalizedString;
  authenticationMode: 'ClientCredentials' | 'CommercetoolsIdentity';
  state: 'Enabled' | 'Disabled';
  mcpServer: McpServerConfig;
}

export const McpServerDraft = z.object({
  key: Key,
  name: LocalizedString.optional(),
  description: LocalizedString.optional(),
  authenticationMode: AuthenticationMode.optional(),
  state: State.optional(),
  mcpServer: CommerceMcpServerConfigDraft,
});
export type McpServerDraft = z.input<typeof McpServerDraft>;

/** The platform's host for MCP servers in the mock's region: `https://mcp.{region}.{domain}/projects/{projectKey}/{key}`. */
const serverUrl = (project: string, key: string) =>
  `https://mcp.europe-west1.gcp.commercetools.com/projects/${encodeURIComponent(project)}/${encodeURIComponent(key)}`;

function checkMajorVersion(type: ServerType, majorVersion: string): void {
  const versions: readonly string[] = SERVER_TYPES[type];
  if (!versions.includes(majorVersion))
    throw fieldErrors([
      errors.invalidField('mcpServer.majorVersion', majorVersion, `${type} has the major versions ${versions.join(', ')}.`, [...versions]),
    ]);
}

/** A tool may be customized once. */
function checkCustomizations(customizations: readonly ToolCustomization[]): void {
  const seen = new Set<string>();
  for (const { tool } of customizations) {
    if (seen.has(tool)) throw errors.invalidOperation(`The tool '${tool}' is customized more than once.`);
    seen.add(tool);
  }
}

const config = (server: McpServer) => server.mcpServer;

export const mcpServers = defineResource<McpServerDraft, McpServer, SdkTypes<McpServerDraft, McpServer>>({
  typeId: 'mcp-server',
  path: 'mcp-servers',
  draft: McpServerDraft,
  create(draft, ctx) {
    const { type, majorVersion, tools, toolCustomizations = [], jsonOutputFiltering, toolOutputFormatting } = draft.mcpServer;
    checkMajorVersion(type, majorVersion);
    checkCustomizations(toolCustomizations);
    const mcpServer: McpServerConfig = {
      type,
      majorVersion,
      url: serverUrl(ctx.project, draft.key),
      tools: [...new Set(tools)],
      toolCustomizations,
    };
    if (jsonOutputFiltering !== undefined) mcpServer.jsonOutputFiltering = jsonOutputFiltering;
    if (toolOutputFormatting !== undefined) mcpServer.toolOutputFormatting = toolOutputFormatting;
    const server: Omit<McpServer, BaseFields> = {
      key: draft.key,
      authenticationMode: draft.authenticationMode ?? 'ClientCredentials',
      // A new server is inert until someone enables it, as on the platform.
      state: draft.state ?? 'Disabled',
      mcpServer,
    };
    if (draft.name !== undefined) server.name = draft.name;
    if (draft.description !== undefined) server.description = draft.description;
    return server;
  },
  actions: {
    setName: setter('name', LocalizedString),
    setDescription: setter('description', LocalizedString),
    setState: action(
      () => z.object({ state: State }),
      (server: McpServer, a) => {
        server.state = a.state;
      },
    ),
    setAuthenticationMode: action(
      () => z.object({ authenticationMode: AuthenticationMode }),
      (server: McpServer, a) => {
        server.authenticationMode = a.authenticationMode;
      },
    ),
    setTools: action(
      () => z.object({ tools: z.array(McpServerTool) }),
      (server: McpServer, a) => {
        config(server).tools = [...new Set(a.tools)];
      },
    ),
    addTool: action(
      () => z.object({ tool: McpServerTool }),
      (server: McpServer, a) => {
        if (config(server).tools.includes(a.tool)) throw errors.invalidOperation(`The tool '${a.tool}' is enabled already.`);
        config(server).tools.push(a.tool);
      },
    ),
    removeTool: action(
      () => z.object({ tool: McpServerTool }),
      (server: McpServer, a) => {
        const tools = config(server).tools;
        if (!tools.includes(a.tool)) throw errors.invalidOperation(`The tool '${a.tool}' is not enabled.`);
        config(server).tools = tools.filter((tool) => tool !== a.tool);
      },
    ),
    setToolCustomizations: action(
      () => z.object({ toolCustomizations: z.array(ToolCustomization) }),
      (server: McpServer, a) => {
        checkCustomizations(a.toolCustomizations);
        config(server).toolCustomizations = a.toolCustomizations;
      },
    ),
    addToolCustomization: action(
      () => z.object({ toolCustomization: ToolCustomization }),
      (server: McpServer, a) => {
        checkCustomizations([...config(server).toolCustomizations, a.toolCustomization]);
        config(server).toolCustomizations.push(a.toolCustomization);
      },
    ),
    removeToolCustomization: action(
      () => z.object({ toolCustomization: z.object({ tool: McpServerTool }) }),
      (server: McpServer, a) => {
        const customizations = config(server).toolCustomizations;
        const tool = a.toolCustomization.tool;
        if (!customizations.some((c) => c.tool === tool)) throw errors.invalidOperation(`The tool '${tool}' has no customization.`);
        config(server).toolCustomizations = customizations.filter((c) => c.tool !== tool);
      },
    ),
    setJsonOutputFiltering: action(
      () => z.object({ jsonOutputFiltering: JsonOutputFiltering.optional().nullable() }),
      (server: McpServer, a) => setField(config(server), 'jsonOutputFiltering', a.jsonOutputFiltering),
    ),
    setToolOutputFormatting: action(
      () => z.object({ toolOutputFormatting: ToolOutputFormatting.optional().nullable() }),
      (server: McpServer, a) => setField(config(server), 'toolOutputFormatting', a.toolOutputFormatting),
    ),
  },
  routes: [
    { method: 'GET', path: 'types', handle: () => ok(Object.keys(SERVER_TYPES).map((type) => serverType(type as ServerType))) },
    { method: 'GET', path: 'types/:type', handle: (call) => ok(serverTypeFor(call)) },
  ],
});

/** A catalog entry: the type at one major version, with every tool it offers and whether the tool reads or writes. */
function serverType(type: ServerType, majorVersion: string = SERVER_TYPES[type].at(-1)!) {
  const tools = MCP_SERVER_TOOLS.filter((tool) => tool !== 'all' && tool !== 'read_all').map((name) => ({
    name,
    operationType: name.startsWith('read_') ? 'read' : 'write',
  }));
  return { type, majorVersion, tools };
}

/** `types/{mcpServerType}?majorVersion=`: the latest major version unless one is named; an unknown type or version is a 404. */
function serverTypeFor(call: ApiCall) {
  const type = call.params.type!;
  const majorVersion = call.query.get('majorVersion') ?? undefined;
  if (!Object.hasOwn(SERVER_TYPES, type)) throw errors.resourceNotFound({ key: type });
  const versions: readonly string[] = SERVER_TYPES[type as ServerType];
  if (majorVersion !== undefined && !versions.includes(majorVersion)) throw errors.resourceNotFound({ key: `${type}@${majorVersion}` });
  return serverType(type as ServerType, majorVersion);
}

declare module '../http/context.js' {
  interface StoredTypes {
    'mcp-server': McpServer;
  }
}
