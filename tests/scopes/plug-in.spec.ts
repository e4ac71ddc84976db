/**
 * How a checkout resource plugs into the scopes: the ready-made `cartScope` policy, mounted over a
 * stand-in cart definition (platform field names: customerId, anonymousId, store, businessUnit),
 * serves /me/carts, /in-store/key=/carts and /as-associate/{id}/in-business-unit/key=/carts with the
 * same filtering, stamping and permission checks the real carts definition gets from the same
 * policy (its `scope`).
 */
import { z } from 'zod';
import { test, expect } from '@playwright/test';
import { PlatformError } from '../../src/http/errors.js';
import { Call, Router } from '../../src/http/router.js';
import { identityOf } from '../../src/auth/identity.js';
import type { Method, Reply } from '../../src/http/context.js';
import type { TokenRecord } from '../../src/auth/tokens.js';
import { MemoryStorage } from '../../src/storage/memory.js';
import { ResourceEngine } from '../../src/engine/resource-engine.js';
import { action, defineResource, type ScopePolicy } from '../../src/engine/define.js';
import { customers } from '../../src/resources/customer/index.js';
import { associateRoles } from '../../src/resources/associate-roles.js';
import { businessUnits } from '../../src/resources/business-unit/index.js';
import { stores } from '../../src/resources/stores.js';
import { NOT_SCOPED, Scopes } from '../../src/core/scoped-mounts.js';
import { mountType, routerTables } from '../../src/core/type-routes.js';
import { TypeCatalog } from '../../src/engine/type-catalog.js';
import { cartScope } from '../../src/resources/cart/cart-scope.js';

const KeyRef = z.object({ typeId: z.string().optional(), key: z.string() });

/** A stand-in for the carts module: just the fields the scopes look at. */
const fakeCarts = defineResource({
  typeId: 'cart',
  path: 'carts',
  scope: cartScope as ScopePolicy<any>,
  draft: z.object({
    customerId: z.string().optional(),
    anonymousId: z.string().optional(),
    store: KeyRef.optional(),
    businessUnit: KeyRef.optional(),
    country: z.string().optional(),
  }),
  create: (draft) => ({
    ...draft,
    ...(draft.store ? { store: { typeId: 'store', key: draft.store.key } } : {}),
    ...(draft.businessUnit ? { businessUnit: { typeId: 'business-unit', key: draft.businessUnit.key } } : {}),
  }),
  actions: {
    setCountry: action(z.object({ country: z.string() }), (cart: any, a) => void (cart.country = a.country)),
    setCustomerId: action(z.object({ customerId: z.string() }), (cart: any, a) => void (cart.customerId = a.customerId)),
  },
});

function harness() {
  const engine = new ResourceEngine(new MemoryStorage(), TypeCatalog.of([customers, associateRoles, businessUnits, stores, fakeCarts]));
  const routers = routerTables(() => new Router());
  engine.types.onLoad((definition) => mountType(definition, engine, routers));
  const scopes = new Scopes(routers);
  const ctx = () => engine.context('p', { isPlatformClient: false });
  const token = (fields: Partial<TokenRecord>): TokenRecord =>
    ({
      kind: 'customer',
      accessToken: 'x',
      tokenType: 'Bearer',
      clientId: 'c',
      scope: '',
      issuedAt: '',
      expiresIn: 1,
      projectKey: 'p',
      ...fields,
    }) as TokenRecord;
  /** What `mock.serveApi` does for a scoped path, errors turned into replies. */
  const request = (method: Method, path: string, who?: TokenRecord, body?: unknown): Reply => {
    try {
      const url = new URL(path, 'http://mock');
      const { author, caller } = identityOf(who, 'p');
      const found = scopes.resolve(method, url.pathname.split('/').filter(Boolean), who, caller);
      if (found === NOT_SCOPED || found === undefined || found === 'method-not-allowed') return { status: 404, body: found };
      const rawBody = body === undefined ? undefined : JSON.stringify(body);
      const ctx = engine.context('p', author, undefined, found.scope);
      const call = new Call(method, found.params, url.searchParams, rawBody, ctx, (project, document, paths) =>
        engine.expand(project, document, paths),
      );
      return found.route.handle(call);
    } catch (error) {
      if (error instanceof PlatformError) return { status: error.statusCode, body: error.toJSON() };
      throw error;
    }
  };
  const create = (definition: any, draft: unknown) => engine.create(definition, draft, ctx());
  return { engine, scopes, request, create, token };
}

test('/me/carts: stamped with the caller, filtered to the caller, My* actions only', () => {
  const { request, create, token } = harness();
  const alice = create(customers, { email: 'a@x.io', password: 'pw' });
  const bob = create(customers, { email: 'b@x.io', password: 'pw' });
  const asAlice = token({ customerId: alice.id });
  const made = request('POST', '/me/carts', asAlice, { customerId: bob.id, country: 'DE' });
  expect(made.status).toBe(201);
  expect(made.body).toMatchObject({ customerId: alice.id });
  const bobs = create(fakeCarts, { customerId: bob.id });
  expect((request('GET', '/me/carts', asAlice).body as any).results.map((c: any) => c.id)).toEqual([(made.body as any).id]);
  expect(request('GET', `/me/carts/${bobs.id}`, asAlice).status).toBe(404);
  expect(request('POST', `/me/carts/${bobs.id}`, asAlice, { version: 1, actions: [{ action: 'setCountry', country: 'FR' }] }).status).toBe(
    404,
  );
  const handOver = request('POST', `/me/carts/${(made.body as any).id}`, asAlice, {
    version: 1,
    actions: [{ action: 'setCustomerId', customerId: bob.id }],
  });
  expect(handOver.status).toBe(400);
  const anonymous = request('POST', '/me/carts', token({ kind: 'anonymous', anonymousId: 'anon-7' }), { customerId: alice.id });
  expect(anonymous.body).toMatchObject({ anonymousId: 'anon-7' });
  expect(anonymous.body).not.toHaveProperty('customerId');
  expect(request('GET', '/me/carts', undefined).status).toBe(403);
});

test('/in-store/key=/carts: stamped with the store; another store’s cart is a 404', () => {
  const { request, create } = harness();
  for (const key of ['berlin', 'paris']) create(stores, { key });
  const made = request('POST', '/in-store/key=berlin/carts', undefined, { store: { typeId: 'store', key: 'paris' } });
  expect(made.body).toMatchObject({ store: { typeId: 'store', key: 'berlin' } });
  const paris = create(fakeCarts, { store: { typeId: 'store', key: 'paris' } });
  expect(request('GET', `/in-store/key=berlin/carts/${paris.id}`).status).toBe(404);
  expect((request('GET', '/in-store/key=paris/carts').body as any).results.map((c: any) => c.id)).toEqual([paris.id]);
});

test('/as-associate/{id}/in-business-unit/key=/carts: the unit and the associate are stamped; My/Others apply', () => {
  const { request, create, engine } = harness();
  const buyer = create(customers, { email: 'buyer@x.io', password: 'pw' });
  const other = create(customers, { email: 'other@x.io', password: 'pw' });
  create(associateRoles, { key: 'buyer', permissions: ['CreateMyCarts', 'ViewMyCarts'] });
  create(businessUnits, {
    key: 'acme',
    unitType: 'Company',
    name: 'ACME',
    associates: [
      {
        customer: { typeId: 'customer', id: buyer.id },
        associateRoleAssignments: [{ associateRole: { typeId: 'associate-role', key: 'buyer' } }],
      },
    ],
  });
  const base = `/as-associate/${buyer.id}/in-business-unit/key=acme/carts`;
  const mine = request('POST', base, undefined, {});
  expect(mine.status).toBe(201);
  expect(mine.body).toMatchObject({ customerId: buyer.id, businessUnit: { typeId: 'business-unit', key: 'acme' } });
  const forOther = request('POST', base, undefined, { customerId: other.id });
  expect(forOther.status).toBe(403);
  expect((forOther.body as any).errors[0]).toMatchObject({ code: 'AssociateMissingPermission', permissions: ['CreateOthersCarts'] });
  const theirs = create(fakeCarts, { customerId: other.id, businessUnit: { typeId: 'business-unit', key: 'acme' } });
  expect((request('GET', base).body as any).results.map((c: any) => c.id)).toEqual([(mine.body as any).id]);
  expect(request('GET', `${base}/${theirs.id}`).status).toBe(403);
  expect(request('DELETE', `${base}/${(mine.body as any).id}?version=1`).status).toBe(403); // no DeleteMyCarts
  expect(engine.decisions.list().map((d) => `${d.action}:${d.allowed}`)).toEqual([
    'create cart:true',
    'create cart:false',
    'query cart:true',
    'view cart:false',
    'delete cart:false',
  ]);
});
