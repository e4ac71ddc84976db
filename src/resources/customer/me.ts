/**
 * The caller's own customer account: `/me` (GET, POST update, DELETE), `/me/signup`, `/me/login`,
 * `/me/password`, `/me/password/reset`, `/me/email/confirm` — globally and under
 * `/in-store/key={storeKey}/me` — plus `/in-store/key={storeKey}/login`.
 *
 * The caller comes from `call.ctx.scope.caller` (the token's customer_id / anonymous_id). Only sign-up
 * and sign-in run without one (they establish the caller: a client-credentials token is enough). The account flows themselves are the customers module's (sign-up, sign-in with the
 * anonymous session's resources carried over, password and email tokens): these routes only decide
 * whose account it is and translate the `My*` bodies.
 */
import * as z from 'zod';
import { errors } from '../../http/errors.js';
import { route, type Route } from '../../http/router.js';
import { ok, type ApiCall, type Reply } from '../../http/context.js';
import type { CustomRoute, Engine } from '../../engine/define.js';
import { validate, ExpectedVersion } from '../../engine/validation.js';
import { CustomerDraftFields } from './draft.js';
import { customerAccountRoutes } from './account.js';
import { customerInStore } from './authentication.js';
import type { Customer } from './model.js';
import { signIn, signUp } from './sign-in.js';

/** MyCustomerUpdateAction: what a customer may change on their own account. */
export const MY_CUSTOMER_ACTIONS = [
  'addAddress',
  'addBillingAddressId',
  'addShippingAddressId',
  'changeAddress',
  'changeEmail',
  'removeAddress',
  'removeBillingAddressId',
  'removeShippingAddressId',
  'setCompanyName',
  'setCustomField',
  'setCustomType',
  'setDateOfBirth',
  'setDefaultBillingAddress',
  'setDefaultShippingAddress',
  'setFirstName',
  'setLastName',
  'setLocale',
  'setMiddleName',
  'setSalutation',
  'setTitle',
  'setVatId',
] as const;

/** MyCustomerDraft: the sign-up fields a customer gives themselves (no key, group, number, auth mode, ...). */
export const MyCustomerDraft = CustomerDraftFields.pick({
  email: true,
  firstName: true,
  lastName: true,
  middleName: true,
  title: true,
  salutation: true,
  dateOfBirth: true,
  companyName: true,
  vatId: true,
  addresses: true,
  defaultShippingAddress: true,
  defaultBillingAddress: true,
  custom: true,
  locale: true,
  stores: true,
}).extend({ password: z.string().min(1) });

const MyCustomerSignin = z.object({
  email: z.string().min(1),
  password: z.string().min(1),
  activeCartSignInMode: z.enum(['MergeWithExistingCustomerCart', 'UseAsNewActiveCustomerCart']).optional(),
  updateProductData: z.boolean().optional(),
});
const MyCustomerChangePassword = z.object({
  version: ExpectedVersion,
  currentPassword: z.string(),
  newPassword: z.string().min(1),
});
const MyCustomerResetPassword = z.object({ tokenValue: z.string().min(1), newPassword: z.string().min(1) });
const MyCustomerEmailVerify = z.object({ tokenValue: z.string().min(1) });

/** The signed-in customer: a customer token is needed (an anonymous session is 403), and they must be reachable here. */
export function myCustomer(call: ApiCall): Customer {
  const caller = call.ctx.scope?.caller;
  if (!caller) throw errors.insufficientScope();
  if (caller.customerId === undefined) {
    throw errors.insufficientScope(
      'This endpoint needs a customer token (customer_id:{id}); an anonymous session has no customer account.',
    );
  }
  const customer = call.ctx.get('customer', caller.customerId);
  if (!customer || !customerInStore(customer, call.ctx.scope?.store)) throw errors.resourceNotFound({ id: caller.customerId });
  return customer;
}

/** The customers module's account route at `path` (password change, reset, email confirmation, token lookups). */
function accountRoute(path: string, method: 'GET' | 'POST'): CustomRoute {
  const found = customerAccountRoutes((call) => call.ctx.scope?.store).find((r) => r.path === path && r.method === method);
  if (!found) throw new Error(`commerce-mock: the customers module has no '${method} ${path}' account route.`);
  return found;
}

/** The owner of a password/email token value, as the customers module resolves it (404 / 400 for bad tokens). */
function tokenOwner(call: ApiCall, engine: Engine, kind: 'password' | 'email', tokenValue: string): Customer {
  const lookup = accountRoute(`${kind}-token=:token`, 'GET');
  return lookup.handle(call.withBody(undefined, { token: tokenValue }), engine).body as Customer;
}

function signUpAsCaller(call: ApiCall, engine: Engine): Reply {
  // Only the MyCustomerDraft fields: a shopper does not set their own key, group, number or verification.
  const draft = validate(MyCustomerDraft, call.json());
  const anonymousId = call.ctx.scope!.caller?.anonymousId;
  // The anonymous session signing up hands its resources over (the customers module's sign-up does that).
  const body = { ...draft, ...(anonymousId !== undefined ? { anonymousId } : {}) };
  const store = call.ctx.scope!.store;
  if (store === undefined) return signUp(call.withBody(body), engine);
  // Signing up in a store makes a customer of that store, whatever stores the draft names.
  const { stores: _ignored, ...inStore } = body;
  return signUp(call.withBody(inStore), engine, store);
}

function logIn(call: ApiCall, engine: Engine): Reply {
  const draft = validate(MyCustomerSignin, call.json());
  const anonymousId = call.ctx.scope!.caller?.anonymousId;
  const body = {
    email: draft.email,
    password: draft.password,
    ...(draft.activeCartSignInMode !== undefined ? { anonymousCartSignInMode: draft.activeCartSignInMode } : {}),
    ...(draft.updateProductData !== undefined ? { updateProductData: draft.updateProductData } : {}),
    ...(anonymousId !== undefined ? { anonymousId } : {}),
  };
  return signIn(call.withBody(body), engine, call.ctx.scope!.store);
}

/** `/me`, `/me/signup`, `/me/login`, `/me/password(/reset)`, `/me/email/confirm` for one mount ('me' or 'store-me'). */
export function myAccountRoutes(engine: Engine): Array<[group: string, routes: Route[]]> {
  return [
    [
      '',
      [
        route('GET', '', (call) => ok(call.expand(myCustomer(call)))),
        route('POST', '', (call) => {
          const customer = myCustomer(call);
          return ok(
            call.expand(engine.update(engine.definition('customer'), { id: customer.id }, call.json(), call.ctx, MY_CUSTOMER_ACTIONS)),
          );
        }),
        route('DELETE', '', (call) => {
          const customer = myCustomer(call);
          return ok(call.expand(engine.remove(engine.definition('customer'), { id: customer.id }, call.version(), call.ctx)));
        }),
      ],
    ],
    ['signup', [route('POST', '', (call) => signUpAsCaller(call, engine), { establishesCaller: true })]],
    ['login', [route('POST', '', (call) => logIn(call, engine), { establishesCaller: true })]],
    [
      'password',
      [
        route('POST', '', (call) => {
          const customer = myCustomer(call);
          const body = validate(MyCustomerChangePassword, call.json());
          return accountRoute('password', 'POST').handle(call.withBody({ ...body, id: customer.id }), engine);
        }),
        route('POST', 'reset', (call) => {
          // RAML: secured by customer_id:{id} — the signed-in customer resets their own password only.
          const customer = myCustomer(call);
          const body = validate(MyCustomerResetPassword, call.json());
          if (tokenOwner(call, engine, 'password', body.tokenValue).id !== customer.id) throw errors.resourceNotFound({ id: customer.id });
          return accountRoute('password/reset', 'POST').handle(call.withBody(body), engine);
        }),
      ],
    ],
    [
      'email',
      [
        route('POST', 'confirm', (call) => {
          const customer = myCustomer(call);
          const body = validate(MyCustomerEmailVerify, call.json());
          if (tokenOwner(call, engine, 'email', body.tokenValue).id !== customer.id) throw errors.resourceNotFound({ id: customer.id });
          return accountRoute('email/confirm', 'POST').handle(call.withBody(body), engine);
        }),
      ],
    ],
  ];
}

/** `POST /in-store/key={storeKey}/login`: sign-in with the store's rules (a customer of another store: InvalidCredentials). */
export function inStoreLoginRoutes(engine: Engine): Route[] {
  return [route('POST', '', (call) => signIn(call, engine, call.ctx.scope!.store))];
}
