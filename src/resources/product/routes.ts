import { created, ok, type ApiCall } from '../../http/context.js';
import type { StoredDocument } from '../../storage/backend.js';
import type { CustomRoute, ResourceDefinition, Locator, Engine } from '../../engine/define.js';

/** Turns stored documents into response bodies; built once per request. */
export type Presenter = (call: ApiCall, engine: Engine) => (document: StoredDocument) => object;

export function presentedRoutes(
  typeId: string,
  present: Presenter,
  options: {
    createdBody?: (body: object) => object;
    /** What presenting adds, changes or hides: a query naming one matches presented documents (see QueryShape). */
    presentedFields: readonly string[];
  },
): CustomRoute[] {
  const definition = (engine: Engine): ResourceDefinition => engine.definition(typeId);
  const finish = (call: ApiCall, engine: Engine, document: StoredDocument) => call.expand(present(call, engine)(document));
  const locators: Array<[string, (call: ApiCall) => Locator]> = [
    [':id', (call) => ({ id: call.params.id! })],
    ['key=:key', (call) => ({ key: call.params.key! })],
  ];
  const routes: CustomRoute[] = [
    {
      method: 'GET',
      path: '',
      handle: (call, engine) => {
        const shape = { present: present(call, engine), presentedFields: options.presentedFields };
        return ok(engine.query(definition(engine), call.ctx.project, call.query, shape));
      },
    },
    {
      method: 'POST',
      path: '',
      handle: (call, engine) => {
        const body = finish(call, engine, engine.create(definition(engine), call.json(), call.ctx));
        return created(options.createdBody ? options.createdBody(body) : body);
      },
    },
  ];
  for (const [path, locate] of locators) {
    routes.push(
      {
        method: 'GET',
        path,
        handle: (call, engine) => ok(finish(call, engine, engine.get(definition(engine), call.ctx.project, locate(call)))),
      },
      {
        method: 'POST',
        path,
        handle: (call, engine) => ok(finish(call, engine, engine.update(definition(engine), locate(call), call.json(), call.ctx))),
      },
      {
        method: 'DELETE',
        path,
        handle: (call, engine) => ok(finish(call, engine, engine.remove(definition(engine), locate(call), call.version(), call.ctx))),
      },
    );
  }
  return routes;
}
