import { Factory } from 'fishery';
import type { TaggedDraft } from '../src/api/seed.js';
import type { DraftOf } from '../src/resources/type-map.js';
import { draftOf } from './support.js';

export class McpServerFactory extends Factory<TaggedDraft<'mcp-server'>> {
  /** Accepting AI agents' tool requests (a new server is `Disabled` until enabled). */
  enabled(): this {
    return this.params({ state: 'Enabled' });
  }

  /** Offering these tools (`read_products`, `create_carts`, `all`, ...). */
  withTools(...tools: string[]): this {
    return this.params({ mcpServer: { type: 'CommerceMCP', majorVersion: '1', tools } });
  }
}

/** MCP server configurations with a unique key (`mcp-server-<n>`): Commerce MCP 1 with the read-only tools, client credentials. */
export const mcpServerFactory = McpServerFactory.define(({ sequence, afterBuild }) => {
  const draft: DraftOf<'mcp-server'> = {
    key: `mcp-server-${sequence}`,
    name: { en: `Agent ${sequence}` },
    authenticationMode: 'ClientCredentials',
    mcpServer: { type: 'CommerceMCP', majorVersion: '1', tools: ['read_all'] },
  };
  return draftOf('mcp-server', afterBuild, draft);
});
