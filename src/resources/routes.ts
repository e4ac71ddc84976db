import { errors } from '../http/errors.js';
import { created, ok, route, type ApiCall, type Route } from '../http/router.js';
import type { ResourceDefinition } from './define.js';
import type { Locator, Repository } from './repository.js';

/** `?version=` of a DELETE: required, a positive integer. */
function versionParam(call: ApiCall): number {
  const raw = call.query.get('version');
  if (raw === null) throw errors.invalidInput("Missing required query parameter 'version'.");
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw errors.invalidInput(`Malformed parameter: version: '${raw}' is not a positive integer.`);
  return Number(raw);
}

/** The generic route shape of the spec, for one declared resource type. */
export function resourceRoutes(definition: ResourceDefinition, repository: Repository): Route[] {
  const excluded = new Set(definition.without ?? []);
  const expanded = (call: ApiCall, document: object) => repository.expand(call.project, document, call.query.getAll('expand'));
  const locators: Array<[string, (call: ApiCall) => Locator]> = [[':id', (call) => ({ id: call.params.id! })]];
  if (!excluded.has('byKey')) locators.push(['key=:key', (call) => ({ key: call.params.key! })]);

  const routes: Route[] = [
    ...(definition.routes ?? []).map((custom) => route(custom.method, custom.path, (call) => custom.handle(call, repository))),
  ];
  routes.push(route('GET', '', (call) => ok(repository.query(definition, call.project, call.query))));
  if (!excluded.has('create')) {
    routes.push(
      route('POST', '', (call) => {
        const resource = expanded(call, repository.create(definition, call.json(), call.ctx));
        return created(definition.createdBody ? definition.createdBody(resource) : resource);
      }),
    );
  }
  for (const [path, locate] of locators) {
    routes.push(route('GET', path, (call) => ok(expanded(call, repository.get(definition, call.project, locate(call))))));
    if (!excluded.has('update')) {
      routes.push(route('POST', path, (call) => ok(expanded(call, repository.update(definition, locate(call), call.json(), call.ctx)))));
    }
    if (!excluded.has('delete')) {
      routes.push(
        route('DELETE', path, (call) => ok(expanded(call, repository.remove(definition, locate(call), versionParam(call), call.ctx)))),
      );
    }
  }
  return routes;
}
