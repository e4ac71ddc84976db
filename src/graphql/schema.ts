/**
 * The platform's published GraphQL schema (vendor/graphql/schema.graphql, MIT), served as is. Building
 * it costs a few hundred milliseconds, so it happens once per process, on the first GraphQL request.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildSchema, type DocumentNode, type GraphQLSchema, parse, validate, type GraphQLError } from 'graphql';

const SCHEMA_FILE = 'vendor/graphql/schema.graphql';

/** The package root: two levels above this module in the sources, three in the compiled `dist/src/graphql`. */
function schemaPath(): string {
  for (const up of ['../../', '../../../']) {
    const candidate = fileURLToPath(new URL(`${up}${SCHEMA_FILE}`, import.meta.url));
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`commerce-mock: ${SCHEMA_FILE} is missing from the package.`);
}

let built: GraphQLSchema | undefined;

export function platformSchema(): GraphQLSchema {
  // The SDL is the platform's own and known to be valid: skipping its validation halves the build time.
  built ??= buildSchema(readFileSync(schemaPath(), 'utf8'), { assumeValidSDL: true });
  return built;
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
