/**
 * The one mechanism through which resource routes honour a scope (`call.scope`): which documents
 * belong to it (store, caller, business unit), what the associate may do with them, and what a
 * create is stamped with. The generic scoped route shape (`scopedResourceRoutes`) is written with it
 * once for every type that declares a ScopePolicy; a type's own scoped routes (me/active-cart,
 * me/orders from a cart, replicate, ...) use `scopedAccess(call, typeId, repository)` the same way.
 *
 * Fail closed: a scope a policy does not describe matches nothing; a create or update whose result
 * would not belong to the scope is rolled back.
 */
import { errors, fieldErrors } from '../http/errors.js';
import { created, ok, route, type ApiCall, type Route } from '../http/router.js';
import { parseQueryParams, runQuery, type PagedResult, type QueryOptions } from '../query/index.js';
import type { CustomRoute, ResourceDefinition } from '../resources/define.js';
import { queryOptionsFor, type Locator, type Repository } from '../resources/repository.js';
import type { BusinessUnit } from '../resources/business-units.js';
import type { StoredDocument } from '../storage/types.js';
import { isPlainObject } from '../resources/validation.js';
import { AssociateInUnit, type PermissionPair } from './associate-permissions.js';
import type { CallScope, Mount } from './scope.js';

type Operation = 'view' | 'create' | 'update' | 'delete';

export interface MountOptions {
  /** Generic routes this mount does not serve (e.g. `/me/orders` has no delete). */
  without?: Array<'list' | 'create' | 'get' | 'update' | 'delete' | 'byKey'>;
  /** The update actions allowed here (e.g. the MyCartUpdateAction subset); any other is a 400 as if unknown. */
  actions?: readonly string[];
  /** Routes of this mount the generic shape does not cover; matched first. */
  routes?: CustomRoute[];
  /** Under `/me`: only customers, not anonymous sessions (403 insufficient_scope for those). */
  customersOnly?: boolean;
}

/** How one resource type lives under the caller-scoped prefixes. */
export interface ScopePolicy<R extends StoredDocument = StoredDocument> {
  typeId: string;
  /** Where the type is served, with per-mount options. */
  mounts: Partial<Record<Exclude<Mount, 'associate'>, MountOptions>>;
  /** Whose the resource is (`/me` matches the caller against it; as-associate: `My` vs `Others`). */
  owner?(resource: R): { customerId?: string | undefined; anonymousId?: string | undefined };
  /** Whether the resource belongs to the store of `in-store/key={storeKey}`. */
  inStore?(resource: R, storeKey: string): boolean;
  /** The key of the business unit the resource belongs to. */
  businessUnit?(resource: R): string | undefined;
  /** Writes the scope into a create draft, over whatever the client sent (caller, store, unit). */
  stamp?(draft: Record<string, unknown>, scope: CallScope): void;
  /** as-associate: the My/Others permission of each operation (an operation without one is not served). */
  permissions?: Partial<Record<Operation, PermissionPair>>;
  /**
   * The response body of a stored document when it is not the document as-is (what a type's
   * presented routes add at read time, e.g. expanded line item variants); expansion runs after it.
   */
  present?(call: ApiCall, repository: Repository): (document: StoredDocument) => object;
}

/** Helpers a policy's `stamp` uses. */
export const stamps = {
  storeKeyReference: (key: string) => ({ typeId: 'store', key }),
  businessUnitKeyReference: (key: string) => ({ typeId: 'business-unit', key }),
  customerReference: (id: string) => ({ typeId: 'customer', id }),
};

export class ScopedAccess<R extends StoredDocument = StoredDocument> {
  private associateInUnit: AssociateInUnit | undefined;

  constructor(
    readonly call: ApiCall,
    readonly definition: ResourceDefinition,
    readonly policy: ScopePolicy<R>,
    readonly repository: Repository,
    private readonly queryOptions: QueryOptions = {},
  ) {}

  get scope(): CallScope {
    if (!this.call.scope) throw errors.general('A scoped route ran without a scope.');
    return this.call.scope;
  }

  /** The associate acting in the unit of `in-business-unit/key=` (404 when the unit does not exist). */
  associate(): AssociateInUnit | undefined {
    const associate = this.scope.associate;
    if (!associate?.businessUnitKey) return undefined;
    if (!this.associateInUnit) {
      const unit = this.call.ctx.getByKey('business-unit', associate.businessUnitKey) as BusinessUnit | undefined;
      if (!unit) throw errors.resourceNotFound({ key: associate.businessUnitKey });
      this.associateInUnit = new AssociateInUnit(associate.id, unit, this.scope.decisions, this.call.ctx.now, this.call.ctx);
    }
    return this.associateInUnit;
  }

  private ownerOf(resource: R) {
    return this.policy.owner?.(resource) ?? {};
  }

  /** Whether the resource belongs to the scope: its store, its caller, its business unit. Fails closed. */
  belongs(resource: R): boolean {
    const scope = this.scope;
    if (scope.store !== undefined && !(this.policy.inStore?.(resource, scope.store) ?? false)) return false;
    if (scope.caller) {
      const owner = this.ownerOf(resource);
      const mine =
        scope.caller.customerId !== undefined
          ? owner.customerId === scope.caller.customerId
          : owner.anonymousId === scope.caller.anonymousId;
      if (!mine) return false;
    }
    const unitKey = scope.associate?.businessUnitKey;
    if (unitKey !== undefined && (this.policy.businessUnit?.(resource) ?? undefined) !== unitKey) return false;
    return true;
  }

  /** Under `/me` with `customersOnly`: anonymous sessions are refused. */
  assertCaller(options: MountOptions): void {
    if (options.customersOnly && this.scope.caller && this.scope.caller.customerId === undefined) {
      throw errors.insufficientScope('This endpoint needs a customer token (customer_id:{id}); an anonymous session is not enough.');
    }
  }

  private pair(operation: Operation): PermissionPair {
    const pair = this.policy.permissions?.[operation];
    // A policy that names no permission for an operation does not serve it to associates.
    if (!pair) throw errors.methodNotAllowed(this.call.method, `${this.definition.path} (as an associate)`);
    return pair;
  }

  private authorize(operation: Operation, resource: R): void {
    const associate = this.associate();
    if (!associate) return;
    associate.requireFor(`${operation} ${this.definition.typeId}`, this.pair(operation), this.ownerOf(resource).customerId, {
      typeId: this.definition.typeId,
      id: resource.id,
    });
  }

  /** The list, filtered to the scope; as an associate: all of the unit, narrowed to own, or 403. */
  query(): PagedResult<StoredDocument> {
    let visible = (resource: R) => this.belongs(resource);
    const associate = this.associate();
    if (associate && associate.requireList(`query ${this.definition.typeId}`, this.pair('view')) === 'own') {
      const inScope = visible;
      visible = (resource) => inScope(resource) && this.ownerOf(resource).customerId === associate.associateId;
    }
    const query = parseQueryParams(this.call.query);
    const documents = this.repository.storage.scan(this.call.project, this.definition.typeId) as Iterable<R>;
    const page = runQuery(filtered(documents, visible), query, queryOptionsFor(this.queryOptions, this.definition));
    if (query.expand.length === 0 && !this.policy.present) return page;
    return { ...page, results: page.results.map((doc) => this.expanded(doc) as StoredDocument) };
  }

  /**
   * Someone who is not an associate of the unit at all holds no permission there: refused before
   * anything is looked up, so the answer says nothing about the unit's resources (not even whether
   * one exists, or whose it is).
   */
  private refuseNonMember(operation: Operation): void {
    const associate = this.associate();
    if (associate && !associate.isAssociate) {
      const pair = this.pair(operation);
      associate.require(`${operation} ${this.definition.typeId}`, [pair.my, pair.others]);
    }
  }

  /** One resource of the scope: 404 when it does not exist or belongs elsewhere; as an associate, 403 without the permission. */
  find(locator: Locator, operation: Operation = 'view'): R {
    this.refuseNonMember(operation);
    const found = this.repository.find(this.definition, this.call.project, locator) as R | undefined;
    if (!found || !this.belongs(found)) throw errors.resourceNotFound(locator);
    this.authorize(operation, found);
    return found;
  }

  /** Creates from a draft stamped with the scope; rolled back if the result is not the scope's (or not permitted). */
  create(input: unknown): R {
    const draft = isPlainObject(input) ? { ...input } : input;
    if (isPlainObject(draft)) this.policy.stamp?.(draft, this.scope);
    this.refuseNonMember('create');
    return this.repository.storage.transaction(() => {
      const made = this.repository.create(this.definition, draft, this.call.ctx) as R;
      if (!this.belongs(made))
        throw errors.invalidOperation(`The ${this.definition.typeId} cannot be created outside the scope of this endpoint.`);
      this.authorize('create', made);
      return made;
    });
  }

  update(locator: Locator, body: unknown, options: MountOptions = {}): R {
    const current = this.find(locator, 'update');
    if (options.actions) assertActionsAllowed(this.definition.typeId, body, options.actions);
    return this.repository.storage.transaction(() => {
      const next = this.repository.update(this.definition, { id: current.id }, body, this.call.ctx) as R;
      if (!this.belongs(next))
        throw errors.invalidOperation(`The update would move the ${this.definition.typeId} out of the scope of this endpoint.`);
      return next;
    });
  }

  remove(locator: Locator, version: number): R {
    const current = this.find(locator, 'delete');
    return this.repository.remove(this.definition, { id: current.id }, version, this.call.ctx) as R;
  }

  /** The response body: presented (if the type presents its documents) and expanded. */
  expanded(document: StoredDocument): object {
    const body = this.policy.present ? this.policy.present(this.call, this.repository)(document) : document;
    return this.repository.expand(this.call.project, body, this.call.query.getAll('expand'));
  }
}

function* filtered<T>(documents: Iterable<T>, keep: (document: T) => boolean): Iterable<T> {
  for (const document of documents) if (keep(document)) yield document;
}

/** A 400 for any action not in `allowed`, reported like an unknown action (the scoped update type has no such action). */
export function assertActionsAllowed(typeId: string, body: unknown, allowed: readonly string[]): void {
  if (!isPlainObject(body) || !Array.isArray(body.actions)) return; // the envelope is validated by the update itself
  const problems = body.actions.flatMap((raw: unknown, index: number) => {
    const name = isPlainObject(raw) ? raw.action : undefined;
    if (typeof name !== 'string' || allowed.includes(name)) return [];
    return [
      {
        code: 'InvalidInput',
        message: `Unknown update action '${name}' for resource type '${typeId}' on this endpoint.`,
        field: `actions[${index}].action`,
      },
    ];
  });
  if (problems.length > 0) throw fieldErrors(problems);
}

/** `?version=` of a DELETE: required, a positive integer. */
export function versionParam(call: ApiCall): number {
  const raw = call.query.get('version');
  if (raw === null) throw errors.invalidInput("Missing required query parameter 'version'.");
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw errors.invalidInput(`Malformed parameter: version: '${raw}' is not a positive integer.`);
  return Number(raw);
}

/** The access object a resource's own scoped route uses (the same the generic shape uses), from the call's scope. */
export function scopedAccess<R extends StoredDocument = StoredDocument>(
  call: ApiCall,
  typeId: string,
  repository: Repository,
): ScopedAccess<R> {
  const policy = call.scope?.policies.get(typeId);
  if (!policy) throw errors.general(`No scope policy for '${typeId}' is mounted.`);
  return new ScopedAccess<R>(call, repository.definition(typeId), policy, repository, call.scope!.queryOptions);
}

/** The generic route shape (list, create, get/update/delete by id and key) for one type on one mount, scope-aware. */
export function scopedResourceRoutes(
  definition: ResourceDefinition,
  policy: ScopePolicy<any>,
  mount: Exclude<Mount, 'associate'>,
  repository: Repository,
  queryOptions: QueryOptions,
): Route[] {
  const options = policy.mounts[mount] ?? {};
  const excluded = new Set(options.without ?? []);
  const associateOnly = mount === 'associate-unit';
  const serves = (operation: Operation) => !associateOnly || policy.permissions?.[operation] !== undefined;
  const access = (call: ApiCall) => {
    const scoped = new ScopedAccess(call, definition, policy, repository, queryOptions);
    scoped.assertCaller(options);
    return scoped;
  };
  const routes: Route[] = (options.routes ?? []).map((custom) =>
    route(custom.method, custom.path, (call) => {
      access(call); // the caller rules hold for a type's own routes too
      return custom.handle(call, repository);
    }),
  );
  if (!excluded.has('list') && serves('view')) routes.push(route('GET', '', (call) => ok(access(call).query())));
  if (!excluded.has('create') && !definition.without?.includes('create') && serves('create')) {
    routes.push(
      route('POST', '', (call) => {
        const scoped = access(call);
        const made = scoped.expanded(scoped.create(call.json())) as StoredDocument;
        return created(definition.createdBody ? definition.createdBody(made) : made);
      }),
    );
  }
  const locators: Array<[string, (call: ApiCall) => Locator]> = [[':id', (call) => ({ id: call.params.id! })]];
  if (!excluded.has('byKey') && !definition.without?.includes('byKey')) locators.push(['key=:key', (call) => ({ key: call.params.key! })]);
  for (const [path, locate] of locators) {
    if (!excluded.has('get') && serves('view')) {
      routes.push(
        route('GET', path, (call) => {
          const scoped = access(call);
          return ok(scoped.expanded(scoped.find(locate(call))));
        }),
      );
    }
    if (!excluded.has('update') && !definition.without?.includes('update') && serves('update')) {
      routes.push(
        route('POST', path, (call) => {
          const scoped = access(call);
          return ok(scoped.expanded(scoped.update(locate(call), call.json(), options)));
        }),
      );
    }
    if (!excluded.has('delete') && !definition.without?.includes('delete') && serves('delete')) {
      routes.push(
        route('DELETE', path, (call) => {
          const scoped = access(call);
          return ok(scoped.expanded(scoped.remove(locate(call), versionParam(call))));
        }),
      );
    }
  }
  return routes;
}
