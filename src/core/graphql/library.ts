import { createRequire } from 'node:module';

type GraphqlJs = typeof import('graphql');
let library: GraphqlJs | undefined;

/**
 * graphql-js, loaded on the first GraphQL request rather than when the package is imported: it adds
 * 2 MiB to the heap of every worker, and most suites never send a GraphQL request. Loaded with
 * `require` because the mock serves synchronously (a MockAgent reply cannot wait for an `import()`);
 * Node resolves `import 'graphql'` to this same CommonJS module, so a schema or a document made by
 * a caller's graphql is this one's.
 */
export function graphqlJs(): GraphqlJs {
  library ??= createRequire(import.meta.url)('graphql') as GraphqlJs;
  return library;
}

/** A function of graphql-js that loads the library when first called. */
function onFirstCall<K extends keyof GraphqlJs>(name: K): GraphqlJs[K] {
  return ((...args: unknown[]) => (graphqlJs()[name] as (...given: unknown[]) => unknown)(...args)) as GraphqlJs[K];
}

export const getNamedType = onFirstCall('getNamedType');
export const isInputObjectType = onFirstCall('isInputObjectType');
export const isInterfaceType = onFirstCall('isInterfaceType');
export const isListType = onFirstCall('isListType');
export const isNonNullType = onFirstCall('isNonNullType');
export const isObjectType = onFirstCall('isObjectType');
export const isUnionType = onFirstCall('isUnionType');
