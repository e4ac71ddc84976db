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
 * `scope` (a ScopePolicy, declared in each type's module) and the routes a type mounts there
 * (`mounted`: /me, signup, login, ...), as each type is loaded (type-routes.ts).
 * A scoped path never reaches the unscoped router, so no unscoped handler can answer for a caller:
 * what a mount does not list is a 404.
 */
import type { Route, Router } from '../http/router.js';
import type { TokenRecord } from '../auth/tokens.js';
import type { CallScope, Caller, Method, Mount } from '../http/context.js';
import { parseScopedPath, scopeFor } from './scoped-path.js';
import { withFields } from '../util/json.js';

export type { CallScope, Caller, Mount } from '../http/context.js';
export type { MountOptions, ScopePolicy } from '../engine/define.js';
export type { PermissionDecision, Permission } from '../resources/business-unit/permissions.js';
export { scopedAccess, ScopedAccess } from '../engine/scoped-access.js';

/** `resolve()` answer for a path outside every scoped prefix: the unscoped router serves it. */
export const NOT_SCOPED = Symbol('not-scoped');

/** A route found for a path; `scope` is set when a scoped prefix matched. */
export type ScopedMatch = { route: Route; params: Record<string, string>; scope?: CallScope } | 'method-not-allowed' | undefined;

export class Scopes {
  /** Each mount's router, holding the routes of the types loaded so far (the dispatcher mounts them: `mountType`). */
  constructor(private readonly routers: Record<Mount, Router>) {}

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
