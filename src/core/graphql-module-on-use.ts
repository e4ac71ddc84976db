/**
 * What the package's bundle loads in place of graphql-module.ts (scripts/bundle.mjs swaps them):
 * the GraphQL layer is an entry of the bundle of its own, required on first use (synchronously: the
 * mock serves synchronously; see resources/load-on-use.ts).
 */
import { createRequire } from 'node:module';
import type { GraphqlModule } from './graphql-module.js';

let loaded: GraphqlModule | undefined;

export function graphqlModule(): GraphqlModule {
  loaded ??= createRequire(import.meta.url)('#bundle/core/graphql/index.js') as GraphqlModule;
  return loaded;
}
