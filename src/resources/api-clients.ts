/**
 * API clients (`/api-clients`): created, read, listed and deleted, never updated. The answer to a
 * create carries the client's `secret`, the one time it is shown: the mock does not keep it, since
 * its token server accepts any credentials (the spec's rule). A token issued for a client's id sets
 * the client's `lastUsedAt` to the day (`recordApiClientUse`).
 */
import * as z from 'zod';
import type { ApiClient as SdkApiClient, ApiClientDraft as SdkApiClientDraft } from '@commercetools/platform-sdk';
import { randomToken } from '../auth/tokens.js';
import { type BaseFields, defineResource, type Engine, type ResourceDefinition, type SdkTypes, action } from '../engine/define.js';
import { ok, type Reply, type ResourceContext } from '../http/context.js';
import { errors, fieldErrors } from '../http/errors.js';
import type { StoredDocument } from '../storage/backend.js';

export interface ApiClient extends StoredDocument {
  name: string;
  scope: string;
  lastUsedAt?: string;
  deleteAt?: string;
  accessTokenValiditySeconds?: number;
  refreshTokenValiditySeconds?: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** `permission:projectKey`, or `permission:projectKey:storeKey` for a store's scopes. */
const SCOPE = /^[a-z_]+:[^\s:]+(:[^\s:]+)?$/;

export const ApiClientDraft = z.object({
  name: z.string().min(1),
  scope: z.string().trim().min(1),
  deleteDaysAfterCreation: z.number().int().min(1).optional(),
  accessTokenValiditySeconds: z.number().int().min(1).optional(),
  refreshTokenValiditySeconds: z.number().int().min(1).optional(),
});
export type ApiClientDraft = z.infer<typeof ApiClientDraft>;

/** Every scope must be well formed and name this project: a client belongs to one project. */
function checkScope(scope: string, ctx: ResourceContext): string {
  const parts = scope.split(/\s+/);
  for (const part of parts) {
    if (!SCOPE.test(part) || part.split(':')[1] !== ctx.project)
      throw fieldErrors([
        errors.invalidField(
          'scope',
          scope,
          `The scope '${part}' is not a scope of the project '${ctx.project}' (permission:${ctx.project}).`,
        ),
      ]);
  }
  return parts.join(' ');
}

/** The platform's ApiClient has no version or audit fields. */
function shown(client: ApiClient): ApiClient {
  const { version: _version, lastModifiedAt: _modified, createdBy: _createdBy, lastModifiedBy: _by, ...rest } = client;
  return rest as ApiClient;
}

/** As stored (and read in process): the SDK's ApiClient with the version every stored resource has. */
type StoredSdkApiClient = SdkApiClient & { version: number };

export const apiClients: ResourceDefinition<ApiClientDraft, ApiClient, SdkTypes<SdkApiClientDraft, StoredSdkApiClient>> = defineResource<
  ApiClientDraft,
  ApiClient,
  SdkTypes<SdkApiClientDraft, StoredSdkApiClient>
>({
  typeId: 'api-client',
  path: 'api-clients',
  draft: ApiClientDraft,
  create(draft, ctx) {
    const client: Omit<ApiClient, BaseFields> = { name: draft.name, scope: checkScope(draft.scope, ctx) };
    if (draft.deleteDaysAfterCreation !== undefined)
      client.deleteAt = new Date(Date.parse(ctx.now) + draft.deleteDaysAfterCreation * DAY_MS).toISOString();
    if (draft.accessTokenValiditySeconds !== undefined) client.accessTokenValiditySeconds = draft.accessTokenValiditySeconds;
    if (draft.refreshTokenValiditySeconds !== undefined) client.refreshTokenValiditySeconds = draft.refreshTokenValiditySeconds;
    return client;
  },
  actions: {},
  internalActions: {
    // The day a token was last issued for the client: derived out of band, so no new version.
    markUsed: Object.assign(
      action(
        () => z.object({ lastUsedAt: z.string() }),
        (client: ApiClient, a) => {
          client.lastUsedAt = a.lastUsedAt;
        },
      ),
      { keepsVersion: true },
    ),
  },
  without: ['update', 'delete', 'byKey'],
  responseBody: shown,
  createdBody: (client) => ({ ...client, secret: randomToken(24) }),
  routes: [
    {
      // An API client is deleted without a version.
      method: 'DELETE',
      path: ':id',
      handle: (call, engine): Reply => ok(call.expand(shown(engine.remove(apiClients, { id: call.params.id! }, undefined, call.ctx)))),
    },
  ],
});

/** A token was issued for `clientId` in `project`: the API client of that id, if any, was used today. */
export function recordApiClientUse(engine: Engine, ctx: ResourceContext, clientId: string): void {
  const client = engine.find(apiClients, ctx.project, { id: clientId });
  const today = ctx.now.slice(0, 10);
  if (!client || client.lastUsedAt === today) return;
  engine.apply(apiClients, client, [{ name: 'markUsed', payload: { lastUsedAt: today } }], ctx);
}

declare module '../http/context.js' {
  interface StoredTypes {
    'api-client': ApiClient;
  }
}
