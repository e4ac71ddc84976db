import { created, ok, type ApiCall } from '../../http/context.js';
import type { StoredDocument } from '../../storage/backend.js';
import type { CustomRoute, ResourceDefinition, Locator, Engine } from '../../engine/define.js';

/** Turns stored documents into response bodies; built once per request. */
export type Presenter = (call: ApiCall, repository: Engine) => (document: StoredDocument) => object;

export function presentedRoutes(
  typeId: string,
  present: Presenter,
  options: {
    createdBody?: (body: object) => object;
    /** What presenting adds, changes or hides: a query naming one matches presented documents (see QueryShape). */
    presentedFields: readonly string[];
  },
): CustomRoute[] {
  const definition = (repository: Engine): ResourceDefinition => repository.definition(typeId);
  const finish = (call: ApiCall, repository: Engine, document: StoredDocument) => call.expand(present(call, repository)(document));
  const locators: Array<[string, (call: ApiCall) => Locator]> = [
    [':id', (call) => ({ id: call.params.id! })],
    ['key=:key', (call) => ({ key: call.params.key! })],
  ];
  const routes: CustomRoute[] = [
    {
      method: 'GET',
      path: '',
      handle: (call, repository) => {
        const shape = { present: present(call, repository), presentedFields: options.presentedFields };
        return ok(repository.query(definition(repository), call.ctx.project, call.query, shape));
      },
    },
    {
      method: 'POST',
      path: '',
      handle: (call, repository) => {
        const body = finish(call, repository, repository.create(definition(repository), call.json(), call.ctx));
        return created(options.createdBody ? options.createdBody(body) : body);
      },
    },
  ];
  for (const [path, locate] of locators) {
    routes.push(
      {
        method: 'GET',
        path,
        handle: (call, repository) => ok(finish(call, repository, repository.get(definition(repository), call.ctx.project, locate(call)))),
      },
      {
        method: 'POST',
        path,
        handle: (call, repository) =>
          ok(finish(call, repository, repository.update(definition(repository), locate(call), call.json(), call.ctx))),
      },
      {
        method: 'DELETE',
        path,
        handle: (call, repository) =>
          ok(finish(call, repository, repository.remove(definition(repository), locate(call), call.version(), call.ctx))),
      },
    );
  }
  return routes;
}
