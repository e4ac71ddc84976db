/**
 * Reference expansion (`expand=` parameters). A Reference is an object with string `typeId` and
 * `id`; expanding it adds `obj`, the referenced document. Paths:
 *
 * - `productType`, `paymentInfo.payments[*]`, `ancestors[0]`: dotted fields, `[*]` for every array
 *   element, `[n]` for one element.
 * - A path that continues after a Reference continues inside its `obj`: `parent.parent` expands the
 *   parent and then the parent's parent (an explicit `parent.obj.parent` is accepted too).
 * - A missing target leaves the Reference as it is; KeyReferences (no `id`) are never expanded; a
 *   path naming no Reference changes nothing.
 *
 * Copy-on-write: the input document and resolved documents are stored objects and are never
 * mutated; only the objects along a changed path are copied.
 */
import { errors } from '../http/errors.js';

/** Looks up a referenced document for expansion; `undefined` leaves the reference unexpanded. */
export type ResolveReference = (typeId: string, id: string) => object | undefined;

export interface ExpansionSegment {
  field: string;
  /** `'*'` for every element, a number for one element, undefined for a plain field. */
  element?: '*' | number;
}

interface Reference {
  typeId: string;
  id: string;
  obj?: object;
}

const SEGMENT = /^([A-Za-z0-9_-]+)(?:\[(\*|\d+)\])?$/;

export function parseExpansionPath(path: string): ExpansionSegment[] {
  const segments = path
    .trim()
    .split('.')
    .map((part) => SEGMENT.exec(part));
  if (path.trim() === '' || segments.some((match) => match === null)) {
    throw errors.invalidInput(
      `Malformed parameter: expand: Invalid expansion path '${path}'. Expected dotted field names with optional [*] or [<index>], e.g. 'masterData.current.categories[*]'.`,
    );
  }
  return segments.map((match) => {
    const [, field, element] = match!;
    if (element === undefined) return { field: field! };
    return { field: field!, element: element === '*' ? '*' : Number(element) };
  });
}

/** Returns `document` with the references named by `paths` expanded; never mutates its input. */
export function expandReferences<T extends object>(document: T, paths: readonly string[], resolve: ResolveReference): T {
  let result: object = document;
  for (const path of paths) {
    const segments = parseExpansionPath(path);
    result = expandInObject(result, segments, 0, resolve);
  }
  return result as T;
}

function expandInObject(container: object, segments: readonly ExpansionSegment[], index: number, resolve: ResolveReference): object {
  const segment = segments[index]!;
  if (!Object.hasOwn(container, segment.field)) return container;
  const child = (container as Record<string, unknown>)[segment.field];
  const expanded = expandChild(child, segment, segments, index + 1, resolve);
  if (expanded === child) return container;
  return { ...container, [segment.field]: expanded };
}

function expandChild(
  child: unknown,
  segment: ExpansionSegment,
  segments: readonly ExpansionSegment[],
  next: number,
  resolve: ResolveReference,
): unknown {
  if (segment.element === undefined) return expandValue(child, segments, next, resolve);
  if (!Array.isArray(child)) return child;
  if (segment.element === '*') return mapIfChanged(child, (element) => expandValue(element, segments, next, resolve));
  const position = segment.element;
  if (position >= child.length) return child;
  const expanded = expandValue(child[position], segments, next, resolve);
  if (expanded === child[position]) return child;
  const copy = [...child];
  copy[position] = expanded;
  return copy;
}

function expandValue(value: unknown, segments: readonly ExpansionSegment[], index: number, resolve: ResolveReference): unknown {
  if (isReference(value)) return expandReference(value, segments, index, resolve);
  if (index === segments.length || value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  return expandInObject(value, segments, index, resolve);
}

function expandReference(reference: Reference, segments: readonly ExpansionSegment[], index: number, resolve: ResolveReference): Reference {
  // An earlier path of the same request may already have expanded it: keep going inside that copy.
  const target = reference.obj ?? resolve(reference.typeId, reference.id);
  if (target === undefined) return reference;
  let rest = index;
  const explicitObj = segments[rest];
  if (explicitObj?.field === 'obj' && explicitObj.element === undefined) rest++;
  const obj = rest < segments.length ? expandInObject(target, segments, rest, resolve) : target;
  if (obj === reference.obj) return reference;
  return { ...reference, obj };
}

function isReference(value: unknown): value is Reference {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const candidate = value as { typeId?: unknown; id?: unknown };
  return typeof candidate.typeId === 'string' && typeof candidate.id === 'string';
}

function mapIfChanged(array: readonly unknown[], map: (element: unknown) => unknown): readonly unknown[] {
  let copy: unknown[] | undefined;
  for (let i = 0; i < array.length; i++) {
    const element = array[i];
    const mapped = map(element);
    if (mapped !== element) {
      copy ??= array.slice();
      copy[i] = mapped;
    }
  }
  return copy ?? array;
}
