/** The matchers on what the API answered, however it reached the test: `toBeCommerceError` and `toHaveVersion`. */
import type { ExpectMatcherState, MatcherReturnType } from '@playwright/test';
import { hintOptions, isHttpStatus, isObject, matcherError, optionalText, requireCount, usageError } from './arguments.js';

/** A resource, or what holds one: an SDK `ClientResponse`, a `CustomerSignInResult`. */
export interface Versioned {
  version: number;
}
export type VersionReceiver = Versioned | { customer: Versioned } | { body: Versioned | { customer: Versioned } } | null | undefined;

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

export const responseMatchers = {
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
    if (!isHttpStatus(status)) {
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
