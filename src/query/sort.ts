/**
 * `sort` parameters: `<dotted.path> [asc|desc]`, repeatable, earlier parameters taking precedence.
 *
 * Ordering rules (the platform's documentation does not state them; these are our choices):
 * - numbers numerically, strings by UTF-16 code unit (binary, case-sensitive), false < true; values
 *   of different types order by type (number < string < boolean < object) so the order is total.
 * - a document without a value sorts as if it had the largest value: last for `asc`, first for
 *   `desc` (the brief's fallback; the platform's placement could not be verified).
 * - a path through an array takes the smallest element for `asc` and the largest for `desc`, the
 *   way a multi-valued field sorts in the platform's document store.
 * - ties keep the input (storage) order, so paging over a sorted result is stable.
 */
import { errors } from '../http/errors.js';
import type { FieldExists } from './fields.js';

export interface SortKey {
  path: readonly string[];
  /** 1 for ascending, -1 for descending. */
  direction: 1 | -1;
}

const SORT_SPEC = /^\s*([A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*)(?:\s+([A-Za-z]+))?\s*$/;

export function parseSort(specs: readonly string[], fieldExists?: FieldExists): SortKey[] {
  return specs.map((spec) => {
    const match = SORT_SPEC.exec(spec);
    const direction = match?.[2]?.toLowerCase() ?? 'asc';
    if (!match || (direction !== 'asc' && direction !== 'desc')) {
      throw errors.invalidInput(
        `Malformed parameter: sort: Invalid sort expression '${spec}'. Expected '<field> asc' or '<field> desc', e.g. 'createdAt desc' or 'name.en asc'.`,
      );
    }
    const path = match[1]!.split('.');
    if (fieldExists && !fieldExists(path)) {
      throw errors.invalidInput(`Malformed parameter: sort: Invalid query field '${match[1]}' in sort path.`);
    }
    return { path, direction: direction === 'asc' ? 1 : -1 };
  });
}

/** Marks a document that has no value at a sort path. */
export const MISSING: unique symbol = Symbol('missing');
export type SortValue = unknown;

/** Reads the value a document sorts by under one key (see the rules for arrays above). */
export type SortValueReader = (document: unknown) => SortValue;

export function sortValueReader(key: SortKey): SortValueReader {
  const { path, direction } = key;
  const visit = (value: unknown, depth: number, best: SortValue): SortValue => {
    if (Array.isArray(value)) {
      for (const element of value) best = visit(element, depth, best);
      return best;
    }
    if (depth === path.length) {
      if (value == null) return best;
      return best === MISSING || compareValues(value, best) * direction < 0 ? value : best;
    }
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, path[depth]!)) return best;
    return visit((value as Record<string, unknown>)[path[depth]!], depth + 1, best);
  };
  // Names like `constructor` must not be read from the prototype.
  const inherited = path.map((segment) => segment in Object.prototype);
  // Most sort paths cross no array: walk them directly and only fall back to the visitor on one.
  return (document) => {
    let value: unknown = document;
    for (let depth = 0; depth < path.length; depth++) {
      if (Array.isArray(value)) return visit(value, depth, MISSING);
      if (value === null || typeof value !== 'object') return MISSING;
      const parent = value;
      const segment = path[depth]!;
      value = (parent as Record<string, unknown>)[segment];
      if (value === undefined || (inherited[depth] && !Object.hasOwn(parent, segment))) return MISSING;
    }
    if (Array.isArray(value)) return visit(value, path.length, MISSING);
    return value == null ? MISSING : value;
  };
}

export function sortValue(document: unknown, key: SortKey): SortValue {
  return sortValueReader(key)(document);
}

/** Ascending order of two sort values; MISSING is larger than everything. */
export function compareValues(a: SortValue, b: SortValue): number {
  if (a === b) return 0;
  if (a === MISSING) return 1;
  if (b === MISSING) return -1;
  const typeA = typeRank(a);
  const typeB = typeRank(b);
  if (typeA !== typeB) return typeA - typeB;
  if (typeof a === 'number') return a < (b as number) ? -1 : a > (b as number) ? 1 : 0;
  if (typeof a === 'string') return a < (b as string) ? -1 : a > (b as string) ? 1 : 0;
  if (typeof a === 'boolean') return Number(a) - Number(b);
  return 0;
}

function typeRank(value: unknown): number {
  switch (typeof value) {
    case 'number':
      return 0;
    case 'string':
      return 1;
    case 'boolean':
      return 2;
    default:
      return 3;
  }
}

/** A document with its precomputed sort values and storage position (the final tie-breaker). */
export interface SortEntry<T> {
  document: T;
  index: number;
  values: SortValue[];
}

export function entryComparator<T>(keys: readonly SortKey[]): (a: SortEntry<T>, b: SortEntry<T>) => number {
  return (a, b) => {
    for (let i = 0; i < keys.length; i++) {
      const order = compareValues(a.values[i], b.values[i]);
      if (order !== 0) {
        // MISSING stays "largest" before the direction is applied: last for asc, first for desc.
        return order * keys[i]!.direction;
      }
    }
    return a.index - b.index;
  };
}

/**
 * Keeps the `capacity` smallest entries seen so far in a binary max-heap, so selecting the first
 * page of a large sorted result costs O(n log k) instead of sorting everything. Candidates are
 * compared before an entry is allocated, so rejected documents cost no garbage.
 */
export class TopK<T> {
  private readonly heap: SortEntry<T>[] = [];
  private readonly probe: SortEntry<T> = { document: undefined as T, index: 0, values: [] };

  constructor(
    private readonly capacity: number,
    private readonly compare: (a: SortEntry<T>, b: SortEntry<T>) => number,
  ) {}

  /** Offers a document; `values` may be a scratch array, it is copied when the document is kept. */
  offer(document: T, index: number, values: SortValue[]): void {
    if (this.capacity === 0) return;
    if (this.heap.length === this.capacity) {
      this.probe.index = index;
      this.probe.values = values;
      if (this.compare(this.probe, this.heap[0]!) >= 0) return;
    }
    const entry: SortEntry<T> = { document, index, values: values.slice() };
    if (this.heap.length < this.capacity) {
      this.heap.push(entry);
      this.siftUp(this.heap.length - 1);
    } else {
      this.heap[0] = entry;
      this.siftDown(0);
    }
  }

  /** The kept entries in ascending order. */
  sorted(): SortEntry<T>[] {
    return [...this.heap].sort(this.compare);
  }

  private siftUp(index: number): void {
    const heap = this.heap;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (this.compare(heap[index]!, heap[parent]!) <= 0) return;
      [heap[index], heap[parent]] = [heap[parent]!, heap[index]!];
      index = parent;
    }
  }

  private siftDown(index: number): void {
    const heap = this.heap;
    for (;;) {
      const left = index * 2 + 1;
      const right = left + 1;
      let largest = index;
      if (left < heap.length && this.compare(heap[left]!, heap[largest]!) > 0) largest = left;
      if (right < heap.length && this.compare(heap[right]!, heap[largest]!) > 0) largest = right;
      if (largest === index) return;
      [heap[index], heap[largest]] = [heap[largest]!, heap[index]!];
      index = largest;
    }
  }
}
