/**
 * The platform's published GraphQL schema (vendor/graphql/schema.graphql, MIT), served as is. Building
 * it costs a few hundred milliseconds, so it happens once per process, on the first GraphQL request.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { DocumentNode, GraphQLArgumentConfig, GraphQLError, GraphQLFieldConfig, GraphQLSchema } from 'graphql';
import { graphqlJs } from './library.js';

const SCHEMA_FILE = 'vendor/graphql/schema.graphql';

/** The package root: three levels above this module in the sources, four in the compiled `dist/src/core/graphql`. */
function schemaPath(): string {
  for (const up of ['../../../', '../../../../']) {
    const candidate = fileURLToPath(new URL(`${up}${SCHEMA_FILE}`, import.meta.url));
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`commerce-mock: ${SCHEMA_FILE} is missing from the package.`);
}

let built: GraphQLSchema | undefined;

export function platformSchema(): GraphQLSchema {
  // The SDL is the platform's own and known to be valid: skipping its validation halves the build time.
  built ??= graphqlJs().buildSchema(readFileSync(schemaPath(), 'utf8'), { assumeValidSDL: true });
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
  const schema = platformSchema();
  const { GraphQLObjectType, GraphQLScalarType, GraphQLSchema, getNamedType, isInputObjectType, valueFromASTUntyped } = graphqlJs();
  // An input literal as written, its variables put in: what the platform's input types were already checked to allow.
  const asWritten = new GraphQLScalarType({
    name: 'CommerceMockInputAsWritten',
    parseValue: (value) => value,
    parseLiteral: (node, variables) => valueFromASTUntyped(node, variables),
  });
  const config = schema.getMutationType()!.toConfig();
  const fields: Record<string, GraphQLFieldConfig<unknown, unknown>> = {};
  for (const [name, field] of Object.entries(config.fields)) {
    const args: Record<string, GraphQLArgumentConfig> = {};
    for (const [argName, arg] of Object.entries(field.args ?? {})) {
      args[argName] = isInputObjectType(getNamedType(arg.type)) ? { ...arg, type: asWritten, defaultValue: undefined } : arg;
    }
    fields[name] = { ...field, args };
  }
  const mutation = new GraphQLObjectType({ ...config, fields });
  const types = Object.values(schema.getTypeMap()).filter((type) => type.name !== mutation.name);
  mutations = new GraphQLSchema({ ...schema.toConfig(), mutation, types: [...types, mutation], assumeValid: true });
  return mutations;
}

/** A parsed document, or the syntax and validation errors it has against the schema. */
export type Checked = { document: DocumentNode } | { errors: readonly GraphQLError[] };

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
