import { currentRun } from './repeatable.js';

/**
 * A mock's time: the real time (`Date.now()`) moved by an offset a test sets (`mock.clock`), so time
 * keeps passing after `advance` and `set` as it does on the platform. Each mock has its own: tests in
 * one process move theirs without moving the others'.
 */
export class Clock {
  #offsetMs = 0;
  #lastMillis = -1;
  #lastText = '';

  /** The mock's current time in milliseconds since the epoch. */
  millis(): number {
    return Date.now() + this.#offsetMs;
  }

  /**
   * The current time as an ISO 8601 string. A request that runs more than once (`Repeatable`) reads
   * the time of its first run. Everything stamped within one millisecond shares one string: seeding
   * stores tens of thousands of resources a second, each with `createdAt` and `lastModifiedAt`, and
   * formatting a date costs more than comparing two numbers.
   */
  now(): string {
    const run = currentRun();
    if (run) return (run.now ??= this.#text());
    return this.#text();
  }

  /** Moves the clock on by `millis` (none back: `set` goes anywhere). */
  advance(millis: number): void {
    this.#offsetMs += millis;
  }

  /** The clock reads `millis` now, and runs on from there. */
  set(millis: number): void {
    this.#offsetMs = millis - Date.now();
  }

  /** Back to the real time. */
  reset(): void {
    this.#offsetMs = 0;
  }

  #text(): string {
    const millis = this.millis();
    if (millis !== this.#lastMillis) {
      this.#lastMillis = millis;
      this.#lastText = isoText(millis);
    }
    return this.#lastText;
  }
}

/** The ISO text of the current minute (`YYYY-MM-DDTHH:MM:SS.mmmZ`), whose seconds and milliseconds `isoText` rewrites. */
const minuteText = Buffer.alloc(24);
let minuteStart = Number.NaN;

/**
 * `new Date(millis).toISOString()`, writing only the seconds and milliseconds into the text of the
 * minute before: every request is stamped with a new millisecond, and formatting a whole date costs
 * 0.5 µs in a loop and several times that between a client's work (0.1 µs this way).
 */
export function isoText(millis: number): string {
  const within = millis - minuteStart;
  if (!(within >= 0 && within < 60_000 && Number.isInteger(within))) {
    const text = new Date(millis).toISOString();
    // Years outside 0000 to 9999 are written longer: formatted whole every time.
    if (text.length === 24 && millis >= 0 && Number.isInteger(millis)) {
      minuteText.write(text, 'latin1');
      minuteStart = millis - (millis % 60_000);
    }
    return text;
  }
  const seconds = Math.floor(within / 1000);
  const ms = within % 1000;
  minuteText[17] = 48 + Math.floor(seconds / 10);
  minuteText[18] = 48 + (seconds % 10);
  minuteText[20] = 48 + Math.floor(ms / 100);
  minuteText[21] = 48 + (Math.floor(ms / 10) % 10);
  minuteText[22] = 48 + (ms % 10);
  return minuteText.toString('latin1', 0, 24);
}

let parsedText = '';
let parsedMillis = Number.NaN;

/**
 * `Date.parse` of a time the engine stamped (`ctx.now`). A request reads its one time again and
 * again (each recalculation, each catalog read, each price's validity), so the last one parsed is
 * kept.
 */
export function millisOf(iso: string): number {
  if (iso !== parsedText) {
    parsedMillis = Date.parse(iso);
    parsedText = iso;
  }
  return parsedMillis;
}

/**
 * A date-time a client sent, in any offset and precision ISO 8601 allows, as the platform stores and
 * compares it: UTC with milliseconds, so that stored times order as text.
 */
export function canonicalDateTime(text: string): string {
  return new Date(Date.parse(text)).toISOString();
}

const DURATION = /^P(?!$)(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?!$)(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:[.,]\d+)?)S)?)?$/;

/**
 * `from` (milliseconds) moved on by an ISO 8601 duration (`'P1M'`, `'PT2H'`, `'P3D'`, `'P1Y2M3DT4H5M6.5S'`,
 * `'P2W'`) or by a number of milliseconds. Years and months go by the calendar, in UTC: a day past the
 * end of the month lands on its last day (January 31st plus a month is February 28th or 29th). A
 * duration that is malformed or negative is a `TypeError`.
 */
export function addDuration(from: number, duration: string | number): number {
  if (typeof duration === 'number') {
    if (!Number.isFinite(duration) || duration < 0)
      throw new TypeError(`commerce-mock: a duration in milliseconds is a number >= 0, not ${duration}.`);
    return from + duration;
  }
  const parts = typeof duration === 'string' ? DURATION.exec(duration) : null;
  if (!parts) {
    throw new TypeError(
      `commerce-mock: '${String(duration)}' is not an ISO 8601 duration (such as 'P1M', 'P3D', 'PT2H', 'P1Y2M3DT4H5M6S') or a number of milliseconds.`,
    );
  }
  const [years, months, weeks, days, hours, minutes] = parts.slice(1, 7).map((part) => Number(part ?? 0)) as number[];
  const seconds = Number((parts[7] ?? '0').replace(',', '.'));
  const moved = addMonths(from, years! * 12 + months!);
  return moved + ((weeks! * 7 + days!) * 24 + hours!) * 3_600_000 + minutes! * 60_000 + Math.round(seconds * 1000);
}

/** `from` (milliseconds) plus whole months by the UTC calendar, a day past the month's end landing on its last day. */
export function addMonths(from: number, months: number): number {
  if (months === 0) return from;
  const date = new Date(from);
  const month = date.getUTCMonth() + months;
  const day = Math.min(date.getUTCDate(), daysInMonth(date.getUTCFullYear(), month));
  return Date.UTC(
    date.getUTCFullYear(),
    month,
    day,
    date.getUTCHours(),
    date.getUTCMinutes(),
    date.getUTCSeconds(),
    date.getUTCMilliseconds(),
  );
}

/** The days of a month (`month` may run past 11 or below 0: it counts on into the next years or back). */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/** A time a test gives (`mock.clock.set`): an ISO 8601 date-time or a `Date`, as milliseconds; anything else is a `TypeError`. */
export function millisOfTime(time: string | Date): number {
  const millis = time instanceof Date ? time.getTime() : typeof time === 'string' ? Date.parse(time) : Number.NaN;
  if (Number.isNaN(millis))
    throw new TypeError(`commerce-mock: '${String(time)}' is not a date-time (ISO 8601, such as '2030-01-31T09:00:00Z') or a Date.`);
  return millis;
}
