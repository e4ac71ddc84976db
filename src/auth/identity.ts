import type { Author, Caller } from '../context.js';
import { errors } from '../http/errors.js';
import type { TokenRecord } from './tokens.js';

/** The author of programmatic calls and of requests without a token: one shared object, never changed. */
export const PROGRAMMATIC: Author = Object.freeze({ isPlatformClient: false as const });

/** Who a request acts as: the author its writes record and the caller `/me` serves, both read from one token. */
export interface Identity {
  author: Author;
  caller: Caller | undefined;
}

const ANONYMOUS_REQUEST: Identity = Object.freeze({ author: PROGRAMMATIC, caller: undefined });

/**
 * The identity a service-issued token gives a request in `projectKey`. A token issued for a shopper
 * (customer or anonymous session) of one project is refused in every other project, on every route
 * (403 insufficient_scope); client tokens are not bound to a project.
 */
export function identityOf(token: TokenRecord | undefined, projectKey: string): Identity {
  if (!token) return ANONYMOUS_REQUEST;
  if (token.projectKey !== undefined && token.kind !== 'client' && token.projectKey !== projectKey) {
    throw errors.insufficientScope(`The token was issued for the project '${token.projectKey}', not '${projectKey}'.`);
  }
  const author: Author = { isPlatformClient: false, clientId: token.clientId };
  let caller: Caller | undefined;
  if (token.customerId) {
    author.customer = { typeId: 'customer', id: token.customerId };
    caller = { customerId: token.customerId };
  } else if (token.anonymousId) {
    caller = { anonymousId: token.anonymousId };
  }
  if (token.anonymousId) author.anonymousId = token.anonymousId;
  return { author, caller };
}
