import { createRequire } from 'node:module';

export type GraphqlJs = typeof import('graphql');
let library: GraphqlJs | undefined;

/**
 * Set by the package's bundle step (scripts/bundle.mjs) to `#graphql-js`: graphql-js bundled into
 * one file, which loads in about a third of the time of its 129 CommonJS files. Undefined when the
 * sources run as they are (tests, tsx).
 */
declare const COMMERCE_MOCK_GRAPHQL_JS: string | undefined;

/**
 * graphql-js, loaded on the first GraphQL request rather than when the package is imported: it adds
 * 2 MiB to the heap of every worker, and most suites never send a GraphQL request. Loaded with
 * `require` because the mock serves synchronously (a MockAgent reply cannot wait for an `import()`).
 * The package loads its own bundled copy: no schema, document or error of it crosses to a caller's
 * graphql (requests come in as text, answers go out as JSON). Here, below every layer, for both
 * GraphQL APIs: the main API's (src/core/graphql/) and the Change History API's (src/resources/history/).
 */
export function graphqlJs(): GraphqlJs {
  const specifier = typeof COMMERCE_MOCK_GRAPHQL_JS === 'string' ? COMMERCE_MOCK_GRAPHQL_JS : 'graphql';
  library ??= createRequire(import.meta.url)(specifier) as GraphqlJs;
  return library;
}
