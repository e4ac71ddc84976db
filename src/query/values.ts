/**
 * Comparison of stored JSON values with predicate operands. Rules: numbers compare numerically,
 * strings by code unit, booleans false < true; values of different types never match (no error).
 * Date and date-time strings compare chronologically when both sides look like ISO dates, so
 * `createdAt > "2020-01-01"` works against `2024-05-01T10:00:00.000Z`.
 */

/**
 * A predicate operand with every reading it supports. A literal has exactly one type; an input
 * variable arrives as text and may also read as a number or boolean, whichever the stored value needs.
 */
export interface Operand {
  str?: string;
  num?: number;
  bool?: boolean;
  /** Epoch milliseconds when `str` is an ISO date or date-time. */
  dateMs?: number;
  /** `dateMs` as `YYYY-MM-DDTHH:mm:ss.sssZ`, which orders like the instant itself. */
  canonicalDate?: string;
}

const ISO_DATE = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)(Z|[+-]\d{2}:?\d{2})?)?$/;
const NUMERIC = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

export function operandFromLiteral(value: string | number | boolean): Operand {
  if (typeof value === 'number') return { num: value };
  if (typeof value === 'boolean') return { bool: value };
  return stringOperand(value);
}

export function operandFromVariable(text: string): Operand {
  const operand = stringOperand(text);
  if (NUMERIC.test(text)) operand.num = Number(text);
  if (text === 'true' || text === 'false') operand.bool = text === 'true';
  return operand;
}

function stringOperand(text: string): Operand {
  const dateMs = parseIsoDate(text);
  if (dateMs === undefined) return { str: text };
  return { str: text, dateMs, canonicalDate: new Date(dateMs).toISOString() };
}

/** Epoch milliseconds of an ISO date / date-time string, or undefined when it is not one. */
export function parseIsoDate(text: string): number | undefined {
  if (text.length < 10 || text.length > 40) return undefined;
  const match = ISO_DATE.exec(text);
  if (!match) return undefined;
  // A date-time without an offset is read as UTC, which is how the platform stores every instant.
  const normalized = match[2] !== undefined && match[3] === undefined ? `${text}Z` : text;
  const ms = Date.parse(normalized);
  return Number.isNaN(ms) ? undefined : ms;
}

/** The platform's own timestamps: these order correctly as plain strings, so no parsing is needed. */
function isCanonicalInstant(text: string): boolean {
  return (
    text.length === 24 && text.charCodeAt(10) === 84 /* T */ && text.charCodeAt(23) === 90 /* Z */ && text.charCodeAt(19) === 46
  ); /* . */
}

/** -1, 0 or 1; NaN when the stored value and the operand cannot be compared (different types). */
export function compareToOperand(stored: unknown, operand: Operand): number {
  switch (typeof stored) {
    case 'number':
      return operand.num === undefined ? NaN : sign(stored - operand.num);
    case 'string':
      if (operand.str === undefined) return NaN;
      if (operand.dateMs !== undefined) {
        if (isCanonicalInstant(stored)) return compareStrings(stored, operand.canonicalDate!);
        const storedMs = parseIsoDate(stored);
        if (storedMs !== undefined) return sign(storedMs - operand.dateMs);
      }
      return compareStrings(stored, operand.str);
    case 'boolean':
      return operand.bool === undefined ? NaN : Number(stored) - Number(operand.bool);
    default:
      return NaN;
  }
}

export function equalsOperand(stored: unknown, operand: Operand): boolean {
  return compareToOperand(stored, operand) === 0;
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function sign(n: number): number {
  return n < 0 ? -1 : n > 0 ? 1 : 0;
}

const EARTH_RADIUS_METERS = 6_371_008.8;

/** Great-circle distance between two [longitude, latitude] points (haversine formula). */
export function haversineMeters(lng1: number, lat1: number, lng2: number, lat2: number): number {
  const toRad = Math.PI / 180;
  const dLat = (lat2 - lat1) * toRad;
  const dLng = (lng2 - lng1) * toRad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * toRad) * Math.cos(lat2 * toRad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The [longitude, latitude] of a GeoJSON Point, or undefined for anything else. */
export function pointCoordinates(value: unknown): [number, number] | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const point = value as { type?: unknown; coordinates?: unknown };
  if (point.type !== 'Point' || !Array.isArray(point.coordinates)) return undefined;
  const [lng, lat] = point.coordinates as unknown[];
  return typeof lng === 'number' && typeof lat === 'number' ? [lng, lat] : undefined;
}
