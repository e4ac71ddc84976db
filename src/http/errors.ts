/**
 * Platform errors. Every failure the mock reports is a PlatformError; it is turned into the
 * platform's JSON envelope in exactly one place (`errorResponse`).
 */

export interface ErrorObject {
  code: string;
  message: string;
  [extra: string]: unknown;
}

export class PlatformError extends Error {
  readonly statusCode: number;
  readonly errors: ErrorObject[];
  /** OAuth-style errors (token server, invalid_token, insufficient_scope) also carry `error` at the top level. */
  readonly oauth: boolean;

  constructor(statusCode: number, errors: ErrorObject[], options: { oauth?: boolean } = {}) {
    super(errors[0]?.message ?? 'Error');
    this.name = 'PlatformError';
    this.statusCode = statusCode;
    this.errors = errors;
    this.oauth = options.oauth ?? false;
  }

  get code(): string {
    return this.errors[0]?.code ?? 'General';
  }

  toJSON(): Record<string, unknown> {
    const body: Record<string, unknown> = { statusCode: this.statusCode, message: this.message, errors: this.errors };
    if (this.oauth) {
      body.error = this.code;
      body.error_description = this.message;
    }
    return body;
  }
}

const EXCERPT_CHARACTERS = 100;
const EXCERPT_ITEMS = 3;

/**
 * A refused value as an error quotes it: whole when it is small, otherwise its beginning (a string's
 * first characters, an array's first items, an object's first fields, each shortened the same way),
 * so that a 1 MB string or a 501-action array does not come back several times in one error body.
 */
export function excerpt(value: unknown, depth = 0): unknown {
  if (typeof value === 'string')
    return value.length <= EXCERPT_CHARACTERS ? value : `${value.slice(0, EXCERPT_CHARACTERS)}… (${value.length} characters)`;
  if (value === null || typeof value !== 'object') return value;
  if (depth >= 2) return Array.isArray(value) ? `[${value.length} items]` : '{…}';
  if (Array.isArray(value)) {
    const shown = value.slice(0, EXCERPT_ITEMS).map((item) => excerpt(item, depth + 1));
    return value.length <= EXCERPT_ITEMS ? shown : [...shown, `… (${value.length} items)`];
  }
  const entries = Object.entries(value);
  const shown = Object.fromEntries(entries.slice(0, EXCERPT_ITEMS * 3).map(([field, inner]) => [field, excerpt(inner, depth + 1)]));
  return entries.length <= EXCERPT_ITEMS * 3 ? shown : { ...shown, '…': `${entries.length} fields` };
}

const single = (statusCode: number, code: string, message: string, extra: Record<string, unknown> = {}) =>
  new PlatformError(statusCode, [{ code, message, ...extra }]);

const oauth = (statusCode: number, code: string, message: string) => new PlatformError(statusCode, [{ code, message }], { oauth: true });

export const errors = {
  resourceNotFound: (idOrKey: { id: string } | { key: string }) =>
    single(
      404,
      'ResourceNotFound',
      'id' in idOrKey ? `The Resource with ID '${idOrKey.id}' was not found.` : `The Resource with key '${idOrKey.key}' was not found.`,
    ),
  /** A path the caller's project does not have (another project's, for a token bound to one): the path as requested. */
  uriNotFound: (path: string) => single(404, 'ResourceNotFound', `URI not found: ${path}`),
  routeNotFound: (method: string, path: string) =>
    single(404, 'ResourceNotFound', `The Resource with path '${method} ${path}' was not found.`),
  methodNotAllowed: (method: string, path: string) =>
    single(405, 'MethodNotAllowed', `The method '${method}' is not allowed on '${path}'.`),
  concurrentModification: (id: string, expected: number, actual: number) =>
    single(
      409,
      'ConcurrentModification',
      `Object ${id} has a different version than expected. Expected: ${expected} - Actual: ${actual}.`,
      { currentVersion: actual },
    ),
  invalidInput: (message: string) => single(400, 'InvalidInput', message),
  invalidJsonInput: (detail: string) => new PlatformError(400, [errors.invalidJson(detail)]),
  /** One InvalidJsonInput error object, to be listed with the others of a request (`fieldErrors`). */
  invalidJson: (detail: string): ErrorObject => ({
    code: 'InvalidJsonInput',
    message: 'Request body does not contain valid JSON.',
    detailedErrorMessage: detail,
  }),
  invalidOperation: (message: string) => single(400, 'InvalidOperation', message),
  referenceExists: (typeId: string, referencedBy: string) =>
    single(400, 'ReferenceExists', `Can not delete a ${typeId} while it is referenced by at least one ${referencedBy}.`, { referencedBy }),
  requiredField: (field: string) => ({ code: 'RequiredField', message: `A value is required for field ${field}.`, field }),
  invalidField: (field: string, invalidValue: unknown, message: string, allowedValues?: unknown[]) => ({
    code: 'InvalidField',
    message: `The value ${JSON.stringify(excerpt(invalidValue)) ?? 'undefined'} is not valid for field '${field}'. ${message}`.trim(),
    field,
    invalidValue: excerpt(invalidValue),
    ...(allowedValues ? { allowedValues } : {}),
  }),
  duplicateField: (field: string, duplicateValue: unknown, message?: string) =>
    single(
      400,
      'DuplicateField',
      message ?? `A duplicate value '${JSON.stringify(excerpt(duplicateValue))}' exists for field '${field}'.`,
      {
        field,
        duplicateValue: excerpt(duplicateValue),
      },
    ),
  referencedResourceNotFound: (typeId: string, ref: { id?: string; key?: string }) =>
    single(
      400,
      'ReferencedResourceNotFound',
      ref.key !== undefined
        ? `The referenced object of type '${typeId}' with key '${ref.key}' was not found. It either doesn't exist, or it can't be accessed from this endpoint (e.g., if the endpoint filters by store or customer account).`
        : `The referenced object of type '${typeId}' with identifier '${ref.id}' was not found. It either doesn't exist, or it can't be accessed from this endpoint (e.g., if the endpoint filters by store or customer account).`,
      { typeId, ...ref },
    ),
  missingRoleOnChannel: (channel: { id?: string; key?: string }, missingRole: string) =>
    single(
      400,
      'MissingRoleOnChannel',
      `Given channel with ${channel.id !== undefined ? `id '${channel.id}'` : `key '${channel.key}'`} does not have the required role ${missingRole}.`,
      { channel: { typeId: 'channel', ...channel }, missingRole },
    ),
  projectNotConfiguredForLanguages: (languages: string[]) =>
    single(400, 'ProjectNotConfiguredForLanguages', 'The project is not configured for given languages.', { languages }),
  invalidCredentials: () => single(400, 'InvalidCredentials', 'Account with the given credentials not found.'),
  invalidCurrentPassword: () => single(400, 'InvalidCurrentPassword', 'The given current password does not match.'),
  /** The code the platform's error catalogue has for content too large (its message, then the mock's limit). */
  contentTooLarge: (limitBytes: number) =>
    single(413, 'ContentTooLarge', `Content too large. The request body exceeds the maximum size of ${limitBytes} bytes.`),
  invalidToken: () => oauth(401, 'invalid_token', 'invalid_token'),
  insufficientScope: (message = 'insufficient_scope') => oauth(403, 'insufficient_scope', message),
  invalidClient: (message = 'Please provide valid client credentials using HTTP Basic Authentication.') =>
    oauth(401, 'invalid_client', message),
  invalidCustomerAccountCredentials: () =>
    oauth(400, 'invalid_customer_account_credentials', 'Customer account with the given credentials not found.'),
  invalidRequest: (message: string) => oauth(400, 'invalid_request', message),
  invalidGrant: (message: string) => oauth(400, 'invalid_grant', message),
  unsupportedGrantType: (grantType: string) => oauth(400, 'unsupported_grant_type', `Grant type '${grantType}' not supported.`),
  invalidScope: (message: string) => oauth(400, 'invalid_scope', message),
  /** A project holds as many resources of the type as the platform allows (its limits page: 25 extensions, ...). */
  maxResourceLimitExceeded: (limit: number, typeId: string) =>
    single(400, 'MaxResourceLimitExceeded', `You have exceeded the limit of ${limit} resources of type ${typeId}.`, {
      exceededResource: typeId,
    }),
  /** A search API whose index the project has switched off (`search` names it: `Customer Search`). */
  searchNotReady: (search: string) =>
    single(
      409,
      'SearchNotReady',
      `${search} is not ready. Check the indexing-status endpoint and that the feature has been activated in the project settings.`,
    ),
  /** Order Search or the Product Search API while the project has switched it off: answered as an index that does not exist. */
  searchInactive: (search: string) =>
    single(404, 'ObjectNotFound', `${search} is not active in this project: activate it with the project's update action.`),
  /** Product Projection Search while the project has switched its index off. */
  searchDeactivated: () =>
    single(
      400,
      'SearchDeactivated',
      "Product Projection Search is deactivated for this project: activate it with the project's changeProductSearchIndexingEnabled action.",
    ),
  general: (message: string) => single(500, 'General', message),
};

/** Errors of values that were read fine but break a rule; checked only once the body's shape is right. */
const RULE_CODES = new Set(['InvalidField', 'RequiredField']);

/**
 * Several field errors of one request are reported together, as the platform does. The platform
 * reads the JSON into its types before it checks any rule, so a body with shape errors
 * (InvalidJsonInput) reports no rule errors.
 */
export function fieldErrors(list: ErrorObject[]): PlatformError {
  const unreadable = list.some((error) => error.code === 'InvalidJsonInput');
  return new PlatformError(400, unreadable ? list.filter((error) => !RULE_CODES.has(error.code)) : list);
}
