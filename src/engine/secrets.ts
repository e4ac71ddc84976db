/**
 * Secrets a client configured (an extension's Authorization header, a subscription's access keys)
 * are stored whole, for the mock's own calls, and shown partially hidden in every response, as the
 * platform documents for those fields ("Partially hidden on retrieval for security reasons").
 */

/** `********************cdef`: only the last four characters of a secret longer than eight are shown. */
export function partiallyHidden(secret: string): string {
  const shown = secret.length > 8 ? 4 : 0;
  return '*'.repeat(secret.length - shown) + secret.slice(secret.length - shown);
}

/** A copy of `object` with the named string fields partially hidden; other fields as they are. */
export function withHidden<T extends object>(object: T, fields: readonly string[]): T {
  const copy = { ...object } as Record<string, unknown>;
  for (const field of fields) if (typeof copy[field] === 'string') copy[field] = partiallyHidden(copy[field]);
  return copy as T;
}
