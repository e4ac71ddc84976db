import * as z from 'zod';
import { _check } from 'zod/v4/core';
import { type ErrorObject, errors, excerpt, fieldErrors } from '../http/errors.js';

/** `addresses[0].country`: the field path as the platform's error messages name it. */
export function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out;
}

/** `amountPlanned -> centAmount`, `addresses[1] -> country`: the path as InvalidJsonInput's `detailedErrorMessage` names it. */
function jsonPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out ? ` -> ${String(part)}` : String(part);
  }
  return out;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let current = input;
  for (const part of path) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, part)) return undefined;
    current = (current as Record<PropertyKey, unknown>)[part];
  }
  return current;
}

const JSON_TYPES: Record<string, string> = {
  string: 'JSON string',
  number: 'JSON number',
  int: 'JSON integer',
  boolean: 'JSON boolean',
  object: 'JSON object',
  record: 'JSON object',
  array: 'JSON array',
  tuple: 'JSON array',
  unknown: 'A JSON value',
};

const quoted = (value: unknown) => JSON.stringify(excerpt(value));

function unknownValue(value: unknown, allowed: readonly unknown[]): string {
  if (value === undefined) return 'Missing required value.';
  return `Unknown value ${quoted(value)}; expected ${allowed.length === 1 ? '' : 'one of '}${allowed.map(quoted).join(', ')}.`;
}

/**
 * What is wrong with the body's shape at this issue, or undefined when the shape is right and a
 * rule refuses the value. Shape is what the platform checks while it reads the JSON into its
 * types: a value of the wrong JSON type, a missing required field, an enum value (or a
 * ResourceIdentifier's `typeId`) that does not exist, a string that does not parse as its type
 * (a date, a date-time, a language tag). Rules come after: patterns (keys, countries), lengths,
 * ranges, refinements.
 */
function shapeProblem(issue: z.core.$ZodIssue, value: unknown): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (value === undefined) return 'Missing required value.';
      return `${JSON_TYPES[issue.expected] ?? issue.expected} expected${value === null ? ', not null' : ''}.`;
    case 'invalid_value':
      return unknownValue(value, issue.values);
    case 'invalid_union':
      return 'options' in issue && Array.isArray(issue.options) ? unknownValue(value, issue.options) : issue.message;
    case 'invalid_format':
      return issue.format === 'regex' ? undefined : `${issue.message}, not ${quoted(value)}.`;
    case 'custom':
      return issue.params?.[UNPARSABLE] === true ? `${issue.message}, not ${quoted(value)}.` : undefined;
    case 'unrecognized_keys':
      return `Unknown field${issue.keys.length === 1 ? '' : 's'} ${issue.keys.map(quoted).join(', ')}.`;
    default:
      return undefined;
  }
}

/** Marks a custom issue as a value the business rules need (RequiredField) rather than a refused one. */
const REQUIRED = 'required';
/** Marks a custom issue as a string that does not parse as its platform type: a shape problem. */
export const UNPARSABLE = 'unparsable';

/** One platform error per zod issue: InvalidJsonInput for a shape problem, RequiredField or InvalidField for a rule's. */
function issueToError(issue: z.core.$ZodIssue, input: unknown, prefix: readonly PropertyKey[]): ErrorObject {
  // A record key's issue is about the key: reported at the object, quoting the key.
  const keyIssue = issue.code === 'invalid_key' ? issue.issues[0] : undefined;
  const path = [...prefix, ...(keyIssue ? issue.path.slice(0, -1) : issue.path)];
  const value = keyIssue ? issue.path.at(-1) : valueAt(input, issue.path);
  const problem = keyIssue ?? issue;
  if (problem.code === 'custom' && problem.params?.[REQUIRED] === true) return errors.requiredField(fieldPath(path));
  const shape = shapeProblem(problem, value);
  if (shape !== undefined) return errors.invalidJson(path.length > 0 ? `${jsonPath(path)}: ${shape}` : shape);
  return errors.invalidField(fieldPath(path) || 'body', value ?? null, problem.message);
}

/**
 * Validates `input` against `schema`, reporting every problem at once; nothing runs before this
 * passes. A body of the wrong shape reports its shape problems only (see `fieldErrors`).
 */
export function validate<T>(schema: z.ZodType<T>, input: unknown, prefix: readonly PropertyKey[] = []): T {
  let result = schema.safeParse(input);
  // The platform's JSON reader takes an explicit `null` in an optional field as the field not sent
  // (commercetools' own test-data builders and sample data sets send such nulls). Only the members
  // a parse refuses are dropped, so a `null` inside a free-form JSON value (a custom object's value,
  // an attribute's) is kept; a required field that is `null` is still refused, quoting the null.
  let candidate = input;
  for (let round = 0; !result.success && round < MAX_NULL_ROUNDS; round++) {
    const refusedNulls = nullPaths(result.error.issues, candidate);
    if (refusedNulls.length === 0) break;
    candidate = withoutMembers(candidate, refusedNulls);
    result = schema.safeParse(candidate);
  }
  if (result.success) return result.data;
  throw fieldErrors(result.error.issues.map((issue) => issueToError(issue, input, prefix)));
}

/** A refusal can hide another until the first is gone (a union tries its members one by one). */
const MAX_NULL_ROUNDS = 4;

/** The paths of the nulls these issues refuse, the issues of each member a union tried included. */
function nullPaths(issues: readonly z.core.$ZodIssue[], input: unknown, base: readonly PropertyKey[] = []): PropertyKey[][] {
  const paths: PropertyKey[][] = [];
  for (const issue of issues) {
    const path = [...base, ...issue.path];
    if (issue.code === 'invalid_type' && valueAt(input, path) === null) paths.push(path);
    else if (issue.code === 'invalid_union') for (const member of issue.errors) paths.push(...nullPaths(member, input, path));
  }
  return paths;
}

/** A copy of `input` without the object members at `paths`, sharing every subtree it does not change. */
function withoutMembers(input: unknown, paths: ReadonlyArray<readonly PropertyKey[]>): unknown {
  const byHead = new Map<PropertyKey, Array<readonly PropertyKey[]>>();
  const dropped = new Set<PropertyKey>();
  for (const path of paths) {
    const [head, ...rest] = path;
    if (head === undefined) continue;
    if (rest.length === 0) dropped.add(head);
    else byHead.set(head, [...(byHead.get(head) ?? []), rest]);
  }
  if (Array.isArray(input)) {
    // An array's element that is null is refused as it is: only object members count as absent.
    return input.map((element, index) => (byHead.has(index) ? withoutMembers(element, byHead.get(index)!) : element));
  }
  if (!isPlainObject(input)) return input;
  // fromEntries defines each member, so a member named `__proto__` stays a member.
  return Object.fromEntries(
    Object.entries(input)
      .filter(([name]) => !dropped.has(name))
      .map(([name, value]) => [name, byHead.has(name) ? withoutMembers(value, byHead.get(name)!) : value]),
  );
}

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A field that other fields of the draft make required (a customer's `password` unless it uses
 * ExternalAuth, a division's `parentUnit`): a business rule, so a RequiredField, reported once the
 * body's shape is right. A plain check rather than `superRefine`, which builds a closure on every
 * parse: seeding validates tens of thousands of drafts.
 */
export function requiredWhen<T extends object>(field: keyof T & string, isRequired: (draft: T) => boolean): z.core.$ZodCheck<T> {
  return _check<T>(
    (payload) => {
      const draft = payload.value;
      if ((draft as Record<string, unknown>)[field] === undefined && isRequired(draft)) {
        payload.issues.push({ code: 'custom', input: undefined, path: [field], message: 'Required.', params: { [REQUIRED]: true } });
      }
    },
    { when: (payload) => isPlainObject(payload.value) },
  );
}

/** A project key, as the platform allows them (the programmatic API, the admin API, exports and options check it alike). */
export const PROJECT_KEY_PATTERN = /^[a-z0-9_-]{2,36}$/;
export const ProjectKey = z.string().regex(PROJECT_KEY_PATTERN, 'Project keys have 2 to 36 characters: a-z, 0-9, - and _.');

/**
 * The version a request expects a resource to have. Any integer: one that is not the resource's
 * current version (0, -1, an old one) is a 409 ConcurrentModification naming the current one, as on
 * the platform, not a 400.
 */
export const ExpectedVersion = z.number().int();
