/**
 * What every matcher checks before it reads anything: its receiver and its arguments, and the errors
 * it throws when they are wrong.
 */
import type { ExpectMatcherState, MatcherReturnType } from '@playwright/test';
import type { CommerceMock } from '../../api/mock.js';
import { SERVED_TYPE_IDS } from '../../resources/catalog.js';
import type { TypeId } from '../../resources/type-map.js';
import { didYouMean } from '../../util/did-you-mean.js';
import type { Commerce } from '../commerce.js';
import { type Sources, sourcesOf } from '../web-first.js';

/** What the token and storage matchers take: the `commerce` fixture (or a bare `CommerceMock`). */
export type CommerceReceiver = Commerce | CommerceMock;

export type Context = ExpectMatcherState;

export type Judged = MatcherReturnType | Promise<MatcherReturnType>;

export const hintOptions = (context: Context, extra: { secondArgument?: string } = {}) => ({
  isNot: context.isNot,
  promise: context.promise,
  ...extra,
});

export function matcherError(context: Context, hint: string, problem: string, received: unknown): Error {
  return new Error(`${hint}\n\nMatcher error: ${problem}\n\nReceived: ${context.utils.printReceived(received)}`);
}

/** What the receiver lets the matcher read, or a matcher error when it is not the fixture or a mock. */
export function readable(context: Context, hint: string, received: unknown): Sources {
  const sources = sourcesOf(received);
  if (sources) return sources;
  throw matcherError(context, hint, 'the received value must be the `commerce` fixture (or a CommerceMock)', received);
}

// Misuse ------------------------------------------------------------------------------------------
// A wrong argument is a usage error, thrown: an assertion on `undefined` or on a misspelt filter key
// would otherwise pass (or its `.not` would), and the test would prove nothing.

export function usageError(context: Context, hint: string, problem: string, name: string, value: unknown): Error {
  return new Error(`${hint}\n\nMatcher error: ${problem}\n\n${name} has value: ${context.utils.printExpected(value)}`);
}

export const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** An object that is not an array: what a filter or a partial resource must be. */
export const isRecord = (value: unknown): value is Record<string, unknown> => isObject(value) && !Array.isArray(value);

export const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';

export const isHttpStatus = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= 100 && (value as number) <= 599;

export function requireText(context: Context, hint: string, name: string, value: unknown): asserts value is string {
  if (!isText(value)) throw usageError(context, hint, `${name} must be a non-empty string`, name, value);
}

/**
 * An optional argument, given as rest parameters so that an explicit `undefined` (an id that is not
 * there yet) is told apart from leaving the argument out (any).
 */
export function optionalText(context: Context, hint: string, name: string, given: readonly unknown[], without: string): string | undefined {
  if (given.length === 0) return undefined;
  if (!isText(given[0]))
    throw usageError(context, hint, `${name} must be a non-empty string; leave it out to match ${without}`, name, given[0]);
  return given[0];
}

const TYPE_IDS: readonly string[] = SERVED_TYPE_IDS;

export function requireTypeId(context: Context, hint: string, value: unknown): asserts value is TypeId {
  if (!TYPE_IDS.includes(value as string)) {
    const suggestion = typeof value === 'string' ? quotedSuggestion(value, TYPE_IDS) : '';
    throw usageError(
      context,
      hint,
      `typeId must be a resource type id ("customer", "key-value-document", "product", ...)${suggestion}`,
      'typeId',
      value,
    );
  }
}

/** ` — did you mean "customer"?`, quoted as the matchers quote names. */
const quotedSuggestion = (name: string, known: readonly string[]) => didYouMean(name, known, (text) => JSON.stringify(text));

/** Refuses a key of a filter (or a request) that the matcher does not know, naming the known ones and the likely one. */
export function requireKnownKeys(
  context: Context,
  hint: string,
  name: string,
  value: Record<string, unknown>,
  known: readonly string[],
): void {
  for (const key of Object.keys(value)) {
    if (!known.includes(key)) {
      const suggestion = quotedSuggestion(key, known);
      throw usageError(
        context,
        hint,
        `unknown ${name} key ${JSON.stringify(key)}${suggestion || '.'} A ${name} takes ${known.join(', ')}.`,
        name,
        value,
      );
    }
  }
}

export function requireCount(context: Context, hint: string, name: string, value: unknown, minimum: number): asserts value is number {
  if (!Number.isInteger(value) || (value as number) < minimum) {
    throw usageError(context, hint, `${name} must be an integer of at least ${minimum}`, name, value);
  }
}
