import { createRequire } from 'node:module';

export type GraphqlJs = typeof import('graphql');
let library: GraphqlJs | undefined;

/**
 * graphql-js, loaded on the first GraphQL request rather than when the package is imported: it adds
 * 2 MiB to the heap of every worker, and most suites never send a GraphQL request. Loaded with
 * `require` because the mock serves synchronously (a MockAgent reply cannot wait for an `import()`);
 * Node resolves `import 'graphql'` to this same CommonJS module, so a schema or a document made by
 * a caller's graphql is this one's. Here, below every layer, for both GraphQL APIs: the main API's
 * (src/core/graphql/) and the Change History API's (src/resources/history/).
 */
export function graphqlJs(): GraphqlJs {
  library ??= createRequire(import.meta.url)('graphql') as GraphqlJs;
  return library;
}
