/**
 * No field is silently null. Every field of the types a storefront reads (products, variants, prices,
 * attributes, categories, carts, orders, payments, shopping lists, customers, and the types they
 * contain) is a field of the REST document (by the schema's conventions: `...Ref`, `...Refs`,
 * `...AllLocales`, `...Raw`, addresses by id), computed by a resolver of the mock, or listed as not
 * served, when it answers InvalidOperation naming it. The REST documents' fields are those of the
 * official SDK's models.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getNamedType, type GraphQLObjectType, isLeafType, isNonNullType, isObjectType } from 'graphql';
import { NESTED_FIELDS } from '../../src/core/graphql/nested.js';
import { UNSERVED_FIELDS } from '../../src/core/graphql/resolvers.js';
import { SEARCH_RESULT_FIELDS } from '../../src/core/graphql/search.js';
import { platformSchema } from '../../src/core/graphql/schema.js';
import { test, expect, sdkApiRoot } from '../support/sdk.js';
import { fashion, placePaidOrder } from './storefront-catalog.js';
import { graphql } from './support.js';

/** The property names of each interface the SDK declares for the REST models (with those it extends). */
function restModels(): Map<string, Set<string>> {
  const sdk = dirname(createRequire(import.meta.url).resolve('@commercetools/platform-sdk/package.json'));
  const directory = join(sdk, 'dist/declarations/src/generated/models');
  const declared = new Map<string, { own: string[]; extended: string[] }>();
  for (const file of readdirSync(directory).filter((name) => name.endsWith('.d.ts'))) {
    const text = readFileSync(join(directory, file), 'utf8');
    for (const [, name, extended, body] of text.matchAll(/export interface (\w+)(?:\s+extends\s+([\w,\s]+))?\s*\{([\s\S]*?)\n\}/g)) {
      const own = [...body!.matchAll(/^\s*readonly (\w+)\??:/gm)].map((match) => match[1]!);
      declared.set(name!, { own, extended: extended ? extended.split(',').map((part) => part.trim()) : [] });
    }
  }
  const properties = (name: string): string[] => {
    const model = declared.get(name);
    return model ? [...model.own, ...model.extended.flatMap(properties)] : [];
  };
  return new Map([...declared.keys()].map((name) => [name, new Set(properties(name))]));
}

/** The storefront's types; their object-typed fields are followed two levels down. */
const STOREFRONT_TYPES = [
  'Product',
  'ProductData',
  'ProductVariant',
  'RawProductAttribute',
  'ProductPrice',
  'ScopedPrice',
  'Category',
  'Cart',
  'LineItem',
  'Order',
  'Payment',
  'MyPayment',
  'ShoppingList',
  'ShoppingListLineItem',
  'Customer',
];

/** GraphQL types named otherwise than their REST model. */
const REST_MODEL: Record<string, string> = {
  RawProductAttribute: 'Attribute',
  ProductPrice: 'Price',
  ProductTypeDefinition: 'ProductType',
  TypeDefinition: 'Type',
  CustomFieldsType: 'CustomFields',
  Money: 'CentPrecisionMoney',
  DiscountedProductPriceValue: 'DiscountedPrice',
  Initiator: 'CreatedBy',
  ProductVariantAvailabilityWithChannels: 'ProductVariantAvailability',
  Dimensions: 'ImageDimensions',
};
/** REST fields newer than the SDK's models (the platform's current API definition has them). */
const REST_BEYOND_SDK = new Set([
  'Initiator.isPlatformClient',
  'ShippingInfo.estimatedDelivery',
  'Store.storefront',
  'ShippingMethod.carrier',
  'ShippingMethod.stores',
  'ShippingMethod.storesRef',
  'DiscountCode.stores',
  'DiscountCode.storesRef',
  'ProductData.defaultVariant',
  'ProductData.defaultVariantRef',
]);

/** Names the REST model spells otherwise (the resolver's own `FIELD_NAMES`). */
const RENAMED: Record<string, string> = { 'Dimensions.width': 'w', 'Dimensions.height': 'h' };

function reachable(): GraphQLObjectType[] {
  const schema = platformSchema();
  const found = new Map<string, GraphQLObjectType>();
  let level = STOREFRONT_TYPES.map((name) => schema.getType(name) as GraphQLObjectType);
  for (let depth = 0; depth <= 2; depth++) {
    const next: GraphQLObjectType[] = [];
    for (const type of level) {
      if (found.has(type.name)) continue;
      found.set(type.name, type);
      for (const field of Object.values(type.getFields())) {
        const named = getNamedType(field.type);
        if (isObjectType(named)) next.push(named);
      }
    }
    level = next;
  }
  return [...found.values()];
}

/** Whether the REST document answers the field by the schema's conventions. */
function inDocument(field: string, model: Set<string>): boolean {
  const has = (name: string) => model.has(name) || model.has(`${name}s`);
  if (has(field)) return true;
  for (const suffix of ['Ref', 'Refs', 'AllLocales', 'Raw']) {
    const base = field.slice(0, -suffix.length);
    // `customFieldsRaw` is the `fields` of `custom`: the base without its first word.
    const unprefixed = base.replace(/^[a-z]+(?=[A-Z])/, '').replace(/^./, (letter) => letter.toLowerCase());
    if (field.endsWith(suffix) && (has(base) || has(unprefixed))) return true;
  }
  return model.has(`${field}Id`) || model.has(`${field.replace(/(ss)es$|s$/, '$1')}Ids`);
}

test('every field of the storefront types is in the REST document, computed, or listed as not served', () => {
  const models = restModels();
  const computed = new Set([...Object.keys(NESTED_FIELDS), ...Object.keys(SEARCH_RESULT_FIELDS)]);
  const problems: string[] = [];
  const checked: string[] = [];
  for (const type of reachable()) {
    const model = models.get(REST_MODEL[type.name] ?? type.name);
    // A REST map (LocalizedString, search keywords) has no properties: its GraphQL entries are derived.
    if (!model || model.size === 0) continue;
    checked.push(type.name);
    for (const field of Object.keys(type.getFields())) {
      const name = `${type.name}.${field}`;
      const served = computed.has(name) || REST_BEYOND_SDK.has(name) || inDocument(RENAMED[name] ?? field, model);
      // A REST field may be listed: one the mock's documents leave out (an order's message sequence number).
      if (computed.has(name) && UNSERVED_FIELDS.has(name)) problems.push(`${name} is computed and listed as not served`);
      if (!served && !UNSERVED_FIELDS.has(name)) problems.push(`${name} is neither in the REST document, computed, nor listed`);
    }
  }
  expect(problems).toEqual([]);
  expect(checked).toEqual(expect.arrayContaining(STOREFRONT_TYPES));
  expect(checked.length).toBeGreaterThan(60);
});

/**
 * A selection of every field of a type to `depth` levels of objects: fields listed as not served and
 * fields with required arguments left out, abstract types as their `__typename`.
 */
function everyField(type: GraphQLObjectType, depth: number): string {
  const selected: string[] = ['__typename'];
  for (const field of Object.values(type.getFields())) {
    if (UNSERVED_FIELDS.has(`${type.name}.${field.name}`)) continue;
    if (field.args.some((arg) => isNonNullType(arg.type) && arg.defaultValue === undefined)) continue;
    const named = getNamedType(field.type);
    if (isLeafType(named)) selected.push(field.name);
    else if (!isObjectType(named)) selected.push(`${field.name} { __typename }`);
    else if (depth > 0) selected.push(`${field.name} { ${everyField(named, depth - 1)} }`);
  }
  return selected.join(' ');
}

test("a storefront's data read with every field: each one answers; a field listed as not served errors naming it", async ({ mock }) => {
  const { sneaker, women } = fashion(mock);
  const customer = mock.data.create('customer', {
    email: 'ada@example.com',
    password: 'secret',
    firstName: 'Ada',
    addresses: [{ country: 'DE' }],
  });
  const shop = sdkApiRoot(mock, { kind: 'password', username: 'ada@example.com', password: 'secret' });
  const me = shop.me();
  const { payment, order } = await placePaidOrder(me, 'sneaker-1', 8000);
  const active = (
    await me
      .carts()
      .post({ body: { currency: 'EUR', country: 'DE', lineItems: [{ sku: 'bag-1' }] } })
      .execute()
  ).body;
  const list = (
    await me
      .shoppingLists()
      .post({ body: { name: { en: 'Wishlist' }, lineItems: [{ sku: 'sneaker-2' }] } })
      .execute()
  ).body;

  const schema = platformSchema();
  const of = (name: string, depth = 2) => everyField(schema.getType(name) as GraphQLObjectType, depth);
  const { data, errors } = await graphql(
    shop,
    `query ($product: String!, $category: String!, $order: String!, $cart: String!, $list: String!, $payment: String!) {
      product(id: $product) { ${of('Product', 4)} }
      category(id: $category) { ${of('Category')} }
      me {
        customer { ${of('Customer')} }
        cart(id: $cart) { ${of('Cart')} }
        order(id: $order) { ${of('Order')} }
        shoppingList(id: $list) { ${of('ShoppingList', 3)} }
        payment(id: $payment) { ${of('MyPayment')} }
      }
    }`,
    { product: sneaker.id, category: women.id, order: order.id, cart: active.id, list: list.id, payment: payment.id },
  );
  expect(errors).toBeUndefined();
  expect(data.product.masterData.current).toMatchObject({ skus: ['sneaker-1', 'sneaker-2'], masterVariant: { sku: 'sneaker-1' } });
  expect(data.category).toMatchObject({ childCount: 2, stagedProductCount: 2, children: [{ key: 'shoes' }, { key: 'bags' }] });
  expect(data.me.customer).toMatchObject({ id: customer.id, firstName: 'Ada', addresses: [{ country: 'DE' }] });
  expect(data.me.cart).toMatchObject({ id: active.id, lineItems: [{ variant: { sku: 'bag-1' } }] });
  expect(data.me.order).toMatchObject({ id: order.id, paymentInfo: { payments: [{ id: payment.id }], paymentRefs: [{ id: payment.id }] } });
  expect(data.me.shoppingList).toMatchObject({ id: list.id, lineItems: [{ variant: { sku: 'sneaker-2' }, productSlug: 'sneaker' }] });
  expect(data.me.payment).toMatchObject({ id: payment.id, amountPlanned: { centAmount: 8000 } });

  const unserved = await graphql(
    shop,
    `query ($product: String!, $order: String!) { product(id: $product) { skus masterData { current { masterVariant { attributesRaw { referencedResource { __typename } } } } } }
      me { order(id: $order) { lastMessageSequenceNumber } } }`,
    { product: sneaker.id, order: order.id },
  );
  expect(
    unserved.errors?.map((error: { message: string; extensions: { code: string } }) => [
      error.extensions.code,
      /'(\w+\.\w+)'/.exec(error.message)?.[1],
    ]),
  ).toEqual([
    ['InvalidOperation', 'Product.skus'],
    ['InvalidOperation', 'Order.lastMessageSequenceNumber'],
  ]);
});

test('docs/graphql.md lists the fields not served', () => {
  const doc = readFileSync(new URL('../../docs/graphql.md', import.meta.url), 'utf8');
  const section = /<!-- unserved-fields:start -->([\s\S]*?)<!-- unserved-fields:end -->/.exec(doc)?.[1] ?? '';
  expect(new Set([...section.matchAll(/`(\w+\.\w+)`/g)].map((match) => match[1]))).toEqual(UNSERVED_FIELDS);
});
