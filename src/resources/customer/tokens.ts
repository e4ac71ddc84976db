/**
 * Password-reset and email-verification tokens: documents of their own collections (not resources:
 * no version history), found by their value; issuing one is told in a message about the customer.
 */
import { randomBytes } from 'node:crypto';
import * as z from 'zod';
import { uuid } from '../../util/ids.js';
import type { StoredDocument } from '../../storage/backend.js';
import type { AppliedAction, Engine, MessagePayload, ResourceContext } from '../../engine/define.js';
import { customerInStore } from './authentication.js';
import { customerErrors } from './errors.js';
import type { Customer } from './model.js';

export type TokenKind = 'password' | 'email';

/** Tokens are stored documents of their own collections, found by `value` (their storage key). */
export const TOKEN_COLLECTIONS: Record<TokenKind, string> = { password: 'customer-password-token', email: 'customer-email-token' };

/** The platform's CustomerToken, as stored (plus the store it was issued in, kept out of responses). */
export interface CustomerToken extends StoredDocument {
  customerId: string;
  value: string;
  expiresAt: string;
  invalidateOlderTokens: boolean;
  createdAt: string;
  lastModifiedAt: string;
  storeKey?: string;
}

export function tokenBody(token: CustomerToken) {
  return {
    id: token.id,
    customerId: token.customerId,
    value: token.value,
    expiresAt: token.expiresAt,
    invalidateOlderTokens: token.invalidateOlderTokens,
    createdAt: token.createdAt,
    lastModifiedAt: token.lastModifiedAt,
  };
}

/** The customer's internal action `issueToken`: what its message tells of the token. */
export const TokenIssued = z.object({
  kind: z.enum(['password', 'email']),
  expiresAt: z.string(),
  invalidateOlderTokens: z.boolean(),
  value: z.string().optional(),
});

/** The longest validity of a token whose message still carries its value (the platform's rule). */
const VALUE_IN_MESSAGE_MAX_MINUTES = 60;

function tokenIssued(kind: TokenKind, token: CustomerToken, ttlMinutes: number): AppliedAction {
  const { expiresAt, invalidateOlderTokens, value } = token;
  const payload = { kind, expiresAt, invalidateOlderTokens, ...(ttlMinutes <= VALUE_IN_MESSAGE_MAX_MINUTES ? { value } : {}) };
  return { name: 'issueToken', payload };
}

export function tokenCreatedMessage(issued: z.infer<typeof TokenIssued>, customerId: string): MessagePayload {
  const { kind, ...token } = issued;
  return { type: kind === 'password' ? 'CustomerPasswordTokenCreated' : 'CustomerEmailTokenCreated', customerId, ...token };
}

/** A new token of `kind` for the customer, with its message (`Customer...TokenCreated`). */
export function issueToken(
  engine: Engine,
  ctx: ResourceContext,
  kind: TokenKind,
  customer: Customer,
  ttlMinutes: number,
  invalidateOlderTokens: boolean,
  storeKey: string | undefined,
): CustomerToken {
  const token: CustomerToken = {
    id: uuid(),
    version: 1,
    customerId: customer.id,
    value: randomBytes(24).toString('base64url'),
    expiresAt: new Date(Date.parse(ctx.now) + ttlMinutes * 60_000).toISOString(),
    invalidateOlderTokens,
    createdAt: ctx.now,
    lastModifiedAt: ctx.now,
    ...(storeKey !== undefined ? { storeKey } : {}),
  };
  engine.transaction(() => {
    if (invalidateOlderTokens) revokeTokens(engine, ctx.project, kind, customer.id);
    engine.storage.write(ctx.project, TOKEN_COLLECTIONS[kind], token, { expectedVersion: 0, key: token.value });
    engine.apply(engine.definition('customer'), customer, [tokenIssued(kind, token, ttlMinutes)], ctx);
  });
  return token;
}

/** Removes every token of this kind the customer holds (after a reset or a verification, and for `invalidateOlderTokens`). */
export function revokeTokens(engine: Engine, project: string, kind: TokenKind, customerId: string): void {
  const collection = TOKEN_COLLECTIONS[kind];
  const held = [...engine.storage.scan(project, collection)].filter((token) => token.customerId === customerId);
  for (const token of held) engine.storage.delete(project, collection, token.id);
}

/** The customer a token value stands for: 404 when unknown (or used), 400 when expired. */
export function redeem(engine: Engine, ctx: ResourceContext, kind: TokenKind, value: string, storeKey: string | undefined): Customer {
  const token = engine.storage.getByKey(ctx.project, TOKEN_COLLECTIONS[kind], value) as CustomerToken | undefined;
  if (!token) throw customerErrors.tokenNotFound(kind);
  const customer = ctx.get('customer', token.customerId);
  if (!customer || !customerInStore(customer, storeKey)) throw customerErrors.tokenNotFound(kind);
  if (Date.parse(token.expiresAt) <= Date.parse(ctx.now))
    throw kind === 'password' ? customerErrors.expiredPasswordToken() : customerErrors.expiredEmailToken();
  return customer;
}
