import type {
  GraphQLInputObjectType,
  GraphQLInterfaceType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLNullableType,
  GraphQLObjectType,
  GraphQLType,
  GraphQLUnionType,
} from 'graphql';
import { graphqlJs, type GraphqlJs } from '../../util/graphql-js.js';

export { graphqlJs } from '../../util/graphql-js.js';

/** A function of graphql-js, read from the library when first called (its exports are getters). */
function onFirstCall<K extends keyof GraphqlJs>(name: K): GraphqlJs[K] {
  let loaded: ((value: unknown) => unknown) | undefined;
  return ((value: unknown) => (loaded ??= graphqlJs()[name] as (value: unknown) => unknown)(value)) as GraphqlJs[K];
}

type TypeClass =
  | 'GraphQLInputObjectType'
  | 'GraphQLInterfaceType'
  | 'GraphQLList'
  | 'GraphQLNonNull'
  | 'GraphQLObjectType'
  | 'GraphQLUnionType';

/**
 * Whether a type is of one of graphql-js's type classes, by `instanceof`. graphql-js's own `isListType`
 * and the like, unless NODE_ENV is `production`, also look, whenever their answer is no, for a type of
 * another copy of graphql-js, which costs more than the test; the resolvers ask several of them for
 * every input field and every answer field, of this one copy's schema.
 */
function instanceTest<T>(name: TypeClass): (type: unknown) => type is T {
  let loaded: GraphqlJs[TypeClass] | undefined;
  return (type: unknown): type is T => type instanceof (loaded ??= graphqlJs()[name]);
}

export const getNamedType = onFirstCall('getNamedType');
export const isInputObjectType = instanceTest<GraphQLInputObjectType>('GraphQLInputObjectType');
export const isInterfaceType = instanceTest<GraphQLInterfaceType>('GraphQLInterfaceType');
export const isListType = instanceTest<GraphQLList<GraphQLType>>('GraphQLList');
export const isNonNullType = instanceTest<GraphQLNonNull<GraphQLNullableType>>('GraphQLNonNull');
export const isObjectType = instanceTest<GraphQLObjectType>('GraphQLObjectType');
export const isUnionType = instanceTest<GraphQLUnionType>('GraphQLUnionType');
