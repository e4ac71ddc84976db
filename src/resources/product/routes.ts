import { created, ok, type ApiCall } from '../../context.js';
import type { StoredDocument } from '../../storage/types.js';
import type { CustomRoute, ResourceDefinition, Locator, Engine } from '../define.js';

/** Turns stored documents into response bodies; built once per request. */
export type Presenter = (call: ApiCall, repository: Engine) => (document: StoredDocument) => object;

/** The query parameters without `expand`: expansion runs after presenting, so added references expand too. */
function withoutExpand(query: URLSearchParams): URLSearchParams {
  if (!query.has('expand')) return query;
  const copy = new URLSearchParams(query);
  copy.delete('expand');
  return copy;
}

export function presentedRoutes(
  typeId: string,
  present: Presenter,
  options: { createdBody?: (body: object) => object } = {},
): CustomRoute[] {
  const definition = (repository: Engine): ResourceDefinition => repository.definition(typeId);
  const finish = (call: ApiCall, repository: Engine, document: StoredDocument) =>
    repository.expand(call.ctx.project, present(call, repository)(document), call.query.getAll('expand'));
  const locators: Array<[string, (call: ApiCall) => Locator]> = [
    [':id', (call) => ({ id: call.params.id! })],
    ['key=:key', (call) => ({ key: call.params.key! })],
  ];
  const routes: CustomRoute[] = [
    {
      method: 'GET',
      path: '',
      handle: (call, repository) => {
        const page = repository.query(definition(repository), call.ctx.project, withoutExpand(call.query));
        const presenter = present(call, repository);
        const expand = call.query.getAll('expand');
        return ok({ ...page, results: page.results.map((document) => repository.expand(call.ctx.project, presenter(document), expand)) });
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
