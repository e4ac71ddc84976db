/** The matchers on what the mock stores: `toHaveStored` and `toHaveStoredCount`. */
import type { ExpectMatcherState } from '@playwright/test';
import type { PagedResult } from '../../query/index.js';
import type { TypeId } from '../../resources/type-map.js';
import { type Source, webFirst } from '../web-first.js';
import {
  type CommerceReceiver,
  hintOptions,
  isRecord,
  isText,
  type Judged,
  readable,
  requireCount,
  requireTypeId,
  usageError,
} from './arguments.js';
import { listed, searchCollection } from './collection.js';
import { closestTo, subsetDiff, subsetMatches, subsetOf } from './subset.js';

/** A partial resource (matched as a recursive subset, like `toMatchObject`) or a predicate. */
export type StoredExpectation = Record<string, unknown> | ((resource: any) => boolean);

function label(resource: object): string {
  const { id, key } = resource as { id?: unknown; key?: unknown };
  return key !== undefined ? `${String(id)} (key ${JSON.stringify(key)})` : String(id);
}

const listResources = (resources: object[]) => listed(resources, label, { limit: 10, keep: 'first', rest: (count) => `and ${count} more` });

const plural = (count: number, typeId: string) => `${count} stored ${typeId}${count === 1 ? '' : ' resources'}`;

export const resourceMatchers = {
  /**
   * Some stored resource of the type matches: a partial resource (a recursive subset, as `toMatchObject`
   * compares; asymmetric matchers such as `expect.any(String)` and regular expressions for strings work
   * inside it) or a predicate.
   */
  toHaveStored: function (this: ExpectMatcherState, received: CommerceReceiver, typeId: TypeId, expected: StoredExpectation): Judged {
    const utils = this.utils;
    const hint = utils.matcherHint('toHaveStored', 'commerce', 'typeId', hintOptions(this, { secondArgument: 'expected' }));
    requireTypeId(this, hint, typeId);
    if (typeof expected !== 'function' && !isRecord(expected)) {
      throw usageError(this, hint, 'expected must be a partial resource (an object) or a predicate', 'expected', expected);
    }
    const predicate = typeof expected === 'function';
    return searchCollection(this, received, {
      name: 'toHaveStored',
      hint,
      read: (source) => source.all(typeId),
      matches: (resource) => (predicate ? Boolean(expected(resource)) : subsetMatches(resource, expected)),
      wanted: predicate
        ? `a stored ${typeId} for which the predicate holds`
        : `a stored ${typeId} matching ${utils.printExpected(expected)}`,
      received: ({ all, matching, pass }) => {
        if (pass) {
          const first = matching[0]!;
          return (
            `${matching.length} matching:\n${listResources(matching)}\n\n` +
            `First match: ${utils.printReceived(predicate ? first : subsetOf(first, expected))}`
          );
        }
        if (all.length === 0) return `no ${typeId} is stored`;
        if (predicate) return `${plural(all.length, typeId)}, none satisfies it:\n${listResources(all)}`;
        const closest = closestTo(all, expected);
        return `${plural(all.length, typeId)}, none matches; the closest, ${label(closest)}:\n\n${subsetDiff(this, expected, closest)}`;
      },
      expected,
    });
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
};
