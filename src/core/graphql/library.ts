import { graphqlJs, type GraphqlJs } from '../../util/graphql-js.js';

export { graphqlJs } from '../../util/graphql-js.js';

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
