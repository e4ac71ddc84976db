/** What every GraphQL resolver is given: the routes of the REST core, which it reads and writes through. */
import type { Caller } from '../../http/context.js';

/**
 * The route of a method and path, run in the GraphQL request's context (derived once: its project and
 * token), with `body` as the request body's value; answers the route's body, throws its PlatformError.
 */
export type RestCall = (method: 'GET' | 'POST' | 'DELETE', path: string, query?: URLSearchParams, body?: unknown) => unknown;

export interface GraphqlContext {
  rest: RestCall;
  /** The request's time (the mock's clock): what prices are selected at unless a field names a date. */
  now: string;
  /** The customer or anonymous session the token is of, if any. */
  caller?: Caller | undefined;
  /** The reads a request made more than once (product types, child categories), by path and query. */
  reads?: Map<string, unknown>;
}
