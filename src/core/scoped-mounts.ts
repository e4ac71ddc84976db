/**
 * The caller-scoped half of the API, mounted in one place (dispatcher.ts tries `resolve()` before
 * the REST routes):
 *
 *   /me/...                                   → mount 'me'            (caller from the token)
 *   /in-store/key={storeKey}/...              → mount 'store'
 *   /in-store/key={storeKey}/me/...           → mount 'store-me'
 *   /as-associate/{id}/...                    → mount 'associate'
 *   /as-associate/{id}/in-business-unit/key={key}/... → mount 'associate-unit'
 *   /in-business-unit/key={key}/me/...        → mount 'unit-me'       (caller from the token, as an associate)
 *
 * Each mount is a Router of its own, fed from the same resource definitions through their
 * `scope` (a ScopePolicy, declared in each type's module), plus the routes only a scope has (/me,
 * signup, login, ...).
 * A scoped path never reaches the unscoped router, so no unscoped handler can answer for a caller:
 * what a mount does not list is a 404.
 */
import { route, Router, type Route } from '../http/router.js';
import type { TokenRecord } from '../auth/tokens.js';
import type { ApiCall, CallScope, Caller, Method, Mount } from '../http/context.js';
import type { Engine, ScopePolicy } from '../engine/define.js';
import type { ResourceEngine } from '../engine/resource-engine.js';
import { associateBusinessUnitRoutes, myBusinessUnitCustomerRoutes } from '../resources/business-unit/associate-routes.js';
import { inStoreLoginRoutes, myAccountRoutes } from '../resources/customer/me.js';
import { scopedAccess, scopedResourceRoutes } from '../engine/scoped-access.js';
import { parseScopedPath, scopeFor } from './scoped-path.js';
import { withFields } from '../util/json.js';

export type { CallScope, Caller, Mount } from '../http/context.js';
export type { MountOptions, ScopePolicy } from '../engine/define.js';
export type { PermissionDecision, Permission } from '../resources/business-unit/permissions.js';
export { PermissionLog, associateMissingPermission, RESOURCE_PERMISSIONS } from '../resources/business-unit/permissions.js';
export { scopedAccess, ScopedAccess } from '../engine/scoped-access.js';

/** `resolve()` answer for a path outside every scoped prefix: the unscoped router serves it. */
export const NOT_SCOPED = Symbol('not-scoped');

/** A route found for a path; `scope` is set when a scoped prefix matched. */
export type ScopedMatch = { route: Route; params: Record<string, string>; scope?: CallScope } | 'method-not-allowed' | undefined;

export class Scopes {
  private readonly routers: Record<Mount, Router> = {
    me: new Router(),
    store: new Router(),
    'store-me': new Router(),
    associate: new Router(),
    'associate-unit': new Router(),
    'unit-me': new Router(),
  };

  /** Mounts the scope policy of every type the engine serves, with the routes only a scope has. */
  constructor(engine: ResourceEngine) {
    for (const mount of ['me', 'store-me'] as const) {
      for (const [group, routes] of myAccountRoutes(engine)) this.routers[mount].add(group, routes);
    }
    this.routers.me.add('business-units', associateBusinessUnitRoutes(engine, 'me'));
    this.routers.store.add('login', inStoreLoginRoutes(engine));
    this.routers.associate.add('business-units', associateBusinessUnitRoutes(engine, 'associate'));
    this.routers['unit-me'].add('customers', myBusinessUnitCustomerRoutes(engine));

    for (const definition of engine.definitions.values()) {
      const policy = definition.scope;
      if (!policy || !definition.path) continue;
      for (const mount of Object.keys(policy.mounts) as Array<Exclude<Mount, 'associate'>>) {
        const { nested, rooted } = splitRooted(definition.typeId, policy, mount, engine);
        this.routers[mount].add(definition.path, scopedResourceRoutes(definition, nested, mount, engine));
        for (const [group, routes] of rooted) this.routers[mount].add(group, routes);
      }
    }
  }

  /**
   * The route for a path under a scoped prefix (segments after the project key), with the scope its
   * call carries; `NOT_SCOPED` when the path has no scoped prefix. Token rules that hold for the
   * whole prefix (no caller for /me, a store token elsewhere, ...) throw here.
   */
  resolve(method: Method, segments: string[], token: TokenRecord | undefined, caller: Caller | undefined): ScopedMatch | typeof NOT_SCOPED {
    const path = parseScopedPath(segments);
    if (!path) return NOT_SCOPED;
    const found = this.routers[path.mount].resolve(method, path.rest);
    if (found === undefined || found === 'method-not-allowed') return found;
    return withFields(found, { scope: scopeFor(path, token, caller, found.route.establishesCaller === true) });
  }
}

/**
 * A mount route whose path starts with '/' lives at the mount's root instead of under the type's path
 * (the cart policy's '/active-cart' is /me/active-cart); the caller rules of its mount hold for it too.
 */
function splitRooted(
  typeId: string,
  policy: ScopePolicy<any>,
  mount: Exclude<Mount, 'associate'>,
  engine: Engine,
): { nested: ScopePolicy<any>; rooted: Array<[group: string, routes: Route[]]> } {
  const options = policy.mounts[mount] ?? {};
  const own = options.routes ?? [];
  if (!own.some((custom) => custom.path.startsWith('/'))) return { nested: policy, rooted: [] };
  const nested = {
    ...policy,
    mounts: { ...policy.mounts, [mount]: { ...options, routes: own.filter((custom) => !custom.path.startsWith('/')) } },
  };
  const rooted = own
    .filter((custom) => custom.path.startsWith('/'))
    .map((custom): [string, Route[]] => {
      const [group, ...rest] = custom.path.slice(1).split('/');
      const handle = (call: ApiCall) => {
        scopedAccess(call, typeId, engine).assertCaller(options);
        return custom.handle(call, engine);
      };
      return [group!, [route(custom.method, rest.join('/'), handle)]];
    });
  return { nested, rooted };
}
