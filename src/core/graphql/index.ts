/**
 * `POST /{projectKey}/graphql`: the platform's schema answered by the REST core. Transport problems
 * (a body that is not JSON, no `query`) are REST errors; a document that does not parse or validate,
 * or variables of the wrong type, are a REST 400 whose errors are GraphQL's; errors while executing keep the
 * platform's REST code and fields in `extensions` (400 for `InvalidInput`, as the platform answers
 * since January 2026, otherwise 200 with the partial `data`).
 */
import type {
  DocumentNode,
  ExecutionResult,
  GraphQLFieldResolver,
  GraphQLError,
  GraphQLFormattedError,
  GraphQLObjectType,
  GraphQLSchema,
  OperationDefinitionNode,
} from 'graphql';
import type { Caller, Reply } from '../../http/context.js';
import { parseJsonBody } from '../../http/body.js';
import { errors, PlatformError } from '../../http/errors.js';
import { ExtensionsPending } from '../../engine/extension-gate.js';
import {
  fieldResolver,
  type GraphqlContext,
  isScope,
  notServed,
  type RestCall,
  servedField,
  servedFields,
  typeResolver,
} from './resolvers.js';
import { NESTED_FIELDS, recordParent } from './nested.js';
import { SEARCH_RESULT_FIELDS, SEARCH_ROOT_FIELDS } from './search.js';
import { graphqlJs } from './library.js';
import { checkedDocument, mutationSchema, platformSchema } from './schema.js';
import { executePlainly } from './plain.js';

export type { RestCall } from './resolvers.js';
export { graphqlInput } from './input.js';

/** The root fields served (the search fields, then those derived from the resource types), each looked up once. */
const served = new Map<string, Resolver | undefined>();

function rootResolver(typeName: string, fieldName: string): Resolver | undefined {
  const name = `${typeName}.${fieldName}`;
  if (!served.has(name)) served.set(name, SEARCH_ROOT_FIELDS[name] ?? servedField(platformSchema(), typeName, fieldName));
  return served.get(name);
}

/** Nested fields whose arguments select from the document, or that read a search hit's resource. */
const NESTED: Record<string, GraphQLFieldResolver<unknown, GraphqlContext>> = { ...NESTED_FIELDS, ...SEARCH_RESULT_FIELDS };

/** The fields served by the REST core, as `Type.field` (Query, Mutation and the scope types `Me`, `InStore`, ...). */
export function servedRootFields(): string[] {
  return [...new Set([...servedFields(platformSchema()).keys(), ...Object.keys(SEARCH_ROOT_FIELDS)])];
}

/**
 * Pays now what the first GraphQL request of the process would pay: graphql-js loaded, both schemas
 * made, and a document parsed, validated and executed (so graphql-js's
 * validation and execution code is compiled). Reads and writes no state. For a server with nothing
 * else to do (the CLI, once idle): a library's importer may never send a GraphQL request.
 */
export function prepareGraphql(): void {
  mutationSchema();
  const checked = checkedDocument('{ __typename }');
  if ('document' in checked) graphqlJs().execute({ schema: platformSchema(), document: checked.document });
}

interface GraphqlRequest {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
}

function graphqlRequest(body: string | undefined): GraphqlRequest {
  const request = parseJsonBody(body);
  if (typeof request !== 'object' || request === null || Array.isArray(request)) {
    throw errors.invalidJsonInput('The request body must be a JSON object with a GraphQL query.');
  }
  const { query, variables, operationName } = request as Record<string, unknown>;
  if (typeof query !== 'string' || query.trim() === '') throw errors.invalidJsonInput("The request has no GraphQL 'query'.");
  if (variables !== undefined && variables !== null && (typeof variables !== 'object' || Array.isArray(variables))) {
    throw errors.invalidJsonInput("'variables' must be a JSON object.");
  }
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') {
    throw errors.invalidJsonInput("'operationName' must be a string.");
  }
  const parsed: GraphqlRequest = { query };
  if (variables) parsed.variables = variables as Record<string, unknown>;
  if (typeof operationName === 'string') parsed.operationName = operationName;
  return parsed;
}

/** A GraphQL error as the platform formats it: the REST error's code and fields in `extensions`. */
function formatted(error: GraphQLError, requestError: boolean): GraphQLFormattedError {
  const cause = error.originalError;
  const platform = cause instanceof PlatformError ? cause.errors[0] : undefined;
  let extensions: Record<string, unknown>;
  if (platform) {
    const { code, message: _message, ...fields } = platform;
    extensions = { code, ...fields };
  } else if (cause && !requestError) {
    console.error('commerce-mock: internal error in a GraphQL resolver', cause);
    extensions = { code: 'General' };
  } else {
    extensions = { code: 'InvalidInput' };
  }
  const result: { message: string; locations: unknown[]; path?: readonly (string | number)[]; extensions: Record<string, unknown> } = {
    message: error.message,
    locations: error.locations ? [...error.locations] : [],
    extensions,
  };
  if (error.path) result.path = error.path;
  return result as GraphQLFormattedError;
}

/**
 * A REST call that stops the document at the first write waiting for API extensions: the fields
 * after it answer the same `ExtensionsPending` without running, as the document runs again anyway.
 */
function stoppingAtExtensions(rest: RestCall): { rest: RestCall; pending: () => ExtensionsPending | undefined } {
  let pending: ExtensionsPending | undefined;
  const call: RestCall = (...args) => {
    if (pending) throw pending;
    try {
      return rest(...args);
    } catch (error) {
      if (error instanceof ExtensionsPending) pending = error;
      throw error;
    }
  };
  return { rest: call, pending: () => pending };
}

/**
 * Serves one GraphQL request. A mutation document runs in one transaction (`atomically`): when a
 * write waits for API extensions, everything the document wrote is rolled back and `ExtensionsPending`
 * reaches the mock, which calls the extensions and serves the document again with their answers.
 */
export function serveGraphql(
  body: string | undefined,
  rest: RestCall,
  atomically: <T>(work: () => T) => T,
  now: string,
  caller?: Caller,
): Reply {
  const request = graphqlRequest(body);
  const checked = checkedDocument(request.query);
  if ('errors' in checked) return refused(checked.errors.map((error) => formatted(error, true)));
  const operation = graphqlJs().getOperationAST(checked.document, request.operationName);
  if (operation?.operation !== 'mutation') {
    return replyTo(run(request, checked.document, operation, platformSchema(), { rest, now, caller }));
  }
  return replyTo(
    atomically(() => {
      const stopping = stoppingAtExtensions(rest);
      const result = run(request, checked.document, operation, mutationSchema(), { rest: stopping.rest, now, caller });
      const pending = stopping.pending();
      if (pending) throw pending;
      return result;
    }),
  );
}

/**
 * Executes the document: a plain operation by its plan (plain.ts), anything else by graphql-js.
 */
function run(
  request: GraphqlRequest,
  document: DocumentNode,
  operation: OperationDefinitionNode | null | undefined,
  schema: GraphQLSchema,
  context: GraphqlContext,
): ExecutionResult {
  const plain = operation && executePlainly(schema, document, operation, request.variables, context, recordingParent);
  if (plain) return plain;
  return graphqlJs().execute({
    schema,
    document,
    variableValues: request.variables ?? null,
    operationName: request.operationName ?? null,
    contextValue: context,
    fieldResolver: resolveField,
    typeResolver,
  }) as ExecutionResult;
}

/** Every field: by its resolver, with its parent recorded for the nested resolvers that read an ancestor. */
const resolveField: Resolver = (source, args, context, info) => {
  const value = servingOf(info.parentType, info.fieldName)(source, args, context, info);
  recordParent(info.parentType.name, source, value);
  return value;
};

/** `resolveField` for one field of one type (a plain operation's plan looks its resolvers up once). */
function recordingParent(type: GraphQLObjectType, fieldName: string): Resolver {
  const resolver = servingOf(type, fieldName);
  return (source, args, context, info) => {
    const value = resolver(source, args, context, info);
    recordParent(type.name, source, value);
    return value;
  };
}

type Resolver = GraphQLFieldResolver<unknown, GraphqlContext>;

/** Per object type, the resolver of each field: looked up by `Type.field` once, not for every field of every answer. */
const serving = new WeakMap<GraphQLObjectType, Map<string, Resolver>>();

function servingOf(type: GraphQLObjectType, fieldName: string): Resolver {
  let fields = serving.get(type);
  if (!fields) {
    fields = new Map();
    serving.set(type, fields);
  }
  let resolver = fields.get(fieldName);
  if (!resolver) {
    const name = `${type.name}.${fieldName}`;
    resolver =
      rootResolver(type.name, fieldName) ??
      NESTED[name] ??
      ((source, args, ctx, info) => {
        // A root field, or a field of `me`, `inStore`, `asAssociate`, is a request to the REST core or an error: never a silent null.
        if (info.path.prev === undefined || isScope(source)) throw notServed(name);
        return fieldResolver(source, args, ctx, info);
      });
    fields.set(fieldName, resolver);
  }
  return resolver;
}

function replyTo(result: ExecutionResult): Reply {
  // Variables of the wrong type fail before execution: no `data` at all.
  const requestError = !('data' in result);
  const formattedErrors = result.errors?.map((error) => formatted(error, requestError));
  const invalid = requestError || formattedErrors?.some((error) => error.extensions?.code === 'InvalidInput');
  if (requestError) return refused(formattedErrors ?? []);
  const reply: Record<string, unknown> = { data: result.data ?? null };
  if (formattedErrors) reply.errors = formattedErrors;
  return { status: invalid ? 400 : 200, body: reply };
}

/**
 * A request refused before execution: 400 in the envelope the platform's definition declares for
 * `/graphql` (`statusCode`, `message`, `errors[].code`, as every REST 400), each error keeping
 * GraphQL's `message`, `locations` and `extensions`, so the SDK's error handling and GraphQL clients
 * both read it. (An execution error answered InvalidInput keeps the GraphQL body, `data` included,
 * as the platform's own example of its 400 shows.)
 */
function refused(graphqlErrors: readonly GraphQLFormattedError[]): Reply {
  const listed = graphqlErrors.map((error) => ({ code: String(error.extensions?.code ?? 'InvalidInput'), ...error }));
  return { status: 400, body: { statusCode: 400, message: listed[0]?.message ?? 'Invalid GraphQL request.', errors: listed } };
}
