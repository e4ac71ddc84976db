/**
 * Email uniqueness of Global and Store-specific customers: a customer with no `stores` is global and
 * its email is unique in the project; a customer with stores has an email unique within each of its
 * stores, and no global customer may share it (and vice versa). The unique index `email` holds the
 * normalised (lower-case) email for a global customer and `store=<key>/<email>` per store for a
 * Store-specific one, so lookups by email for sign-in stay index lookups.
 */
import { errors } from '../../http/errors.js';
import type { StoredDocument } from '../../storage/backend.js';
import type { ResourceContext } from '../../engine/define.js';
import type { Customer } from './model.js';

/** The `email` index entry of a global customer (no `storeKey`) or of a Store-specific one in one of its stores. */
export function emailIndexEntry(email: string, storeKey?: string): string {
  const normalised = email.toLowerCase();
  return storeKey === undefined ? normalised : `store=${storeKey}/${normalised}`;
}

export function emailIndexValues(customer: Pick<Customer, 'email' | 'stores'>): string[] {
  return customer.stores.length === 0
    ? [emailIndexEntry(customer.email)]
    : customer.stores.map((store) => emailIndexEntry(customer.email, store.key));
}

export const duplicateEmail = (email: string) =>
  errors.duplicateField('email', email, 'There is already an existing customer with the provided email.');

/**
 * The cross-kind half of email uniqueness (the index catches customers of the same kind and store):
 * a global customer's email must not be used by a Store-specific one, and the other way round.
 */
export function assertEmailAvailable(customer: Pick<Customer, 'email' | 'stores'> & { id?: string }, ctx: ResourceContext): void {
  const taken = (holder: StoredDocument | undefined) => holder !== undefined && holder.id !== customer.id;
  if (customer.stores.length > 0) {
    if (taken(ctx.findUnique('customer', 'email', emailIndexEntry(customer.email)))) throw duplicateEmail(customer.email);
    return;
  }
  for (const store of ctx.scan('store')) {
    if (taken(ctx.findUnique('customer', 'email', emailIndexEntry(customer.email, store.key as string))))
      throw duplicateEmail(customer.email);
  }
}
