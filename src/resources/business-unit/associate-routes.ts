/**
 * Business units seen by one of their associates:
 *   `/me/business-units`                        the caller (a customer token) is the associate;
 *   `/as-associate/{associateId}/business-units` the associate named in the path.
 *
 * Both list and read only the units the customer is an associate of (explicitly or inherited); any
 * other unit is a 404. Updates need, per action, the permission the platform asks for
 * (UpdateBusinessUnitDetails, UpdateAssociates, UpdateParentUnit + AddChildUnits in the new parent);
 * creating a Division needs AddChildUnits in its parent. Roles handed out here must be
 * `buyerAssignable`, and an Inactive unit cannot be changed through these endpoints.
 *
 * `POST /in-business-unit/key={key}/me/customers` signs a new customer up into the unit: the caller,
 * an associate with UpdateAssociates there, creates the account, which joins the unit as an associate
 * with the roles the draft assigns.
 */
import * as z from 'zod';
import { errors, PlatformError } from '../../http/errors.js';
import { route, type Route } from '../../http/router.js';
import { created, ok, type ApiCall, type Reply } from '../../http/context.js';
import type { ResourceContext, Locator, Engine } from '../../engine/define.js';
import { ExpectedVersion, validate } from '../../engine/validation.js';
import { MyCustomerDraft } from '../customer/me.js';
import type { Customer } from '../customer/model.js';
import { signUp } from '../customer/sign-in.js';
import type { AssociateRole, Permission } from '../associate-roles.js';
import { BusinessUnitDraft } from './draft.js';
import { associateRolesIn } from './hierarchy.js';
import type { BusinessUnit } from './model.js';
import { SETTINGS_ID } from '../project.js';
import { type AssociateInUnit, businessUnitActionPermission } from './permissions.js';

type Who = 'me' | 'associate';

/** MyBusinessUnitUpdateAction: what an associate may change through `/me/business-units`. */
export const MY_BUSINESS_UNIT_ACTIONS = [
  'addAddress',
  'addBillingAddressId',
  'addShippingAddressId',
  'changeAddress',
  'changeAssociate',
  'changeName',
  'changeParentUnit',
  'removeAddress',
  'removeAssociate',
  'removeBillingAddressId',
  'removeShippingAddressId',
  'setAddressCustomField',
  'setAddressCustomType',
  'setContactEmail',
  'setCustomField',
  'setCustomType',
  'setDefaultBillingAddress',
  'setDefaultShippingAddress',
] as const;

/** MyBusinessUnitDraft (MyCompanyDraft / MyDivisionDraft): no stores, associates, status or modes. */
const MyBusinessUnitDraft = z.object({
  key: z.unknown(),
  unitType: z.unknown(),
  name: z.unknown(),
  contactEmail: z.unknown().optional(),
  custom: z.unknown().optional(),
  addresses: z.unknown().optional(),
  shippingAddresses: z.unknown().optional(),
  defaultShippingAddress: z.unknown().optional(),
  billingAddresses: z.unknown().optional(),
  defaultBillingAddress: z.unknown().optional(),
  parentUnit: z.unknown().optional(),
});

/** The label a permission's decision is logged under (and the platform's `$action` in the error message). */
const ACTION_LABELS: Partial<Record<Permission, string>> = {
  UpdateBusinessUnitDetails: 'update business-unit',
  UpdateAssociates: 'update associates',
  UpdateParentUnit: 'change parent unit',
  AddChildUnits: 'add child unit',
};
const labelOf = (permission: Permission) => ACTION_LABELS[permission] ?? permission;

/** The customer acting: `/me` needs a customer token (an anonymous session is 403); as-associate, the path's. */
function actingCustomer(call: ApiCall, who: Who): string {
  if (who === 'associate') return call.ctx.scope!.associate!.id;
  assertNoCustomerExpansion(call);
  const caller = call.ctx.scope?.caller;
  if (caller?.customerId === undefined) {
    throw errors.insufficientScope('My business units need a customer token (customer_id:{id}); an anonymous session is not an associate.');
  }
  return caller.customerId;
}

const isAssociateOf = (unit: BusinessUnit, customerId: string, ctx: ResourceContext) => associateRolesIn(unit, customerId, ctx).isAssociate;

function acting(call: ApiCall, engine: Engine, customerId: string, unit: BusinessUnit): AssociateInUnit {
  return engine.associateIn(unit, customerId, call.ctx);
}

function findUnit(call: ApiCall, engine: Engine, locator: Locator, customerId: string): BusinessUnit {
  const unit = engine.find(engine.definition('business-unit'), call.ctx.project, locator);
  if (!unit || !isAssociateOf(unit, customerId, call.ctx)) throw errors.resourceNotFound(locator);
  return unit;
}

/** Roles handed out by a buyer must be buyer-assignable (unknown roles are left to the action: ReferencedResourceNotFound). */
function assertBuyerAssignable(ctx: ResourceContext, associates: unknown[]): void {
  for (const associate of associates) {
    const assignments = (associate as { associateRoleAssignments?: unknown } | undefined)?.associateRoleAssignments;
    for (const assignment of Array.isArray(assignments) ? assignments : []) {
      const identifier = (assignment as { associateRole?: { id?: string; key?: string } }).associateRole ?? {};
      const role = (
        identifier.id !== undefined ? ctx.get('associate-role', identifier.id) : ctx.getByKey('associate-role', identifier.key ?? '')
      ) as AssociateRole | undefined;
      if (role && !role.buyerAssignable) {
        throw errors.invalidOperation(
          `The associate role '${role.key}' is not buyer-assignable: only the general business-units endpoint can assign it.`,
        );
      }
    }
  }
}

function parentOf(ctx: ResourceContext, identifier: unknown): BusinessUnit | undefined {
  const ref = identifier as { id?: string; key?: string } | undefined;
  if (!ref) return undefined;
  return (ref.id !== undefined ? ctx.get('business-unit', ref.id) : ctx.getByKey('business-unit', ref.key ?? '')) as
    | BusinessUnit
    | undefined;
}

/** Creating a Division needs AddChildUnits in the parent (the associate of the parent, that is). */
function authorizeChild(call: ApiCall, engine: Engine, customerId: string, parentIdentifier: unknown): void {
  const parent = parentOf(call.ctx, parentIdentifier);
  if (!parent) return; // the create reports ReferencedResourceNotFound
  acting(call, engine, customerId, parent).require(labelOf('AddChildUnits'), ['AddChildUnits']);
}

function createAsMe(call: ApiCall, engine: Engine, customerId: string) {
  const input = validate(MyBusinessUnitDraft, call.json());
  const config = call.ctx.get('project', SETTINGS_ID)?.businessUnits ?? {};
  const roleKey = config.myBusinessUnitAssociateRoleOnCreation?.key;
  if (roleKey === undefined) {
    throw errors.invalidOperation(
      'No default associate role is configured for business units created through /me (project setting businessUnits.myBusinessUnitAssociateRoleOnCreation).',
    );
  }
  const draft = validate(BusinessUnitDraft, {
    ...Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)),
    status: config.myBusinessUnitStatusOnCreation ?? 'Inactive',
    associates: [
      {
        customer: { typeId: 'customer', id: customerId },
        associateRoleAssignments: [{ associateRole: { typeId: 'associate-role', key: roleKey } }],
      },
    ],
  });
  if (draft.unitType === 'Division') authorizeChild(call, engine, customerId, draft.parentUnit);
  return engine.create(engine.definition('business-unit'), draft, call.ctx);
}

function createAsAssociate(call: ApiCall, engine: Engine, customerId: string) {
  const draft = validate(BusinessUnitDraft, call.json());
  assertBuyerAssignable(call.ctx, draft.associates ?? []);
  if (draft.unitType === 'Division') authorizeChild(call, engine, customerId, draft.parentUnit);
  return engine.create(engine.definition('business-unit'), draft, call.ctx);
}

/** Every action's permission held (each distinct one is a decision), then the update as the general endpoint does it. */
function updateAs(call: ApiCall, engine: Engine, who: Who, locator: Locator) {
  const customerId = actingCustomer(call, who);
  const unit = findUnit(call, engine, locator, customerId);
  const body = call.json() as { actions?: Array<Record<string, unknown>> };
  const allowed = who === 'me' ? MY_BUSINESS_UNIT_ACTIONS : undefined;
  const steps = engine.validateActions(
    engine.definition('business-unit'),
    validate(z.object({ version: z.number(), actions: z.array(z.object({ action: z.string() }).loose()) }), body).actions,
    allowed,
  );
  const associate = acting(call, engine, customerId, unit);
  for (const permission of new Set(steps.map((step) => businessUnitActionPermission(step.name)))) {
    associate.require(labelOf(permission), [permission], { resource: { typeId: 'business-unit', id: unit.id } });
  }
  for (const step of steps.filter((s) => s.name === 'changeParentUnit')) {
    const parent = parentOf(call.ctx, (step.payload as { parentUnit?: unknown }).parentUnit);
    if (parent) acting(call, engine, customerId, parent).require(labelOf('AddChildUnits'), ['AddChildUnits']);
  }
  assertActive(unit);
  assertBuyerAssignable(
    call.ctx,
    steps.flatMap((step) => {
      const payload = step.payload as { associate?: unknown; associates?: unknown[] };
      return payload.associates ?? (payload.associate !== undefined ? [payload.associate] : []);
    }),
  );
  return engine.update(engine.definition('business-unit'), { id: unit.id }, body, call.ctx, allowed);
}

function assertActive(unit: BusinessUnit): void {
  if (unit.status === 'Inactive')
    throw errors.invalidOperation(
      `The business unit '${unit.key}' is Inactive: it can only be changed through the general business-units endpoint.`,
    );
}

/** `/me/business-units` must not expand associates' customers (their accounts are not the caller's to read). */
function assertNoCustomerExpansion(call: ApiCall): void {
  for (const path of call.query.getAll('expand')) {
    if (/(^|[.\]])customer($|[.[])/.test(path)) {
      throw new PlatformError(403, [{ code: 'Unauthorized', message: 'Customer reference expansion not permitted on my business unit' }]);
    }
  }
}

/** The routes of `business-units` for `/me` or as an associate. */
export function associateBusinessUnitRoutes(engine: Engine, who: Who): Route[] {
  const routes: Route[] = [
    route('GET', '', (call) => {
      const customerId = actingCustomer(call, who);
      return ok(
        engine.query(engine.definition('business-unit'), call.ctx.project, call.query, {
          filter: (unit) => isAssociateOf(unit as BusinessUnit, customerId, call.ctx),
        }),
      );
    }),
    route('POST', '', (call) => {
      const customerId = actingCustomer(call, who);
      return created(call.expand(who === 'me' ? createAsMe(call, engine, customerId) : createAsAssociate(call, engine, customerId)));
    }),
  ];
  for (const [path, locate] of [
    [':id', (call: ApiCall): Locator => ({ id: call.params.id! })],
    ['key=:key', (call: ApiCall): Locator => ({ key: call.params.key! })],
  ] as const) {
    routes.push(route('GET', path, (call) => ok(call.expand(findUnit(call, engine, locate(call), actingCustomer(call, who))))));
    routes.push(route('POST', path, (call) => ok(call.expand(updateAs(call, engine, who, locate(call))))));
  }
  return routes;
}

/** MyBusinessUnitAssociateDraft: the unit's expected version, the new customer's sign-up draft and the roles they get. */
const MyBusinessUnitAssociateDraft = z.object({
  version: ExpectedVersion,
  customer: MyCustomerDraft,
  associateRoleAssignments: z.array(z.unknown()),
});

/**
 * The sign-up into the unit of `in-business-unit/key=`: the customer is created as `/me/signup` creates
 * one and added with `addAssociate` at the unit's expected version, both or neither.
 */
function signUpInBusinessUnit(call: ApiCall, engine: Engine): Reply {
  const customerId = actingCustomer(call, 'me');
  const unit = findUnit(call, engine, { key: call.ctx.scope!.associate!.businessUnitKey! }, customerId);
  const draft = validate(MyBusinessUnitAssociateDraft, call.json());
  acting(call, engine, customerId, unit).require(labelOf('UpdateAssociates'), ['UpdateAssociates'], {
    resource: { typeId: 'business-unit', id: unit.id },
  });
  assertActive(unit);
  assertBuyerAssignable(call.ctx, [draft]);
  return engine.transaction(() => {
    const signedUp = signUp(call.withBody(draft.customer), engine);
    const customer = (signedUp.body as { customer: Customer }).customer;
    const associate = { customer: { typeId: 'customer', id: customer.id }, associateRoleAssignments: draft.associateRoleAssignments };
    engine.update(
      engine.definition('business-unit'),
      { id: unit.id },
      { version: draft.version, actions: [{ action: 'addAssociate', associate }] },
      call.ctx,
    );
    return signedUp;
  });
}

/** `customers` under `in-business-unit/key={key}/me`. */
export function myBusinessUnitCustomerRoutes(engine: Engine): Route[] {
  return [route('POST', '', (call) => signUpInBusinessUnit(call, engine))];
}
