import { flatAscii } from '../util/ids.js';

/**
 * Passwords are stored salted and hashed and returned only in that form, as the platform does.
 * A single SHA-256 round, not a slow KDF: this is a test double and seeding speed matters.
 */
const SALT_BYTES = 8;
/** node:crypto, loaded when a password is first stored or checked rather than with the module. */
const nodeCrypto = () => process.getBuiltinModule('node:crypto');
let saltPool = Buffer.alloc(0);
let saltOffset = 0;

/** Salts come from a pooled random buffer: one randomBytes call per 8192 passwords keeps seeding fast. */
function nextSalt(): string {
  if (saltOffset + SALT_BYTES > saltPool.length) {
    saltPool = nodeCrypto().randomBytes(SALT_BYTES * 8192);
    saltOffset = 0;
  }
  const salt = saltPool.toString('base64', saltOffset, saltOffset + SALT_BYTES);
  saltOffset += SALT_BYTES;
  return salt;
}

/** A password salted and hashed as stored: `sha256$<salt>$<hash>`. */
export function hashPassword(password: string): string {
  const salt = nextSalt();
  // Flat, not the four-piece concatenation (see flatAscii; the text is base64).
  return flatAscii(`sha256$${salt}$${digest(salt, password)}`);
}

/**
 * The stored form of each password a new customer was given lately. A suite gives most of its
 * customers one of a few passwords: sharing one string among them saves about 80 bytes per customer
 * (8 MB for 100,000 seeded ones) and the hashing. The salt is then one per password and process
 * rather than one per customer, which a test double can afford; a changed or reset password gets a
 * hash of its own (`hashPassword`), so the customer's version moves as the platform's does even when
 * the password is the same. Bounded, so unique passwords do not pile up.
 */
const shared = new Map<string, string>();
const MAX_SHARED = 256;

export function sharedPasswordHash(password: string): string {
  let stored = shared.get(password);
  if (stored === undefined) {
    if (shared.size >= MAX_SHARED) shared.clear();
    stored = hashPassword(password);
    shared.set(password, stored);
  }
  return stored;
}

export function verifyPassword(password: string, stored: unknown): boolean {
  if (typeof stored !== 'string') return false;
  const [scheme, salt, hash] = stored.split('$');
  if (scheme !== 'sha256' || salt === undefined || hash === undefined) return false;
  const expected = Buffer.from(hash);
  const actual = Buffer.from(digest(salt, password));
  return expected.length === actual.length && nodeCrypto().timingSafeEqual(expected, actual);
}

// One-shot `crypto.hash` rather than a Hash object: about three times faster, which seeding feels.
function digest(salt: string, password: string): string {
  return nodeCrypto().hash('sha256', `${salt}\0${password}`, 'base64');
}
