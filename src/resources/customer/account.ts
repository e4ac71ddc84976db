/**
 * The account routes under `customers/`: password change, password reset and email verification.
 * Exported over the store of the route, so the in-store routes
 * (`/in-store/key={storeKey}/customers/...`) and `/me` serve them with the store's rules.
 */
import { z } from 'zod';
import { hashPassword, verifyPassword } from '../../auth/passwords.js';
import { ok, type ApiCall } from '../../context.js';
import { errors } from '../../http/errors.js';
import type { CustomRoute, Engine, ResourceContext } from '../define.js';
import { validate } from '../validation.js';
import { customerByEmail, customerById } from './authentication.js';
import { customerErrors } from './errors.js';
import type { Customer } from './model.js';
import { issueToken, redeem, revokeTokens, type TokenKind, tokenBody } from './tokens.js';

/** One of the customer's internal actions (its definition's `internalActions`), through the engine. */
function applyInternal(repository: Engine, customer: Customer, name: string, payload: object, ctx: ResourceContext): Customer {
  return repository.apply(repository.definition('customer'), customer, [{ name, payload }], ctx) as Customer;
}

function checkVersion(customer: Customer, version: number | undefined): void {
  if (version !== undefined && customer.version !== version) throw errors.concurrentModification(customer.id, version, customer.version);
}

/**
 * Spends a token: finds its customer, checks the version the request names, then applies one
 * internal action and revokes the customer's tokens of that kind, together or not at all.
 */
function redeemInto(
  call: ApiCall,
  repository: Engine,
  storeKey: string | undefined,
  kind: TokenKind,
  body: { tokenValue: string; version?: number | undefined },
  action: string,
  payload: object,
): Customer {
  const customer = redeem(repository, call.ctx, kind, body.tokenValue, storeKey);
  checkVersion(customer, body.version);
  return repository.transaction(() => {
    const next = applyInternal(repository, customer, action, payload, call.ctx);
    revokeTokens(repository, call.ctx.project, kind, customer.id);
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
  version: z.number().int().min(1).optional(),
});
const ChangePassword = z.object({
  id: z.string().min(1),
  version: z.number().int().min(1),
  currentPassword: z.string(),
  newPassword: z.string().min(1),
});
const CreateEmailToken = z.object({
  id: z.string().min(1),
  version: z.number().int().min(1).optional(),
  ttlMinutes: TtlMinutes,
  invalidateOlderTokens: z.boolean().optional(),
});
const VerifyEmail = z.object({ tokenValue: z.string().min(1), version: z.number().int().min(1).optional() });

/**
 * The account routes under `customers/`: password change, password reset and email verification
 * tokens. `storeKeyOf` gives the store of an in-store route (`undefined` for the global ones).
 */
export function customerAccountRoutes(storeKeyOf: (call: ApiCall) => string | undefined = () => undefined): CustomRoute[] {
  return [
    {
      method: 'POST',
      path: 'password',
      handle: (call, repository) => {
        const body = validate(ChangePassword, call.json());
        const customer = customerById(call.ctx, body.id, storeKeyOf(call));
        checkVersion(customer, body.version);
        if (customer.authenticationMode === 'ExternalAuth') {
          throw errors.invalidOperation('The customer uses the authentication mode ExternalAuth and has no password to change.');
        }
        if (!verifyPassword(body.currentPassword, customer.password)) throw errors.invalidCurrentPassword();
        return ok(
          call.expand(applyInternal(repository, customer, 'setPasswordHash', { password: hashPassword(body.newPassword) }, call.ctx)),
        );
      },
    },
    {
      method: 'POST',
      path: 'password-token',
      handle: (call, repository) => {
        const body = validate(CreatePasswordToken, call.json());
        const storeKey = storeKeyOf(call);
        const customer = customerByEmail(call.ctx, body.email, storeKey);
        if (!customer) throw customerErrors.emailNotFound(body.email);
        return ok(
          tokenBody(
            issueToken(repository, call.ctx, 'password', customer, body.ttlMinutes ?? 1440, body.invalidateOlderTokens ?? false, storeKey),
          ),
        );
      },
    },
    {
      method: 'GET',
      path: 'password-token=:token',
      handle: (call, repository) => ok(call.expand(redeem(repository, call.ctx, 'password', call.params.token!, storeKeyOf(call)))),
    },
    {
      method: 'POST',
      path: 'password/reset',
      handle: (call, repository) => {
        const body = validate(ResetPassword, call.json());
        const updated = redeemInto(call, repository, storeKeyOf(call), 'password', body, 'setPasswordHash', {
          password: hashPassword(body.newPassword),
        });
        return ok(call.expand(updated));
      },
    },
    {
      method: 'POST',
      path: 'email-token',
      handle: (call, repository) => {
        const body = validate(CreateEmailToken, call.json());
        const storeKey = storeKeyOf(call);
        const customer = customerById(call.ctx, body.id, storeKey);
        checkVersion(customer, body.version);
        return ok(
          tokenBody(issueToken(repository, call.ctx, 'email', customer, body.ttlMinutes, body.invalidateOlderTokens ?? false, storeKey)),
        );
      },
    },
    {
      method: 'GET',
      path: 'email-token=:token',
      handle: (call, repository) => ok(call.expand(redeem(repository, call.ctx, 'email', call.params.token!, storeKeyOf(call)))),
    },
    {
      method: 'POST',
      path: 'email/confirm',
      handle: (call, repository) => {
        const body = validate(VerifyEmail, call.json());
        return ok(call.expand(redeemInto(call, repository, storeKeyOf(call), 'email', body, 'verifyEmail', {})));
      },
    },
  ];
}
