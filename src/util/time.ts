import { currentRun } from './repeatable.js';

let lastMillis = -1;
let lastText = '';

/**
 * The current time as an ISO 8601 string. Everything stamped within one millisecond shares one
 * string: seeding stores tens of thousands of resources a second, each with `createdAt` and
 * `lastModifiedAt`, and formatting a date costs more than comparing two numbers.
 */
export function isoNow(): string {
  const run = currentRun();
  if (run) return (run.now ??= clockText());
  return clockText();
}

function clockText(): string {
  const millis = Date.now();
  if (millis !== lastMillis) {
    lastMillis = millis;
    lastText = isoText(millis);
  }
  return lastText;
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
