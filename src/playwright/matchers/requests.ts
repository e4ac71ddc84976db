/** `toHaveReceived`: WireMock-style verification on the request journal of the test. */
import type { ExpectMatcherState } from '@playwright/test';
import type { JournalEntry } from '../../core/journal.js';
import {
  type CommerceReceiver,
  type Context,
  hintOptions,
  isHttpStatus,
  isObject,
  isRecord,
  isText,
  type Judged,
  requireCount,
  requireKnownKeys,
  requireText,
  usageError,
} from './arguments.js';
import { listed, searchCollection } from './collection.js';
import { subsetMatches } from './subset.js';

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
  if (!isRecord(value)) throw usageError(context, hint, `the request must be an object with any of ${keys}`, 'request', value);
  requireKnownKeys(context, hint, 'request', value, RECEIVED_KEYS);
  const { method, path, status, body } = value;
  if (method !== undefined) requireText(context, hint, 'request.method', method);
  if (path !== undefined && !isText(path) && !(path instanceof RegExp))
    throw usageError(context, hint, 'request.path must be a path or a regular expression', 'request.path', path);
  if (status !== undefined && !isHttpStatus(status))
    throw usageError(context, hint, 'request.status must be an HTTP status code', 'request.status', status);
  if (body !== undefined && typeof body !== 'function' && !isRecord(body))
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

const describeRequest = (entry: JournalEntry) =>
  `${entry.method} ${entry.path}${entry.query ? `?${entry.query}` : ''} → ${entry.status} (${entry.caller.kind}${entry.caller.id ? ` ${entry.caller.id}` : ''})`;

const listRequests = (entries: JournalEntry[]) =>
  listed(entries, describeRequest, { limit: 20, keep: 'newest', rest: (count) => `${count} earlier ones` });

export const requestMatchers = {
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
    return searchCollection(this, received, {
      name: 'toHaveReceived',
      hint,
      read: (source) => source.requests({}),
      matches: (entry) => requestMatches(entry, expected),
      times,
      wanted,
      // `no exactly 2 requests` would not read.
      unwanted: `not ${wanted}`,
      received: ({ all, matching }) =>
        `${matching.length} matching${matching.length > 0 ? `:\n${listRequests(matching)}` : ''}\n\n` +
        `The requests the mock received in this test:\n${listRequests(all)}`,
      expected: shown,
      actual: ({ matching }) => matching.length,
    });
  },
};
