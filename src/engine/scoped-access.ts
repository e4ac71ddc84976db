/**
 * The one mechanism through which resource routes honour a scope (`call.ctx.scope`): which documents
 * belong to it (store, caller, business unit), what the associate may do with them, and what a
 * create is stamped with. The generic scoped route shape (`scopedResourceRoutes`) is written with it
 * once for every type that declares a ScopePolicy; a type's own scoped routes (me/active-cart,
 * me/orders from a cart, replicate, ...) use `scopedAccess(call, typeId, engine)` the same way.
 *
 * Fail closed: a scope a policy does not describe matches nothing; a create or update whose result
 * would not belong to the scope is rolled back.
 */
import type { ApiCall, CallScope, Mount } from '../http/context.js';
import { created, ok } from '../http/context.js';
import { errors } from '../http/errors.js';
import { route, type Route } from '../http/router.js';
import type { PagedResult } from '../query/index.js';
import type { Engine, Locator, MountOptions, ResourceDefinition, ScopedOperation, ScopePolicy } from './define.js';
import { isPlainObject } from './validation.js';
import type { StoredDocument } from '../storage/backend.js';
import type { AssociateInUnit, PermissionPair } from './permissions.js';

/** Helpers a policy's `stamp` uses. */
export const stamps = {
  storeKeyReference: (key: string) => ({ typeId: 'store', key }),
  businessUnitKeyReference: (key: string) => ({ typeId: 'business-unit', key }),
  customerReference: (id: string) => ({ typeId: 'customer', id }),
};

const keyOf = (reference: unknown): string | undefined => (reference as { key?: string } | undefined)?.key;

/** What the policies of the checkout types read, by the platform's field names. */
export const scopeFields = {
  idOf: (reference: unknown): string | undefined => (reference as { id?: string } | undefined)?.id,
  /** `store` (a KeyReference) is the store of `in-store/key=`. */
  inStore: (resource: object, storeKey: string) => keyOf((resource as { store?: unknown }).store) === storeKey,
  /** `businessUnit` (a KeyReference) names the unit. */
  businessUnit: (resource: object) => keyOf((resource as { businessUnit?: unknown }).businessUnit),
};

/**
 * Writes the scope into a create draft, over whatever the client sent: the caller as the owner
 * (`customerId`, or `customer` as a Reference) or as `anonymousId`, the store, and the business unit
 * (whose associate owns the resource unless the draft names another customer).
 */
export function stampScope(draft: Record<string, unknown>, scope: CallScope, owner: 'customerId' | 'customer'): void {
  const ownedBy = (id: string) => (owner === 'customerId' ? id : stamps.customerReference(id));
  if (scope.caller?.customerId !== undefined) {
    draft[owner] = ownedBy(scope.caller.customerId);
    delete draft.anonymousId;
  } else if (scope.caller?.anonymousId !== undefined) {
    draft.anonymousId = scope.caller.anonymousId;
    delete draft[owner];
  }
  if (scope.store !== undefined) draft.store = stamps.storeKeyReference(scope.store);
  if (scope.associate?.businessUnitKey !== undefined) {
    draft.businessUnit = stamps.businessUnitKeyReference(scope.associate.businessUnitKey);
    draft[owner] ??= ownedBy(scope.associate.id);
  }
}

export class ScopedAccess<R extends StoredDocument = StoredDocument> {
  private associateInUnit: AssociateInUnit | undefined;

  constructor(
    readonly call: ApiCall,
    readonly definition: ResourceDefinition,
    readonly policy: ScopePolicy<R>,
    readonly engine: Engine,
  ) {}

  get scope(): CallScope {
    if (!this.call.ctx.scope) throw errors.general('A scoped route ran without a scope.');
    return this.call.ctx.scope;
  }

  /** The associate acting in the unit of `in-business-unit/key=` (404 when the unit does not exist). */
  associate(): AssociateInUnit | undefined {
    const associate = this.scope.associate;
    if (!associate?.businessUnitKey) return undefined;
    if (!this.associateInUnit) {
      const unit = this.call.ctx.getByKey('business-unit', associate.businessUnitKey);
      if (!unit) throw errors.resourceNotFound({ key: associate.businessUnitKey });
      this.associateInUnit = this.engine.associateIn(unit, associate.id, this.call.ctx);
    }
    return this.associateInUnit;
  }

  private ownerOf(resource: R) {
    return this.policy.owner?.(resource) ?? {};
  }

  /** Whether the resource belongs to the scope: its store, its caller, its business unit. Fails closed. */
  belongs(resource: R): boolean {
    const scope = this.scope;
    if (scope.store !== undefined && !(this.policy.inStore?.(resource, scope.store, this.call.ctx) ?? false)) return false;
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

  private pair(operation: ScopedOperation): PermissionPair {
    const pair = this.policy.permissions?.[operation];
    // A policy that names no permission for an operation does not serve it to associates.
    if (!pair) throw errors.methodNotAllowed(this.call.method, `${this.definition.path} (as an associate)`);
    return pair;
  }

  private authorize(operation: ScopedOperation, resource: R): void {
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
    return this.engine.query(this.definition, this.call.ctx.project, this.call.query, {
      filter: visible as (document: StoredDocument) => boolean,
      ...(this.policy.present ? { present: this.policy.present(this.call, this.engine) } : {}),
    });
  }

  /**
   * Someone who is not an associate of the unit at all holds no permission there: refused before
   * anything is looked up, so the answer says nothing about the unit's resources (not even whether
   * one exists, or whose it is).
   */
  private refuseNonMember(operation: ScopedOperation): void {
    const associate = this.associate();
    if (associate && !associate.isAssociate) {
      const pair = this.pair(operation);
      associate.require(`${operation} ${this.definition.typeId}`, [pair.my, pair.others]);
    }
  }

  /** One resource of the scope: 404 when it does not exist or belongs elsewhere; as an associate, 403 without the permission. */
  find(locator: Locator, operation: ScopedOperation = 'view'): R {
    this.refuseNonMember(operation);
    const found = this.engine.find(this.definition, this.call.ctx.project, locator) as R | undefined;
    if (!found || !this.belongs(found)) throw errors.resourceNotFound(locator);
    this.authorize(operation, found);
    return found;
  }

  /** Creates from a draft stamped with the scope; rolled back if the result is not the scope's (or not permitted). */
  create(input: unknown): R {
    const draft = isPlainObject(input) ? { ...input } : input;
    if (isPlainObject(draft)) this.policy.stamp?.(draft, this.scope);
    this.refuseNonMember('create');
    return this.engine.transaction(() => {
      const made = this.engine.create(this.definition, draft, this.call.ctx) as R;
      if (!this.belongs(made))
        throw errors.invalidOperation(`The ${this.definition.typeId} cannot be created outside the scope of this endpoint.`);
      this.authorize('create', made);
      return made;
    });
  }

  update(locator: Locator, body: unknown, options: MountOptions = {}): R {
    const current = this.find(locator, 'update');
    return this.engine.transaction(() => {
      const next = this.engine.update(this.definition, { id: current.id }, body, this.call.ctx, options.actions) as R;
      if (!this.belongs(next))
        throw errors.invalidOperation(`The update would move the ${this.definition.typeId} out of the scope of this endpoint.`);
      return next;
    });
  }

  remove(locator: Locator, version: number): R {
    const current = this.find(locator, 'delete');
    return this.engine.remove(this.definition, { id: current.id }, version, this.call.ctx) as R;
  }

  /** The response body: presented (if the type presents its documents) and expanded. */
  expanded(document: StoredDocument): object {
    return this.call.expand(this.policy.present ? this.policy.present(this.call, this.engine)(document) : document);
  }
}

/** The access object a resource's own scoped route uses (the same the generic shape uses), from the call's scope. */
export function scopedAccess<R extends StoredDocument = StoredDocument>(call: ApiCall, typeId: string, engine: Engine): ScopedAccess<R> {
  const policy = engine.scopePolicy(typeId) as ScopePolicy<R> | undefined;
  if (!policy) throw errors.general(`No scope policy for '${typeId}' is mounted.`);
  return new ScopedAccess<R>(call, engine.definition(typeId), policy, engine);
}

/** The generic route shape (list, create, get/update/delete by id and key) for one type on one mount, scope-aware. */
export function scopedResourceRoutes(
  definition: ResourceDefinition,
  policy: ScopePolicy<any>,
  mount: Exclude<Mount, 'associate'>,
  engine: Engine,
): Route[] {
  const options = policy.mounts[mount] ?? {};
  const excluded = new Set(options.without ?? []);
  const associateOnly = mount === 'associate-unit';
  const serves = (operation: ScopedOperation) => !associateOnly || policy.permissions?.[operation] !== undefined;
  const access = (call: ApiCall) => {
    const scoped = new ScopedAccess(call, definition, policy, engine);
    scoped.assertCaller(options);
    return scoped;
  };
  const routes: Route[] = (options.routes ?? []).map((custom) =>
    route(custom.method, custom.path, (call) => {
      access(call); // the caller rules hold for a type's own routes too
      return custom.handle(call, engine);
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
          return ok(scoped.expanded(scoped.remove(locate(call), call.version())));
        }),
      );
    }
  }
  return routes;
}
