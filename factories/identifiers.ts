/** References that name a resource by key or by id, whichever the caller has. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A reference by id when `keyOrId` is a UUID (the ids the mock assigns), by key otherwise:
 * `byKeyOrId('customer', 'customer-1')` → `{ typeId: 'customer', key: 'customer-1' }`.
 */
export function byKeyOrId<T extends string>(typeId: T, keyOrId: string): { typeId: T; key: string } | { typeId: T; id: string } {
  return UUID.test(keyOrId) ? { typeId, id: keyOrId } : { typeId, key: keyOrId };
}
