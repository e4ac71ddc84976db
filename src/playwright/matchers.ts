/**
 * Custom `expect` matchers over the `commerce` fixture, responses and SDK errors (see docs/playwright.md).
 *
 * Every matcher is a function expression whose first parameter types the receiver: Playwright's
 * `expect.extend` typing offers a matcher only on values assignable to that parameter, so
 * `expect(commerce).toHaveStored(...)` typechecks and `expect(42).toHaveStored(...)` does not.
 */
import type { ExpectMatcherState, MatcherReturnType } from '@playwright/test';
import type { TokenKind, TokenRecord } from '../auth/tokens.js';
import type { CommerceMock } from '../api/mock.js';
import type { PagedResult } from '../query/index.js';
import { resourceDefinitions } from '../resources/index.js';
import type { TypeId } from '../resources/type-map.js';
import type { Commerce } from './commerce.js';
import { PERMISSIONS, type Permission, type PermissionDecision } from '../engine/permissions.js';
import { type Source, type Sources, sourcesOf, webFirst } from './web-first.js';
import type { JournalEntry } from '../core/journal.js';

/** `M` when `T` is `any`, else `unknown` (which leaves a matcher's type as `expect.extend` made it). */
type OnAny<T, M> = 0 extends 1 & T ? M : unknown;

// On a value typed `any` Playwright offers its own matchers only, none of `expect.extend`'s. Yet an
// error caught in JavaScript, `await response.json()` and whatever follows `.rejects` are `any`:
// the two matchers meant for such values are declared for `any` receivers here.
declare global {
  namespace PlaywrightTest {
    interface Matchers<R, T = unknown> {
      toBeCommerceError: OnAny<T, (status: number, code?: string) => Promise<void>>;
      toHaveVersion: OnAny<T, (version: number) => R>;
    }
  }
}

/** What the token and storage matchers take: the `commerce` fixture (or a bare `CommerceMock`). */
export type CommerceReceiver = Commerce | CommerceMock;

/** A resource, or what holds one: an SDK `ClientResponse`, a `CustomerSignInResult`. */
export interface Versioned {
  version: number;
}
export type VersionReceiver = Versioned | { customer: Versioned } | { body: Versioned | { customer: Versioned } } | null | undefined;

/** A partial resource (matched as a recursive subset, like `toMatchObject`) or a predicate. */
export type StoredExpectation = Record<string, unknown> | ((resource: any) => boolean);

type Context = ExpectMatcherState;

function matcherError(context: Context, hint: string, problem: string, received: unknown): Error {
  return new Error(`${hint}\n\nMatcher error: ${problem}\n\nReceived: ${context.utils.printReceived(received)}`);
}

/** What the receiver lets the matcher read, or a matcher error when it is not the fixture or a mock. */
function readable(context: Context, hint: string, received: unknown): Sources {
  const sources = sourcesOf(received);
  if (sources) return sources;
  throw matcherError(context, hint, 'the received value must be the `commerce` fixture (or a CommerceMock)', received);
}

type Judged = MatcherReturnType | Promise<MatcherReturnType>;

const withoutArticle = (phrase: string) => phrase.replace(/^an? /, '');

// Misuse ------------------------------------------------------------------------------------------
// A wrong argument is a usage error, thrown: an assertion on `undefined` or on a misspelt filter key
// would otherwise pass (or its `.not` would), and the test would prove nothing.

function usageError(context: Context, hint: string, problem: string, name: string, value: unknown): Error {
  return new Error(`${hint}\n\nMatcher error: ${problem}\n\n${name} has value: ${context.utils.printExpected(value)}`);
}

const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';

function requireText(context: Context, hint: string, name: string, value: unknown): asserts value is string {
  if (!isText(value)) throw usageError(context, hint, `${name} must be a non-empty string`, name, value);
}

/**
 * An optional argument, given as rest parameters so that an explicit `undefined` (an id that is not
 * there yet) is told apart from leaving the argument out (any).
 */
function optionalText(context: Context, hint: string, name: string, given: readonly unknown[], without: string): string | undefined {
  if (given.length === 0) return undefined;
  if (!isText(given[0]))
    throw usageError(context, hint, `${name} must be a non-empty string; leave it out to match ${without}`, name, given[0]);
  return given[0];
}

const TYPE_IDS: readonly string[] = resourceDefinitions.map((definition) => definition.typeId);

function requireTypeId(context: Context, hint: string, value: unknown): asserts value is TypeId {
  if (!TYPE_IDS.includes(value as string)) {
    throw usageError(context, hint, 'typeId must be a resource type id: "customer", "key-value-document", "product", ...', 'typeId', value);
  }
}

function requireCount(context: Context, hint: string, name: string, value: unknown, minimum: number): asserts value is number {
  if (!Number.isInteger(value) || (value as number) < minimum) {
    throw usageError(context, hint, `${name} must be an integer of at least ${minimum}`, name, value);
  }
}

const hintOptions = (context: Context, extra: { secondArgument?: string } = {}) => ({
  isNot: context.isNot,
  promise: context.promise,
  ...extra,
});

// Tokens ------------------------------------------------------------------------------------------

function describeToken(token: TokenRecord): string {
  const parts = [`client ${JSON.stringify(token.clientId)}`];
  if (token.customerId !== undefined) parts.push(`customerId ${JSON.stringify(token.customerId)}`);
  if (token.anonymousId !== undefined) parts.push(`anonymousId ${JSON.stringify(token.anonymousId)}`);
  if (token.storeKey !== undefined) parts.push(`store ${JSON.stringify(token.storeKey)}`);
  parts.push(`scope ${JSON.stringify(token.scope)}`);
  return `  - ${token.kind} token: ${parts.join(', ')}`;
}

function listTokens(tokens: TokenRecord[]): string {
  return tokens.length === 0 ? '  (none)' : tokens.map(describeToken).join('\n');
}

/** What each token matcher looks for: tokens of a kind, for one customer, session or client when given. */
const TOKEN_MATCHERS = {
  toHaveIssuedCustomerToken: { kind: 'customer', field: 'customerId', owner: 'customer', article: 'a', required: true },
  toHaveIssuedAnonymousToken: { kind: 'anonymous', field: 'anonymousId', owner: 'session', article: 'an', required: false },
  toHaveIssuedClientToken: { kind: 'client', field: 'clientId', owner: 'client', article: 'a', required: false },
} as const satisfies Record<
  string,
  { kind: TokenKind; field: 'customerId' | 'anonymousId' | 'clientId'; owner: string; article: string; required: boolean }
>;

function issuedToken(
  context: Context,
  matcherName: keyof typeof TOKEN_MATCHERS,
  received: CommerceReceiver,
  given: readonly unknown[],
): Judged {
  const { kind, field, owner, article, required } = TOKEN_MATCHERS[matcherName];
  const hint = context.utils.matcherHint(matcherName, 'commerce', given.length === 0 ? '' : field, hintOptions(context));
  if (required) requireText(context, hint, field, given[0]);
  const id = optionalText(context, hint, field, given, `any ${kind} token`);
  const wanted = `${article} ${kind} token${id === undefined ? '' : ` for ${owner} ${context.utils.printExpected(id)}`}`;
  return webFirst(
    context,
    readable(context, hint, received),
    (source) => source.tokens(),
    (tokens) => {
      const ofKind = tokens.filter((token) => token.kind === kind);
      const matching = id === undefined ? ofKind : ofKind.filter((token) => token[field] === id);
      const pass = matching.length > 0;
      const message = () =>
        pass
          ? `${hint}\n\nExpected: no ${withoutArticle(wanted)}\nReceived: ${matching.length} issued:\n${listTokens(matching)}`
          : `${hint}\n\nExpected: ${wanted}\nReceived: none; the tokens issued in this test:\n${listTokens(tokens)}`;
      return { pass, message, name: matcherName, expected: id, actual: ofKind.map((token) => token[field]) };
    },
  );
}

// Associate permission decisions --------------------------------------------------------------

/** Which recorded as-associate decisions to look for; every given field must match. */
export interface AssociateDecisionFilter {
  associateId?: string;
  businessUnitKey?: string;
  /** A permission the decision named (for a denial: one of those that would have sufficed). */
  permission?: Permission;
  /** The attempted action, as recorded: `view cart`, `update business-unit`, ... */
  action?: string;
}

const DECISION_FILTER_KEYS = ['associateId', 'businessUnitKey', 'permission', 'action'] as const satisfies ReadonlyArray<
  keyof AssociateDecisionFilter
>;

/** The filter, checked: an object of known keys with string values, a permission the platform has. */
function decisionFilter(context: Context, hint: string, given: readonly unknown[]): AssociateDecisionFilter {
  if (given.length === 0) return {};
  const filter = given[0];
  const keys = DECISION_FILTER_KEYS.join(', ');
  if (!isObject(filter) || Array.isArray(filter)) {
    throw usageError(
      context,
      hint,
      `the filter must be an object with any of ${keys}; leave it out to match any decision`,
      'filter',
      filter,
    );
  }
  for (const [key, value] of Object.entries(filter)) {
    if (!(DECISION_FILTER_KEYS as readonly string[]).includes(key)) {
      throw usageError(context, hint, `unknown filter key ${JSON.stringify(key)}: a filter takes ${keys}`, 'filter', filter);
    }
    requireText(context, hint, `filter.${key}`, value);
  }
  if (filter.permission !== undefined && !(PERMISSIONS as readonly unknown[]).includes(filter.permission)) {
    throw usageError(
      context,
      hint,
      "filter.permission must be one of the platform's associate permissions",
      'filter.permission',
      filter.permission,
    );
  }
  return filter as AssociateDecisionFilter;
}

function describeDecision(decision: PermissionDecision): string {
  const verdict = decision.allowed ? 'allowed' : 'denied';
  return `  - ${verdict}: associate ${JSON.stringify(decision.associateId)} in ${JSON.stringify(decision.businessUnitKey)}, ${decision.action} (${decision.permissions.join(' or ') || 'no permission needed'})`;
}

function associateDecision(
  context: Context,
  matcherName: string,
  received: CommerceReceiver,
  allowed: boolean,
  given: readonly unknown[],
): Judged {
  const hint = context.utils.matcherHint(matcherName, 'commerce', given.length === 0 ? '' : 'filter', hintOptions(context));
  const filter = decisionFilter(context, hint, given);
  const wanted = `${allowed ? 'an allowed' : 'a denied'} associate request${Object.keys(filter).length ? ` matching ${context.utils.printExpected(filter)}` : ''}`;
  const list = (entries: PermissionDecision[]) => (entries.length === 0 ? '  (none)' : entries.map(describeDecision).join('\n'));
  return webFirst(
    context,
    readable(context, hint, received),
    (source) => source.permissionDecisions(),
    (decisions) => {
      const matching = decisions.filter(
        (decision) =>
          decision.allowed === allowed &&
          (filter.associateId === undefined || decision.associateId === filter.associateId) &&
          (filter.businessUnitKey === undefined || decision.businessUnitKey === filter.businessUnitKey) &&
          (filter.action === undefined || decision.action === filter.action) &&
          (filter.permission === undefined || decision.permissions.includes(filter.permission)),
      );
      const pass = matching.length > 0;
      const message = () =>
        pass
          ? `${hint}\n\nExpected: no ${withoutArticle(wanted)}\nReceived: ${matching.length} recorded:\n${list(matching)}`
          : `${hint}\n\nExpected: ${wanted}\nReceived: none; the decisions recorded in this test:\n${list(decisions)}`;
      return { pass, message, name: matcherName, expected: filter, actual: decisions };
    },
  );
}

// Stored resources ----------------------------------------------------------------------------------

interface AsymmetricMatcher {
  asymmetricMatch(other: unknown): boolean;
}

const isAsymmetric = (value: unknown): value is AsymmetricMatcher =>
  typeof value === 'object' && value !== null && typeof (value as Partial<AsymmetricMatcher>).asymmetricMatch === 'function';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** `expected` is a recursive subset of `actual`: objects by the keys of `expected`, arrays element by element and of equal length. */
function subsetMatches(actual: unknown, expected: unknown): boolean {
  if (isAsymmetric(expected)) return expected.asymmetricMatch(actual);
  if (expected instanceof RegExp)
    return typeof actual === 'string' ? expected.test(actual) : actual instanceof RegExp && String(actual) === String(expected);
  if (Array.isArray(expected)) {
    return (
      Array.isArray(actual) && actual.length === expected.length && expected.every((entry, index) => subsetMatches(actual[index], entry))
    );
  }
  if (isObject(expected)) {
    return (
      isObject(actual) && !Array.isArray(actual) && Object.keys(expected).every((field) => subsetMatches(actual[field], expected[field]))
    );
  }
  return Object.is(actual, expected);
}

/** How many of the leaves of `expected` `actual` matches: to find the closest stored resource. */
function similarity(actual: unknown, expected: unknown): number {
  if (Array.isArray(expected)) {
    return Array.isArray(actual) ? expected.reduce<number>((sum, entry, index) => sum + similarity(actual[index], entry), 0) : 0;
  }
  if (isObject(expected) && !isAsymmetric(expected) && !(expected instanceof RegExp)) {
    return isObject(actual) ? Object.keys(expected).reduce((sum, field) => sum + similarity(actual[field], expected[field]), 0) : 0;
  }
  return subsetMatches(actual, expected) ? 1 : 0;
}

/** The part of `actual` that `expected` talks about, for a readable diff. */
function subsetOf(actual: unknown, expected: unknown): unknown {
  if (Array.isArray(expected) && Array.isArray(actual)) return actual.map((entry, index) => subsetOf(entry, expected[index]));
  if (isObject(expected) && !Array.isArray(expected) && !isAsymmetric(expected) && isObject(actual) && !Array.isArray(actual)) {
    const out: Record<string, unknown> = {};
    for (const field of Object.keys(expected)) if (field in actual) out[field] = subsetOf(actual[field], expected[field]);
    return out;
  }
  return actual;
}

function label(resource: object): string {
  const { id, key } = resource as { id?: unknown; key?: unknown };
  return key !== undefined ? `${String(id)} (key ${JSON.stringify(key)})` : String(id);
}

function listMessages(messages: object[], limit = 20): string {
  if (messages.length === 0) return '  (none)';
  const lines = messages.slice(-limit).map((message) => {
    const { type, sequenceNumber, resource, resourceVersion } = message as {
      type: string;
      sequenceNumber: number;
      resource: { typeId: string; id: string };
      resourceVersion: number;
    };
    return `  - ${type} #${sequenceNumber} of ${resource.typeId} ${resource.id} (version ${resourceVersion})`;
  });
  return `${messages.length > limit ? `  ... ${messages.length - limit} earlier\n` : ''}${lines.join('\n')}`;
}

/** What a delivery tells: its message type, or its change notification (`ResourceCreated`, ...). */
function deliveredKind(delivery: object): string {
  const { messageType, notificationType } = delivery as { messageType?: string; notificationType: string };
  return messageType ?? notificationType;
}

function listDeliveries(deliveries: object[], limit = 20): string {
  if (deliveries.length === 0) return '  (none)';
  const lines = deliveries.slice(-limit).map((delivery) => {
    const { subscription, subscriptionKey, resource, format } = delivery as {
      subscription: { id: string };
      subscriptionKey?: string;
      resource: { typeId: string; id: string };
      format: string;
    };
    const to = subscriptionKey !== undefined ? `key ${JSON.stringify(subscriptionKey)}` : subscription.id;
    return `  - ${deliveredKind(delivery)} of ${resource.typeId} ${resource.id} to subscription ${to} (${format})`;
  });
  return `${deliveries.length > limit ? `  ... ${deliveries.length - limit} earlier\n` : ''}${lines.join('\n')}`;
}

function listResources(resources: object[], limit = 10): string {
  const shown = resources.slice(0, limit).map((resource) => `  - ${label(resource)}`);
  if (resources.length > limit) shown.push(`  ... and ${resources.length - limit} more`);
  return shown.length > 0 ? shown.join('\n') : '  (none)';
}

const plural = (count: number, typeId: string) => `${count} stored ${typeId}${count === 1 ? '' : ' resources'}`;

// The request journal ----------------------------------------------------------------------------

/** A request the mock received: each given field must match; `body` is a partial JSON (or form) body or a predicate on it. */
export interface ReceivedRequest {
  method?: string;
  /** The exact path (`/my-project/carts`), or a pattern tested against it. */
  path?: string | RegExp;
  status?: number;
  body?: Record<string, unknown> | ((body: any) => boolean);
}

const RECEIVED_KEYS = ['method', 'path', 'status', 'body'] as const;

function receivedRequest(context: Context, hint: string, value: unknown): ReceivedRequest {
  const keys = RECEIVED_KEYS.join(', ');
  if (!isObject(value) || Array.isArray(value))
    throw usageError(context, hint, `the request must be an object with any of ${keys}`, 'request', value);
  for (const key of Object.keys(value)) {
    if (!(RECEIVED_KEYS as readonly string[]).includes(key))
      throw usageError(context, hint, `unknown key ${JSON.stringify(key)}: a request takes ${keys}`, 'request', value);
  }
  const { method, path, status, body } = value;
  if (method !== undefined) requireText(context, hint, 'request.method', method);
  if (path !== undefined && !isText(path) && !(path instanceof RegExp))
    throw usageError(context, hint, 'request.path must be a path or a regular expression', 'request.path', path);
  if (status !== undefined && (!Number.isInteger(status) || (status as number) < 100 || (status as number) > 599))
    throw usageError(context, hint, 'request.status must be an HTTP status code', 'request.status', status);
  if (body !== undefined && typeof body !== 'function' && (!isObject(body) || Array.isArray(body)))
    throw usageError(context, hint, 'request.body must be a partial body (an object) or a predicate', 'request.body', body);
  return value as ReceivedRequest;
}

/** A request body as the test wrote it: JSON, or a form (the token routes); undefined when cut short or absent. */
function parsedBody(entry: JournalEntry): unknown {
  if (entry.requestBody === undefined) return undefined;
  try {
    return JSON.parse(entry.requestBody);
  } catch {
    return /^[\w.%+-]+=/.test(entry.requestBody) ? Object.fromEntries(new URLSearchParams(entry.requestBody)) : undefined;
  }
}

function requestMatches(entry: JournalEntry, expected: ReceivedRequest): boolean {
  if (expected.method !== undefined && entry.method !== expected.method.toUpperCase()) return false;
  if (
    expected.path !== undefined &&
    (typeof expected.path === 'string' ? entry.path !== expected.path : entry.path.search(expected.path) < 0)
  )
    return false;
  if (expected.status !== undefined && entry.status !== expected.status) return false;
  if (expected.body === undefined) return true;
  const body = parsedBody(entry);
  return typeof expected.body === 'function' ? body !== undefined && Boolean(expected.body(body)) : subsetMatches(body, expected.body);
}

function listRequests(entries: JournalEntry[], limit = 20): string {
  const shown = entries
    .slice(-limit)
    .map(
      (entry) =>
        `  - ${entry.method} ${entry.path}${entry.query ? `?${entry.query}` : ''} → ${entry.status} (${entry.caller.kind}${entry.caller.id ? ` ${entry.caller.id}` : ''})`,
    );
  if (entries.length > limit) shown.unshift(`  ... ${entries.length - limit} earlier ones`);
  return shown.length > 0 ? shown.join('\n') : '  (none)';
}

// The matchers ---------------------------------------------------------------------------------------

export const commerceMatchers = {
  /** The mock refused an as-associate request (403 AssociateMissingPermission) matching the filter. */
  toHaveDeniedAssociate: function (
    this: ExpectMatcherState,
    received: CommerceReceiver,
    ...given: [filter?: AssociateDecisionFilter]
  ): Judged {
    return associateDecision(this, 'toHaveDeniedAssociate', received, false, given);
  },

  /** The mock let an as-associate request through on the associate's permissions, matching the filter. */
  toHaveAllowedAssociate: function (
    this: ExpectMatcherState,
    received: CommerceReceiver,
    ...given: [filter?: AssociateDecisionFilter]
  ): Judged {
    return associateDecision(this, 'toHaveAllowedAssociate', received, true, given);
  },

  /** Some customer token was issued for this customer (password flow, `commerce.customerToken`, ...). */
  toHaveIssuedCustomerToken: function (this: ExpectMatcherState, received: CommerceReceiver, customerId: string): Judged {
    return issuedToken(this, 'toHaveIssuedCustomerToken', received, [customerId]);
  },

  /** Some anonymous-session token was issued; for this anonymous id when one is given. */
  toHaveIssuedAnonymousToken: function (this: ExpectMatcherState, received: CommerceReceiver, ...given: [anonymousId?: string]): Judged {
    return issuedToken(this, 'toHaveIssuedAnonymousToken', received, given);
  },

  /** Some client-credentials token was issued; to this client id when one is given. */
  toHaveIssuedClientToken: function (this: ExpectMatcherState, received: CommerceReceiver, ...given: [clientId?: string]): Judged {
    return issuedToken(this, 'toHaveIssuedClientToken', received, given);
  },

  /**
   * Some stored resource of the type matches: a partial resource (a recursive subset, as `toMatchObject`
   * compares; asymmetric matchers such as `expect.any(String)` and regular expressions for strings work
   * inside it) or a predicate.
   */
  toHaveStored: function (this: ExpectMatcherState, received: CommerceReceiver, typeId: TypeId, expected: StoredExpectation): Judged {
    const utils = this.utils;
    const hint = utils.matcherHint('toHaveStored', 'commerce', 'typeId', hintOptions(this, { secondArgument: 'expected' }));
    requireTypeId(this, hint, typeId);
    if (typeof expected !== 'function' && (!isObject(expected) || Array.isArray(expected))) {
      throw usageError(this, hint, 'expected must be a partial resource (an object) or a predicate', 'expected', expected);
    }
    const predicate = typeof expected === 'function';
    const matches = (resource: object) => (predicate ? Boolean(expected(resource)) : subsetMatches(resource, expected));
    const wanted = predicate
      ? `a stored ${typeId} for which the predicate holds`
      : `a stored ${typeId} matching ${utils.printExpected(expected)}`;
    return webFirst(
      this,
      readable(this, hint, received),
      (source) => source.all(typeId),
      (all) => {
        const matching = all.filter(matches);
        const pass = matching.length > 0;
        const message = () => {
          if (pass) {
            const first = matching[0]!;
            return (
              `${hint}\n\nExpected: no ${withoutArticle(wanted)}\nReceived: ${matching.length} matching:\n${listResources(matching)}\n\n` +
              `First match: ${utils.printReceived(predicate ? first : subsetOf(first, expected))}`
            );
          }
          if (all.length === 0) return `${hint}\n\nExpected: ${wanted}\nReceived: no ${typeId} is stored`;
          if (predicate)
            return `${hint}\n\nExpected: ${wanted}\nReceived: ${plural(all.length, typeId)}, none satisfies it:\n${listResources(all)}`;
          const closest = all.reduce((best, resource) => (similarity(resource, expected) > similarity(best, expected) ? resource : best));
          return (
            `${hint}\n\nExpected: ${wanted}\nReceived: ${plural(all.length, typeId)}, none matches; the closest, ${label(closest)}:\n\n` +
            utils.printDiffOrStringify(expected, subsetOf(closest, expected), 'Expected', 'Received', true)
          );
        };
        return { pass, message, name: 'toHaveStored', expected, actual: matching.slice(0, 10) };
      },
    );
  },

  /** So many resources of the type are stored; with `where`, so many match that query predicate (as `?where=` filters). */
  toHaveStoredCount: function (
    this: ExpectMatcherState,
    received: CommerceReceiver,
    typeId: TypeId,
    count: number,
    ...given: [where?: string | string[]]
  ): Judged {
    const hint = this.utils.matcherHint(
      'toHaveStoredCount',
      'commerce',
      'typeId',
      hintOptions(this, { secondArgument: given.length === 0 ? 'count' : 'count, where' }),
    );
    requireTypeId(this, hint, typeId);
    requireCount(this, hint, 'count', count, 0);
    const where = given[0];
    if (given.length > 0 && !(isText(where) || (Array.isArray(where) && where.length > 0 && where.every(isText)))) {
      throw usageError(
        this,
        hint,
        'where must be a query predicate or a non-empty list of them; leave it out to count them all',
        'where',
        where,
      );
    }
    const scope =
      where === undefined
        ? ''
        : ` where ${[where]
            .flat()
            .map((predicate) => JSON.stringify(predicate))
            .join(' and ')}`;
    const read = (source: Source): PagedResult<object> | Promise<PagedResult<object>> | object[] | Promise<object[]> =>
      where === undefined ? source.all(typeId) : source.query(typeId, { where, limit: '20' });
    return webFirst(this, readable(this, hint, received), read, (found) => {
      const counted = Array.isArray(found) ? found : found.results;
      const actual = Array.isArray(found) ? found.length : (found.total ?? found.results.length);
      const pass = actual === count;
      const message = () =>
        `${hint}\n\nExpected: ${this.isNot ? 'not ' : ''}${this.utils.printExpected(count)} stored ${typeId}${scope}\n` +
        `Received: ${this.utils.printReceived(actual)}${actual > 0 ? `:\n${listResources(counted)}` : ''}`;
      return { pass, message, name: 'toHaveStoredCount', expected: count, actual };
    });
  },

  /**
   * The mock received a request like this during the test (any number of times, or exactly `times`):
   * WireMock-style verification on the request journal. `body` is compared as `toHaveStored` compares.
   */
  toHaveReceived: function (
    this: ExpectMatcherState,
    received: CommerceReceiver,
    request: ReceivedRequest,
    ...given: [options?: { times?: number }]
  ): Judged {
    const utils = this.utils;
    const hint = utils.matcherHint(
      'toHaveReceived',
      'commerce',
      'request',
      hintOptions(this, given.length === 0 ? {} : { secondArgument: 'options' }),
    );
    const expected = receivedRequest(this, hint, request);
    const options = given[0];
    if (given.length > 0) {
      if (!isObject(options) || Object.keys(options).some((key) => key !== 'times'))
        throw usageError(this, hint, 'options must be { times }; leave them out to match at least one request', 'options', options);
      requireCount(this, hint, 'options.times', options.times, 0);
    }
    const times = options?.times;
    const shown = { ...expected, ...(typeof expected.body === 'function' ? { body: 'a predicate' } : {}) };
    const wanted = `${times === undefined ? 'a request' : `exactly ${times} request${times === 1 ? '' : 's'}`} matching ${utils.printExpected(shown)}`;
    return webFirst(
      this,
      readable(this, hint, received),
      (source) => source.requests({}),
      (entries) => {
        const matching = entries.filter((entry) => requestMatches(entry, expected));
        const pass = times === undefined ? matching.length > 0 : matching.length === times;
        const message = () =>
          `${hint}\n\nExpected: ${this.isNot ? 'not ' : ''}${wanted}\nReceived: ${matching.length} matching${matching.length > 0 ? `:\n${listRequests(matching)}` : ''}\n\n` +
          `The requests the mock received in this test:\n${listRequests(entries)}`;
        return { pass, message, name: 'toHaveReceived', expected: shown, actual: matching.length };
      },
    );
  },

  /**
   * The project recorded a message of this type (`CustomerCreated`, `OrderStateChanged`, ...); with
   * `expected`, one whose fields match it as `toHaveStored` compares (`{ resource: { id } }`, a payload field).
   */
  toHaveEmittedMessage: function (
    this: ExpectMatcherState,
    received: CommerceReceiver,
    type: string,
    ...given: [expected?: Record<string, unknown>]
  ): Judged {
    const utils = this.utils;
    const hint = utils.matcherHint(
      'toHaveEmittedMessage',
      'commerce',
      'type',
      hintOptions(this, given.length === 0 ? {} : { secondArgument: 'expected' }),
    );
    requireText(this, hint, 'type', type);
    const expected = given[0];
    if (given.length > 0 && (!isObject(expected) || Array.isArray(expected))) {
      throw usageError(
        this,
        hint,
        'expected must be a partial message (an object); leave it out to match any message of the type',
        'expected',
        expected,
      );
    }
    const wanted = `a ${type} message${expected === undefined ? '' : ` matching ${utils.printExpected(expected)}`}`;
    return webFirst(
      this,
      readable(this, hint, received),
      (source) => source.messages({}),
      (messages) => {
        const ofType = messages.filter((message) => (message as { type?: unknown }).type === type);
        const matching = expected === undefined ? ofType : ofType.filter((message) => subsetMatches(message, expected));
        const pass = matching.length > 0;
        const message = () => {
          const found = `The messages the project recorded:\n${listMessages(messages)}`;
          if (pass) return `${hint}\n\nExpected: no ${withoutArticle(wanted)}\nReceived: ${matching.length} matching\n\n${found}`;
          if (ofType.length === 0 || expected === undefined)
            return `${hint}\n\nExpected: ${wanted}\nReceived: none of the type\n\n${found}`;
          const closest = ofType.reduce((best, one) => (similarity(one, expected) > similarity(best, expected) ? one : best));
          return (
            `${hint}\n\nExpected: ${wanted}\nReceived: ${ofType.length} ${type} message${ofType.length === 1 ? '' : 's'}, none matches; the closest:\n\n` +
            utils.printDiffOrStringify(expected, subsetOf(closest, expected), 'Expected', 'Received', true)
          );
        };
        return { pass, message, name: 'toHaveEmittedMessage', expected: expected ?? type, actual: matching.slice(0, 10) };
      },
    );
  },

  /**
   * A subscription received a notification of this kind: a message type (`OrderCreated`) or a change
   * (`ResourceCreated`, `ResourceUpdated`, `ResourceDeleted`); with `expected`, one whose fields match
   * it as `toHaveStored` compares (`{ subscriptionKey, resource: { id }, payload: { ... } }`).
   */
  toHaveDelivered: function (
    this: ExpectMatcherState,
    received: CommerceReceiver,
    kind: string,
    ...given: [expected?: Record<string, unknown>]
  ): Judged {
    const utils = this.utils;
    const hint = utils.matcherHint(
      'toHaveDelivered',
      'commerce',
      'kind',
      hintOptions(this, given.length === 0 ? {} : { secondArgument: 'expected' }),
    );
    requireText(this, hint, 'kind', kind);
    const expected = given[0];
    if (given.length > 0 && (!isObject(expected) || Array.isArray(expected))) {
      throw usageError(
        this,
        hint,
        'expected must be a partial delivery (an object); leave it out to match any delivery of the kind',
        'expected',
        expected,
      );
    }
    const wanted = `a ${kind} delivery${expected === undefined ? '' : ` matching ${utils.printExpected(expected)}`}`;
    return webFirst(
      this,
      readable(this, hint, received),
      (source) => source.deliveries({}),
      (deliveries) => {
        const ofKind = deliveries.filter((delivery) => deliveredKind(delivery) === kind);
        const matching = expected === undefined ? ofKind : ofKind.filter((delivery) => subsetMatches(delivery, expected));
        const pass = matching.length > 0;
        const message = () => {
          const found = `What the subscriptions received:\n${listDeliveries(deliveries)}`;
          if (pass) return `${hint}\n\nExpected: no ${withoutArticle(wanted)}\nReceived: ${matching.length} matching\n\n${found}`;
          if (ofKind.length === 0 || expected === undefined)
            return `${hint}\n\nExpected: ${wanted}\nReceived: none of the kind\n\n${found}`;
          const closest = ofKind.reduce((best, one) => (similarity(one, expected) > similarity(best, expected) ? one : best));
          return (
            `${hint}\n\nExpected: ${wanted}\nReceived: ${ofKind.length} ${kind} deliver${ofKind.length === 1 ? 'y' : 'ies'}, none matches; the closest:\n\n` +
            utils.printDiffOrStringify(expected, subsetOf(closest, expected), 'Expected', 'Received', true)
          );
        };
        return { pass, message, name: 'toHaveDelivered', expected: expected ?? kind, actual: matching.slice(0, 10) };
      },
    );
  },

  /**
   * The value is an error answer of the API or token server with this status (and, when given, an
   * error of this code among `errors[].code`). Takes a fetch `Response`, a Playwright `APIResponse`, an
   * error the SDK threw, a `PlatformError`, a platform error body, or a promise of any of these (a
   * rejected promise is judged by its reason). Asynchronous: always `await` it.
   */
  toBeCommerceError: async function (
    this: ExpectMatcherState,
    received: unknown,
    status: number,
    ...given: [code?: string]
  ): Promise<MatcherReturnType> {
    const utils = this.utils;
    const hint = utils.matcherHint(
      'toBeCommerceError',
      undefined,
      'status',
      hintOptions(this, given.length === 0 ? {} : { secondArgument: 'code' }),
    );
    if (!Number.isInteger(status) || status < 100 || status > 599) {
      throw usageError(this, hint, 'status must be an HTTP status code, an integer from 100 to 599', 'status', status);
    }
    const code = optionalText(this, hint, 'code', given, 'any error code');
    const answer = await errorAnswer(received);
    const pass = answer.status === status && (code === undefined || answer.codes.includes(code));
    const expectedText = `${utils.printExpected(status)}${code === undefined ? '' : ` ${utils.printExpected(code)}`}`;
    const message = () => {
      let receivedText: string;
      if (answer.status === undefined) {
        receivedText = `${answer.source}: ${utils.printReceived(answer.value)}, which is no HTTP answer`;
      } else {
        receivedText = [
          utils.printReceived(answer.status),
          ...answer.codes.map((c) => utils.printReceived(c)),
          ...(answer.message ? [`— ${JSON.stringify(answer.message)}`] : []),
          ...(answer.bodyUnread ? ['(the body was read before the matcher could)'] : []),
          ...(answer.source === 'value' ? [] : [`(${answer.source})`]),
        ].join(' ');
      }
      return `${hint}\n\nExpected: ${this.isNot ? 'not ' : ''}${expectedText}\nReceived: ${receivedText}`;
    };
    return { pass, message, name: 'toBeCommerceError', expected: { status, code }, actual: { status: answer.status, codes: answer.codes } };
  },

  /** The resource (or the resource in an SDK response body, or a sign-in result's customer) has this version. */
  toHaveVersion: function (this: ExpectMatcherState, received: VersionReceiver, version: number): MatcherReturnType {
    const hint = this.utils.matcherHint('toHaveVersion', undefined, 'version', hintOptions(this));
    requireCount(this, hint, 'version', version, 1);
    const resource = versioned(received);
    if (!resource)
      throw matcherError(this, hint, 'the received value must be a resource (with a `version`) or an SDK response holding one', received);
    const pass = resource.version === version;
    const what = typeof resource.id === 'string' ? ` of ${resource.id}` : '';
    const message = () =>
      `${hint}\n\nExpected version${what}: ${this.isNot ? 'not ' : ''}${this.utils.printExpected(version)}\nReceived version${what}: ${this.utils.printReceived(resource.version)}`;
    return { pass, message, name: 'toHaveVersion', expected: version, actual: resource.version };
  },
};

function versioned(value: unknown): (Versioned & { id?: unknown }) | undefined {
  const candidates = [value, (value as { body?: unknown } | null)?.body];
  for (const candidate of [...candidates, ...candidates.map((c) => (c as { customer?: unknown } | null | undefined)?.customer)]) {
    if (isObject(candidate) && typeof candidate.version === 'number') return candidate as unknown as Versioned & { id?: unknown };
  }
  return undefined;
}

interface ErrorAnswer {
  status: number | undefined;
  codes: string[];
  message: string | undefined;
  /** Where the answer came from, for messages: the value itself, or a promise's outcome. */
  source: 'value' | 'resolved promise' | 'rejected promise';
  value: unknown;
  /** A Response whose body the test consumed before any matcher read it. */
  bodyUnread?: boolean;
}

/** Response bodies as the matcher read them, so a later assertion (or the test) can read the response again. */
const responseBodies = new WeakMap<object, Promise<unknown>>();

function responseBody(response: object, read: () => Promise<unknown>): Promise<unknown> {
  let body = responseBodies.get(response);
  if (!body) {
    body = read().catch(() => undefined);
    responseBodies.set(response, body);
  }
  return body;
}

/** The status, error codes and message of whatever the API answered, however it reached the test. */
async function errorAnswer(received: unknown): Promise<ErrorAnswer> {
  let value = received;
  let source: ErrorAnswer['source'] = 'value';
  if (isObject(value) && typeof (value as { then?: unknown }).then === 'function') {
    try {
      value = await (value as unknown as PromiseLike<unknown>);
      source = 'resolved promise';
    } catch (error) {
      value = error;
      source = 'rejected promise';
    }
  }
  const answer = (status: number | undefined, body: unknown, fallbackMessage?: unknown): ErrorAnswer => {
    const envelope = isObject(body) ? body : {};
    const errors = Array.isArray(envelope.errors) ? (envelope.errors as unknown[]) : [];
    const codes = errors.flatMap((error) => (isObject(error) && typeof error.code === 'string' ? [error.code] : []));
    if (codes.length === 0 && typeof envelope.error === 'string') codes.push(envelope.error);
    const message =
      typeof envelope.message === 'string' ? envelope.message : typeof fallbackMessage === 'string' ? fallbackMessage : undefined;
    return { status, codes, message, source, value };
  };
  if (!isObject(value)) return answer(undefined, undefined);
  // A fetch Response: read a clone of the body, so the test can still read it.
  if (typeof value.status === 'number' && typeof value.clone === 'function' && 'headers' in value) {
    const response = value as unknown as Response;
    if (response.bodyUsed && !responseBodies.has(response)) return { ...answer(response.status, undefined), bodyUnread: true };
    return answer(response.status, await responseBody(response, () => response.clone().json()));
  }
  // Playwright's APIResponse (the `request` fixture): status() and json() are methods.
  if (typeof value.status === 'function' && typeof value.json === 'function') {
    const response = value as unknown as { status(): number; json(): Promise<unknown> };
    return answer(response.status(), await responseBody(response, () => response.json()));
  }
  const status = typeof value.statusCode === 'number' ? value.statusCode : typeof value.status === 'number' ? value.status : undefined;
  if (status === undefined) return answer(undefined, undefined);
  // An SDK error carries the platform's body (`body`, or `error` in newer clients); a PlatformError or a
  // platform error body carries `errors` itself; an SDK ClientResponse carries the resource in `body`.
  const body = Array.isArray(value.errors) ? value : isObject(value.body) ? value.body : isObject(value.error) ? value.error : value;
  const answered = answer(status, body, value.message);
  if (answered.codes.length === 0 && typeof value.code === 'string' && status >= 400) answered.codes.push(value.code);
  return answered;
}
