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
  library ??= loadedForProduction();
  return library;
}

/**
 * graphql-js decides when it is first loaded whether its `instanceof` checks also look, each time
 * one answers no, for a type of another copy of the library (a development aid, off when NODE_ENV is
 * `production`); that look is a quarter of the time the mock spends serving a small mutation. Loaded
 * here first, it is loaded as in production, NODE_ENV put back at once; loaded before by the
 * caller's own code, it stays as they loaded it.
 */
function loadedForProduction(): GraphqlJs {
  const require = createRequire(import.meta.url);
  const environment = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    return require('graphql') as GraphqlJs;
  } finally {
    if (environment === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = environment;
  }
}
