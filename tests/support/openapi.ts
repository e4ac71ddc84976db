/**
 * The platform's published OpenAPI definition (`openapi/openapi.yaml`, see its README), read once per
 * worker, and a validator for the part of OpenAPI 3 that file uses: `type`, `format`, `enum`,
 * `properties`, `required`, `items`, `additionalProperties`, `allOf`, `oneOf`, `$ref` and
 * `discriminator` mappings. The file
 * needs nothing more, and an own validator names the failing schema path the way a test report should.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

export interface Schema {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  allOf?: Schema[];
  oneOf?: Schema[];
  additionalProperties?: Schema;
  discriminator?: { propertyName: string; mapping?: Record<string, string> };
}

interface ResponseObject {
  $ref?: string;
  content?: Record<string, { schema?: Schema }>;
}

interface Definition {
  paths: Record<string, Record<string, { responses?: Record<string, ResponseObject> }>>;
  components: { schemas: Record<string, Schema>; responses: Record<string, ResponseObject> };
}

const SCHEMAS = '#/components/schemas/';
const ref = (name: string): Schema => ({ $ref: SCHEMAS + name });
export const ERROR_RESPONSE = ref('ErrorResponse');

/**
 * The definition's value type of each map that has pattern keys: the generator lost them (it wrote
 * string values for all), so they are taken from the platform's RAML types and SDK.
 */
const MAP_VALUES: Record<string, Schema> = {
  LocalizedString: { type: 'string' },
  CategoryOrderHints: { type: 'string' },
  SearchKeywords: { type: 'array', items: ref('SearchKeyword') },
  SuggestionResult: { type: 'array', items: ref('Suggestion') },
  FacetResults: ref('FacetResult'),
  ProductVariantChannelAvailabilityMap: ref('ProductVariantChannelAvailability'),
  VariantAttributesChannelAvailabilityMap: ref('VariantAttributesChannelAvailability'),
  FieldContainer: {}, // Custom Fields: any JSON value
};

/**
 * The one place the definition's known defects are worked around (the README beside the file lists
 * them); after it, the definition is read as plain OpenAPI.
 *
 * - A required property named like a regex (`/^[a-z]{2}(-[A-Z]{2})?$/`) is the RAML's pattern
 *   property: a map whose values are `MAP_VALUES`'s. Its keys are not judged: in RAML a pattern
 *   property types the keys that match it and forbids no others.
 * - A required property named `//` is the RAML's "any other field". Error types declare their extra
 *   fields as strings (`additionalProperties: {type: string}`), but the platform sends numbers,
 *   objects and arrays there (`currentVersion`, `invalidValue`, ...): they take any extra field.
 * - 404 responses declare no body; the platform sends the usual error envelope.
 * - `isPlatformClient`, which the platform sends in `createdBy`/`lastModifiedBy`, is missing.
 * - The Reference discriminator maps some ReferenceTypeId values to no Reference type
 *   (`approval-flow`, the `resource` of every approval flow message): they take a plain reference.
 * - The Message discriminator maps no OrderMessage subtype (`OrderCreated`, `LineItemStateTransition`,
 *   ...), though each is declared as one (`allOf: [OrderMessage, ...]`): they are mapped by their name.
 *   The MessagePayload discriminator (an order edit's `messagePayloads`) likewise maps no
 *   OrderMessagePayload subtype: they are mapped by their name too.
 */
function repair(definition: Definition): void {
  const { schemas, responses } = definition.components;
  const errorTypes = new Set(['ErrorObject', ...Object.values(schemas.ErrorObject?.discriminator?.mapping ?? {}).map(schemaName)]);
  for (const [name, schema] of Object.entries(schemas)) {
    for (const part of [schema, ...(schema.allOf ?? [])]) {
      const pattern = part.required?.some((field) => field.startsWith('/') && field !== '//');
      if (pattern || part.required?.includes('//') || errorTypes.has(name)) {
        part.required = part.required?.filter((field) => !field.startsWith('/'));
        delete part.additionalProperties;
      }
      if (pattern) {
        const values = MAP_VALUES[name];
        if (!values)
          throw new Error(`openapi: ${name} is a map with pattern keys whose values the check does not know: add it to MAP_VALUES`);
        part.additionalProperties = values;
      }
    }
  }
  responses.errorable_404 = { content: { 'application/json': { schema: ERROR_RESPONSE } } };
  const messageMapping = schemas.Message?.allOf?.[1]?.discriminator?.mapping;
  if (messageMapping) {
    for (const [name, schema] of Object.entries(schemas)) {
      if (schema.allOf?.[0]?.$ref === `${SCHEMAS}OrderMessage` && name.endsWith('Message'))
        messageMapping[name.slice(0, -'Message'.length)] ??= SCHEMAS + name;
    }
  }
  const payloadMapping = schemas.MessagePayload?.discriminator?.mapping;
  if (payloadMapping) {
    for (const [name, schema] of Object.entries(schemas)) {
      if (schema.allOf?.[0]?.$ref === `${SCHEMAS}OrderMessagePayload` && name.endsWith('MessagePayload'))
        payloadMapping[name.slice(0, -'MessagePayload'.length)] ??= SCHEMAS + name;
    }
  }
  const references = schemas.Reference?.discriminator?.mapping;
  if (references) {
    schemas.PlainReference = {
      type: 'object',
      required: ['typeId', 'id'],
      properties: { typeId: { type: 'string' }, id: { type: 'string' }, obj: {} },
    };
    for (const typeId of schemas.ReferenceTypeId?.enum ?? []) references[typeId as string] ??= `${SCHEMAS}PlainReference`;
  }
  // Since 2026-01-29 the GraphQL API answers invalid input found while executing with 400 and its
  // GraphQL body, `data` included (the platform's release note "Changed GraphQL API status code on
  // invalid input"); the definition still says only the REST envelope, which a request refused before
  // execution gets (malformed JSON, a document that does not parse or validate).
  const graphql = definition.paths['/{projectKey}/graphql']?.post;
  if (graphql?.responses) {
    const executed = { allOf: [ref('GraphQLResponse'), { type: 'object', required: ['data'] }] };
    const either = { oneOf: [executed, ERROR_RESPONSE] };
    graphql.responses['400'] = { content: { 'application/json': { schema: either } } };
  }
  const clientLogging = schemas.ClientLogging;
  if (clientLogging?.properties) clientLogging.properties.isPlatformClient = { type: 'boolean' };
}

/** Some enum descriptions are double-quoted strings continued at too small an indentation, which is not YAML; the check never reads them. */
function withoutEnumDescriptions(text: string): string {
  return text.replace(/^( +)x-annotation-enumDescriptions:\n(?:\1 .*\n)*/gm, '');
}

function schemaName(pointer: string): string {
  return pointer.slice(SCHEMAS.length);
}

let loaded: Definition | undefined;

/** The definition, parsed and repaired on first use in this worker (a 3 MB file: about two seconds). */
export function definition(): Definition {
  if (!loaded) {
    const text = readFileSync(new URL('./openapi/openapi.yaml', import.meta.url), 'utf8');
    loaded = parse(withoutEnumDescriptions(text)) as Definition;
    repair(loaded);
  }
  return loaded;
}

// Operations --------------------------------------------------------------------------------------

export interface Operation {
  template: string;
  responses: Record<string, ResponseObject>;
}

/** A template segment: a literal, `{param}`, or `prefix={param}` (as in `key={key}`). */
type SegmentMatcher = { literal: string } | { prefix: string };

interface Route {
  template: string;
  segments: SegmentMatcher[];
  /** Literal segments count most, then `key=`-style prefixes: `/carts/replicate` wins over `/carts/{ID}`. */
  specificity: number[];
  operations: Map<string, Operation>;
}

let routes: Map<number, Route[]> | undefined;

function compileRoutes(): Map<number, Route[]> {
  const byLength = new Map<number, Route[]>();
  for (const [template, item] of Object.entries(definition().paths)) {
    const segments: SegmentMatcher[] = template
      .split('/')
      .slice(1)
      .map((segment) => {
        const parameter = /^(.*?)\{[^}]+\}$/.exec(segment);
        return parameter ? { prefix: parameter[1]! } : { literal: segment };
      });
    const operations = new Map<string, Operation>();
    for (const [method, operation] of Object.entries(item)) {
      if (operation?.responses) operations.set(method.toUpperCase(), { template, responses: operation.responses });
    }
    const specificity = segments.map((segment) => ('literal' in segment ? 2 : segment.prefix ? 1 : 0));
    const list = byLength.get(segments.length) ?? [];
    list.push({ template, segments, specificity, operations });
    byLength.set(segments.length, list);
  }
  for (const list of byLength.values()) list.sort((a, b) => compareSpecificity(b.specificity, a.specificity));
  return byLength;
}

function compareSpecificity(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

function matches(route: Route, segments: string[]): boolean {
  return route.segments.every((matcher, i) => {
    const segment = segments[i]!;
    if ('literal' in matcher) return segment === matcher.literal;
    return segment.startsWith(matcher.prefix) && segment.length > matcher.prefix.length;
  });
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The operation the definition has for this method and path (`/{projectKey}/...`, read as `handle()` reads it), if any. */
export function findOperation(method: string, pathname: string): Operation | undefined {
  routes ??= compileRoutes();
  const segments = pathname
    .split('/')
    .filter((segment) => segment !== '')
    .map(decodeSegment);
  const route = routes.get(segments.length)?.find((candidate) => matches(candidate, segments) && candidate.operations.has(method));
  return route?.operations.get(method);
}

/** Whether an operation declares a status, and the schema of the body it declares for it (none for a bodiless answer). */
export function declaredBody(operation: Operation, status: number): { declared: boolean; schema?: Schema } {
  let response = operation.responses[String(status)];
  if (!response) return { declared: false };
  if (response.$ref) response = definition().components.responses[response.$ref.split('/').pop()!];
  const schema = response?.content?.['application/json']?.schema;
  return schema ? { declared: true, schema } : { declared: true };
}

// Validation --------------------------------------------------------------------------------------

export interface SchemaProblem {
  /** Where in the body: `body.results[0].createdAt`. */
  at: string;
  /** The schema keyword that failed, as a JSON pointer into the definition. */
  schemaPath: string;
  message: string;
}

const FORMATS: Record<string, RegExp> = {
  datetime: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/,
  'date-only': /^\d{4}-\d{2}-\d{2}$/,
  'time-only': /^\d{2}:\d{2}:\d{2}(\.\d+)?$/,
};

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const TYPES: Record<string, (value: unknown) => boolean> = {
  object: isObject,
  array: Array.isArray,
  string: (value) => typeof value === 'string',
  boolean: (value) => typeof value === 'boolean',
  integer: Number.isInteger,
  number: (value) => typeof value === 'number' && Number.isFinite(value),
};

const quote = (value: unknown): string => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
};

/**
 * Every way `value` breaks `schema`, each with the body path and the definition's schema path. A
 * subtype often repeats its base's fields: one mistake is reported once, where it is met first.
 */
export function validate(value: unknown, schema: Schema, at = 'body'): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  new Validator(definition(), problems).check(value, schema, at, '#', new Set());
  const seen = new Set<string>();
  return problems.filter((problem) => {
    const mistake = `${problem.at}\n${problem.message}`;
    if (seen.has(mistake)) return false;
    seen.add(mistake);
    return true;
  });
}

class Validator {
  constructor(
    private readonly definition: Definition,
    private readonly problems: SchemaProblem[],
  ) {}

  private report(at: string, schemaPath: string, message: string): void {
    this.problems.push({ at, schemaPath, message });
  }

  private resolve(pointer: string): Schema {
    const schema = this.definition.components.schemas[schemaName(pointer)];
    if (!schema) throw new Error(`openapi: no schema at ${pointer}`);
    return schema;
  }

  /**
   * `entered` holds the named schemas this same value is being checked against, so that a subtype's
   * `allOf` reaching its base does not dispatch on the base's discriminator once more.
   */
  check(value: unknown, schema: Schema, at: string, path: string, entered: ReadonlySet<string>): void {
    if (schema.$ref) {
      this.check(value, this.resolve(schema.$ref), at, schema.$ref, new Set(entered).add(schema.$ref));
      return;
    }
    if (schema.discriminator && isObject(value) && this.dispatch(value, schema.discriminator, at, path, entered)) return;
    if (schema.type && !TYPES[schema.type]?.(value)) {
      this.report(at, `${path}/type`, `expected ${schema.type}, got ${quote(value)}`);
      return;
    }
    if (schema.format && typeof value === 'string' && FORMATS[schema.format] && !FORMATS[schema.format]!.test(value)) {
      this.report(at, `${path}/format`, `expected a ${schema.format} string, got ${quote(value)}`);
    }
    if (schema.enum && !schema.enum.includes(value)) {
      this.report(at, `${path}/enum`, `${quote(value)} is none of ${schema.enum.map(quote).join(', ')}`);
    }
    for (const [i, part] of (schema.allOf ?? []).entries()) this.check(value, part, at, `${path}/allOf/${i}`, entered);
    if (schema.oneOf) this.checkOneOf(value, schema.oneOf, at, path, entered);
    if (isObject(value)) this.checkObject(value, schema, at, path);
    if (Array.isArray(value) && schema.items) {
      for (const [i, item] of value.entries()) this.check(item, schema.items, `${at}[${i}]`, `${path}/items`, new Set());
    }
  }

  private checkObject(value: Record<string, unknown>, schema: Schema, at: string, path: string): void {
    for (const field of schema.required ?? []) {
      if (!Object.hasOwn(value, field)) this.report(at, `${path}/required`, `missing required field '${field}'`);
    }
    for (const [field, fieldSchema] of Object.entries(schema.properties ?? {})) {
      if (Object.hasOwn(value, field)) this.check(value[field], fieldSchema, `${at}.${field}`, `${path}/properties/${field}`, new Set());
    }
    if (schema.additionalProperties) {
      for (const [field, inner] of Object.entries(value)) {
        if (!Object.hasOwn(schema.properties ?? {}, field)) {
          this.check(inner, schema.additionalProperties, `${at}.${field}`, `${path}/additionalProperties`, new Set());
        }
      }
    }
  }

  /**
   * A base type checks a value as the subtype its discriminator names. Reached from that subtype's
   * `allOf`, it checks that the discriminator names this subtype and goes on with its own keywords.
   * Returns whether the value was handed to a subtype.
   */
  private dispatch(
    value: Record<string, unknown>,
    discriminator: NonNullable<Schema['discriminator']>,
    at: string,
    path: string,
    entered: ReadonlySet<string>,
  ): boolean {
    const mapping = discriminator.mapping ?? {};
    const tag = value[discriminator.propertyName];
    const target = typeof tag === 'string' && Object.hasOwn(mapping, tag) ? mapping[tag] : undefined;
    const via = Object.values(mapping).find((pointer) => entered.has(pointer));
    const where = `${at}.${discriminator.propertyName}`;
    if (via !== undefined) {
      if (target !== via && !(target && entered.has(target))) {
        this.report(where, `${path}/discriminator`, `${quote(tag)} does not name ${schemaName(via)}`);
      }
      return false;
    }
    if (target === undefined) {
      this.report(
        where,
        `${path}/discriminator`,
        `${quote(tag)} is none of the definition's values (${Object.keys(mapping).length} known)`,
      );
      return false;
    }
    this.check(value, { $ref: target }, at, path, entered);
    return true;
  }

  private checkOneOf(value: unknown, alternatives: Schema[], at: string, path: string, entered: ReadonlySet<string>): void {
    const matching = alternatives.filter((alternative, i) => {
      const problems: SchemaProblem[] = [];
      new Validator(this.definition, problems).check(value, alternative, at, `${path}/oneOf/${i}`, entered);
      return problems.length === 0;
    });
    if (matching.length !== 1) {
      this.report(
        at,
        `${path}/oneOf`,
        `matches ${matching.length} of the ${alternatives.length} alternatives (${alternatives.map((a) => a.$ref ?? a.type).join(', ')}), not one`,
      );
    }
  }
}
