/**
 * Custom `expect` matchers over the `commerce` fixture, responses and SDK errors (see docs/playwright.md).
 *
 * Every matcher is a function expression whose first parameter types the receiver: Playwright's
 * `expect.extend` typing offers a matcher only on values assignable to that parameter, so
 * `expect(commerce).toHaveStored(...)` typechecks and `expect(42).toHaveStored(...)` does not.
 *
 * The matchers live in matchers/, by what they read; those that look for an entry in something the
 * mock records are all built by `searchCollection` (matchers/collection.ts).
 */
import { associateMatchers } from './matchers/associates.js';
import { eventMatchers } from './matchers/events.js';
import { importMatchers } from './matchers/imports.js';
import { historyMatchers } from './matchers/history.js';
import { requestMatchers } from './matchers/requests.js';
import { resourceMatchers } from './matchers/resources.js';
import { responseMatchers } from './matchers/responses.js';
import { tokenMatchers } from './matchers/tokens.js';

export type { CommerceReceiver } from './matchers/arguments.js';
export type { AssociateDecisionFilter } from './matchers/associates.js';
export type { ImportExpectation } from './matchers/imports.js';
export type { HistoryRecordFilter } from './matchers/history.js';
export type { ReceivedRequest } from './matchers/requests.js';
export type { StoredExpectation } from './matchers/resources.js';
export type { Versioned, VersionReceiver } from './matchers/responses.js';

export const commerceMatchers = {
  ...associateMatchers,
  ...tokenMatchers,
  ...resourceMatchers,
  ...requestMatchers,
  ...eventMatchers,
  ...responseMatchers,
  ...importMatchers,
  ...historyMatchers,
};
