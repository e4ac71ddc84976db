/**
 * The mock stamps resources with `isoText(Date.now())`, which rewrites only the seconds and
 * milliseconds of the minute it formatted last: every time must read exactly as `toISOString`.
 */
import { test, expect } from '@playwright/test';
import { isoText } from '../../src/util/time.js';

const iso = (millis: number) => new Date(millis).toISOString();

test('times within a minute, across minute, hour, day and year boundaries read as toISOString', () => {
  const starts = [
    Date.UTC(2026, 10, 24, 17, 58, 59, 990),
    Date.UTC(2026, 11, 31, 23, 59, 58, 0),
    Date.UTC(2028, 1, 28, 23, 59, 59, 500),
    0,
  ];
  for (const start of starts) {
    for (let millis = start; millis < start + 2_500; millis += 7) expect(isoText(millis)).toBe(iso(millis));
  }
});

test('going back in time, jumping ahead, and the same millisecond twice read as toISOString', () => {
  const times = [
    Date.UTC(2026, 10, 24, 18, 0, 0, 1),
    Date.UTC(2026, 10, 24, 17, 59, 59, 999),
    Date.UTC(2026, 10, 24, 18, 0, 0, 1),
    Date.UTC(2026, 10, 24, 18, 0, 0, 1),
    Date.UTC(2031, 4, 5, 6, 7, 8, 9),
    Date.UTC(2031, 4, 5, 6, 7, 59, 999),
    Date.UTC(2031, 4, 5, 6, 7, 0, 0),
  ];
  for (const millis of times) expect(isoText(millis)).toBe(iso(millis));
});

test('random times read as toISOString', () => {
  let state = 42;
  const next = () => (state = (state * 1_103_515_245 + 12_345) & 0x7fffffff) / 0x7fffffff;
  let millis = Date.UTC(2026, 0, 1);
  for (let i = 0; i < 5_000; i++) {
    millis += Math.floor(next() * (next() < 0.9 ? 20_000 : 40_000_000));
    expect(isoText(millis)).toBe(iso(millis));
  }
});

test('times the fast path does not cover (before 1970, past year 9999, fractions) are still formatted as toISOString', () => {
  for (const millis of [-1, -60_000, -62_198_755_200_000, Date.UTC(10_000, 0, 1), 253_402_300_799_999, 1_700_000_000_000.5]) {
    expect(isoText(millis)).toBe(iso(millis));
  }
  // And after them, the ordinary path still reads right.
  const now = Date.UTC(2026, 10, 24, 18, 20, 30, 400);
  expect(isoText(now)).toBe(iso(now));
  expect(isoText(now + 1)).toBe(iso(now + 1));
});
