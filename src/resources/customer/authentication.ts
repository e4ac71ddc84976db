/**
 * Finding the customer an account endpoint or a sign-in means. The in-store endpoints
 * (`/in-store/key={storeKey}/...`) reach the customers of their store and the global ones; the
 * global endpoints (no store key) reach every customer by id but sign in global customers only.
 */
import { verifyPassword } from '../../auth/passwords.js';
import { errors } from '../../http/errors.js';
import type { ResourceContext } from '../../engine/define.js';
import { emailIndexEntry } from './emails.js';
import type { Customer } from './model.js';

/** Whether the customer can be reached from an endpoint of this store (global endpoints: `undefined`). */
export function customerInStore(customer: Pick<Customer, 'stores'>, storeKey: string | undefined): boolean {
  if (storeKey === undefined) return true;
  return customer.stores.length === 0 || customer.stores.some((s) => s.key === storeKey);
}

/** A customer by id as an account endpoint of this store reaches it: 404 otherwise. */
export function customerById(ctx: ResourceContext, id: string, storeKey: string | undefined): Customer {
  const customer = ctx.get('customer', id);
  if (!customer || !customerInStore(customer, storeKey)) throw errors.resourceNotFound({ id });
  return customer;
}

/**
 * The customer who signs in with this email (case-insensitive): on global endpoints a global
 * customer; in a store a customer of that store, or else a global one.
 */
export function customerByEmail(ctx: ResourceContext, email: string, storeKey?: string): Customer | undefined {
  if (storeKey !== undefined) {
    const inStore = ctx.findUnique('customer', 'email', emailIndexEntry(email, storeKey));
    if (inStore) return inStore as Customer;
  }
  return ctx.findUnique('customer', 'email', emailIndexEntry(email));
}

/** The customer with this email (case-insensitive) and password, if any; in a store, only customers of it (and global ones). */
export function authenticateCustomer(ctx: ResourceContext, email: string, password: string, storeKey?: string): Customer | undefined {
  const customer = customerByEmail(ctx, email, storeKey);
  if (!customer || customer.authenticationMode === 'ExternalAuth' || !verifyPassword(password, customer.password)) return undefined;
  return customer;
}
