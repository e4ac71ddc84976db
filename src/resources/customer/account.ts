/**
 * The account routes under `customers/`: password change, password reset and email verification.
 * Exported over the store of the route, so the in-store routes
 * (`/in-store/key={storeKey}/customers/...`) and `/me` serve them with the store's rules.
 */
import * as z from 'zod';
import { hashPassword, verifyPassword } from '../../auth/passwords.js';
import { ok, type ApiCall } from '../../http/context.js';
import { errors } from '../../http/errors.js';
import type { AppliedAction, CustomRoute, Engine, ResourceContext } from '../../engine/define.js';
import { ExpectedVersion, validate } from '../../engine/validation.js';
import { customerByEmail, customerById } from './authentication.js';
import { customerErrors } from './errors.js';
import type { Customer } from './model.js';
import { issueToken, redeem, revokeTokens, type TokenKind, tokenBody } from './tokens.js';

/** One of the customer's internal actions (its definition's `internalActions`), through the engine. */
function applyInternal(engine: Engine, customer: Customer, change: AppliedAction, ctx: ResourceContext): Customer {
  return engine.apply(engine.definition('customer'), customer, [change], ctx);
}

/** The internal action that gives the customer a new password (stored only as its hash). */
const passwordChange = (password: string, reset: boolean): AppliedAction => ({
  name: 'setPasswordHash',
  payload: { password: hashPassword(password), reset },
});

function checkVersion(customer: Customer, version: number | undefined): void {
  if (version !== undefined && customer.version !== version) throw errors.concurrentModification(customer.id, version, customer.version);
}

/** A request that spends a token: its value, and the customer version it expects, if it names one. */
interface SpentToken {
  tokenValue: string;
  version?: number | undefined;
}

/**
 * Spends a token: finds its customer, checks the version the request names, then applies one
 * internal action and revokes the customer's tokens of that kind, together or not at all.
 */
function redeemInto(
  call: ApiCall,
  engine: Engine,
  storeKey: string | undefined,
  kind: TokenKind,
  body: SpentToken,
  change: AppliedAction,
): Customer {
  const customer = redeem(engine, call.ctx, kind, body.tokenValue, storeKey);
  checkVersion(customer, body.version);
  return engine.transaction(() => {
    const next = applyInternal(engine, customer, change, call.ctx);
    revokeTokens(engine, call.ctx.project, kind, customer.id);
    return next;
  });
}

const TtlMinutes = z.number().int().min(1);

const CreatePasswordToken = z.object({
  email: z.string().min(1),
  ttlMinutes: TtlMinutes.optional(),
  invalidateOlderTokens: z.boolean().optional(),
});
const ResetPassword = z.object({
  tokenValue: z.string().min(1),
  newPassword: z.string().min(1),
  version: ExpectedVersion.optional(),
});
const ChangePassword = z.object({
  id: z.string().min(1),
  version: ExpectedVersion,
  currentPassword: z.string(),
  newPassword: z.string().min(1),
});
const CreateEmailToken = z.object({
  id: z.string().min(1),
  version: ExpectedVersion.optional(),
  ttlMinutes: TtlMinutes,
  invalidateOlderTokens: z.boolean().optional(),
});
const VerifyEmail = z.object({ tokenValue: z.string().min(1), version: ExpectedVersion.optional() });

/**
 * The account routes under `customers/`: password change, password reset and email verification
 * tokens. `storeKeyOf` gives the store of an in-store route (`undefined` for the global ones).
 */
export function customerAccountRoutes(storeKeyOf: (call: ApiCall) => string | undefined = () => undefined): CustomRoute[] {
  /** `GET {kind}-token=:token`: the customer the token stands for. */
  const tokenOwnerRoute = (kind: TokenKind): CustomRoute => ({
    method: 'GET',
    path: `${kind}-token=:token`,
    handle: (call, engine) => ok(call.expand(redeem(engine, call.ctx, kind, call.params.token!, storeKeyOf(call)))),
  });
  /** `POST {path}`: a token of `kind` spent on the change its request asks for. */
  const spendTokenRoute = <Body extends SpentToken>(
    path: string,
    kind: TokenKind,
    schema: z.ZodType<Body>,
    change: (body: Body) => AppliedAction,
  ): CustomRoute => ({
    method: 'POST',
    path,
    handle: (call, engine) => {
      const body = validate(schema, call.json());
      return ok(call.expand(redeemInto(call, engine, storeKeyOf(call), kind, body, change(body))));
    },
  });
  return [
    {
      method: 'POST',
      path: 'password',
      handle: (call, engine) => {
        const body = validate(ChangePassword, call.json());
        const customer = customerById(call.ctx, body.id, storeKeyOf(call));
        checkVersion(customer, body.version);
        if (customer.authenticationMode === 'ExternalAuth') {
          throw errors.invalidOperation('The customer uses the authentication mode ExternalAuth and has no password to change.');
        }
        if (!verifyPassword(body.currentPassword, customer.password)) throw errors.invalidCurrentPassword();
        return ok(call.expand(applyInternal(engine, customer, passwordChange(body.newPassword, false), call.ctx)));
      },
    },
    {
      method: 'POST',
      path: 'password-token',
      handle: (call, engine) => {
        const body = validate(CreatePasswordToken, call.json());
        const storeKey = storeKeyOf(call);
        const customer = customerByEmail(call.ctx, body.email, storeKey);
        if (!customer) throw customerErrors.emailNotFound(body.email);
        return ok(
          tokenBody(
            issueToken(engine, call.ctx, 'password', customer, body.ttlMinutes ?? 1440, body.invalidateOlderTokens ?? false, storeKey),
          ),
        );
      },
    },
    tokenOwnerRoute('password'),
    spendTokenRoute('password/reset', 'password', ResetPassword, (body) => passwordChange(body.newPassword, true)),
    {
      method: 'POST',
      path: 'email-token',
      handle: (call, engine) => {
        const body = validate(CreateEmailToken, call.json());
        const storeKey = storeKeyOf(call);
        const customer = customerById(call.ctx, body.id, storeKey);
        checkVersion(customer, body.version);
        return ok(
          tokenBody(issueToken(engine, call.ctx, 'email', customer, body.ttlMinutes, body.invalidateOlderTokens ?? false, storeKey)),
        );
      },
    },
    tokenOwnerRoute('email'),
    spendTokenRoute('email/confirm', 'email', VerifyEmail, () => ({ name: 'verifyEmail', payload: {} })),
  ];
}
