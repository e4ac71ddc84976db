import { route, type Route } from '../http/router.js';
import { created, ok, type ApiCall } from '../http/context.js';
import type { StoredDocument } from '../storage/backend.js';
import type { ResourceDefinition, Locator, Engine, QueryShape } from './define.js';

/**
 * The generic route shape of the spec, for one declared resource type, with its own routes under its
 * path; `rooted` are its own routes at the API's root, each with its first segment.
 */
export function resourceRoutes(definition: ResourceDefinition, engine: Engine): { routes: Route[]; rooted: Array<[string, Route]> } {
  const excluded = new Set(definition.without ?? []);
  const locators: Array<[string, (call: ApiCall) => Locator]> = [[':id', (call) => ({ id: call.params.id! })]];
  if (!excluded.has('byKey')) locators.push(['key=:key', (call) => ({ key: call.params.key! })]);

  const shown = definition.responseBody ?? ((resource: StoredDocument) => resource);
  const answer = (call: ApiCall, resource: StoredDocument) => call.expand(shown(resource));
  // The stored resources are matched; only the page is shown.
  const listShape: QueryShape = definition.responseBody ? { present: definition.responseBody, presentedFields: [] } : {};

  const guarded: Route[] = [];
  const rooted: Array<[string, Route]> = [];
  for (const custom of definition.routes ?? []) {
    const handle = (call: ApiCall) => custom.handle(call, engine);
    if (!custom.path.startsWith('/')) guarded.push(route(custom.method, custom.path, handle));
    else {
      const [group, ...rest] = custom.path.slice(1).split('/');
      rooted.push([group!, route(custom.method, rest.join('/'), handle)]);
    }
  }
  if (!excluded.has('list')) {
    guarded.push(route('GET', '', (call) => ok(engine.query(definition, call.ctx.project, call.query, listShape))));
  }
  if (!excluded.has('create')) {
    guarded.push(
      route('POST', '', (call) => {
        const resource = answer(call, engine.create(definition, call.json(), call.ctx));
        return created(definition.createdBody ? definition.createdBody(resource) : resource);
      }),
    );
  }
  for (const [path, locate] of locators) {
    guarded.push(route('GET', path, (call) => ok(answer(call, engine.get(definition, call.ctx.project, locate(call))))));
    if (!excluded.has('update')) {
      guarded.push(route('POST', path, (call) => ok(answer(call, engine.update(definition, locate(call), call.json(), call.ctx)))));
    }
    if (!excluded.has('delete')) {
      guarded.push(route('DELETE', path, (call) => ok(answer(call, engine.remove(definition, locate(call), call.version(), call.ctx)))));
    }
  }
  const guard = definition.guard;
  const routes = guard
    ? guarded.map((entry) => ({
        ...entry,
        handle: (call: ApiCall) => {
          guard(call);
          return entry.handle(call);
        },
      }))
    : guarded;
  return { routes, rooted };
}
