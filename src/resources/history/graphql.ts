/**
 * `POST /{projectKey}/graphql` of the Change History API. The platform publishes no schema for it
 * (its definition declares only the GraphQL request and response), so the mock serves a small one
 * of its own: one `records` query taking the REST endpoints' parameters as arguments, answered by
 * the same query (records.ts), so both transports filter and page alike. Labels and changes are
 * `Json`: their shape is the REST one, each told apart by its `type`.
 */
import type { GraphQLError, GraphQLSchema } from 'graphql';
import type { Reply } from '../../http/context.js';
import { parseJsonBody } from '../../http/body.js';
import { errors, PlatformError } from '../../http/errors.js';
import type { StorageBackend } from '../../storage/backend.js';
import { graphqlJs } from '../../util/graphql-js.js';
import { badRequest, CHANGE_HISTORY_RESOURCE_TYPES, queryRecords } from './records.js';

/** The schema the mock serves at the History API's GraphQL endpoint (docs/history-api.md shows it). */
export const HISTORY_SCHEMA = `
"Any JSON value: a label or a change, shaped as the REST API shows it."
scalar Json

type Query {
  "Records of changes, newest first; the arguments are the REST query parameters."
  records(
    resourceType: String
    resourceId: String
    resourceTypes: [String!]
    dateFrom: String
    dateTo: String
    limit: Int
    offset: Int
    withTotal: Boolean
    userId: String
    clientId: String
    customerId: String
    associateId: String
    businessUnit: String
    type: String
    resourceKey: String
    source: String
    changes: [String!]
    stores: [String!]
    excludePlatformInitiatedChanges: [String!]
    expand: Boolean
  ): RecordQueryResult!
}

type RecordQueryResult {
  limit: Int!
  offset: Int!
  count: Int!
  total: Int
  results: [Record!]!
}

type Record {
  version: Int!
  previousVersion: Int!
  type: String!
  modifiedBy: ModifiedBy!
  modifiedAt: String!
  label: Json!
  previousLabel: Json!
  changes: [Json!]!
  resource: ResourceIdentifier!
  stores: [KeyReference!]!
  businessUnit: KeyReference
  withoutChanges: Boolean!
}

type ModifiedBy {
  id: String
  type: String!
  clientId: String
  anonymousId: String
  customer: Reference
  associate: Reference
  isPlatformClient: Boolean!
}

type Reference {
  typeId: String!
  id: String!
}

type KeyReference {
  typeId: String!
  key: String!
}

type ResourceIdentifier {
  typeId: String!
  id: String
  key: String
}
`;

let schema: GraphQLSchema | undefined;

function historySchema(): GraphQLSchema {
  schema ??= graphqlJs().buildSchema(HISTORY_SCHEMA);
  return schema;
}

/** The REST parameter each argument stands for, where its name differs. */
const PARAMETERS: Record<string, string> = { dateFrom: 'date.from', dateTo: 'date.to' };

/** The arguments of `records` as the REST query's parameters. */
function parametersOf(args: Record<string, unknown>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(args)) {
    if (value === undefined || value === null || name === 'resourceType' || name === 'resourceId') continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(PARAMETERS[name] ?? name, String(item));
  }
  return params;
}

/** A GraphQL error as the platform shows one: a REST error's code in `extensions`. */
function formatted(error: GraphQLError) {
  const cause = error.originalError;
  const code = cause instanceof PlatformError ? cause.code : cause ? 'General' : 'InvalidInput';
  return {
    message: error.message,
    locations: error.locations ? [...error.locations] : [],
    ...(error.path ? { path: error.path } : {}),
    extensions: { code },
  };
}

/**
 * Serves one GraphQL request of the History API. A document that does not parse or validate is a
 * 400 in the error envelope (as the main API's GraphQL answers it); a field refused while running
 * (a bad filter) answers `data` and the error, 400 as well.
 */
export function serveHistoryGraphql(body: string | undefined, storage: StorageBackend, project: string, now: string): Reply {
  const request = parseJsonBody(body) as { query?: unknown; variables?: unknown; operationName?: unknown } | null;
  if (typeof request !== 'object' || request === null || typeof request.query !== 'string' || request.query.trim() === '') {
    throw errors.invalidJsonInput("The request has no GraphQL 'query'.");
  }
  const graphql = graphqlJs();
  let document: ReturnType<typeof graphql.parse>;
  try {
    document = graphql.parse(request.query);
  } catch (error) {
    return refused([formatted(error as GraphQLError)]);
  }
  const invalid = graphql.validate(historySchema(), document);
  if (invalid.length > 0) return refused(invalid.map(formatted));
  const result = graphql.executeSync({
    schema: historySchema(),
    document,
    variableValues: (request.variables ?? null) as Record<string, unknown> | null,
    operationName: typeof request.operationName === 'string' ? request.operationName : null,
    rootValue: {
      records: (args: Record<string, unknown>) => {
        const resourceType = typeof args.resourceType === 'string' ? knownResourceType(args.resourceType) : undefined;
        const scope = { resourceType, resourceId: typeof args.resourceId === 'string' ? args.resourceId : undefined };
        return queryRecords(storage, project, parametersOf(args), scope, now);
      },
    },
  });
  if (!('data' in result)) return refused((result.errors ?? []).map(formatted));
  const shownErrors = result.errors?.map(formatted);
  const reply: Record<string, unknown> = { data: result.data ?? null };
  if (shownErrors) reply.errors = shownErrors;
  return { status: shownErrors?.some((error) => error.extensions.code !== 'General') ? 400 : 200, body: reply };
}

/** The `resourceType` argument: one of the definition's ChangeHistoryResourceType values. */
function knownResourceType(value: string): string {
  if (!(CHANGE_HISTORY_RESOURCE_TYPES as readonly string[]).includes(value)) {
    throw badRequest(`Invalid value '${value}' for 'resourceType': expected one of ${CHANGE_HISTORY_RESOURCE_TYPES.join(', ')}.`);
  }
  return value;
}

function refused(graphqlErrors: ReturnType<typeof formatted>[]): Reply {
  const listed = graphqlErrors.map((error) => ({ code: error.extensions.code, ...error }));
  return { status: 400, body: { statusCode: 400, message: listed[0]?.message ?? 'Invalid GraphQL request.', errors: listed } };
}
