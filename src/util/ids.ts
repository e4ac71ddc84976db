import { randomUUID } from 'node:crypto';
import { currentRun } from './repeatable.js';

/**
 * A copy of an ASCII string as one flat (sequential) string. V8 builds a concatenation as a "cons
 * string", a tree of its pieces: `crypto.randomUUID()` (what uuid's `v4()` returns) joins about 20,
 * so each id retains ~470 bytes where the flat copy retains ~60 (~40 MB per 100,000 stored
 * resources). The latin1 round trip through a small pooled Buffer is cheaper than the tree it
 * replaces. Only for ASCII (latin1) text: anything wider would not survive the round trip.
 */
export function flatAscii(text: string): string {
  return Buffer.from(text, 'latin1').toString('latin1');
}

/** A random (version 4) UUID, as uuid's `v4()` makes it, stored flat (see `flatAscii`). */
export function uuid(): string {
  const run = currentRun();
  if (!run) return flatAscii(randomUUID());
  // A run again of a request (see repeatable.ts) makes the ids the first run made, in the same order.
  if (run.cursor === run.ids.length) run.ids.push(flatAscii(randomUUID()));
  return run.ids[run.cursor++]!;
}
