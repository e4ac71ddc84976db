/**
 * Caller-scoped prefixes and the scope object a scoped call carries.
 *
 *   /{pk}/me/...                                         mount 'me'          caller from the token
 *   /{pk}/in-store/key={storeKey}/...                    mount 'store'       store
 *   /{pk}/in-store/key={storeKey}/me/...                 mount 'store-me'    store + caller
 *   /{pk}/as-associate/{associateId}/...                 mount 'associate'   associate (path)
 *   /{pk}/as-associate/{associateId}/in-business-unit/key={key}/...
 *                                                        mount 'associate-unit' associate + unit
 *   /{pk}/in-business-unit/key={key}/me/...              mount 'unit-me'     caller, as an associate of the unit
 *
 * The prefix is peeled off and the rest of the path is dispatched to the mount's router with
 * `call.ctx.scope` set: resource routes filter, check and stamp through that one object.
 */
import type { TokenRecord } from '../auth/tokens.js';
import type { CallScope, Caller, Mount } from '../http/context.js';
import { errors } from '../http/errors.js';
import { decodeSegment } from '../http/router.js';

export interface ScopedPath {
  mount: Mount;
  store?: string;
  associateId?: string;
  businessUnitKey?: string;
  /** The path after the prefix, dispatched to the mount's router. */
  rest: string[];
}

const keyParam = (segment: string | undefined) =>
  segment?.startsWith('key=') && segment.length > 4 ? decodeSegment(segment.slice(4)) : undefined;

/** The scope prefix of a path (segments after the project key), or `undefined` for an unscoped path. */
export function parseScopedPath(segments: string[]): ScopedPath | undefined {
  const [first, second, ...rest] = segments;
  if (first === 'me') return { mount: 'me', rest: segments.slice(1) };
  if (first === 'in-store') {
    const store = keyParam(second);
    if (store === undefined) return { mount: 'store', store: '', rest: [] }; // no route matches an empty path: 404
    if (rest[0] === 'me') return { mount: 'store-me', store, rest: rest.slice(1) };
    return { mount: 'store', store, rest };
  }
  if (first === 'as-associate') {
    if (second === undefined) return { mount: 'associate', associateId: '', rest: [] };
    const associateId = decodeSegment(second);
    if (rest[0] === 'in-business-unit') {
      const businessUnitKey = keyParam(rest[1]);
      if (businessUnitKey === undefined) return { mount: 'associate-unit', associateId, businessUnitKey: '', rest: [] };
      return { mount: 'associate-unit', associateId, businessUnitKey, rest: rest.slice(2) };
    }
    return { mount: 'associate', associateId, rest };
  }
  if (first === 'in-business-unit') {
    const businessUnitKey = keyParam(second);
    // Only `me/...` lives under an unscoped business unit: anything else matches no route (404).
    if (businessUnitKey === undefined || rest[0] !== 'me') return { mount: 'unit-me', businessUnitKey: '', rest: [] };
    return { mount: 'unit-me', businessUnitKey, rest: rest.slice(1) };
  }
  return undefined;
}

/**
 * The scope of a call, with the token rules that hold before any route runs (fail closed; the token's
 * project is checked for every route before this):
 * - `/me` needs a token that establishes a caller (403 insufficient_scope otherwise), but for the
 *   routes that establish one (`/me/login`, `/me/signup`: a client-credentials token will do);
 * - a token issued for one store (in-store password flow) works only under that store's prefix;
 * - as an associate, a token that names a shopper must name that associate (customer tokens of
 *   someone else and anonymous-session tokens are 403 insufficient_scope).
 */
export function scopeFor(
  path: ScopedPath,
  token: TokenRecord | undefined,
  caller: Caller | undefined,
  establishesCaller = false,
): CallScope {
  if (token?.storeKey !== undefined && path.store !== token.storeKey) {
    throw errors.insufficientScope(
      `The token was issued for the store '${token.storeKey}' and only works in it (in-store/key=${token.storeKey}).`,
    );
  }
  const scope: CallScope = { mount: path.mount };
  if (path.store !== undefined) scope.store = path.store;
  if (path.mount === 'me' || path.mount === 'store-me' || path.mount === 'unit-me') {
    if (!caller && !establishesCaller) {
      throw errors.insufficientScope(
        'This endpoint acts for the caller: it needs a customer token (customer_id:{id}) or an anonymous-session token (anonymous_id:{id}).',
      );
    }
    if (caller) scope.caller = caller;
    // In a business unit, a signed-in customer acts as an associate of it (an anonymous session as nobody).
    if (path.mount === 'unit-me' && caller?.customerId !== undefined) {
      scope.associate = { id: caller.customerId, businessUnitKey: path.businessUnitKey! };
    }
  }
  if (path.associateId !== undefined) {
    if (token?.kind === 'anonymous' || (token?.customerId !== undefined && token.customerId !== path.associateId)) {
      throw errors.insufficientScope(
        `The token was issued for ${token.kind === 'anonymous' ? 'an anonymous session' : `the customer '${token.customerId}'`} and cannot act as the associate '${path.associateId}'.`,
      );
    }
    scope.associate = { id: path.associateId, ...(path.businessUnitKey !== undefined ? { businessUnitKey: path.businessUnitKey } : {}) };
  }
  return scope;
}
