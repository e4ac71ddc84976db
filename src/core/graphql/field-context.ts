/** What every GraphQL resolver is given: the request to the REST core it reads and writes through. */

/** One request to the REST core, under the GraphQL request's own project and token; throws its PlatformError. */
export type RestCall = (method: 'GET' | 'POST' | 'DELETE', path: string, query?: URLSearchParams, body?: unknown) => unknown;

export interface GraphqlContext {
  rest: RestCall;
}
