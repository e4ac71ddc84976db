/**
 * The GraphQL layer (core/graphql/), as the rest of the mock reaches it: on the first GraphQL
 * request, or when the server prepares it once idle. From the sources it is imported here, ready;
 * the package's bundle replaces this module by graphql-module-on-use.ts, which requires the layer's
 * own entry of the bundle then, so a process that sends no GraphQL never loads it.
 */
import * as graphql from './graphql/index.js';

export type GraphqlModule = typeof graphql;

export function graphqlModule(): GraphqlModule {
  return graphql;
}
