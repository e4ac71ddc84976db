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

const HEX_DIGITS = Buffer.from('0123456789abcdef', 'latin1');
/** Where the 32 hex digits of a UUID go in its 36 characters (the rest are dashes). */
const DIGIT_AT = Array.from({ length: 36 }, (_, i) => i).filter((i) => i !== 8 && i !== 13 && i !== 18 && i !== 23);
const UUID_TEXT = Buffer.from('00000000-0000-0000-0000-000000000000', 'latin1');
const RANDOM_POOL_UUIDS = 256;
const randomPool = Buffer.alloc(16 * RANDOM_POOL_UUIDS);
let poolAt = randomPool.length;

/**
 * The version 4 UUID of the 16 bytes of `bytes` from `from` (which it marks with the version and
 * variant), written as hex digits into a buffer and read out as one flat string: `crypto.randomUUID()`
 * joins its pieces into a cons string, which a stored id would keep (see `flatAscii`), and flattening
 * it costs more than writing the digits (0.1 µs against 0.4).
 */
function uuidOf(bytes: Uint8Array, from: number): string {
  bytes[from + 6] = (bytes[from + 6]! & 0x0f) | 0x40;
  bytes[from + 8] = (bytes[from + 8]! & 0x3f) | 0x80;
  for (let i = 0; i < 16; i++) {
    const byte = bytes[from + i]!;
    UUID_TEXT[DIGIT_AT[2 * i]!] = HEX_DIGITS[byte >> 4]!;
    UUID_TEXT[DIGIT_AT[2 * i + 1]!] = HEX_DIGITS[byte & 15]!;
  }
  return UUID_TEXT.toString('latin1');
}

/**
 * A random (version 4) UUID (see `uuidOf`). The random bytes come from a pool filled 256 UUIDs at a
 * time, as `randomUUID` does; node:crypto is loaded at the first fill (3 to 5 ms of a server's start).
 */
export function randomUuid(): string {
  if (poolAt === randomPool.length) {
    process.getBuiltinModule('node:crypto').randomFillSync(randomPool);
    poolAt = 0;
  }
  const from = poolAt;
  poolAt += 16;
  return uuidOf(randomPool, from);
}

const scratch = new Uint8Array(16);

/**
 * A UUID-shaped id for what must be unique in practice but need not be unguessable, such as a
 * request's correlation id: from `Math.random`, so that a request that makes no resource and no
 * token (a health check, a first read) loads no node:crypto.
 */
export function casualUuid(): string {
  for (let i = 0; i < 16; i++) scratch[i] = Math.floor(Math.random() * 256);
  return uuidOf(scratch, 0);
}

/** A random (version 4) UUID, stored flat (see `randomUuid`). */
export function uuid(): string {
  const run = currentRun();
  if (!run) return randomUuid();
  // A run again of a request (see repeatable.ts) makes the ids the first run made, in the same order.
  if (run.cursor === run.ids.length) run.ids.push(randomUuid());
  return run.ids[run.cursor++]!;
}
