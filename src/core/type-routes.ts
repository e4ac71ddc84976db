/**
 * Where a resource type's routes go: its `mounted` routes, its generic and own routes under its
 * path on its API's router, and its scope policy's routes on each caller-scoped mount's router.
 * The dispatcher mounts each type as the engine loads it; `scripts/manifest.ts` mounts every type on
 * routers that only record where, which is how the manifest knows which type a path loads.
 */
import type { ApiCall, Mount } from '../http/context.js';
import { route, type Route } from '../http/router.js';
import type { Engine, ResourceDefinition, RouterName, ScopePolicy } from '../engine/define.js';
import { resourceRoutes } from '../engine/generic-routes.js';
import { scopedAccess, scopedResourceRoutes } from '../engine/scoped-access.js';

/** What mounting needs of a router. */
export interface RouteTable {
  add(prefix: string, routes: Route[], first?: boolean): void;
}

export function mountType(definition: ResourceDefinition, engine: Engine, routers: Record<RouterName, RouteTable>): void {
  for (const { router, prefix, routes } of definition.mounted?.(engine) ?? []) routers[router].add(prefix, routes, true);
  // The project's own settings (path '') are served by its `mounted` routes.
  if (definition.path !== '' || definition.api) {
    const router = routers[definition.api ?? 'api'];
    const { routes, rooted } = resourceRoutes(definition, engine);
    router.add(definition.path, routes);
    for (const [group, route] of rooted) router.add(group, [route]);
  }
  const policy = definition.scope;
  if (!policy || !definition.path) return;
  for (const mount of Object.keys(policy.mounts) as Array<Exclude<Mount, 'associate'>>) {
    const { nested, rooted } = splitRooted(definition.typeId, policy, mount, engine);
    routers[mount].add(definition.path, scopedResourceRoutes(definition, nested, mount, engine));
    for (const [group, routes] of rooted) routers[mount].add(group, routes);
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

/**
 * Where a type's routes are, by router: the first segments of their paths. Found by mounting the type
 * on tables that only record (`scripts/manifest.ts` writes it into the manifest for every type).
 */
export function routedGroups(definition: ResourceDefinition): Partial<Record<RouterName, string[]>> {
  const groups: Partial<Record<RouterName, string[]>> = {};
  const recorder = (router: RouterName): RouteTable => ({
    add(prefix) {
      const group = prefix.split('/')[0]!;
      const list = (groups[router] ??= []);
      if (!list.includes(group)) list.push(group);
    },
  });
  mountType(definition, notAtMountTime, routerTables(recorder));
  return groups;
}

const ROUTER_NAMES: readonly RouterName[] = [
  'api',
  'import',
  'history',
  'checkout',
  'me',
  'store',
  'store-me',
  'associate',
  'associate-unit',
  'unit-me',
];

/** One table per router, each made by `make`. */
export function routerTables<T>(make: (name: RouterName) => T): Record<RouterName, T> {
  return Object.fromEntries(ROUTER_NAMES.map((name) => [name, make(name)])) as Record<RouterName, T>;
}

/** The engine `routedGroups` mounts with: making routes must not use it (they use it when they run). */
const notAtMountTime = new Proxy({} as Engine, {
  get(_, property) {
    throw new Error(`commerce-mock: a route maker used engine.${String(property)} while mounting.`);
  },
});
