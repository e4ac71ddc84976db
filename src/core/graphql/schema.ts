/**
 * The platform's published GraphQL schema (vendor/graphql/schema.graphql, MIT), served as is, made
 * from its prepared form (vendor/graphql/schema.prepared.jsonl: prepared.ts) once per process, on the
 * first GraphQL request.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { DocumentNode, GraphQLError, GraphQLSchema } from 'graphql';
import { packageFile } from '../../util/package-file.js';
import { graphqlJs } from './library.js';
import { type PreparedGraphQLSchema, parsePrepared, prepareSchema, preparedSchema, serializePrepared } from './prepared.js';

export const SCHEMA_FILE = 'vendor/graphql/schema.graphql';
export const PREPARED_SCHEMA_FILE = 'vendor/graphql/schema.prepared.jsonl';

/**
 * Writes vendor/graphql/schema.prepared.jsonl from the SDL (`npm run prepare:graphql`): after the SDL
 * is replaced by a newer copy. A test fails while the file is stale.
 */
export function writePreparedSchema(): void {
  const prepared = prepareSchema(readFileSync(packageFile(SCHEMA_FILE), 'utf8'));
  // Beside the SDL: the prepared file may not exist yet.
  writeFileSync(join(dirname(packageFile(SCHEMA_FILE)), basename(PREPARED_SCHEMA_FILE)), serializePrepared(prepared));
}

let built: PreparedGraphQLSchema | undefined;

export function platformSchema(): GraphQLSchema {
  built ??= preparedSchema(parsePrepared(readFileSync(packageFile(PREPARED_SCHEMA_FILE), 'utf8')));
  return built;
}

let mutations: GraphQLSchema | undefined;

/**
 * The schema mutations execute against: the platform's, except that an input object argument of a
 * Mutation field is taken as written. graphql-js coerces an input literal by walking every field its
 * type declares (an update action type declares a hundred) on every request; here the document has
 * been validated against the platform's schema already, variables are still coerced by their real
 * types, and `toRest` converts by the real input types (leaving out defaults, as it does anyway).
 * Introspection is a query, so it always sees the platform's schema.
 */
export function mutationSchema(): GraphQLSchema {
  if (mutations) return mutations;
  platformSchema();
  const { GraphQLScalarType, getNamedType, isInputObjectType, valueFromASTUntyped } = graphqlJs();
  // An input literal as written, its variables put in: what the platform's input types were already checked to allow.
  const asWritten = new GraphQLScalarType({
    name: 'CommerceMockInputAsWritten',
    parseValue: (value) => value,
    parseLiteral: (node, variables) => valueFromASTUntyped(node, variables),
  });
  mutations = built!.withMutationArguments((arg) =>
    isInputObjectType(getNamedType(arg.type)) ? { ...arg, type: asWritten, defaultValue: undefined } : arg,
  );
  return mutations;
}

/** A parsed document, or the syntax and validation errors it has against the schema. */
export type Checked = { document: DocumentNode } | { errors: readonly GraphQLError[] };

/** Enough for any suite's documents; tests/graphql/transport.spec.ts sends more to see the oldest go. */
const MAX_CACHED_DOCUMENTS = 500;
const documents = new Map<string, Checked>();

/** Parses and validates a query once per distinct text: clients send the same few documents again and again. */
export function checkedDocument(query: string): Checked {
  const cached = documents.get(query);
  if (cached) return cached;
  let checked: Checked;
  try {
    const { parse, validate } = graphqlJs();
    const document = parse(query);
    const problems = validate(platformSchema(), document);
    checked = problems.length > 0 ? { errors: problems } : { document };
  } catch (error) {
    checked = { errors: [error as GraphQLError] };
  }
  if (documents.size >= MAX_CACHED_DOCUMENTS) documents.delete(documents.keys().next().value!);
  documents.set(query, checked);
  return checked;
}
