/**
 * The one shape of the matchers that look for an entry in something the mock records (issued tokens,
 * permission decisions, stored resources, the request journal, messages, deliveries): read the
 * collection, keep the entries of the kind asked for, match them against the filter, and say in the
 * failure what was asked for and what was there.
 */
import type { MatcherReturnType } from '@playwright/test';
import { type Source, webFirst } from '../web-first.js';
import { type CommerceReceiver, type Context, type Judged, readable } from './arguments.js';

/** What one read of a collection held, and what of it the search kept. */
export interface Found<Entry> {
  all: Entry[];
  /** The entries of the kind asked for: all of them when the search names no kind. */
  ofKind: Entry[];
  /** Those of the kind that match the filter. */
  matching: Entry[];
  /** Whether the assertion holds (before `.not`). */
  pass: boolean;
}

/** One matcher's search: the collection, which entries it looks for, and how its failures speak of them. */
export interface CollectionSearch<Entry> {
  name: string;
  hint: string;
  read: (source: Source) => Entry[] | Promise<Entry[]>;
  /** Whether an entry is of the kind asked for (a customer token, a denial); all are when left out. */
  ofKind?: (entry: Entry) => boolean;
  /** Whether an entry of the kind matches the filter; all do when left out. */
  matches?: (entry: Entry) => boolean;
  /** How many entries must match: exactly so many, or at least one when left out. */
  times?: number;
  /** What the assertion asks for, with its article: `a customer token for customer "c1"`. */
  wanted: string;
  /** The same when it must not be there: `no` and `wanted` without its article unless given. */
  unwanted?: string;
  /** What the failure says was there, after `Received: `. */
  received: (found: Found<Entry>) => string;
  expected: unknown;
  /** What the result reports as actual: the first ten matches unless given. */
  actual?: (found: Found<Entry>) => unknown;
}

const withoutArticle = (phrase: string) => phrase.replace(/^an? /, '');

/** Judges a search of a collection the receiver records, reading again until it holds (see web-first.ts). */
export function searchCollection<Entry>(context: Context, received: CommerceReceiver, search: CollectionSearch<Entry>): Judged {
  return webFirst(context, readable(context, search.hint, received), search.read, (all): MatcherReturnType => {
    const ofKind = search.ofKind ? all.filter(search.ofKind) : all;
    const matching = search.matches ? ofKind.filter(search.matches) : ofKind;
    const pass = search.times === undefined ? matching.length > 0 : matching.length === search.times;
    const found: Found<Entry> = { all, ofKind, matching, pass };
    const expected = pass ? (search.unwanted ?? `no ${withoutArticle(search.wanted)}`) : search.wanted;
    return {
      pass,
      message: () => `${search.hint}\n\nExpected: ${expected}\nReceived: ${search.received(found)}`,
      name: search.name,
      expected: search.expected,
      actual: search.actual ? search.actual(found) : matching.slice(0, 10),
    };
  });
}

/** Where a long list is cut: how many entries it shows, the newest or the first, and what it says of the rest. */
export interface ListCut {
  limit: number;
  keep: 'newest' | 'first';
  rest: (count: number) => string;
}

/** Entries as failure messages list them, a line each, and `(none)` for none. */
export function listed<Entry>(entries: readonly Entry[], describe: (entry: Entry) => string, cut?: ListCut): string {
  if (entries.length === 0) return '  (none)';
  const line = (entry: Entry) => `  - ${describe(entry)}`;
  if (cut === undefined || entries.length <= cut.limit) return entries.map(line).join('\n');
  const rest = `  ... ${cut.rest(entries.length - cut.limit)}`;
  return cut.keep === 'newest'
    ? [rest, ...entries.slice(-cut.limit).map(line)].join('\n')
    : [...entries.slice(0, cut.limit).map(line), rest].join('\n');
}
