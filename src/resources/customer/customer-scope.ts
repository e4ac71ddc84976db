import type { ScopePolicy } from '../../engine/define.js';
import { customerAccountRoutes } from './account.js';
import { customerInStore } from './authentication.js';
import type { Customer } from './model.js';
import { signUp } from './sign-in.js';

/** `/in-store/key={storeKey}/customers`: customers of the store (and global ones, which every store reaches). */
export const customerScope: ScopePolicy<Customer> = {
  mounts: {
    store: {
      routes: [
        // Sign-up in the store: the customers module's rules (stores default to this one, anonymous resources pass over).
        { method: 'POST', path: '', handle: (call, engine) => signUp(call, engine, call.ctx.scope!.store!) },
        ...customerAccountRoutes((call) => call.ctx.scope?.store),
      ],
    },
  },
  inStore: (customer, storeKey) => customerInStore(customer, storeKey),
};
