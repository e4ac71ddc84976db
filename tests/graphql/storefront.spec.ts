/**
 * GraphQL as a storefront uses it (the queries of commercetools' Sunrise SPA, Vue 3 + Apollo): a
 * listing with no search term, a price selection and a category subtree; attribute definitions on
 * variants, line items and search results; a category tree; paying and ordering under `me`; shopping
 * lists; `me { customer }` of an anonymous session. Each answer is checked against the stored data.
 */
import { test, expect, sdkApiRoot } from '../support/sdk.js';
import { graphql } from './support.js';
import { fashion, placePaidOrder } from './storefront-catalog.js';

/** The attribute selection of the storefront's cart, order and mini-cart pages. */
const ATTRIBUTES = 'attributesRaw { name value attributeDefinition { type { name } name label(locale: "en") } }';
const COLOR = {
  name: 'color',
  value: { key: 'red', label: { en: 'Red', de: 'Rot' } },
  attributeDefinition: { type: { name: 'lenum' }, name: 'color', label: 'Color' },
};
const SIZE = (value: string) => ({ name: 'size', value, attributeDefinition: { type: { name: 'text' }, name: 'size', label: 'Size' } });

/** The storefront's listing query: text "" when there is no search term, a price selector, filter models. */
const LISTING = `query ($priceSelector: PriceSelectorInput!, $filters: [SearchFilterInput!] = [], $text: String = "") {
  productProjectionSearch(locale: "en", text: $text, limit: 20, offset: 0, sorts: [], priceSelector: $priceSelector, filters: $filters) {
    total
    results { key masterVariant { sku attributesRaw { name value }
      scopedPrice { value { centAmount } discounted { discount { name(locale: "en") } value { centAmount } } country }
    } }
  }
}`;

test('an empty search text is no text: GraphQL text "" and REST text.en= list every product', async ({ apiRoot, mock }) => {
  fashion(mock);
  const { data, errors } = await graphql(apiRoot, '{ productProjectionSearch(text: "", locale: "en") { total results { key } } }');
  expect(errors).toBeUndefined();
  expect(data.productProjectionSearch).toEqual({ total: 2, results: [{ key: 'sneaker' }, { key: 'bag' }] });
  const { body } = await apiRoot
    .productProjections()
    .search()
    .get({ queryArgs: { 'text.en': '', fuzzy: true } })
    .execute();
  expect(body.results.map((product) => product.key)).toEqual(['sneaker', 'bag']);
  // A text of blanks is empty too; a real term still narrows.
  const blank = await apiRoot
    .productProjections()
    .search()
    .get({ queryArgs: { 'text.en': '  ' } })
    .execute();
  expect(blank.body.total).toBe(2);
  const term = await apiRoot
    .productProjections()
    .search()
    .get({ queryArgs: { 'text.en': 'bag' } })
    .execute();
  expect(term.body.results.map((product) => product.key)).toEqual(['bag']);
});

test('a listing: price selector with the discounted scoped price, a category subtree filter', async ({ apiRoot, mock }) => {
  const { women, shoes } = fashion(mock);
  const priceSelector = { currency: 'EUR', country: 'DE', channel: null, customerGroup: null };
  const tree = (id: string) => ({ model: { tree: { path: 'categories.id', rootValues: [], subTreeValues: [id] } } });
  const all = await graphql(apiRoot, LISTING, { priceSelector, filters: [tree(women.id)] });
  expect(all.errors).toBeUndefined();
  expect(all.data.productProjectionSearch.total).toBe(2);
  const [sneaker, bag] = all.data.productProjectionSearch.results;
  expect(sneaker).toEqual({
    key: 'sneaker',
    masterVariant: {
      sku: 'sneaker-1',
      attributesRaw: [
        { name: 'color', value: COLOR.value },
        { name: 'size', value: '42' },
      ],
      scopedPrice: {
        value: { centAmount: 10000 },
        discounted: { discount: { name: 'Sneaker sale' }, value: { centAmount: 8000 } },
        country: 'DE',
      },
    },
  });
  expect(bag.masterVariant.scopedPrice).toEqual({ value: { centAmount: 5000 }, discounted: null, country: 'DE' });

  const underShoes = await graphql(apiRoot, LISTING, { priceSelector, filters: [tree(shoes.id)] });
  expect(underShoes.data.productProjectionSearch.results.map((product: { key: string }) => product.key)).toEqual(['sneaker']);
  // A channel in the price selector (Sunrise's typeId "priceChannel"): no price has it, the country's price applies.
  const channel = mock.data.create('channel', { key: 'berlin', roles: ['ProductDistribution'] });
  const withChannel = await graphql(apiRoot, LISTING, {
    priceSelector: { ...priceSelector, channel: { typeId: 'priceChannel', id: channel.id } },
    filters: [tree(shoes.id)],
  });
  expect(withChannel.errors).toBeUndefined();
  expect(withChannel.data.productProjectionSearch.results[0].masterVariant.scopedPrice).toEqual(sneaker.masterVariant.scopedPrice);
});

test("attributeDefinition of a product's variants, current and staged: the product type's definition", async ({ apiRoot, mock }) => {
  fashion(mock);
  const { data, errors } = await graphql(
    apiRoot,
    `{ product(key: "sneaker") { masterData { current { allVariants { ${ATTRIBUTES} } } } }
       staged: product(key: "sneaker") { masterData { staged { variant(sku: "sneaker-2") { ${ATTRIBUTES} } } } } }`,
  );
  expect(errors).toBeUndefined();
  expect(data.product.masterData.current.allVariants).toEqual([{ attributesRaw: [COLOR, SIZE('42')] }, { attributesRaw: [SIZE('43')] }]);
  expect(data.staged.masterData.staged.variant).toEqual({ attributesRaw: [SIZE('43')] });
});

test('a category tree: childCount never null, children in orderHint order', async ({ apiRoot, mock }) => {
  const { women, shoes, bags, sneakers } = fashion(mock);
  const { data, errors } = await graphql(
    apiRoot,
    `query ($id: String!) { category(id: $id) { key childCount children { key orderHint childCount children { key childCount children { key } } } } }`,
    { id: women.id },
  );
  expect(errors).toBeUndefined();
  expect(data.category).toEqual({
    key: 'women',
    childCount: 2,
    children: [
      { key: 'shoes', orderHint: '0.2', childCount: 1, children: [{ key: 'sneakers', childCount: 0, children: [] }] },
      { key: 'bags', orderHint: '0.9', childCount: 0, children: [] },
    ],
  });
  const listed = await graphql(apiRoot, '{ categories(where: "parent is not defined") { results { key childCount } } }');
  expect(listed.data.categories.results).toEqual([{ key: 'women', childCount: 2 }]);
  expect([shoes.id, bags.id, sneakers.id]).toHaveLength(3);
});

test('checkout under me: a cart whose line items carry attribute definitions, createMyPayment, the order with its payments', async ({
  mock,
}) => {
  fashion(mock);
  mock.data.create('customer', { email: 'ada@example.com', password: 'secret' });
  const shop = sdkApiRoot(mock, { kind: 'password', username: 'ada@example.com', password: 'secret' });
  const created = await graphql(
    shop,
    `mutation { createMyCart(draft: { currency: "EUR", country: "DE", shippingAddress: { country: "DE" },
        lineItems: [{ sku: "sneaker-1", quantity: 2 }] }) {
      id version lineItems { variant { sku ${ATTRIBUTES} } } } }`,
  );
  expect(created.errors).toBeUndefined();
  const cart = created.data.createMyCart;
  expect(cart.lineItems).toEqual([{ variant: { sku: 'sneaker-1', attributesRaw: [COLOR, SIZE('42')] } }]);

  // The storefront pays with createMyPayment, as REST's POST /me/payments.
  const payment = await graphql(
    shop,
    `mutation ($draft: MyPaymentDraft!) { createMyPayment(draft: $draft) { paymentId: id version amountPlanned { centAmount } customer { email } } }`,
    { draft: { amountPlanned: { currencyCode: 'EUR', centAmount: 16000 }, paymentMethodInfo: { method: 'card' } } },
  );
  expect(payment.errors).toBeUndefined();
  const { paymentId } = payment.data.createMyPayment;
  expect(payment.data.createMyPayment).toMatchObject({
    version: 1,
    amountPlanned: { centAmount: 16000 },
    customer: { email: 'ada@example.com' },
  });
  expect(mock.data.get('payment', paymentId)).toMatchObject({ paymentMethodInfo: { method: 'card' } });

  const updated = await graphql(
    shop,
    `mutation ($id: String!, $version: Long!) { updateMyPayment(id: $id, version: $version, actions: [{ setMethodInfoName: { name: [{ locale: "en", value: "Card" }] } }]) { version } }`,
    { id: paymentId, version: 1 },
  );
  expect(updated.errors).toBeUndefined();
  expect(updated.data.updateMyPayment).toEqual({ version: 2 });
  const mine = await graphql(shop, 'query ($id: String!) { me { payment(id: $id) { id version } payments { total results { id } } } }', {
    id: paymentId,
  });
  expect(mine.errors).toBeUndefined();
  expect(mine.data.me).toEqual({ payment: { id: paymentId, version: 2 }, payments: { total: 1, results: [{ id: paymentId }] } });

  const paid = await graphql(
    shop,
    `mutation ($id: String!, $version: Long!, $payment: String!) { updateMyCart(id: $id, version: $version, actions: [{ addPayment: { payment: { typeId: "payment", id: $payment } } }]) { id version } }`,
    { id: cart.id, version: cart.version, payment: paymentId },
  );
  expect(paid.errors).toBeUndefined();
  const ordered = await graphql(
    shop,
    `mutation ($id: String!, $version: Long!) { createMyOrderFromCart(draft: { id: $id, version: $version }) { id } }`,
    paid.data.updateMyCart,
  );
  expect(ordered.errors).toBeUndefined();
  const order = await graphql(
    shop,
    `query ($id: String!) { me { order(id: $id) { lineItems { variant { ${ATTRIBUTES} } }
        paymentInfo { payments { id paymentStatus { interfaceCode } amountPlanned { centAmount } } } }
      orders { results { paymentInfo { payments { id } } } } } }`,
    { id: ordered.data.createMyOrderFromCart.id },
  );
  expect(order.errors).toBeUndefined();
  expect(order.data.me.order).toEqual({
    lineItems: [{ variant: { attributesRaw: [COLOR, SIZE('42')] } }],
    paymentInfo: { payments: [{ id: paymentId, paymentStatus: { interfaceCode: null }, amountPlanned: { centAmount: 16000 } }] },
  });
  expect(order.data.me.orders.results).toEqual([{ paymentInfo: { payments: [{ id: paymentId }] } }]);

  // A payment of the customer's may be deleted by them.
  const version = mock.data.get('payment', paymentId)!.version;
  const deleted = await graphql(shop, 'mutation ($id: String!, $version: Long!) { deleteMyPayment(id: $id, version: $version) { id } }', {
    id: paymentId,
    version,
  });
  expect(deleted.errors).toBeUndefined();
  expect(mock.data.get('payment', paymentId)).toBeUndefined();
});

test("a shopping list's line items: the variant resolved, with its attribute definitions", async ({ apiRoot, mock }) => {
  const { sneaker } = fashion(mock);
  const list = mock.data.create('shopping-list', {
    name: { en: 'Wishlist' },
    lineItems: [
      { productId: sneaker.id, variantId: 2, quantity: 1 },
      { sku: 'bag-1', quantity: 3 },
    ],
  });
  const { data, errors } = await graphql(
    apiRoot,
    `query ($id: String!) { shoppingList(id: $id) { lineItems { quantity productSlug(locale: "en") variant { id sku ${ATTRIBUTES} } } } }`,
    { id: list.id },
  );
  expect(errors).toBeUndefined();
  expect(data.shoppingList.lineItems).toEqual([
    { quantity: 1, productSlug: 'sneaker', variant: { id: 2, sku: 'sneaker-2', attributesRaw: [SIZE('43')] } },
    { quantity: 3, productSlug: 'bag', variant: { id: 1, sku: 'bag-1', attributesRaw: [COLOR, SIZE('42')] } },
  ]);
});

test('me { customer } of an anonymous session is null, not an error; a signed-in customer is theirs', async ({ mock }) => {
  const visitor = sdkApiRoot(mock, { kind: 'anonymous' });
  const anonymous = await graphql(visitor, '{ me { customer { id } activeCart { id } } }');
  expect(anonymous).toEqual({ data: { me: { customer: null, activeCart: null } } });
  const customer = mock.data.create('customer', { email: 'ada@example.com', password: 'secret' });
  const shop = sdkApiRoot(mock, { kind: 'password', username: 'ada@example.com', password: 'secret' });
  expect(await graphql(shop, '{ me { customer { id email } } }')).toEqual({
    data: { me: { customer: { id: customer.id, email: 'ada@example.com' } } },
  });
});

test("an order's paymentInfo.payments resolve, by the customer and by the project's client", async ({ apiRoot, mock }) => {
  fashion(mock);
  mock.data.create('customer', { email: 'ada@example.com', password: 'secret' });
  const shop = sdkApiRoot(mock, { kind: 'password', username: 'ada@example.com', password: 'secret' });
  const me = shop.me();
  const { payment, order } = await placePaidOrder(me, 'bag-1', 5000);
  const selection = 'paymentInfo { payments { id paymentMethodInfo { method } } paymentRefs { id } }';
  const mine = await graphql(shop, `query ($id: String!) { me { order(id: $id) { ${selection} } } }`, { id: order.id });
  const expected = {
    paymentInfo: { payments: [{ id: payment.id, paymentMethodInfo: { method: 'card' } }], paymentRefs: [{ id: payment.id }] },
  };
  expect(mine).toEqual({ data: { me: { order: expected } } });
  expect(await graphql(apiRoot, `query ($id: String!) { order(id: $id) { ${selection} } }`, { id: order.id })).toEqual({
    data: { order: expected },
  });
});
