import { ok, type ApiCall } from '../../http/context.js';
import { scopedAccess, stamps } from '../../engine/scoped-access.js';
import type { Engine, ScopePolicy } from '../../engine/define.js';
import { associateResponse, effectiveStores } from './hierarchy.js';
import type { BusinessUnit } from './model.js';

/** `/in-store/key={storeKey}/business-units`: units whose (own or inherited) stores include the store. */
export const businessUnitScope: ScopePolicy<BusinessUnit> = {
  mounts: {
    store: {
      routes: [associateInStoreRoute(':id'), associateInStoreRoute('key=:key')],
    },
  },
  inStore: (unit, storeKey) => effectiveStores(unit).some((store) => store.key === storeKey),
  stamp(draft, scope) {
    if (scope.store !== undefined && draft.stores === undefined && (draft.unitType === 'Company' || draft.storeMode === 'Explicit')) {
      draft.stores = [stamps.storeKeyReference(scope.store)];
    }
  },
};

function associateInStoreRoute(locator: ':id' | 'key=:key') {
  return {
    method: 'GET' as const,
    path: `${locator}/associates/:associateId`,
    handle: (call: ApiCall, engine: Engine) => {
      const access = scopedAccess<BusinessUnit>(call, 'business-unit', engine);
      const unit = access.find(locator === ':id' ? { id: call.params.id! } : { key: call.params.key! });
      return ok(associateResponse(unit, call.params.associateId!, call.ctx));
    },
  };
}
