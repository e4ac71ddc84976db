/** Structural equality of JSON values (what the platform compares to decide whether an update changed anything). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  // Counting rather than collecting keys: every update compares the whole resource, so no arrays per object.
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let defined = 0;
  for (const k in x) {
    if (x[k] === undefined) continue;
    defined++;
    if (!jsonEqual(x[k], y[k])) return false;
  }
  for (const k in y) if (y[k] !== undefined) defined--;
  return defined === 0;
}

/**
 * A deep copy of a JSON value (fields holding `undefined` left out); faster than structuredClone for
 * plain JSON documents. Each object is built through the literal made for its field names (see
 * `compactCopy`), so every copy has its fields inside the object.
 */
export function jsonClone<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(jsonClone) as T;
  const source = value as Record<string, unknown>;
  let list = fieldLists;
  const values: unknown[] = [];
  for (const name in source) {
    const field = source[name];
    if (field === undefined) continue;
    const next = longerList(list, name);
    if (!next) return fieldByField(source);
    list = next;
    values.push(jsonClone(field));
  }
  list.build ??= literalOf(list);
  return list.build(values) as T;
}

/** `jsonClone` the ordinary way: past the limit of field lists, or for a field named `__proto__` (an own field, as JSON.parse makes it). */
function fieldByField<T>(source: Record<string, unknown>): T {
  const copy: Record<string, unknown> = {};
  for (const name in source) {
    const field = source[name];
    if (field === undefined) continue;
    setOwnField(copy, name, jsonClone(field));
  }
  return copy as T;
}

/** `copy[name] = value`, but a field named `__proto__` becomes an own field (as JSON.parse makes it), not the prototype. */
function setOwnField(copy: Record<string, unknown>, name: string, value: unknown): void {
  if (name === '__proto__') Object.defineProperty(copy, name, { value, enumerable: true, writable: true, configurable: true });
  else copy[name] = value;
}

/**
 * A shallow copy of `source` without the `excluded` field. Built key by key on a fresh object rather
 * than with rest/spread syntax: on Node 20's V8 a spread whose call site has turned megamorphic gives
 * every copy its own hidden class (about 300 bytes each, kept as long as the copy is stored).
 */
export function copyWithout<T extends object, K extends keyof T>(source: T, excluded: K): Omit<T, K> {
  const copy: Record<string, unknown> = {};
  for (const k in source) if ((k as PropertyKey) !== excluded) copy[k] = source[k];
  return copy as Omit<T, K>;
}

/**
 * The object literals `compactCopy` copies through, one per field list, in a tree of field names: a
 * copy walks it name by name (names are interned, each step one map lookup), cheaper than joining
 * the names into one key. Bounded: past the limit, copies are made the ordinary way (a resource type
 * has a handful of field lists; custom objects and custom fields could bring any number).
 */
interface FieldList {
  /** The last name of the list, and the list before it (none for the empty list). */
  readonly name?: string;
  readonly shorter?: FieldList;
  readonly longer: Map<string, FieldList>;
  build?: (values: unknown[]) => object;
}
const fieldLists: FieldList = { longer: new Map() };
let fieldListCount = 0;
const MAX_FIELD_LISTS = 4096;

/**
 * A shallow copy of `source` with every field inside the object itself. V8 keeps a field in the
 * object only if the site that created it reserved a slot (four for `{}`, one per property of a
 * literal, a spread counting as one); further fields go to a separate property array, and an
 * object given more than sixteen fields through computed keys (`copy[k] = ...`) drops to a
 * dictionary, about seven times the size. A literal that names every field reserves exactly enough,
 * so documents kept for long (stored resources, messages) are copied through one made for their
 * field names.
 */
export function compactCopy<T extends object>(source: T): T {
  let list = fieldLists;
  const values: unknown[] = [];
  for (const name in source) {
    const next = longerList(list, name);
    if (!next) return { ...source };
    list = next;
    values.push(source[name]);
  }
  list.build ??= literalOf(list);
  return list.build(values) as T;
}

/**
 * `Object.assign({}, ...parts)` built compact, through the literal made for the parts' field names
 * (see `compactCopy`): for a document about to be stored, whose fields come from several objects. A
 * name in more than one part keeps its first place and its last value, as `Object.assign` gives it
 * (an object literal naming a field twice does the same). Assigning a resource's thirty-odd fields
 * to a small object one by one costs more than the literal: the object outgrows its slots and then
 * its fast layout. For objects whose field names are the engine's own, as `withFields`.
 */
export function compactFields(...parts: object[]): Record<string, unknown> {
  let list = fieldLists;
  const values: unknown[] = [];
  for (const part of parts) {
    for (const name in part) {
      const next = longerList(list, name);
      if (!next) return Object.assign({}, ...parts);
      list = next;
      values.push((part as Record<string, unknown>)[name]);
    }
  }
  list.build ??= literalOf(list);
  return list.build(values) as Record<string, unknown>;
}

/**
 * A shallow copy of the fields of `source` that `keep` keeps, built compact (see `compactCopy`):
 * copying a resource's thirty-odd fields one by one into a fresh object would leave it a hash table.
 */
export function compactCopyWhere<T extends object>(source: T, keep: (name: string, value: unknown) => boolean): Partial<T> {
  let list = fieldLists;
  const values: unknown[] = [];
  for (const name in source) {
    const value: unknown = source[name];
    if (!keep(name, value)) continue;
    const next = longerList(list, name);
    if (!next) return ordinaryCopyWhere(source, keep);
    list = next;
    values.push(value);
  }
  list.build ??= literalOf(list);
  return list.build(values) as Partial<T>;
}

/** `compactCopyWhere` the ordinary way: past the limit of field lists, or for a field named `__proto__` (kept an own field). */
function ordinaryCopyWhere<T extends object>(source: T, keep: (name: string, value: unknown) => boolean): Partial<T> {
  const copy: Record<string, unknown> = {};
  for (const name in source) {
    const value: unknown = source[name];
    if (keep(name, value)) setOwnField(copy, name, value);
  }
  return copy as Partial<T>;
}

/** The field list `list` followed by `name`, made on first use; none past the limit. */
function longerList(list: FieldList, name: string): FieldList | undefined {
  let next = list.longer.get(name);
  if (!next) {
    // A literal's `"__proto__": value` sets the prototype rather than a field.
    if (fieldListCount >= MAX_FIELD_LISTS || name === '__proto__') return undefined;
    next = { name, shorter: list, longer: new Map() };
    list.longer.set(name, next);
    fieldListCount += 1;
  }
  return next;
}

/** A function returning an object literal with the list's names, in order, given their values. */
function literalOf(list: FieldList): (values: unknown[]) => object {
  const names: string[] = [];
  for (let at: FieldList | undefined = list; at?.name !== undefined; at = at.shorter) names.unshift(at.name);
  const fields = names.map((name, i) => `${JSON.stringify(name)}: values[${i}]`).join(', ');
  return new Function('values', `return {${fields}};`) as (values: unknown[]) => object;
}

/** The one empty list stored documents share: frozen, so a change that skipped the copy fails loudly. */
export const EMPTY_LIST: readonly never[] = Object.freeze([]);

/**
 * Points every empty list field of a document about to be stored at `EMPTY_LIST`. A customer alone
 * stores four empty lists (about 128 bytes); stored documents are never changed in place (the engine
 * changes a `jsonClone` copy, which makes the lists its own again), so they can share one.
 */
export function shareEmptyLists(document: Record<string, unknown>): void {
  for (const field in document) {
    const value = document[field];
    if (Array.isArray(value) && value.length === 0) document[field] = EMPTY_LIST;
  }
}

/**
 * `{ ...source, ...fields }` without the spread: on Node 20 a spread whose sources vary in shape,
 * followed by more fields, gives every copy a hidden class of its own and costs about 1 µs (2 µs
 * for two spreads); `Object.assign` costs a tenth of that. For objects whose field names are the
 * engine's own: a `__proto__` field of user input would set the copy's prototype here.
 */
export function withFields<T extends object, F extends object>(source: T, fields: F): T & F {
  return Object.assign({}, source, fields);
}
