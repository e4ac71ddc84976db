/**
 * Fail-closed matrix: every caller-scoped route the mock serves, tried as every kind of caller that
 * must not reach the victim's resources — no token, a client token, a token the mock never issued,
 * an anonymous session, another customer's token, an in-store token of another store, an associate
 * of another unit, an associate without the permission — each against a fresh world. Each must get
 * its expected status, and no response may carry what the caller has no business seeing (the
 * victim's ids, emails and resource names, except what the request itself named). The victim's own
 * call is the positive control, so no route passes by answering 404 to everyone.
 */
import type { CommerceMock } from '../../src/index.js';
import { test, expect, PROJECT_KEY } from '../support/sdk.js';

type Identity =
  | 'none'
  | 'client'
  | 'unissued'
  | 'anonymous'
  | 'other-customer'
  | 'other-store-token'
  | 'outsider-associate'
  | 'associate-without-permission'
  | 'victim';

const TOKEN_IDENTITIES: Identity[] = ['none', 'client', 'unissued', 'anonymous', 'other-customer', 'other-store-token', 'victim'];
const ASSOCIATE_IDENTITIES: Identity[] = [...TOKEN_IDENTITIES, 'outsider-associate', 'associate-without-permission'];

/** Everything a combination needs: ids of the seeded world and the tokens of each identity. */
interface World {
  victim: { id: string; email: string; version: number };
  attacker: { id: string };
  parisian: { id: string; email: string; key: string };
  outsider: { id: string };
  weak: { id: string };
  acme: { id: string; key: string };
  parisUnit: { id: string };
  lists: { mine: string; mineInBerlin: string; unit: string; otherUnit: string; paris: string };
  passwordToken: string;
  emailToken: string;
  tokens: Partial<Record<Identity, string>>;
  /** Strings only the victim (or, for unit data, the unit's associates) may see. */
  secrets: { customer: string[]; unit: string[]; lists: string[]; paris: string[] };
  /** The quote flow and as-associate checkout resources (seedCheckout). */
  checkout: CheckoutWorld;
}

let seedToken = '';

function post(mock: CommerceMock, path: string, body: unknown): any {
  const headers = { authorization: `Bearer ${seedToken}` };
  const response = mock.handle({ method: 'POST', url: `/${PROJECT_KEY}${path}`, headers, body: JSON.stringify(body) });
  if (response.status >= 300) throw new Error(`seed ${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/** A fresh world: stores, customers, roles, units, shopping lists, account tokens, and a token per identity. */
function seed(mock: CommerceMock): World {
  mock.state.clear();
  seedToken = mock.tokens.issue({ kind: 'client', clientId: 'seeder' }).accessToken;
  for (const key of ['berlin', 'paris']) post(mock, '/stores', { key });
  const customer = (email: string, password: string, extra: object = {}) =>
    post(mock, '/customers', { email, password, ...extra }).customer;
  const victim = customer('victim@example.com', 'victim-pw');
  const attacker = customer('attacker@example.com', 'attacker-pw');
  const parisian = customer('parisian@example.com', 'paris-pw', { key: 'parisian-key', stores: [{ typeId: 'store', key: 'paris' }] });
  const outsider = customer('outsider@example.com', 'outsider-pw');
  const weak = customer('weak@example.com', 'weak-pw');
  post(mock, '/associate-roles', {
    key: 'admin',
    permissions: [
      'UpdateBusinessUnitDetails',
      'AddChildUnits',
      'ViewMyShoppingLists',
      'CreateMyShoppingLists',
      'UpdateMyShoppingLists',
      'DeleteMyShoppingLists',
    ],
  });
  post(mock, '/associate-roles', { key: 'nothing', permissions: [] });
  const role = (key: string) => [{ associateRole: { typeId: 'associate-role', key } }];
  const acme = post(mock, '/business-units', {
    key: 'acme',
    unitType: 'Company',
    name: 'ACME-UNIT-SECRET',
    associates: [
      { customer: { typeId: 'customer', id: victim.id }, associateRoleAssignments: role('admin') },
      { customer: { typeId: 'customer', id: weak.id }, associateRoleAssignments: role('nothing') },
    ],
  });
  post(mock, '/business-units', {
    key: 'other',
    unitType: 'Company',
    name: 'Other',
    associates: [{ customer: { typeId: 'customer', id: outsider.id }, associateRoleAssignments: role('admin') }],
  });
  const parisUnit = post(mock, '/business-units', {
    key: 'paris-co',
    unitType: 'Company',
    name: 'PARIS-UNIT-SECRET',
    stores: [{ typeId: 'store', key: 'paris' }],
  });
  const list = (body: object) => post(mock, '/shopping-lists', body).id as string;
  const lists = {
    mine: list({ name: { en: 'VICTIM-LIST-SECRET' }, key: 'victim-list', customer: { typeId: 'customer', id: victim.id } }),
    mineInBerlin: list({
      name: { en: 'VICTIM-BERLIN-SECRET' },
      customer: { typeId: 'customer', id: victim.id },
      store: { typeId: 'store', key: 'berlin' },
    }),
    unit: list({
      name: { en: 'VICTIM-UNIT-LIST-SECRET' },
      key: 'victim-unit-list',
      customer: { typeId: 'customer', id: victim.id },
      businessUnit: { typeId: 'business-unit', key: 'acme' },
    }),
    otherUnit: list({
      name: { en: 'OTHER-UNIT-LIST-SECRET' },
      customer: { typeId: 'customer', id: outsider.id },
      businessUnit: { typeId: 'business-unit', key: 'other' },
    }),
    paris: list({ name: { en: 'PARIS-LIST-SECRET' }, store: { typeId: 'store', key: 'paris' } }),
  };
  const passwordToken = post(mock, '/customers/password-token', { email: 'victim@example.com' }).value as string;
  const emailToken = post(mock, '/customers/email-token', { id: victim.id, ttlMinutes: 60 }).value as string;
  const tokens: World['tokens'] = {
    client: mock.tokens.issue({ kind: 'client' }).accessToken,
    unissued: 'bm90LWlzc3VlZC1ieS10aGUtbW9jaw==',
    anonymous: mock.tokens.issue({ kind: 'anonymous' }).accessToken,
    'other-customer': mock.tokens.issue({ kind: 'customer', customerId: attacker.id }).accessToken,
    'other-store-token': mock.tokens.issue({ kind: 'customer', customerId: parisian.id, storeKey: 'paris' }).accessToken,
    victim: mock.tokens.issue({ kind: 'customer', customerId: victim.id }).accessToken,
  };
  // Associates act through a back-end client (the identity is the path's associate id).
  tokens['outsider-associate'] = tokens['associate-without-permission'] = mock.tokens.issue({
    kind: 'client',
    clientId: 'bff',
  }).accessToken;
  const checkout = seedCheckout(mock, victim.id, outsider.id);
  return {
    checkout,
    victim: { id: victim.id, email: victim.email, version: victim.version },
    attacker: { id: attacker.id },
    parisian: { id: parisian.id, email: parisian.email, key: 'parisian-key' },
    outsider: { id: outsider.id },
    weak: { id: weak.id },
    acme: { id: acme.id, key: 'acme' },
    parisUnit: { id: parisUnit.id },
    lists,
    passwordToken,
    emailToken,
    tokens,
    secrets: {
      customer: [victim.id, 'victim@example.com', victim.password],
      unit: ['ACME-UNIT-SECRET', acme.id],
      lists: [
        'VICTIM-LIST-SECRET',
        'VICTIM-BERLIN-SECRET',
        'VICTIM-UNIT-LIST-SECRET',
        'OTHER-UNIT-LIST-SECRET',
        lists.mine,
        lists.unit,
        lists.mineInBerlin,
      ],
      paris: [parisian.id, 'parisian@example.com', 'PARIS-UNIT-SECRET', 'PARIS-LIST-SECRET', parisUnit.id, lists.paris],
    },
  };
}

interface Case {
  name: string;
  method: 'GET' | 'POST' | 'DELETE';
  path: (w: World, who: Identity) => string;
  body?: (w: World) => unknown;
  /** The expected status per identity (`default` for the rest). */
  expect: Partial<Record<Identity | 'default', number>>;
  identities: Identity[];
}

/** /me routes: no caller is 403; the caller acts only on their own resources. */
const NO_CALLER = { none: 403, client: 403, unissued: 403, 'other-store-token': 403 } as const;
const CUSTOMER_ONLY = { ...NO_CALLER, anonymous: 403 } as const;

/** as-associate routes act as the path's associate; the victim's own path with no token is allowed by the spec. */
const associatePath = (w: World, who: Identity, rest: string) => {
  const id = who === 'outsider-associate' ? w.outsider.id : who === 'associate-without-permission' ? w.weak.id : w.victim.id;
  return `/as-associate/${id}${rest}`;
};
const SHOPPER_TOKENS_REFUSED = { anonymous: 403, 'other-customer': 403, 'other-store-token': 403 } as const;

const rename = { actions: [{ action: 'changeName', name: { en: 'pwned' } }] };

// The quote flow and as-associate checkout --------------------------------------------------------

/** The victim's carts, orders, quote flow, approval rule and flow in acme, and the outsider's in 'other'. */
interface CheckoutWorld {
  cart: string;
  orderCart: string;
  requestCart: string;
  order: string;
  quoteRequest: string;
  quote: string;
  rule: string;
  flow: string;
  otherCart: string;
  otherOrder: string;
  otherQuote: string;
  /** What only the victim (and those acting as the victim) may see. */
  secrets: string[];
  /** The unit's approval rules and flows: every associate of the unit may read them, nobody else. */
  approvalSecrets: string[];
}

function seedCheckout(mock: CommerceMock, victimId: string, outsiderId: string): CheckoutWorld {
  // The victim's role 'admin' gets the checkout permissions too (a role update: the units keep their versions).
  post(mock, '/associate-roles/key=admin', {
    version: 1,
    actions: [
      'ViewMyCarts',
      'CreateMyCarts',
      'UpdateMyCarts',
      'DeleteMyCarts',
      'ViewMyOrders',
      'UpdateMyOrders',
      'CreateMyOrdersFromMyCarts',
      'ViewMyQuoteRequests',
      'UpdateMyQuoteRequests',
      'CreateMyQuoteRequestsFromMyCarts',
      'ViewMyQuotes',
      'AcceptMyQuotes',
      'DeclineMyQuotes',
      'RenegotiateMyQuotes',
      'ReassignMyQuotes',
      'CreateMyOrdersFromMyQuotes',
      'CreateApprovalRules',
      'UpdateApprovalRules',
      'UpdateApprovalFlows',
    ].map((permission) => ({ action: 'addPermission', permission })),
  });
  const roles = (...keys: string[]) => keys.map((key) => ({ associateRole: { typeId: 'associate-role', key } }));
  const cart = (customerId: string, unit: string, key?: string) =>
    post(mock, '/carts', {
      currency: 'EUR',
      customerId,
      businessUnit: { typeId: 'business-unit', key: unit },
      shippingAddress: { country: 'DE' },
      ...(key ? { key } : {}),
    }).id as string;
  const quoteOf = (cartId: string, comment: string) => {
    const request = post(mock, '/quote-requests', {
      cart: { typeId: 'cart', id: cartId },
      cartVersion: 1,
      comment: `${comment.toUpperCase()}-QUOTE-REQUEST-SECRET`,
    });
    const staged = post(mock, '/staged-quotes', { quoteRequest: { typeId: 'quote-request', id: request.id }, quoteRequestVersion: 1 });
    return {
      request: request.id as string,
      quote: post(mock, '/quotes', {
        stagedQuote: { typeId: 'staged-quote', id: staged.id },
        stagedQuoteVersion: 1,
        key: `${comment}-quote`,
      }).id as string,
    };
  };
  const asVictim = `/as-associate/${victimId}/in-business-unit/key=acme`;
  const rule = post(mock, `${asVictim}/approval-rules`, {
    key: 'victim-rule',
    name: 'VICTIM-RULE-SECRET',
    status: 'Active',
    predicate: '1 = 1',
    requesters: roles('admin'),
    approvers: { tiers: [{ and: [{ or: roles('admin') }] }] },
  }).id as string;
  const order = post(mock, `${asVictim}/orders`, {
    cart: { typeId: 'cart', id: cart(victimId, 'acme') },
    version: 1,
    orderNumber: 'victim-order',
  }).id as string;
  const flow = mock.data.all('approval-flow')[0]!.id;
  const { request, quote } = quoteOf(cart(victimId, 'acme'), 'victim');
  const otherOrder = post(mock, '/orders', { cart: { typeId: 'cart', id: cart(outsiderId, 'other') }, version: 1 }).id as string;
  const other = quoteOf(cart(outsiderId, 'other'), 'other');
  const world = {
    cart: cart(victimId, 'acme', 'victim-cart'),
    orderCart: cart(victimId, 'acme'),
    requestCart: cart(victimId, 'acme'),
    order,
    quoteRequest: request,
    quote,
    rule,
    flow,
    otherCart: cart(outsiderId, 'other'),
    otherOrder,
    otherQuote: other.quote,
  };
  return {
    ...world,
    secrets: [
      world.cart,
      world.orderCart,
      world.requestCart,
      request,
      quote,
      world.otherCart,
      otherOrder,
      other.quote,
      other.request,
      'VICTIM-QUOTE-REQUEST-SECRET',
      'OTHER-QUOTE-REQUEST-SECRET',
    ],
    approvalSecrets: ['VICTIM-RULE-SECRET', rule, flow, order],
  };
}

/** In acme as an associate: shopper tokens, outsiders and associates without the permission are refused. */
const IN_UNIT_DENIED = { ...SHOPPER_TOKENS_REFUSED, 'outsider-associate': 403, 'associate-without-permission': 403 } as const;
/** Approval rules and flows are read by any associate of the unit. */
const UNIT_READ = { ...SHOPPER_TOKENS_REFUSED, 'outsider-associate': 403 } as const;
/** A resource of another unit: 404 for the unit's associates; outsiders and shopper tokens are refused before any lookup. */
const OTHER_UNIT = { ...SHOPPER_TOKENS_REFUSED, 'outsider-associate': 403, default: 404 } as const;

const unitRoute = (
  name: string,
  method: Case['method'],
  rest: (w: World) => string,
  expect: Case['expect'],
  body?: (w: World) => unknown,
): Case => ({
  name: `${method} .../in-business-unit/key=acme/${name}`,
  method,
  path: (w, who) => associatePath(w, who, `/in-business-unit/key=acme/${rest(w)}`),
  ...(body ? { body } : {}),
  expect,
  identities: ASSOCIATE_IDENTITIES,
});

const meRoute = (
  name: string,
  method: Case['method'],
  path: (w: World) => string,
  expect: Case['expect'],
  body?: (w: World) => unknown,
): Case => ({
  name: `${method} /me/${name}`,
  method,
  path,
  ...(body ? { body } : {}),
  expect,
  identities: TOKEN_IDENTITIES,
});

const CHECKOUT_CASES: Case[] = [
  // carts
  unitRoute('carts', 'GET', () => 'carts', { ...IN_UNIT_DENIED, default: 200 }),
  unitRoute(
    'carts (create)',
    'POST',
    () => 'carts',
    { ...IN_UNIT_DENIED, default: 201 },
    () => ({ currency: 'EUR' }),
  ),
  unitRoute('carts/{id}', 'GET', (w) => `carts/${w.checkout.cart}`, { ...IN_UNIT_DENIED, default: 200 }),
  unitRoute('carts/key=', 'GET', () => 'carts/key=victim-cart', { ...IN_UNIT_DENIED, default: 200 }),
  unitRoute(
    'carts/{id} (update)',
    'POST',
    (w) => `carts/${w.checkout.cart}`,
    { ...IN_UNIT_DENIED, default: 200 },
    () => ({ version: 1, actions: [{ action: 'setKey', key: 'pwned' }] }),
  ),
  unitRoute('carts/{id} (delete)', 'DELETE', (w) => `carts/${w.checkout.cart}?version=1`, { ...IN_UNIT_DENIED, default: 200 }),
  unitRoute(
    'carts/replicate',
    'POST',
    () => 'carts/replicate',
    { ...IN_UNIT_DENIED, default: 201 },
    (w) => ({ reference: { typeId: 'cart', id: w.checkout.cart } }),
  ),
  unitRoute('carts/{cart of another unit}', 'GET', (w) => `carts/${w.checkout.otherCart}`, OTHER_UNIT),
  // orders
  unitRoute('orders', 'GET', () => 'orders', { ...IN_UNIT_DENIED, default: 200 }),
  unitRoute(
    'orders (from a cart)',
    'POST',
    () => 'orders',
    { ...IN_UNIT_DENIED, default: 201 },
    (w) => ({ cart: { typeId: 'cart', id: w.checkout.orderCart }, version: 1 }),
  ),
  unitRoute('orders/{id}', 'GET', (w) => `orders/${w.checkout.order}`, { ...IN_UNIT_DENIED, default: 200 }),
  unitRoute('orders/order-number=', 'GET', () => 'orders/order-number=victim-order', { ...IN_UNIT_DENIED, default: 200 }),
  unitRoute(
    'orders/{id} (update)',
    'POST',
    (w) => `orders/${w.checkout.order}`,
    { ...IN_UNIT_DENIED, default: 200 },
    () => ({
      version: 1,
      actions: [{ action: 'setPurchaseOrderNumber', purchaseOrderNumber: 'pwned' }],
    }),
  ),
  unitRoute(
    'orders/quotes',
    'POST',
    () => 'orders/quotes',
    { ...IN_UNIT_DENIED, default: 201 },
    (w) => ({ quote: { typeId: 'quote', id: w.checkout.quote }, version: 1 }),
  ),
  unitRoute('orders/{order of another unit}', 'GET', (w) => `orders/${w.checkout.otherOrder}`, OTHER_UNIT),
  // quote requests and quotes
  unitRoute('quote-requests', 'GET', () => 'quote-requests', { ...IN_UNIT_DENIED, default: 200 }),
  unitRoute(
    'quote-requests (create)',
    'POST',
    () => 'quote-requests',
    { ...IN_UNIT_DENIED, default: 201 },
    (w) => ({ cart: { typeId: 'cart', id: w.checkout.requestCart }, cartVersion: 1 }),
  ),
  unitRoute('quote-requests/{id}', 'GET', (w) => `quote-requests/${w.checkout.quoteRequest}`, { ...IN_UNIT_DENIED, default: 200 }),
  unitRoute(
    'quote-requests/{id} (update)',
    'POST',
    (w) => `quote-requests/${w.checkout.quoteRequest}`,
    { ...IN_UNIT_DENIED, default: 200 },
    () => ({
      version: 1,
      actions: [{ action: 'changeQuoteRequestState', quoteRequestState: 'Cancelled' }],
    }),
  ),
  unitRoute('quotes', 'GET', () => 'quotes', { ...IN_UNIT_DENIED, default: 200 }),
  unitRoute('quotes/{id}', 'GET', (w) => `quotes/${w.checkout.quote}`, { ...IN_UNIT_DENIED, default: 200 }),
  unitRoute('quotes/key=', 'GET', () => 'quotes/key=victim-quote', { ...IN_UNIT_DENIED, default: 200 }),
  unitRoute(
    'quotes/{id} (decline)',
    'POST',
    (w) => `quotes/${w.checkout.quote}`,
    { ...IN_UNIT_DENIED, default: 200 },
    () => ({
      version: 1,
      actions: [{ action: 'changeQuoteState', quoteState: 'Declined' }],
    }),
  ),
  unitRoute('quotes/{quote of another unit}', 'GET', (w) => `quotes/${w.checkout.otherQuote}`, OTHER_UNIT),
  // approval rules and flows
  unitRoute('approval-rules', 'GET', () => 'approval-rules', { ...UNIT_READ, default: 200 }),
  unitRoute(
    'approval-rules (create)',
    'POST',
    () => 'approval-rules',
    { ...IN_UNIT_DENIED, default: 201 },
    () => ({
      key: 'new-rule',
      name: 'n',
      status: 'Active',
      predicate: '1 = 1',
      requesters: [{ associateRole: { typeId: 'associate-role', key: 'admin' } }],
      approvers: { tiers: [{ and: [{ or: [{ associateRole: { typeId: 'associate-role', key: 'admin' } }] }] }] },
    }),
  ),
  unitRoute('approval-rules/{id}', 'GET', (w) => `approval-rules/${w.checkout.rule}`, { ...UNIT_READ, default: 200 }),
  unitRoute('approval-rules/key=', 'GET', () => 'approval-rules/key=victim-rule', { ...UNIT_READ, default: 200 }),
  unitRoute(
    'approval-rules/{id} (update)',
    'POST',
    (w) => `approval-rules/${w.checkout.rule}`,
    { ...IN_UNIT_DENIED, default: 200 },
    () => ({
      version: 1,
      actions: [{ action: 'setName', name: 'pwned' }],
    }),
  ),
  unitRoute('approval-flows', 'GET', () => 'approval-flows', { ...UNIT_READ, default: 200 }),
  unitRoute('approval-flows/{id}', 'GET', (w) => `approval-flows/${w.checkout.flow}`, { ...UNIT_READ, default: 200 }),
  unitRoute(
    'approval-flows/{id} (approve)',
    'POST',
    (w) => `approval-flows/${w.checkout.flow}`,
    { ...IN_UNIT_DENIED, default: 200 },
    () => ({ version: 1, actions: [{ action: 'approve' }] }),
  ),
  // /me: quote requests, quotes, orders from quotes
  meRoute('quote-requests', 'GET', () => '/me/quote-requests', { ...CUSTOMER_ONLY, default: 200 }),
  meRoute(
    'quote-requests (create)',
    'POST',
    () => '/me/quote-requests',
    { ...CUSTOMER_ONLY, 'other-customer': 400, default: 201 },
    (w) => ({ cartId: w.checkout.requestCart, cartVersion: 1 }),
  ),
  meRoute('quote-requests/{id}', 'GET', (w) => `/me/quote-requests/${w.checkout.quoteRequest}`, {
    ...CUSTOMER_ONLY,
    'other-customer': 404,
    default: 200,
  }),
  meRoute(
    'quote-requests/{id} (cancel)',
    'POST',
    (w) => `/me/quote-requests/${w.checkout.quoteRequest}`,
    { ...CUSTOMER_ONLY, 'other-customer': 404, default: 200 },
    () => ({
      version: 1,
      actions: [{ action: 'cancelQuoteRequest' }],
    }),
  ),
  meRoute('quotes', 'GET', () => '/me/quotes', { ...CUSTOMER_ONLY, default: 200 }),
  meRoute('quotes/{id}', 'GET', (w) => `/me/quotes/${w.checkout.quote}`, { ...CUSTOMER_ONLY, 'other-customer': 404, default: 200 }),
  meRoute(
    'quotes/{id} (decline)',
    'POST',
    (w) => `/me/quotes/${w.checkout.quote}`,
    { ...CUSTOMER_ONLY, 'other-customer': 404, default: 200 },
    () => ({
      version: 1,
      actions: [{ action: 'changeMyQuoteState', quoteState: 'Declined' }],
    }),
  ),
  meRoute(
    'orders/quotes',
    'POST',
    () => '/me/orders/quotes',
    { ...NO_CALLER, anonymous: 400, 'other-customer': 400, default: 201 },
    (w) => ({ id: w.checkout.quote, version: 1 }),
  ),
];

const CASES: Case[] = [
  // /me: the customer account
  { name: 'GET /me', method: 'GET', path: () => '/me', expect: { ...CUSTOMER_ONLY, default: 200 }, identities: TOKEN_IDENTITIES },
  {
    name: 'POST /me',
    method: 'POST',
    path: () => '/me',
    body: (w) => ({ version: w.victim.version, actions: [{ action: 'setFirstName', firstName: 'pwned' }] }),
    expect: { ...CUSTOMER_ONLY, default: 200 },
    identities: TOKEN_IDENTITIES,
  },
  {
    name: 'DELETE /me',
    method: 'DELETE',
    path: (w) => `/me?version=${w.victim.version}`,
    expect: { ...CUSTOMER_ONLY, default: 200 },
    identities: TOKEN_IDENTITIES,
  },
  {
    name: 'POST /me/password',
    method: 'POST',
    path: () => '/me/password',
    body: (w) => ({ version: w.victim.version, currentPassword: 'victim-pw', newPassword: 'pwned' }),
    expect: { ...CUSTOMER_ONLY, 'other-customer': 400, default: 200 },
    identities: TOKEN_IDENTITIES,
  },
  {
    name: 'POST /me/password/reset',
    method: 'POST',
    path: () => '/me/password/reset',
    body: (w) => ({ tokenValue: w.passwordToken, newPassword: 'pwned' }),
    expect: { ...CUSTOMER_ONLY, 'other-customer': 404, default: 200 },
    identities: TOKEN_IDENTITIES,
  },
  {
    name: 'POST /me/email/confirm',
    method: 'POST',
    path: () => '/me/email/confirm',
    body: (w) => ({ tokenValue: w.emailToken }),
    expect: { ...CUSTOMER_ONLY, 'other-customer': 404, default: 200 },
    identities: TOKEN_IDENTITIES,
  },
  {
    name: 'POST /me/login (wrong password)',
    method: 'POST',
    path: () => '/me/login',
    body: () => ({ email: 'victim@example.com', password: 'guess' }),
    // Signing in needs no caller (a client token will do); a token bound to another store is still refused.
    expect: { 'other-store-token': 403, default: 400 },
    identities: TOKEN_IDENTITIES,
  },
  {
    name: 'POST /me/signup',
    method: 'POST',
    path: () => '/me/signup',
    body: () => ({ email: 'fresh@example.com', password: 'pw' }),
    expect: { 'other-store-token': 403, default: 201 },
    identities: TOKEN_IDENTITIES,
  },
  // /me/shopping-lists
  {
    name: 'GET /me/shopping-lists',
    method: 'GET',
    path: () => '/me/shopping-lists',
    expect: { ...NO_CALLER, default: 200 },
    identities: TOKEN_IDENTITIES,
  },
  {
    name: 'POST /me/shopping-lists (create)',
    method: 'POST',
    path: () => '/me/shopping-lists',
    body: () => ({ name: { en: 'new' }, customer: { typeId: 'customer', key: 'not-mine' } }),
    expect: { ...NO_CALLER, default: 201 },
    identities: TOKEN_IDENTITIES,
  },
  ...(['id', 'key'] as const).flatMap((by): Case[] => {
    const at = (w: World) => (by === 'id' ? `/me/shopping-lists/${w.lists.mine}` : '/me/shopping-lists/key=victim-list');
    const denied = { ...NO_CALLER, anonymous: 404, 'other-customer': 404, default: 200 };
    return [
      { name: `GET /me/shopping-lists/${by}`, method: 'GET', path: at, expect: denied, identities: TOKEN_IDENTITIES },
      {
        name: `POST /me/shopping-lists/${by}`,
        method: 'POST',
        path: at,
        body: () => ({ version: 1, ...rename }),
        expect: denied,
        identities: TOKEN_IDENTITIES,
      },
      {
        name: `DELETE /me/shopping-lists/${by}`,
        method: 'DELETE',
        path: (w) => `${at(w)}?version=1`,
        expect: denied,
        identities: TOKEN_IDENTITIES,
      },
    ];
  }),
  // /me/business-units
  {
    name: 'GET /me/business-units',
    method: 'GET',
    path: () => '/me/business-units',
    expect: { ...CUSTOMER_ONLY, default: 200 },
    identities: TOKEN_IDENTITIES,
  },
  ...(['id', 'key'] as const).flatMap((by): Case[] => {
    const at = (w: World) => (by === 'id' ? `/me/business-units/${w.acme.id}` : '/me/business-units/key=acme');
    const denied = { ...CUSTOMER_ONLY, 'other-customer': 404, default: 200 };
    return [
      { name: `GET /me/business-units/${by}`, method: 'GET', path: at, expect: denied, identities: TOKEN_IDENTITIES },
      {
        name: `POST /me/business-units/${by}`,
        method: 'POST',
        path: at,
        body: () => ({ version: 1, actions: [{ action: 'changeName', name: 'pwned' }] }),
        expect: denied,
        identities: TOKEN_IDENTITIES,
      },
    ];
  }),
  {
    name: 'POST /me/business-units (create division)',
    method: 'POST',
    path: () => '/me/business-units',
    body: () => ({ key: 'sneaky', unitType: 'Division', name: 'x', parentUnit: { typeId: 'business-unit', key: 'acme' } }),
    // No default role is configured in this world: every caller that gets this far is refused (400).
    expect: { ...CUSTOMER_ONLY, default: 400 },
    identities: TOKEN_IDENTITIES,
  },
  // in-store /me
  {
    name: 'GET /in-store/key=berlin/me',
    method: 'GET',
    path: () => '/in-store/key=berlin/me',
    expect: { ...CUSTOMER_ONLY, default: 200 },
    identities: TOKEN_IDENTITIES,
  },
  {
    name: 'GET /in-store/key=berlin/me/shopping-lists/id',
    method: 'GET',
    path: (w) => `/in-store/key=berlin/me/shopping-lists/${w.lists.mineInBerlin}`,
    expect: { ...NO_CALLER, anonymous: 404, 'other-customer': 404, default: 200 },
    identities: TOKEN_IDENTITIES,
  },
  {
    name: 'GET /in-store/key=berlin/me/shopping-lists (list)',
    method: 'GET',
    path: () => '/in-store/key=berlin/me/shopping-lists',
    expect: { ...NO_CALLER, default: 200 },
    identities: TOKEN_IDENTITIES,
  },
  // in-store: a resource of another store (the victim's call asks its own store: paris)
  ...(
    [
      ['GET', 'customers/{id}'],
      ['POST', 'customers/{id}'],
      ['DELETE', 'customers/{id}?version=1'],
      ['GET', 'customers/key=parisian-key'],
      ['GET', 'shopping-lists/{list}'],
      ['GET', 'business-units/{unit}'],
    ] as const
  ).map(
    ([method, template]): Case => ({
      name: `${method} /in-store/key=berlin/${template} (of paris)`,
      method,
      path: (w, who) =>
        `/in-store/key=${who === 'victim' ? 'paris' : 'berlin'}/${template.replace('{id}', w.parisian.id).replace('{list}', w.lists.paris).replace('{unit}', w.parisUnit.id)}`,
      ...(method === 'POST' ? { body: () => ({ version: 1, actions: [{ action: 'setFirstName', firstName: 'pwned' }] }) } : {}),
      // The parisian's own paris token works in paris only; used in berlin it is refused before anything is looked up.
      expect: { 'other-store-token': 403, victim: 200, default: 404 },
      identities: TOKEN_IDENTITIES,
    }),
  ),
  {
    name: 'POST /in-store/key=berlin/customers/password-token (of paris)',
    method: 'POST',
    path: (_w, who) => `/in-store/key=${who === 'victim' ? 'paris' : 'berlin'}/customers/password-token`,
    body: () => ({ email: 'parisian@example.com' }),
    expect: { 'other-store-token': 403, victim: 200, default: 404 },
    identities: TOKEN_IDENTITIES,
  },
  {
    name: 'GET /in-store/key=berlin/customers (list)',
    method: 'GET',
    path: (_w, who) => `/in-store/key=${who === 'victim' ? 'paris' : 'berlin'}/customers`,
    expect: { 'other-store-token': 403, default: 200 },
    identities: TOKEN_IDENTITIES,
  },
  // as-associate: business units
  {
    name: 'GET /as-associate/{id}/business-units',
    method: 'GET',
    path: (w, who) => associatePath(w, who, '/business-units'),
    expect: { ...SHOPPER_TOKENS_REFUSED, default: 200 },
    identities: ASSOCIATE_IDENTITIES,
  },
  ...(['id', 'key'] as const).flatMap((by): Case[] => {
    const at = (w: World, who: Identity) =>
      associatePath(w, who, by === 'id' ? `/business-units/${w.acme.id}` : '/business-units/key=acme');
    return [
      {
        name: `GET /as-associate/{id}/business-units/${by}`,
        method: 'GET',
        path: at,
        expect: { ...SHOPPER_TOKENS_REFUSED, 'outsider-associate': 404, default: 200 },
        identities: ASSOCIATE_IDENTITIES,
      },
      {
        name: `POST /as-associate/{id}/business-units/${by}`,
        method: 'POST',
        path: at,
        body: () => ({ version: 1, actions: [{ action: 'changeName', name: 'pwned' }] }),
        expect: { ...SHOPPER_TOKENS_REFUSED, 'outsider-associate': 404, 'associate-without-permission': 403, default: 200 },
        identities: ASSOCIATE_IDENTITIES,
      },
    ];
  }),
  {
    name: 'POST /as-associate/{id}/business-units (create division)',
    method: 'POST',
    path: (w, who) => associatePath(w, who, '/business-units'),
    body: () => ({ key: 'acme-sub', unitType: 'Division', name: 'Sub', parentUnit: { typeId: 'business-unit', key: 'acme' } }),
    expect: { ...SHOPPER_TOKENS_REFUSED, 'outsider-associate': 403, 'associate-without-permission': 403, default: 201 },
    identities: ASSOCIATE_IDENTITIES,
  },
  // as-associate: in-business-unit shopping lists
  {
    name: 'GET /as-associate/{id}/in-business-unit/key=acme/shopping-lists',
    method: 'GET',
    path: (w, who) => associatePath(w, who, '/in-business-unit/key=acme/shopping-lists'),
    expect: { ...SHOPPER_TOKENS_REFUSED, 'outsider-associate': 403, 'associate-without-permission': 403, default: 200 },
    identities: ASSOCIATE_IDENTITIES,
  },
  {
    name: 'POST /as-associate/{id}/in-business-unit/key=acme/shopping-lists (create)',
    method: 'POST',
    path: (w, who) => associatePath(w, who, '/in-business-unit/key=acme/shopping-lists'),
    body: () => ({ name: { en: 'new' } }),
    expect: { ...SHOPPER_TOKENS_REFUSED, 'outsider-associate': 403, 'associate-without-permission': 403, default: 201 },
    identities: ASSOCIATE_IDENTITIES,
  },
  ...(['id', 'key'] as const).flatMap((by): Case[] => {
    const at = (w: World, who: Identity) =>
      associatePath(w, who, `/in-business-unit/key=acme/shopping-lists/${by === 'id' ? w.lists.unit : 'key=victim-unit-list'}`);
    const expected = { ...SHOPPER_TOKENS_REFUSED, 'outsider-associate': 403, 'associate-without-permission': 403, default: 200 };
    return [
      {
        name: `GET .../in-business-unit/key=acme/shopping-lists/${by}`,
        method: 'GET',
        path: at,
        expect: expected,
        identities: ASSOCIATE_IDENTITIES,
      },
      {
        name: `POST .../in-business-unit/key=acme/shopping-lists/${by}`,
        method: 'POST',
        path: at,
        body: () => ({ version: 1, ...rename }),
        expect: expected,
        identities: ASSOCIATE_IDENTITIES,
      },
      {
        name: `DELETE .../in-business-unit/key=acme/shopping-lists/${by}`,
        method: 'DELETE',
        path: (w, who) => `${at(w, who)}?version=1`,
        expect: expected,
        identities: ASSOCIATE_IDENTITIES,
      },
    ];
  }),
  {
    name: 'GET .../in-business-unit/key=acme/shopping-lists/{list of another unit}',
    method: 'GET',
    path: (w, who) => associatePath(w, who, `/in-business-unit/key=acme/shopping-lists/${w.lists.otherUnit}`),
    // Another unit's resource is a 404 for the unit's associates, its admin included; someone who is not an
    // associate of the unit is refused before anything is looked up (403), and shopper tokens before that.
    expect: { ...SHOPPER_TOKENS_REFUSED, 'outsider-associate': 403, default: 404 },
    identities: ASSOCIATE_IDENTITIES,
  },
  ...CHECKOUT_CASES,
];

/** What `who` must not see in a response to `path` (the victim sees everything of its own). */
function secretsFor(w: World, who: Identity, path: string): string[] {
  if (who === 'victim') return [];
  const all = [
    ...w.secrets.customer,
    ...w.secrets.unit,
    ...w.secrets.lists,
    ...w.secrets.paris,
    ...w.checkout.secrets,
    ...w.checkout.approvalSecrets,
  ];
  if (path.startsWith('/as-associate/')) {
    // With the victim's id in the path and no shopper token, the call acts as the victim (the spec: identity from the path).
    if (who === 'none' || who === 'client' || who === 'unissued') return [];
    // A fellow associate of the unit sees the unit and who belongs to it, not the lists it may not view.
    if (who === 'associate-without-permission')
      return [...w.secrets.lists, ...w.secrets.paris, ...w.checkout.secrets, 'victim@example.com', w.secrets.customer[2]!];
    return all;
  }
  // The store's admin endpoints show the store's (and global) customers; another store's data stays hidden.
  if (path.startsWith('/in-store/') && !/^\/in-store\/key=[^/]+\/me(\/|$|\?)/.test(path)) return w.secrets.paris;
  return all;
}

async function runMatrix(mock: CommerceMock, expectedUnauthenticated: number | undefined): Promise<number> {
  let tried = 0;
  const failures: string[] = [];
  for (const testCase of CASES) {
    for (const who of testCase.identities) {
      const w = seed(mock);
      const path = testCase.path(w, who);
      const body = testCase.body?.(w);
      const headers: Record<string, string> = {};
      const token = w.tokens[who];
      if (token !== undefined) headers.authorization = `Bearer ${token}`;
      const response = mock.handle({
        method: testCase.method,
        url: `/${PROJECT_KEY}${path}`,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      tried++;
      let wanted = testCase.expect[who] ?? testCase.expect.default!;
      if (expectedUnauthenticated !== undefined && (who === 'none' || who === 'unissued')) wanted = expectedUnauthenticated;
      const text = JSON.stringify(response.body ?? '');
      if (response.status !== wanted)
        failures.push(`${testCase.name} as ${who}: expected ${wanted}, got ${response.status} ${text.slice(0, 300)}`);
      // What the request itself named is not a leak when echoed back (e.g. the id of a 404).
      const named = `${path} ${JSON.stringify(body ?? '')}`;
      for (const secret of secretsFor(w, who, path)) {
        if (!named.includes(secret) && text.includes(secret))
          failures.push(`${testCase.name} as ${who}: the response leaks '${secret}': ${text.slice(0, 300)}`);
      }
    }
  }
  expect(failures, failures.join('\n')).toEqual([]);
  return tried;
}

test.describe('security matrix', () => {
  test('default options: every caller-scoped route × every caller', async ({ mock }) => {
    const tried = await runMatrix(mock, undefined);
    console.log(`security matrix (default options): ${tried} combinations tried (${CASES.length} routes)`);
    expect(tried).toBeGreaterThan(200);
  });

  test.describe('with validateCredentials', () => {
    test.use({ mockOptions: { enableAuthentication: true, validateCredentials: true } });
    test('no token and unissued tokens are 401 everywhere; the rest as before', async ({ mock }) => {
      const tried = await runMatrix(mock, 401);
      console.log(`security matrix (enableAuthentication + validateCredentials): ${tried} combinations tried (${CASES.length} routes)`);
    });
  });
});
