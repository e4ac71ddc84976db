/**
 * Custom `expect` matchers over the `commerce` fixture, responses and SDK errors (see docs/playwright.md).
 *
 * Every matcher is a function expression whose first parameter types the receiver: Playwright's
 * `expect.extend` typing offers a matcher only on values assignable to that parameter, so
 * `expect(commerce).toHaveStored(...)` typechecks and `expect(42).toHaveStored(...)` does not.
 */
import type { ExpectMatcherState, MatcherReturnType } from '@playwright/test';
import type { AuthStore, TokenFilter, TokenRecord } from '../auth/tokens.js';
import type { CommerceMock } from '../mock.js';
import type { PagedResult } from '../query/index.js';
import type { TypeId } from '../resources/type-map.js';
import type { Commerce } from './commerce.js';
import type { PermissionDecision } from '../scopes/index.js';

/** What the token and storage matchers take: the `commerce` fixture (or a bare `CommerceMock`). */
export type CommerceReceiver = Commerce | CommerceMock;

/** A resource, or what holds one: an SDK `ClientResponse`, a `CustomerSignInResult`. */
export interface Versioned {
  version: number;
}
export type VersionReceiver = Versioned | { customer: Versioned } | { body: Versioned | { customer: Versioned } } | null | undefined;

/** A partial resource (matched as a recursive subset, like `toMatchObject`) or a predicate. */
export type StoredExpectation = Record<string, unknown> | ((resource: any) => boolean);

interface Readable {
  tokens: AuthStore;
  all(typeId: string): object[];
  query(typeId: string, params: Record<string, string | string[]>): PagedResult<object>;
}

type Context = ExpectMatcherState;

function matcherError(context: Context, hint: string, problem: string, received: unknown): Error {
  return new Error(`${hint}\n\nMatcher error: ${problem}\n\nReceived: ${context.utils.printReceived(received)}`);
}

/** The fixture's stores, or a matcher error when the receiver is not the fixture. */
function readable(context: Context, hint: string, received: unknown): Readable {
  const value = received as { all?: unknown; query?: unknown; tokens?: unknown; authStore?: unknown } | null;
  if (value && typeof value === 'object' && typeof value.all === 'function' && typeof value.query === 'function') {
    // A CommerceMock answers authStore(); the fixture has a `tokens` getter.
    const tokens = (typeof value.authStore === 'function' ? value.authStore() : value.tokens) as AuthStore | undefined;
    if (tokens && typeof tokens.list === 'function') {
      const fixture = value as unknown as Readable;
      return { tokens, all: (typeId) => fixture.all(typeId), query: (typeId, params) => fixture.query(typeId, params) };
    }
  }
  throw matcherError(context, hint, 'the received value must be the `commerce` fixture (or a CommerceMock)', received);
}

const withoutArticle = (phrase: string) => phrase.replace(/^an? /, '');

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

function issuedToken(
  context: Context,
  matcherName: string,
  received: CommerceReceiver,
  filter: TokenFilter,
  expectedArgument: string,
  wanted: string,
  expected: unknown,
  actualOf: (token: TokenRecord) => unknown,
): MatcherReturnType {
  const hint = context.utils.matcherHint(matcherName, 'commerce', expectedArgument, hintOptions(context));
  const { tokens } = readable(context, hint, received);
  const matching = tokens.list(filter);
  const pass = matching.length > 0;
  const message = () =>
    pass
      ? `${hint}\n\nExpected: no ${withoutArticle(wanted)}\nReceived: ${matching.length} issued:\n${listTokens(matching)}`
      : `${hint}\n\nExpected: ${wanted}\nReceived: none; the tokens issued in this test:\n${listTokens(tokens.list())}`;
  return { pass, message, name: matcherName, expected, actual: tokens.list({ kind: filter.kind }).map(actualOf) };
}

// Associate permission decisions --------------------------------------------------------------

/** Which recorded as-associate decisions to look for; every given field must match. */
export interface AssociateDecisionFilter {
  associateId?: string;
  businessUnitKey?: string;
  /** A permission the decision named (for a denial: one of those that would have sufficed). */
  permission?: string;
  /** The attempted action, as recorded: `view cart`, `update business-unit`, ... */
  action?: string;
}

function decisionsOf(context: Context, hint: string, received: unknown): PermissionDecision[] {
  const value = received as {
    permissionDecisions?: () => PermissionDecision[];
    mock?: { permissionDecisions?: () => PermissionDecision[] };
  } | null;
  const source = value?.permissionDecisions ? value : value?.mock;
  if (source && typeof source.permissionDecisions === 'function') return source.permissionDecisions();
  throw matcherError(context, hint, 'the received value must be the `commerce` fixture (or a CommerceMock)', received);
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
  filter: AssociateDecisionFilter,
): MatcherReturnType {
  const hint = context.utils.matcherHint(matcherName, 'commerce', 'filter', hintOptions(context));
  const decisions = decisionsOf(context, hint, received);
  const matching = decisions.filter(
    (decision) =>
      decision.allowed === allowed &&
      (filter.associateId === undefined || decision.associateId === filter.associateId) &&
      (filter.businessUnitKey === undefined || decision.businessUnitKey === filter.businessUnitKey) &&
      (filter.action === undefined || decision.action === filter.action) &&
      (filter.permission === undefined || decision.permissions.includes(filter.permission as PermissionDecision['permissions'][number])),
  );
  const pass = matching.length > 0;
  const wanted = `${allowed ? 'an allowed' : 'a denied'} associate request${Object.keys(filter).length ? ` matching ${context.utils.printExpected(filter)}` : ''}`;
  const list = (entries: PermissionDecision[]) => (entries.length === 0 ? '  (none)' : entries.map(describeDecision).join('\n'));
  const message = () =>
    pass
      ? `${hint}\n\nExpected: no ${withoutArticle(wanted)}\nReceived: ${matching.length} recorded:\n${list(matching)}`
      : `${hint}\n\nExpected: ${wanted}\nReceived: none; the decisions recorded in this test:\n${list(decisions)}`;
  return { pass, message, name: matcherName, expected: filter, actual: decisions };
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

function listResources(resources: object[], limit = 10): string {
  const shown = resources.slice(0, limit).map((resource) => `  - ${label(resource)}`);
  if (resources.length > limit) shown.push(`  ... and ${resources.length - limit} more`);
  return shown.length > 0 ? shown.join('\n') : '  (none)';
}

const plural = (count: number, typeId: string) => `${count} stored ${typeId}${count === 1 ? '' : ' resources'}`;

// The matchers ---------------------------------------------------------------------------------------

export const commerceMatchers = {
  /** The mock refused an as-associate request (403 AssociateMissingPermission) matching the filter. */
  toHaveDeniedAssociate: function (
    this: ExpectMatcherState,
    received: CommerceReceiver,
    filter: AssociateDecisionFilter = {},
  ): MatcherReturnType {
    return associateDecision(this, 'toHaveDeniedAssociate', received, false, filter);
  },

  /** The mock let an as-associate request through on the associate's permissions, matching the filter. */
  toHaveAllowedAssociate: function (
    this: ExpectMatcherState,
    received: CommerceReceiver,
    filter: AssociateDecisionFilter = {},
  ): MatcherReturnType {
    return associateDecision(this, 'toHaveAllowedAssociate', received, true, filter);
  },

  /** Some customer token was issued for this customer (password flow, `commerce.customerToken`, ...). */
  toHaveIssuedCustomerToken: function (this: ExpectMatcherState, received: CommerceReceiver, customerId: string): MatcherReturnType {
    return issuedToken(
      this,
      'toHaveIssuedCustomerToken',
      received,
      { kind: 'customer', customerId },
      'customerId',
      `a customer token for customer ${this.utils.printExpected(customerId)}`,
      customerId,
      (token) => token.customerId,
    );
  },

  /** Some anonymous-session token was issued; for this anonymous id when one is given. */
  toHaveIssuedAnonymousToken: function (this: ExpectMatcherState, received: CommerceReceiver, anonymousId?: string): MatcherReturnType {
    return issuedToken(
      this,
      'toHaveIssuedAnonymousToken',
      received,
      { kind: 'anonymous', ...(anonymousId !== undefined ? { anonymousId } : {}) },
      anonymousId !== undefined ? 'anonymousId' : '',
      anonymousId !== undefined ? `an anonymous token for session ${this.utils.printExpected(anonymousId)}` : 'an anonymous token',
      anonymousId,
      (token) => token.anonymousId,
    );
  },

  /** Some client-credentials token was issued; to this client id when one is given. */
  toHaveIssuedClientToken: function (this: ExpectMatcherState, received: CommerceReceiver, clientId?: string): MatcherReturnType {
    return issuedToken(
      this,
      'toHaveIssuedClientToken',
      received,
      { kind: 'client', ...(clientId !== undefined ? { clientId } : {}) },
      clientId !== undefined ? 'clientId' : '',
      clientId !== undefined ? `a client token for client ${this.utils.printExpected(clientId)}` : 'a client token',
      clientId,
      (token) => token.clientId,
    );
  },

  /**
   * Some stored resource of the type matches: a partial resource (a recursive subset, as `toMatchObject`
   * compares; asymmetric matchers such as `expect.any(String)` and regular expressions for strings work
   * inside it) or a predicate.
   */
  toHaveStored: function (
    this: ExpectMatcherState,
    received: CommerceReceiver,
    typeId: TypeId,
    expected: StoredExpectation,
  ): MatcherReturnType {
    const utils = this.utils;
    const hint = utils.matcherHint('toHaveStored', 'commerce', 'typeId', hintOptions(this, { secondArgument: 'expected' }));
    const all = readable(this, hint, received).all(typeId);
    const predicate = typeof expected === 'function';
    const matches = (resource: object) => (predicate ? Boolean(expected(resource)) : subsetMatches(resource, expected));
    const matching = all.filter(matches);
    const pass = matching.length > 0;
    const wanted = predicate
      ? `a stored ${typeId} for which the predicate holds`
      : `a stored ${typeId} matching ${utils.printExpected(expected)}`;
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

  /** So many resources of the type are stored; with `where`, so many match that query predicate (as `?where=` filters). */
  toHaveStoredCount: function (
    this: ExpectMatcherState,
    received: CommerceReceiver,
    typeId: TypeId,
    count: number,
    where?: string | string[],
  ): MatcherReturnType {
    const hint = this.utils.matcherHint(
      'toHaveStoredCount',
      'commerce',
      'typeId',
      hintOptions(this, { secondArgument: where === undefined ? 'count' : 'count, where' }),
    );
    const store = readable(this, hint, received);
    let counted: object[];
    let actual: number;
    if (where === undefined) {
      counted = store.all(typeId);
      actual = counted.length;
    } else {
      const page = store.query(typeId, { where, limit: '20' });
      counted = page.results;
      actual = page.total ?? page.results.length;
    }
    const pass = actual === count;
    const scope =
      where === undefined
        ? ''
        : ` where ${[where]
            .flat()
            .map((predicate) => JSON.stringify(predicate))
            .join(' and ')}`;
    const message = () =>
      `${hint}\n\nExpected: ${this.isNot ? 'not ' : ''}${this.utils.printExpected(count)} stored ${typeId}${scope}\n` +
      `Received: ${this.utils.printReceived(actual)}${actual > 0 ? `:\n${listResources(counted)}` : ''}`;
    return { pass, message, name: 'toHaveStoredCount', expected: count, actual };
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
    code?: string,
  ): Promise<MatcherReturnType> {
    const utils = this.utils;
    const hint = utils.matcherHint(
      'toBeCommerceError',
      undefined,
      'status',
      hintOptions(this, code === undefined ? {} : { secondArgument: 'code' }),
    );
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
