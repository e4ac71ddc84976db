import type { ByProjectKeyRequestBuilder } from '@commercetools/platform-sdk';
import { test, expect } from '../../src/playwright/index.js';
import type { Commerce } from '../../src/playwright/commerce.js';
import { draftType, type TaggedDraft } from '../../src/seed.js';
import type { TypeId } from '../../src/resources/type-map.js';
import type { Customer } from '../../src/resources/customers.js';
import type { Category } from '../../src/resources/categories.js';
import {
  categoryFactory,
  channelFactory,
  customerFactory,
  customerGroupFactory,
  customObjectFactory,
  attributeGroupFactory,
  DEFAULT_PASSWORD,
  faker,
  inventoryEntryFactory,
  productDiscountFactory,
  productFactory,
  productSelectionFactory,
  productTypeFactory,
  standalonePriceFactory,
  stateFactory,
  storeFactory,
  taxCategoryFactory,
  typeFactory,
  zoneFactory,
} from '../../factories/index.js';

const COUNT = 25;

/** A factory (or trait) to build COUNT drafts of, after seeding what its references need. */
interface Case {
  name: string;
  typeId: TypeId;
  build: (index: number) => TaggedDraft;
  setup?: (commerce: Commerce) => Promise<unknown>;
}

const COUNTRIES = ['DE', 'AT', 'CH', 'FR', 'IT', 'ES', 'NL', 'BE', 'LU', 'DK', 'SE', 'NO', 'FI', 'PL', 'CZ', 'SK', 'HU', 'PT', 'IE', 'GB', 'US', 'CA', 'MX', 'BR', 'AR'];

const cases: Case[] = [
  { name: 'customerFactory', typeId: 'customer', build: () => customerFactory.build() },
  { name: 'customerFactory.withAddresses()', typeId: 'customer', build: () => customerFactory.withAddresses().build() },
  { name: "customerFactory.withAddresses('DE', 'AT', 'FR')", typeId: 'customer', build: () => customerFactory.withAddresses('DE', 'AT', 'FR').build() },
  { name: 'customerFactory.withDefaultAddresses()', typeId: 'customer', build: () => customerFactory.withDefaultAddresses().build() },
  { name: "customerFactory.withAddresses('AT').withDefaultAddresses()", typeId: 'customer', build: () => customerFactory.withAddresses('AT').withDefaultAddresses().build() },
  {
    name: 'customerFactory.inStores(...).inGroup(...).verified()',
    typeId: 'customer',
    setup: (commerce) => commerce.seed(storeFactory.build({ key: 'berlin' }), storeFactory.build({ key: 'vienna' }), customerGroupFactory.build({ key: 'vip' })),
    build: () => customerFactory.inStores('berlin', 'vienna').inGroup('vip').verified().build(),
  },
  {
    name: 'customerFactory.withCustom(...)',
    typeId: 'customer',
    setup: (commerce) => commerce.seed(typeFactory.build({ key: 'customer-fields' })),
    build: (i) => customerFactory.withCustom('customer-fields', { note: `note ${i}`, tier: 'gold' }).build(),
  },
  { name: 'categoryFactory', typeId: 'category', build: () => categoryFactory.build() },
  {
    name: 'categoryFactory.childOf(...)',
    typeId: 'category',
    setup: (commerce) => commerce.seed(categoryFactory.build({ key: 'root' })),
    build: () => categoryFactory.childOf('root').build(),
  },
  { name: "categoryFactory.inLocales('en', 'de', 'fr')", typeId: 'category', build: () => categoryFactory.inLocales('en', 'de', 'fr').build() },
  { name: 'categoryFactory.withAssets(2)', typeId: 'category', build: () => categoryFactory.withAssets(2).build() },
  {
    name: 'categoryFactory.withCustom(...)',
    typeId: 'category',
    setup: (commerce) => commerce.seed(typeFactory.forResource('category').build({ key: 'category-fields' })),
    build: () => categoryFactory.withCustom('category-fields', { newsletter: true }).build(),
  },
  { name: 'channelFactory', typeId: 'channel', build: () => channelFactory.build() },
  { name: 'channelFactory.forDistribution()', typeId: 'channel', build: () => channelFactory.forDistribution().build() },
  { name: 'channelFactory.forSupply()', typeId: 'channel', build: () => channelFactory.forSupply().build() },
  { name: "channelFactory.withRoles(...).withAddress('AT').withGeoLocation()", typeId: 'channel', build: () => channelFactory.withRoles('ProductDistribution', 'InventorySupply', 'Primary').withAddress('AT').withGeoLocation().build() },
  {
    name: 'channelFactory.withCustom(...)',
    typeId: 'channel',
    setup: (commerce) => commerce.seed(typeFactory.forResource('channel').build({ key: 'channel-fields' })),
    build: () => channelFactory.withCustom('channel-fields', { score: 3 }).build(),
  },
  { name: 'customObjectFactory', typeId: 'key-value-document', build: () => customObjectFactory.build() },
  { name: "customObjectFactory.inContainer('settings').withValue(...)", typeId: 'key-value-document', build: (i) => customObjectFactory.inContainer('settings').withValue([i, 'x', { nested: true }]).build() },
  { name: 'customerGroupFactory', typeId: 'customer-group', build: () => customerGroupFactory.build() },
  {
    name: 'customerGroupFactory.withCustom(...)',
    typeId: 'customer-group',
    setup: (commerce) => commerce.seed(typeFactory.forResource('customer-group').build({ key: 'group-fields' })),
    build: () => customerGroupFactory.withCustom('group-fields').build(),
  },
  { name: 'stateFactory', typeId: 'state', build: () => stateFactory.build() },
  { name: "stateFactory.forType('PaymentState').initial()", typeId: 'state', build: () => stateFactory.forType('PaymentState').initial().build() },
  { name: "stateFactory.forType('LineItemState').withRoles('Return')", typeId: 'state', build: () => stateFactory.forType('LineItemState').withRoles('Return').build() },
  { name: "stateFactory.forType('ReviewState').withRoles('ReviewIncludedInStatistics')", typeId: 'state', build: () => stateFactory.forType('ReviewState').withRoles('ReviewIncludedInStatistics').build() },
  {
    name: 'stateFactory.withTransitions(...)',
    typeId: 'state',
    setup: (commerce) => commerce.seed(stateFactory.build({ key: 'shipped' }), stateFactory.build({ key: 'cancelled' })),
    build: () => stateFactory.withTransitions('shipped', 'cancelled').build(),
  },
  { name: 'storeFactory', typeId: 'store', build: () => storeFactory.build() },
  {
    name: 'storeFactory.withDistributionChannels(...).withSupplyChannels(...)',
    typeId: 'store',
    setup: (commerce) => commerce.seed(channelFactory.forDistribution().build({ key: 'web' }), channelFactory.forSupply().build({ key: 'warehouse' })),
    build: () => storeFactory.withDistributionChannels('web').withSupplyChannels('warehouse').build(),
  },
  { name: "storeFactory.withLanguages('en', 'de').withCountries('DE', 'AT')", typeId: 'store', build: () => storeFactory.withLanguages('en', 'de').withCountries('DE', 'AT').build() },
  {
    name: 'storeFactory.withCustom(...)',
    typeId: 'store',
    setup: (commerce) => commerce.seed(typeFactory.forResource('store').build({ key: 'store-fields' })),
    build: () => storeFactory.withCustom('store-fields', { tier: 'silver' }).build(),
  },
  { name: 'taxCategoryFactory', typeId: 'tax-category', build: () => taxCategoryFactory.build() },
  { name: "taxCategoryFactory.withRates('DE', 'AT', 'FR', 'US')", typeId: 'tax-category', build: () => taxCategoryFactory.withRates('DE', 'AT', 'FR', 'US').build() },
  { name: 'taxCategoryFactory.withRates() (none)', typeId: 'tax-category', build: () => taxCategoryFactory.withRates().build() },
  { name: "taxCategoryFactory.withRates('US').excludedFromPrice()", typeId: 'tax-category', build: () => taxCategoryFactory.withRates('US').excludedFromPrice().build() },
  { name: 'typeFactory', typeId: 'type', build: () => typeFactory.build() },
  { name: "typeFactory.forResource('order', 'line-item')", typeId: 'type', build: () => typeFactory.forResource('order', 'line-item').build() },
  {
    name: 'typeFactory.withFields(...)',
    typeId: 'type',
    build: () =>
      typeFactory
        .withFields({ name: 'giftWrap', type: { name: 'Boolean' }, label: { en: 'Gift wrap' }, required: true }, { name: 'tags', type: { name: 'Set', elementType: { name: 'String' } }, label: { en: 'Tags' }, required: false })
        .build(),
  },
  {
    name: 'storeFactory.withProductSelections(...)',
    typeId: 'store',
    setup: (commerce) => commerce.seed(productSelectionFactory.build({ key: 'summer' }), productSelectionFactory.build({ key: 'winter' })),
    build: () => storeFactory.withProductSelections(['summer', 'winter']).build(),
  },
  { name: 'zoneFactory', typeId: 'zone', build: () => zoneFactory.build() },
  { name: 'zoneFactory.withCountries(...)', typeId: 'zone', build: (i) => zoneFactory.withCountries(COUNTRIES[i]!).build() },
  { name: 'zoneFactory.withLocations(...)', typeId: 'zone', build: (i) => zoneFactory.withLocations({ country: 'US', state: `State ${i}` }, { country: 'CA', state: `Province ${i}` }).build() },
  { name: 'productTypeFactory', typeId: 'product-type', build: () => productTypeFactory.build() },
  {
    name: 'productTypeFactory.withAttributes(...)',
    typeId: 'product-type',
    build: () =>
      productTypeFactory
        .withAttributes(
          { name: 'weight', type: { name: 'number' }, label: { en: 'Weight' }, isRequired: true },
          { name: 'materials', type: { name: 'set', elementType: { name: 'ltext' } }, label: { en: 'Materials' }, isRequired: false, level: 'Product' },
        )
        .build(),
  },
  ...(
    [
      ['productFactory', () => productFactory.build()],
      ["productFactory.withVariants(3).withPrices('EUR', 'USD', 'GBP')", () => productFactory.withVariants(3).withPrices('EUR', 'USD', 'GBP').build()],
      ["productFactory.withVariants().withAttributes(color, size)", () => productFactory.withVariants().withAttributes({ name: 'color', value: 'red' }, { name: 'size', value: 'XL' }).build()],
      ['productFactory.standalonePrices()', () => productFactory.standalonePrices().withVariants(1).build()],
      ["productFactory.inCategories(...).withTaxCategory(...).published()", () => productFactory.inCategories('shoes', 'sale').withTaxCategory('standard').published().build()],
      ["productFactory.ofType('books')", () => productFactory.ofType('books').build()],
    ] as const
  ).map(([name, build]): Case => ({
    name,
    typeId: 'product',
    setup: (commerce) =>
      commerce.seed(
        productTypeFactory.asDefault().build(),
        productTypeFactory.withAttributes().build({ key: 'books' }),
        categoryFactory.build({ key: 'shoes' }),
        categoryFactory.build({ key: 'sale' }),
        taxCategoryFactory.build({ key: 'standard' }),
      ),
    build,
  })),
  { name: 'inventoryEntryFactory', typeId: 'inventory-entry', build: () => inventoryEntryFactory.build() },
  {
    name: "inventoryEntryFactory.forSku(...).inChannel('warehouse').outOfStock()",
    typeId: 'inventory-entry',
    setup: (commerce) => commerce.seed(channelFactory.forSupply().build({ key: 'warehouse' })),
    build: (i) => inventoryEntryFactory.forSku(`SKU-${i}`).inChannel('warehouse').outOfStock().build(),
  },
  { name: 'inventoryEntryFactory.withQuantity(5)', typeId: 'inventory-entry', build: () => inventoryEntryFactory.withQuantity(5).build() },
  { name: 'standalonePriceFactory', typeId: 'standalone-price', build: () => standalonePriceFactory.build() },
  {
    name: "standalonePriceFactory.forSku(...).withValue(...).forCountry(...).forChannel(...).forCustomerGroup(...)",
    typeId: 'standalone-price',
    setup: (commerce) => commerce.seed(channelFactory.forDistribution().build({ key: 'web' }), customerGroupFactory.build({ key: 'b2b' })),
    build: (i) => standalonePriceFactory.forSku(`SKU-SCOPED-${i}`).withValue(faker.number.int({ min: 1, max: 1e6 }), 'USD').forCountry('US').forChannel('web').forCustomerGroup('b2b').build(),
  },
  {
    name: 'standalonePriceFactory.forSku(...).validBetween(...).inactive()',
    typeId: 'standalone-price',
    build: (i) => standalonePriceFactory.forSku('SKU-DATED').validBetween(`${2030 + i}-01-01T00:00:00.000Z`, `${2030 + i}-12-31T00:00:00.000Z`).inactive().build(),
  },
  { name: 'productDiscountFactory', typeId: 'product-discount', build: () => productDiscountFactory.build() },
  { name: 'productDiscountFactory.relative(25).where(...)', typeId: 'product-discount', build: (i) => productDiscountFactory.relative(25).where(`sku = "SKU-${i}-1"`).build() },
  { name: 'productDiscountFactory.absolute(...).validBetween(...)', typeId: 'product-discount', build: () => productDiscountFactory.absolute({ EUR: 500, USD: 600 }).validBetween('2030-01-01T00:00:00Z', '2031-01-01T00:00:00Z').build() },
  { name: 'productDiscountFactory.external().inactive()', typeId: 'product-discount', build: () => productDiscountFactory.external().inactive().build() },
  { name: 'attributeGroupFactory', typeId: 'attribute-group', build: () => attributeGroupFactory.build() },
  { name: "attributeGroupFactory.withAttributes('weight', 'materials')", typeId: 'attribute-group', build: () => attributeGroupFactory.withAttributes('weight', 'materials').build() },
  { name: 'productSelectionFactory', typeId: 'product-selection', build: () => productSelectionFactory.build() },
  {
    name: 'productSelectionFactory.excluding().withCustom(...)',
    typeId: 'product-selection',
    setup: (commerce) => commerce.seed(typeFactory.forResource('product-selection').build({ key: 'selection-fields' })),
    build: () => productSelectionFactory.excluding().withCustom('selection-fields', { note: 'x' }).build(),
  },
];

function expectPlainDraft(draft: TaggedDraft, typeId: TypeId): void {
  expect(draftType(draft)).toBe(typeId);
  const json: unknown = JSON.parse(JSON.stringify(draft));
  // Exactly the draft's own fields: nothing undefined, nothing extra, the tag not among them.
  expect(json).toStrictEqual(draft);
  expect(Object.keys(json as object)).toEqual(Object.keys(draft));
  expect(Object.getOwnPropertySymbols(json)).toEqual([]);
  expect(draftType(json)).toBeUndefined();
  expect(Object.getOwnPropertyDescriptor(draft, Object.getOwnPropertySymbols(draft)[0]!)?.enumerable).toBe(false);
}

for (const { name, typeId, build, setup } of cases) {
  test(`${name}: ${COUNT} builds are plain tagged drafts that seed validates and stores, in order`, async ({ commerce }) => {
    await setup?.(commerce);
    const before = commerce.all(typeId).length;
    const drafts = Array.from({ length: COUNT }, (_, index) => build(index));
    for (const draft of drafts) expectPlainDraft(draft, typeId);
    const created = await commerce.seed(drafts);
    expect(created).toHaveLength(COUNT);
    expect(commerce.all(typeId)).toHaveLength(before + COUNT);
    created.forEach((resource, index) => {
      expect(resource.version).toBe(1);
      expect((resource as { key?: string }).key).toBe((drafts[index] as { key?: string }).key);
    });
  });
}

/**
 * The mock's draft types are its schemas' input types: references there have `typeId?: string`, where the
 * SDK's draft types want the literal (`typeId: 'category'`). The JSON is the same; only the types differ.
 */
const sdkBody = (draft: TaggedDraft) => draft as never;

/** Posts a draft with the official SDK to its endpoint. */
function post(apiRoot: ByProjectKeyRequestBuilder, draft: TaggedDraft): Promise<{ statusCode?: number }> {
  const typeId = draftType(draft);
  switch (typeId) {
    case 'customer': return apiRoot.customers().post({ body: sdkBody(draft) }).execute();
    case 'category': return apiRoot.categories().post({ body: sdkBody(draft) }).execute();
    case 'channel': return apiRoot.channels().post({ body: sdkBody(draft) }).execute();
    case 'key-value-document': return apiRoot.customObjects().post({ body: sdkBody(draft) }).execute();
    case 'customer-group': return apiRoot.customerGroups().post({ body: sdkBody(draft) }).execute();
    case 'state': return apiRoot.states().post({ body: sdkBody(draft) }).execute();
    case 'store': return apiRoot.stores().post({ body: sdkBody(draft) }).execute();
    case 'tax-category': return apiRoot.taxCategories().post({ body: sdkBody(draft) }).execute();
    case 'type': return apiRoot.types().post({ body: sdkBody(draft) }).execute();
    case 'zone': return apiRoot.zones().post({ body: sdkBody(draft) }).execute();
    case 'product-type': return apiRoot.productTypes().post({ body: sdkBody(draft) }).execute();
    case 'product': return apiRoot.products().post({ body: sdkBody(draft) }).execute();
    case 'inventory-entry': return apiRoot.inventory().post({ body: sdkBody(draft) }).execute();
    case 'standalone-price': return apiRoot.standalonePrices().post({ body: sdkBody(draft) }).execute();
    case 'product-discount': return apiRoot.productDiscounts().post({ body: sdkBody(draft) }).execute();
    case 'attribute-group': return apiRoot.attributeGroups().post({ body: sdkBody(draft) }).execute();
    case 'product-selection': return apiRoot.productSelections().post({ body: sdkBody(draft) }).execute();
    default: throw new Error(`no SDK endpoint for ${typeId}`);
  }
}

test('the drafts of every factory and trait are accepted by POST through the official SDK', async ({ commerce }) => {
  for (const { name, typeId, build, setup } of cases) {
    commerce.mock.clear();
    await setup?.(commerce);
    for (let index = 0; index < 3; index++) {
      const response = await post(commerce.apiRoot, build(index)).catch((error: unknown) => {
        throw new Error(`${name}: ${JSON.stringify((error as { body?: unknown }).body ?? error)}`);
      });
      expect(response.statusCode, name).toBe(201);
    }
    expect(commerce.all(typeId).length, name).toBeGreaterThanOrEqual(3);
  }
});

test('seed infers the resource types from factory output, also for mixed lists', async ({ commerce }) => {
  const [customer] = await commerce.seed(customerFactory.build({ firstName: 'Ada', lastName: 'Lovelace' }));
  // Typed as the stored Customer: these lines would not compile otherwise.
  const email: string = customer!.email;
  const addressIds: string[] = customer!.shippingAddressIds;
  expect(email).toMatch(/^ada\.lovelace\.\d+@example\.com$/);
  expect(addressIds).toEqual([]);

  const mixed = await commerce.seed(customerFactory.build(), categoryFactory.build(), [customerFactory.build()]);
  const typed: Array<Customer | Category> = mixed;
  expect(typed.map((resource) => ('email' in resource ? 'customer' : 'category'))).toEqual(['customer', 'category', 'customer']);
});

test('unique fields stay unique across builds and traits; seed resolves references by key', async ({ commerce }) => {
  const customers = [...customerFactory.buildList(10), ...customerFactory.withAddresses().buildList(10)];
  expect(new Set(customers.map((c) => c.email.toLowerCase())).size).toBe(20);
  expect(new Set(customers.map((c) => c.key)).size).toBe(20);
  const categories = [...categoryFactory.buildList(10), ...categoryFactory.inLocales('en', 'de').buildList(10)];
  expect(new Set(categories.map((c) => c.slug.en)).size).toBe(20);

  const [root, child, grandchild] = await commerce.seed(
    categoryFactory.build({ key: 'root' }),
    categoryFactory.childOf('root').build({ key: 'child' }),
    categoryFactory.childOf('child').build(),
  );
  expect(child!.parent).toEqual({ typeId: 'category', id: root!.id });
  expect(grandchild!.ancestors).toEqual([{ typeId: 'category', id: root!.id }, { typeId: 'category', id: child!.id }]);

  const [web, warehouse] = await commerce.seed(channelFactory.forDistribution().build(), channelFactory.build());
  const [store] = await commerce.seed(storeFactory.withDistributionChannels(web!.key).withSupplyChannels(warehouse!.key).build());
  expect(store!.distributionChannels).toEqual([{ typeId: 'channel', id: web!.id }]);
  expect(store!.supplyChannels).toEqual([{ typeId: 'channel', id: warehouse!.id }]);

  const [type] = await commerce.seed(typeFactory.forResource('customer').build());
  const [group] = await commerce.seed(customerGroupFactory.build());
  const [customer] = await commerce.seed(customerFactory.inStores(store!.key).inGroup(group!.key!).withCustom(type!.key, { tier: 'gold' }).build());
  expect(customer!.stores).toEqual([{ typeId: 'store', key: store!.key }]);
  expect(customer!.customerGroup).toEqual({ typeId: 'customer-group', id: group!.id });
  expect(customer!.custom).toEqual({ type: { typeId: 'type', id: type!.id }, fields: { tier: 'gold' } });
});

test('a product with variants and prices in several currencies, its stock and a discount', async ({ commerce }) => {
  await commerce.seed(productTypeFactory.asDefault().build(), taxCategoryFactory.withRates('DE', 'US').build({ key: 'standard' }));
  const [product] = await commerce.seed(productFactory.withVariants(2).withPrices('EUR', 'USD', 'GBP').withTaxCategory('standard').published().build());
  const current = product!.masterData.current;
  const variants = [current.masterVariant, ...current.variants];
  expect(variants.map((variant) => variant.prices.map((price) => price.value.currencyCode))).toEqual([
    ['EUR', 'USD', 'GBP'],
    ['EUR', 'USD', 'GBP'],
    ['EUR', 'USD', 'GBP'],
  ]);
  const skus = variants.map((variant) => variant.sku!);
  expect(new Set(skus).size).toBe(3);
  await commerce.seed(skus.map((sku) => inventoryEntryFactory.forSku(sku).build()), productDiscountFactory.relative(20).build());
  expect(commerce).toHaveStoredCount('inventory-entry', 3);
  expect(commerce).toHaveStored('product', { masterData: { published: true } });
});

test('a missing reference target fails seeding with the platform error', async ({ commerce }) => {
  await expect(commerce.seed(categoryFactory.childOf('nowhere').build())).rejects.toMatchObject({
    statusCode: 400,
    errors: [expect.objectContaining({ code: 'ReferencedResourceNotFound' })],
  });
});

test('customers carry the plain password to sign in with: DEFAULT_PASSWORD or the one given', async ({ commerce }) => {
  const draft = customerFactory.build();
  expect(draft.password).toBe(DEFAULT_PASSWORD);
  expect(DEFAULT_PASSWORD).toBe('password123');
  const [customer] = await commerce.seed(draft);
  const asCustomer = commerce.apiRootFor({ customer: { email: draft.email, password: draft.password } });
  const read = await asCustomer.customers().withId({ ID: customer!.id }).get().execute();
  expect(read.body.email).toBe(draft.email);
  expect(commerce).toHaveIssuedCustomerToken(customer!.id);

  const other = customerFactory.build({ password: 's3cret!' });
  const [second] = await commerce.seed(other);
  await commerce.apiRootFor({ customer: { email: other.email, password: 's3cret!' } }).customers().withId({ ID: second!.id }).get().execute();
  expect(commerce).toHaveIssuedCustomerToken(second!.id);
});

test('params override and remove generated fields; traits compose; builds share no arrays', () => {
  const draft = customerFactory.withDefaultAddresses().build({ email: 'given@example.com', firstName: undefined, key: undefined });
  expect(draft.email).toBe('given@example.com');
  expect('firstName' in draft).toBe(false);
  expect('key' in draft).toBe(false);
  expect(draft).toMatchObject({ defaultShippingAddress: 0, defaultBillingAddress: 1, shippingAddresses: [0], billingAddresses: [1] });
  expect(draftType(draft)).toBe('customer');

  const one = customerFactory.withAddresses('FR').withDefaultAddresses().build();
  expect(one.addresses).toHaveLength(1);
  expect(one).toMatchObject({ defaultShippingAddress: 0, defaultBillingAddress: 0, addresses: [{ country: 'FR', key: 'address-1' }] });

  const inStores = customerFactory.inStores('a', 'b');
  const [first, second] = inStores.buildList(2);
  first!.stores!.push({ typeId: 'store', key: 'c' });
  expect(second!.stores).toEqual([{ typeId: 'store', key: 'a' }, { typeId: 'store', key: 'b' }]);
  expect(inStores.build().stores).toHaveLength(2);

  const tagged = storeFactory.params({ name: { de: 'Laden' } }).buildList(3);
  for (const store of tagged) {
    expect(draftType(store)).toBe('store');
    expect(Object.keys(store.name!).sort()).toEqual(['de', 'en']);
  }
  expect(customObjectFactory.withValue({ a: 1 }).build().value).toEqual({ a: 1 });
});

test('faker.seed makes factory output repeatable', () => {
  faker.seed(42);
  const first = customerFactory.build();
  faker.seed(42);
  const second = customerFactory.build();
  expect(second.firstName).toBe(first.firstName);
  expect(second.lastName).toBe(first.lastName);
  faker.seed();
});
