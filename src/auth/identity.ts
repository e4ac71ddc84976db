import type { Author, Caller } from '../http/context.js';
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
 * The identity a service-issued token gives a request to `path` in `projectKey`. A token issued for
 * a shopper (customer or anonymous session) of one project is refused in every other project, on
 * every route (403 insufficient_scope). A client token whose scope names a project (`manage_project:a`)
 * does not see any other: to it, as on the platform, another project's paths do not exist (404 `URI
 * not found`). A client token whose scope names none serves every project (the mock's convenience).
 */
export function identityOf(token: TokenRecord | undefined, projectKey: string, path: () => string = () => `/${projectKey}`): Identity {
  if (!token) return ANONYMOUS_REQUEST;
  if (token.projectKey !== undefined && token.projectKey !== projectKey) {
    if (token.kind === 'client') throw errors.uriNotFound(path());
    throw errors.insufficientScope(`The token was issued for the project '${token.projectKey}', not '${projectKey}'.`);
  }
  let identity = identities.get(token);
  if (!identity) {
    identity = identityFrom(token);
    identities.set(token, identity);
  }
  return identity;
}

/**
 * The identity of each token, made once: its author is then one object for everything the token
 * writes (never changed: a token record is replaced, not changed, and the engine copies a stored
 * resource before changing it).
 */
const identities = new WeakMap<TokenRecord, Identity>();

function identityFrom(token: TokenRecord): Identity {
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
