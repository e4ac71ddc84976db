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
    lastText = new Date(millis).toISOString();
  }
  return lastText;
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
