/**
 * How the matchers on `commerce` read the mock and wait for it, like Playwright's web-first
 * assertions: an in-process mock is read synchronously, and an assertion that holds at once returns
 * at once (so `expect(commerce).toHaveIssuedCustomerToken(id)` works without `await`); otherwise, and
 * always on a remote mock, the matcher returns a promise that reads again until the assertion holds
 * or the `expect` timeout ends, and reports what it found at the last try.
 */
import type { ExpectMatcherState, MatcherReturnType } from '@playwright/test';
import type { TokenRecord } from '../auth/tokens.js';
import { localClient } from '../adapters/client.js';
import type { CommerceSurface, Mode } from '../api/vocabulary.js';
import type { TypeId } from '../resources/type-map.js';
import type { JournalEntry, JournalFilter } from '../core/journal.js';
import type { MessageFilter } from '../engine/messages.js';
import type { DeliveryFilter } from '../engine/outbox.js';
import { CommerceMock } from '../api/mock.js';
import type { PagedResult } from '../query/index.js';
import type { PermissionDecision } from '../engine/permissions.js';
import { Commerce, internalsOf } from './commerce.js';

type Maybe<T> = T | Promise<T>;

/** The reads the matchers make: each matcher makes one. */
export interface Source {
  tokens(): Maybe<TokenRecord[]>;
  all(typeId: string): Maybe<object[]>;
  query(typeId: string, params: Record<string, string | string[]>): Maybe<PagedResult<object>>;
  permissionDecisions(): Maybe<PermissionDecision[]>;
  /** The journal of the current test (since it began, for the fixture). */
  requests(filter: JournalFilter): Maybe<JournalEntry[]>;
  messages(filter: MessageFilter): Maybe<object[]>;
  deliveries(filter: DeliveryFilter): Maybe<object[]>;
}

export interface Sources {
  /** Present for an in-process mock: read without waiting. */
  now?: Source;
  later: Source;
  /** The fixture, which tracks retrying assertions so an un-awaited one fails the test. */
  commerce?: Commerce;
}

/** The matchers' reads of any surface: the in-process mock answers at once, a client with promises. */
function surfaceSource<M extends Mode>(surface: CommerceSurface<M, unknown>, journalStart: number): Source {
  return {
    tokens: () => surface.tokens.list(),
    all: (typeId) => surface.data.all(typeId as TypeId) as Maybe<object[]>,
    query: (typeId, params) => surface.data.query(typeId as TypeId, params) as Maybe<PagedResult<object>>,
    permissionDecisions: () => surface.permissions.decisions(),
    requests: (filter) => surface.journal.requests({ ...filter, since: journalStart }),
    messages: (filter) => surface.events.messages(filter),
    deliveries: (filter) => surface.events.deliveries(filter),
  };
}

/** What the receiver lets the matchers read, or `undefined` when it is not the fixture or a mock. */
export function sourcesOf(received: unknown): Sources | undefined {
  if (received instanceof CommerceMock) {
    return { now: surfaceSource(received, 0), later: surfaceSource(localClient(received), 0) };
  }
  if (received instanceof Commerce) {
    const { target, journalStart } = internalsOf(received);
    const later = surfaceSource(target.client, journalStart);
    return target.kind === 'in-process'
      ? { now: surfaceSource(target.mock, journalStart), later, commerce: received }
      : { later, commerce: received };
  }
  return undefined;
}

/** Pauses between tries, as Playwright's own assertions use; the last one repeats. */
const INTERVALS = [100, 250, 500, 1000];

/**
 * Judges what `read` returns; when the assertion does not hold (or the mock is remote), judges again
 * on fresh reads until it holds or the timeout ends. The failure message says how long it tried.
 */
export function webFirst<T>(
  context: ExpectMatcherState,
  sources: Sources,
  read: (source: Source) => Maybe<T>,
  judge: (data: T) => MatcherReturnType,
): MatcherReturnType | Promise<MatcherReturnType> {
  let first: MatcherReturnType | undefined;
  if (sources.now) {
    first = judge(read(sources.now) as T);
    if (first.pass !== context.isNot) return first;
  }
  const outcome = retry(context, first, async () => judge(await read(sources.later)));
  if (!sources.commerce) return outcome;
  return track(sources.commerce, outcome, context.isNot);
}

/** An expectation on `commerce` that retries: tracked so a test that forgets to await it fails. */
interface PendingAssertion {
  settled: boolean;
  outcome: Promise<MatcherReturnType>;
  isNot: boolean;
  /** Set once the fixture reports it as un-awaited: Playwright is then told it held, so the one report is ours. */
  reported: boolean;
}

/** A retrying expectation the test did not await: the matcher's name and, if it did not hold, why. */
export interface UnawaitedAssertion {
  matcher: string;
  failure?: string;
}

const pending = new WeakMap<Commerce, PendingAssertion[]>();

function track(commerce: Commerce, outcome: Promise<MatcherReturnType>, isNot: boolean): Promise<MatcherReturnType> {
  const entry: PendingAssertion = { settled: false, outcome, isNot, reported: false };
  const list = pending.get(commerce) ?? [];
  list.push(entry);
  pending.set(commerce, list);
  const settle = () => {
    entry.settled = true;
  };
  outcome.then(settle, settle);
  // An un-awaited failure would otherwise also surface as an unhandled rejection after the test, which
  // Playwright answers by ending the worker: the fixture's own report would be cut short.
  return outcome.then((judged) => (entry.reported ? { ...judged, pass: !isNot } : judged));
}

/**
 * The retrying expectations on `commerce` still running when the test body ended: none of them can
 * have been awaited. Waits for them to finish, so nothing outlives the test.
 */
export async function unawaitedAssertions(commerce: Commerce): Promise<UnawaitedAssertion[]> {
  const running = (pending.get(commerce) ?? []).filter((entry) => !entry.settled);
  for (const entry of running) entry.reported = true;
  const found: UnawaitedAssertion[] = [];
  for (const entry of running) {
    try {
      const judged = await entry.outcome;
      const matcher = `${entry.isNot ? 'not.' : ''}${judged.name ?? 'matcher'}`;
      found.push(judged.pass === entry.isNot ? { matcher, failure: judged.message() } : { matcher });
    } catch (error) {
      found.push({ matcher: 'matcher', failure: error instanceof Error ? error.message : String(error) });
    }
  }
  return found;
}

async function retry(
  context: ExpectMatcherState,
  first: MatcherReturnType | undefined,
  attempt: () => Promise<MatcherReturnType>,
): Promise<MatcherReturnType> {
  const timeout = context.timeout ?? 5000;
  const started = Date.now();
  let result = first ?? (await attempt());
  let tries = 1;
  for (let pause = 0; result.pass === context.isNot && Date.now() - started < timeout; pause++) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(INTERVALS[Math.min(pause, INTERVALS.length - 1)]!, timeout)));
    result = await attempt();
    tries++;
  }
  if (result.pass === context.isNot) {
    const message = result.message;
    const elapsed = Date.now() - started;
    return {
      ...result,
      message: () => `${message()}\n\nAt the last of ${tries} tries, after ${elapsed} ms (the expect timeout is ${timeout} ms).`,
    };
  }
  return result;
}
