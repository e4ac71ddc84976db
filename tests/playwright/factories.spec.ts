import { checkoutRoot } from '../checkout-api/support.js';
import type { ByProjectKeyRequestBuilder, Category, Customer, Product, ProjectUpdateAction } from '@commercetools/platform-sdk';
import { test, expect } from '../support/commerce.js';
import type { Commerce } from '../../src/playwright/commerce.js';
import { draftType, type TaggedDraft } from '../../src/api/seed.js';
import type { TypeId } from '../../src/resources/type-map.js';
import {
  associateRoleFactory,
  businessUnitFactory,
  cartDiscountFactory,
  cartFactory,
  categoryFactory,
  channelFactory,
  customerFactory,
  customerGroupFactory,
  customObjectFactory,
  attributeGroupFactory,
  APPROVAL_RULE_DEFAULTS,
  approvalRuleFactory,
  DEFAULT_CART_DISCOUNT_KEY,
  DEFAULT_PASSWORD,
  DEFAULT_QUOTE_CART_KEY,
  DEFAULT_QUOTE_REQUEST_KEY,
  DEFAULT_STAGED_QUOTE_KEY,
  DEFAULT_TAX_CATEGORY_KEY,
  discountCodeFactory,
  discountGroupFactory,
  recurrencePolicyFactory,
  checkoutApplicationFactory,
  paymentMethodFactory,
  mcpServerFactory,
  faker,
  inventoryEntryFactory,
  orderFactory,
  paymentFactory,
  productDiscountFactory,
  productFactory,
  productSelectionFactory,
  productTailoringFactory,
  variantFactory,
  productTypeFactory,
  quoteFactory,
  quoteRequestFactory,
  reviewFactory,
  shippingMethodFactory,
  shoppingListFactory,
  stagedQuoteFactory,
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
  /** `seeded` is what `setup` resolved to (the resources it seeded), for drafts that name them by id. */
  build: (index: number, seeded: unknown) => TaggedDraft;
  setup?: (commerce: Commerce) => Promise<unknown>;
  /** How many to build when fewer than COUNT can coexist (a project has one default shipping method). */
  count?: number;
}

/** A case whose drafts use what its setup seeded (ids), typed. */
const usingSeeded = <S>(
  testCase: Omit<Case, 'build' | 'setup'> & { setup: (commerce: Commerce) => Promise<S>; build: (index: number, seeded: S) => TaggedDraft },
): Case => testCase as Case;

/**
 * What carts, shopping lists and reviews refer to: the default product type, the tax category shipping
 * methods use by default (rates for DE, AT, US), and two published products with EUR and USD prices,
 * SKUs `TEE` and `MUG`.
 */
const seedCatalog = (commerce: Commerce) =>
  commerce.data.seed(
    productTypeFactory.asDefault().build(),
    taxCategoryFactory.withRates('DE', 'AT', 'US').build({ key: DEFAULT_TAX_CATEGORY_KEY }),
    productFactory
      .withPrices('EUR', 'USD')
      .withTaxCategory(DEFAULT_TAX_CATEGORY_KEY)
      .published()
      .build({ key: 'tee', masterVariant: { sku: 'TEE' } }),
    productFactory
      .withPrices('EUR', 'USD')
      .withTaxCategory(DEFAULT_TAX_CATEGORY_KEY)
      .published()
      .build({ key: 'mug', masterVariant: { sku: 'MUG' } }),
  );

/** The catalog, zones `dach` (DE, AT) and `us` (US), and shipping method `standard` with EUR and USD rates in both. */
const seedShipping = async (commerce: Commerce) => {
  await seedCatalog(commerce);
  return commerce.data.seed(
    zoneFactory.withCountries('DE', 'AT').build({ key: 'dach' }),
    zoneFactory.withCountries('US').build({ key: 'us' }),
    shippingMethodFactory
      .forZone('dach', { currency: 'EUR', centAmount: 499, freeAbove: 10_000 })
      .forZone('dach', { currency: 'USD', centAmount: 599 })
      .forZone('us', { currency: 'USD', centAmount: 899 })
      .build({ key: 'standard' }),
  );
};

/** The catalog, a customer, and that customer's cart with key `DEFAULT_QUOTE_CART_KEY` (a shipping address, two line items). */
const seedQuoteCart = async (commerce: Commerce) => {
  await seedCatalog(commerce);
  const [customer] = await commerce.data.seed(customerFactory.build());
  return commerce.data.seed(
    cartFactory
      .forCustomer(customer!)
      .withShippingAddress()
      .withLineItems('TEE', { sku: 'MUG', quantity: 5 })
      .build({ key: DEFAULT_QUOTE_CART_KEY }),
  );
};

/**
 * The unit `APPROVAL_RULE_DEFAULTS.businessUnitKey` with associate `ada` (role `admin`: every permission,
 * so the SDK can post rules as her), and the roles `buyer`, `approver`, `admin`.
 */
const seedApprovalUnit = (commerce: Commerce) =>
  commerce.data.seed(
    customerFactory.build({ key: 'ada' }),
    associateRoleFactory.build({ key: APPROVAL_RULE_DEFAULTS.requesterRoleKey }),
    associateRoleFactory.build({ key: APPROVAL_RULE_DEFAULTS.approverRoleKey }),
    associateRoleFactory.admin().build({ key: 'admin' }),
    businessUnitFactory.withAssociates({ customerKey: 'ada', roleKeys: ['admin'] }).build({ key: APPROVAL_RULE_DEFAULTS.businessUnitKey }),
  );

/** Customers `ada` and `grace`, associate roles `buyer` and `admin`. */
const seedAssociates = (commerce: Commerce) =>
  commerce.data.seed(
    customerFactory.build({ key: 'ada' }),
    customerFactory.build({ key: 'grace' }),
    associateRoleFactory.buyerAssignable().build({ key: 'buyer' }),
    associateRoleFactory.admin().build({ key: 'admin' }),
  );

const COUNTRIES = [
  'DE',
  'AT',
  'CH',
  'FR',
  'IT',
  'ES',
  'NL',
  'BE',
  'LU',
  'DK',
  'SE',
  'NO',
  'FI',
  'PL',
  'CZ',
  'SK',
  'HU',
  'PT',
  'IE',
  'GB',
  'US',
  'CA',
  'MX',
  'BR',
  'AR',
];

const cases: Case[] = [
  { name: 'customerFactory', typeId: 'customer', build: () => customerFactory.build() },
  { name: 'customerFactory.withAddresses()', typeId: 'customer', build: () => customerFactory.withAddresses().build() },
  {
    name: "customerFactory.withAddresses('DE', 'AT', 'FR')",
    typeId: 'customer',
    build: () => customerFactory.withAddresses('DE', 'AT', 'FR').build(),
  },
  { name: 'customerFactory.withDefaultAddresses()', typeId: 'customer', build: () => customerFactory.withDefaultAddresses().build() },
  {
    name: "customerFactory.withAddresses('AT').withDefaultAddresses()",
    typeId: 'customer',
    build: () => customerFactory.withAddresses('AT').withDefaultAddresses().build(),
  },
  {
    name: 'customerFactory.inStores(...).inGroup(...).verified()',
    typeId: 'customer',
    setup: (commerce) =>
      commerce.data.seed(
        storeFactory.build({ key: 'berlin' }),
        storeFactory.build({ key: 'vienna' }),
        customerGroupFactory.build({ key: 'vip' }),
      ),
    build: () => customerFactory.inStores('berlin', 'vienna').inGroup('vip').verified().build(),
  },
  {
    name: 'customerFactory.withCustom(...)',
    typeId: 'customer',
    setup: (commerce) => commerce.data.seed(typeFactory.build({ key: 'customer-fields' })),
    build: (i) => customerFactory.withCustom('customer-fields', { note: `note ${i}`, tier: 'gold' }).build(),
  },
  { name: 'categoryFactory', typeId: 'category', build: () => categoryFactory.build() },
  {
    name: 'categoryFactory.childOf(...)',
    typeId: 'category',
    setup: (commerce) => commerce.data.seed(categoryFactory.build({ key: 'root' })),
    build: () => categoryFactory.childOf('root').build(),
  },
  {
    name: "categoryFactory.inLocales('en', 'de', 'fr')",
    typeId: 'category',
    build: () => categoryFactory.inLocales('en', 'de', 'fr').build(),
  },
  { name: 'categoryFactory.withAssets(2)', typeId: 'category', build: () => categoryFactory.withAssets(2).build() },
  {
    name: 'categoryFactory.withCustom(...)',
    typeId: 'category',
    setup: (commerce) => commerce.data.seed(typeFactory.forResource('category').build({ key: 'category-fields' })),
    build: () => categoryFactory.withCustom('category-fields', { newsletter: true }).build(),
  },
  { name: 'channelFactory', typeId: 'channel', build: () => channelFactory.build() },
  { name: 'channelFactory.forDistribution()', typeId: 'channel', build: () => channelFactory.forDistribution().build() },
  { name: 'channelFactory.forSupply()', typeId: 'channel', build: () => channelFactory.forSupply().build() },
  {
    name: "channelFactory.withRoles(...).withAddress('AT').withGeoLocation()",
    typeId: 'channel',
    build: () => channelFactory.withRoles('ProductDistribution', 'InventorySupply', 'Primary').withAddress('AT').withGeoLocation().build(),
  },
  {
    name: 'channelFactory.withCustom(...)',
    typeId: 'channel',
    setup: (commerce) => commerce.data.seed(typeFactory.forResource('channel').build({ key: 'channel-fields' })),
    build: () => channelFactory.withCustom('channel-fields', { score: 3 }).build(),
  },
  { name: 'customObjectFactory', typeId: 'key-value-document', build: () => customObjectFactory.build() },
  {
    name: "customObjectFactory.inContainer('settings').withValue(...)",
    typeId: 'key-value-document',
    build: (i) =>
      customObjectFactory
        .inContainer('settings')
        .withValue([i, 'x', { nested: true }])
        .build(),
  },
  { name: 'customerGroupFactory', typeId: 'customer-group', build: () => customerGroupFactory.build() },
  {
    name: 'customerGroupFactory.withCustom(...)',
    typeId: 'customer-group',
    setup: (commerce) => commerce.data.seed(typeFactory.forResource('customer-group').build({ key: 'group-fields' })),
    build: () => customerGroupFactory.withCustom('group-fields').build(),
  },
  { name: 'stateFactory', typeId: 'state', build: () => stateFactory.build() },
  {
    name: "stateFactory.forType('PaymentState').initial()",
    typeId: 'state',
    build: () => stateFactory.forType('PaymentState').initial().build(),
  },
  {
    name: "stateFactory.forType('LineItemState').withRoles('Return')",
    typeId: 'state',
    build: () => stateFactory.forType('LineItemState').withRoles('Return').build(),
  },
  {
    name: "stateFactory.forType('ReviewState').withRoles('ReviewIncludedInStatistics')",
    typeId: 'state',
    build: () => stateFactory.forType('ReviewState').withRoles('ReviewIncludedInStatistics').build(),
  },
  {
    name: 'stateFactory.withTransitions(...)',
    typeId: 'state',
    setup: (commerce) => commerce.data.seed(stateFactory.build({ key: 'shipped' }), stateFactory.build({ key: 'cancelled' })),
    build: () => stateFactory.withTransitions('shipped', 'cancelled').build(),
  },
  { name: 'storeFactory', typeId: 'store', build: () => storeFactory.build() },
  {
    name: 'storeFactory.withDistributionChannels(...).withSupplyChannels(...)',
    typeId: 'store',
    setup: (commerce) =>
      commerce.data.seed(channelFactory.forDistribution().build({ key: 'web' }), channelFactory.forSupply().build({ key: 'warehouse' })),
    build: () => storeFactory.withDistributionChannels('web').withSupplyChannels('warehouse').build(),
  },
  {
    name: "storeFactory.withLanguages('en', 'de').withCountries('DE', 'AT')",
    typeId: 'store',
    build: () => storeFactory.withLanguages('en', 'de').withCountries('DE', 'AT').build(),
  },
  {
    name: 'storeFactory.withCustom(...)',
    typeId: 'store',
    setup: (commerce) => commerce.data.seed(typeFactory.forResource('store').build({ key: 'store-fields' })),
    build: () => storeFactory.withCustom('store-fields', { tier: 'silver' }).build(),
  },
  { name: 'taxCategoryFactory', typeId: 'tax-category', build: () => taxCategoryFactory.build() },
  {
    name: "taxCategoryFactory.withRates('DE', 'AT', 'FR', 'US')",
    typeId: 'tax-category',
    build: () => taxCategoryFactory.withRates('DE', 'AT', 'FR', 'US').build(),
  },
  { name: 'taxCategoryFactory.withRates() (none)', typeId: 'tax-category', build: () => taxCategoryFactory.withRates().build() },
  {
    name: "taxCategoryFactory.withRates('US').excludedFromPrice()",
    typeId: 'tax-category',
    build: () => taxCategoryFactory.withRates('US').excludedFromPrice().build(),
  },
  { name: 'typeFactory', typeId: 'type', build: () => typeFactory.build() },
  {
    name: "typeFactory.forResource('order', 'line-item')",
    typeId: 'type',
    build: () => typeFactory.forResource('order', 'line-item').build(),
  },
  {
    name: 'typeFactory.withFields(...)',
    typeId: 'type',
    build: () =>
      typeFactory
        .withFields(
          { name: 'giftWrap', type: { name: 'Boolean' }, label: { en: 'Gift wrap' }, required: true },
          { name: 'tags', type: { name: 'Set', elementType: { name: 'String' } }, label: { en: 'Tags' }, required: false },
        )
        .build(),
  },
  {
    name: 'storeFactory.withProductSelections(...)',
    typeId: 'store',
    setup: (commerce) =>
      commerce.data.seed(productSelectionFactory.build({ key: 'summer' }), productSelectionFactory.build({ key: 'winter' })),
    build: () => storeFactory.withProductSelections(['summer', 'winter']).build(),
  },
  { name: 'zoneFactory', typeId: 'zone', build: () => zoneFactory.build() },
  { name: 'zoneFactory.withCountries(...)', typeId: 'zone', build: (i) => zoneFactory.withCountries(COUNTRIES[i]!).build() },
  {
    name: 'zoneFactory.withLocations(...)',
    typeId: 'zone',
    build: (i) => zoneFactory.withLocations({ country: 'US', state: `State ${i}` }, { country: 'CA', state: `Province ${i}` }).build(),
  },
  { name: 'productTypeFactory', typeId: 'product-type', build: () => productTypeFactory.build() },
  {
    name: 'productTypeFactory.withAttributes(...)',
    typeId: 'product-type',
    build: () =>
      productTypeFactory
        .withAttributes(
          { name: 'weight', type: { name: 'number' }, label: { en: 'Weight' }, isRequired: true },
          {
            name: 'materials',
            type: { name: 'set', elementType: { name: 'ltext' } },
            label: { en: 'Materials' },
            isRequired: false,
            level: 'Product',
          },
        )
        .build(),
  },
  ...(
    [
      ['productFactory', () => productFactory.build()],
      [
        "productFactory.withVariants(3).withPrices('EUR', 'USD', 'GBP')",
        () => productFactory.withVariants(3).withPrices('EUR', 'USD', 'GBP').build(),
      ],
      [
        'productFactory.withVariants().withAttributes(color, size)',
        () => productFactory.withVariants().withAttributes({ name: 'color', value: 'red' }, { name: 'size', value: 'XL' }).build(),
      ],
      ['productFactory.standalonePrices()', () => productFactory.standalonePrices().withVariants(1).build()],
      [
        'productFactory.inCategories(...).withTaxCategory(...).published()',
        () => productFactory.inCategories('shoes', 'sale').withTaxCategory('standard').published().build(),
      ],
      ["productFactory.ofType('books')", () => productFactory.ofType('books').build()],
    ] as const
  ).map(
    ([name, build]): Case => ({
      name,
      typeId: 'product',
      setup: (commerce) =>
        commerce.data.seed(
          productTypeFactory.asDefault().build(),
          productTypeFactory.withAttributes().build({ key: 'books' }),
          categoryFactory.build({ key: 'shoes' }),
          categoryFactory.build({ key: 'sale' }),
          taxCategoryFactory.build({ key: 'standard' }),
        ),
      build,
    }),
  ),
  { name: 'inventoryEntryFactory', typeId: 'inventory-entry', build: () => inventoryEntryFactory.build() },
  {
    name: "inventoryEntryFactory.forSku(...).inChannel('warehouse').outOfStock()",
    typeId: 'inventory-entry',
    setup: (commerce) => commerce.data.seed(channelFactory.forSupply().build({ key: 'warehouse' })),
    build: (i) => inventoryEntryFactory.forSku(`SKU-${i}`).inChannel('warehouse').outOfStock().build(),
  },
  { name: 'inventoryEntryFactory.withQuantity(5)', typeId: 'inventory-entry', build: () => inventoryEntryFactory.withQuantity(5).build() },
  { name: 'standalonePriceFactory', typeId: 'standalone-price', build: () => standalonePriceFactory.build() },
  {
    name: 'standalonePriceFactory.forSku(...).withValue(...).forCountry(...).forChannel(...).forCustomerGroup(...)',
    typeId: 'standalone-price',
    setup: (commerce) =>
      commerce.data.seed(channelFactory.forDistribution().build({ key: 'web' }), customerGroupFactory.build({ key: 'b2b' })),
    build: (i) =>
      standalonePriceFactory
        .forSku(`SKU-SCOPED-${i}`)
        .withValue(faker.number.int({ min: 1, max: 1e6 }), 'USD')
        .forCountry('US')
        .forChannel('web')
        .forCustomerGroup('b2b')
        .build(),
  },
  {
    name: 'standalonePriceFactory.forSku(...).validBetween(...).inactive()',
    typeId: 'standalone-price',
    build: (i) =>
      standalonePriceFactory
        .forSku('SKU-DATED')
        .validBetween(`${2030 + i}-01-01T00:00:00.000Z`, `${2030 + i}-12-31T00:00:00.000Z`)
        .inactive()
        .build(),
  },
  { name: 'productDiscountFactory', typeId: 'product-discount', build: () => productDiscountFactory.build() },
  {
    name: 'productDiscountFactory.relative(25).where(...)',
    typeId: 'product-discount',
    build: (i) => productDiscountFactory.relative(25).where(`sku = "SKU-${i}-1"`).build(),
  },
  {
    name: 'productDiscountFactory.absolute(...).validBetween(...)',
    typeId: 'product-discount',
    build: () =>
      productDiscountFactory.absolute({ EUR: 500, USD: 600 }).validBetween('2030-01-01T00:00:00Z', '2031-01-01T00:00:00Z').build(),
  },
  {
    name: 'productDiscountFactory.external().inactive()',
    typeId: 'product-discount',
    build: () => productDiscountFactory.external().inactive().build(),
  },
  { name: 'attributeGroupFactory', typeId: 'attribute-group', build: () => attributeGroupFactory.build() },
  {
    name: "attributeGroupFactory.withAttributes('weight', 'materials')",
    typeId: 'attribute-group',
    build: () => attributeGroupFactory.withAttributes('weight', 'materials').build(),
  },
  { name: 'productSelectionFactory', typeId: 'product-selection', build: () => productSelectionFactory.build() },
  {
    name: 'productSelectionFactory.excluding().withCustom(...)',
    typeId: 'product-selection',
    setup: (commerce) => commerce.data.seed(typeFactory.forResource('product-selection').build({ key: 'selection-fields' })),
    build: () => productSelectionFactory.excluding().withCustom('selection-fields', { note: 'x' }).build(),
  },
  {
    name: "productTailoringFactory.ofProduct('mug').inStore(...).published()",
    typeId: 'product-tailoring',
    // One tailoring per store and product: each build is for a store of its own.
    setup: async (commerce) => {
      await seedCatalog(commerce);
      await commerce.data.seed(Array.from({ length: COUNT }, (_, i) => storeFactory.build({ key: `tailored-${i}` })));
    },
    build: (i) => productTailoringFactory.ofProduct('mug').inStore(`tailored-${i}`).published().build(),
  },
  {
    name: "variantFactory.ofProduct('mug').published()",
    typeId: 'variant',
    // The Variants API belongs to projects on the modular catalog model, which is chosen before any product exists.
    setup: async (commerce) => {
      const project = (await commerce.apiRoot.get().execute()).body;
      const action = { action: 'setProductCatalogModel', productCatalogModel: 'Modular' } as unknown as ProjectUpdateAction;
      await commerce.apiRoot.post({ body: { version: project.version, actions: [action] } }).execute();
      await seedCatalog(commerce);
    },
    build: () => variantFactory.ofProduct('mug').published().build(),
  },
  {
    name: 'shippingMethodFactory',
    typeId: 'shipping-method',
    setup: (commerce) => commerce.data.seed(taxCategoryFactory.build({ key: DEFAULT_TAX_CATEGORY_KEY })),
    build: () => shippingMethodFactory.build(),
  },
  {
    name: "shippingMethodFactory.forZone('dach', EUR + freeAbove).forZone('dach', USD).forZone('us', USD)",
    typeId: 'shipping-method',
    setup: (commerce) =>
      commerce.data.seed(
        taxCategoryFactory.build({ key: DEFAULT_TAX_CATEGORY_KEY }),
        zoneFactory.withCountries('DE', 'AT').build({ key: 'dach' }),
        zoneFactory.withCountries('US').build({ key: 'us' }),
      ),
    build: (i) =>
      shippingMethodFactory
        .forZone('dach', { currency: 'EUR', centAmount: 100 * i, freeAbove: 5000 })
        .forZone('dach', { currency: 'USD', centAmount: 599 })
        .forZone('us', { currency: 'USD', centAmount: 899 })
        .build(),
  },
  {
    name: 'shippingMethodFactory.forZone(...).asDefault() (one per project)',
    typeId: 'shipping-method',
    count: 1,
    setup: (commerce) =>
      commerce.data.seed(taxCategoryFactory.build({ key: DEFAULT_TAX_CATEGORY_KEY }), zoneFactory.withCountries('DE').build({ key: 'de' })),
    build: () => shippingMethodFactory.forZone('de').asDefault().build(),
  },
  {
    name: "shippingMethodFactory.withTaxCategory('reduced').where(...).inStores('berlin').inactive()",
    typeId: 'shipping-method',
    setup: (commerce) => commerce.data.seed(taxCategoryFactory.build({ key: 'reduced' }), storeFactory.build({ key: 'berlin' })),
    build: () =>
      shippingMethodFactory.withTaxCategory('reduced').where('totalPrice.centAmount > 1000').inStores('berlin').inactive().build(),
  },
  { name: 'cartDiscountFactory', typeId: 'cart-discount', build: () => cartDiscountFactory.build() },
  {
    name: 'cartDiscountFactory.relative(2500).onLineItems(\'sku = "TEE"\')',
    typeId: 'cart-discount',
    build: () => cartDiscountFactory.relative(2500).onLineItems('sku = "TEE"').build(),
  },
  {
    name: 'cartDiscountFactory.absolute({ EUR, USD }).onShipping()',
    typeId: 'cart-discount',
    build: () => cartDiscountFactory.absolute({ EUR: 500, USD: 600 }).onShipping().build(),
  },
  {
    name: 'cartDiscountFactory.onLineItems().absolute([money]).onTotal().requiringCode()',
    typeId: 'cart-discount',
    build: () =>
      cartDiscountFactory
        .onLineItems()
        .absolute([{ currencyCode: 'EUR', centAmount: 1000 }])
        .onTotal()
        .requiringCode()
        .build(),
  },
  {
    name: 'cartDiscountFactory.fixed({ EUR: 999 }).onLineItems()',
    typeId: 'cart-discount',
    build: () => cartDiscountFactory.fixed({ EUR: 999 }).onLineItems().build(),
  },
  {
    name: 'cartDiscountFactory.where(...).stopping().validBetween(...).inactive()',
    typeId: 'cart-discount',
    build: () =>
      cartDiscountFactory
        .where('totalPrice.centAmount > 5000')
        .stopping()
        .validBetween('2030-01-01T00:00:00Z', '2031-01-01T00:00:00Z')
        .inactive()
        .build(),
  },
  {
    name: "cartDiscountFactory.inStores('berlin').withCustom(...)",
    typeId: 'cart-discount',
    setup: (commerce) =>
      commerce.data.seed(storeFactory.build({ key: 'berlin' }), typeFactory.forResource('cart-discount').build({ key: 'discount-fields' })),
    build: () => cartDiscountFactory.inStores('berlin').withCustom('discount-fields', { note: 'x' }).build(),
  },
  { name: 'discountGroupFactory', typeId: 'discount-group', build: () => discountGroupFactory.build() },
  { name: 'discountGroupFactory.inactive()', typeId: 'discount-group', build: () => discountGroupFactory.inactive().build() },
  { name: 'mcpServerFactory', typeId: 'mcp-server', build: () => mcpServerFactory.build() },
  {
    name: "mcpServerFactory.enabled().withTools('read_products', 'create_carts')",
    typeId: 'mcp-server',
    build: () => mcpServerFactory.enabled().withTools('read_products', 'create_carts').build(),
  },
  { name: 'recurrencePolicyFactory', typeId: 'recurrence-policy', build: () => recurrencePolicyFactory.build() },
  { name: 'checkoutApplicationFactory', typeId: 'checkout-application', build: () => checkoutApplicationFactory.build() },
  {
    name: "checkoutApplicationFactory.completeFlow().forCountries('DE', 'AT').inactive()",
    typeId: 'checkout-application',
    build: () => checkoutApplicationFactory.completeFlow().forCountries('DE', 'AT').inactive().build(),
  },
  {
    name: 'recurrencePolicyFactory.onDayOfMonth(31)',
    typeId: 'recurrence-policy',
    build: () => recurrencePolicyFactory.onDayOfMonth(31).build(),
  },
  { name: 'paymentMethodFactory', typeId: 'payment-method', build: () => paymentMethodFactory.build() },
  {
    name: "paymentMethodFactory.forCustomer('ada').asDefault()",
    typeId: 'payment-method',
    setup: (commerce) => commerce.data.seed(customerFactory.build({ key: 'ada' })),
    build: () => paymentMethodFactory.forCustomer('ada').asDefault().build(),
  },
  { name: 'paymentMethodFactory.inactive()', typeId: 'payment-method', build: () => paymentMethodFactory.inactive().build() },
  {
    name: 'discountCodeFactory',
    typeId: 'discount-code',
    setup: (commerce) => commerce.data.seed(cartDiscountFactory.requiringCode().build({ key: DEFAULT_CART_DISCOUNT_KEY })),
    build: () => discountCodeFactory.build(),
  },
  {
    name: "discountCodeFactory.forCartDiscounts('spring', 'shipping-deal').inactive()",
    typeId: 'discount-code',
    setup: (commerce) =>
      commerce.data.seed(
        cartDiscountFactory.requiringCode().build({ key: 'spring' }),
        cartDiscountFactory.onShipping().build({ key: 'shipping-deal' }),
      ),
    build: () => discountCodeFactory.forCartDiscounts('spring', 'shipping-deal').inactive().build(),
  },
  {
    name: 'discountCodeFactory.where(...).limitedTo(10, 1).inGroups(...).validBetween(...)',
    typeId: 'discount-code',
    setup: (commerce) => commerce.data.seed(cartDiscountFactory.requiringCode().build({ key: DEFAULT_CART_DISCOUNT_KEY })),
    build: () =>
      discountCodeFactory
        .where('lineItemCount(1 = 1) > 0')
        .limitedTo(10, 1)
        .inGroups('spring')
        .validBetween('2030-01-01T00:00:00Z', '2031-01-01T00:00:00Z')
        .build(),
  },
  { name: 'cartFactory', typeId: 'cart', build: () => cartFactory.build() },
  {
    name: "cartFactory.withLineItems('TEE', { sku: 'MUG', quantity: 2 })",
    typeId: 'cart',
    setup: seedCatalog,
    build: () => cartFactory.withLineItems('TEE', { sku: 'MUG', quantity: 2 }).build(),
  },
  usingSeeded({
    name: 'cartFactory.withProducts(...stored products)',
    typeId: 'cart',
    setup: seedCatalog,
    build: (_, seeded) => cartFactory.withProducts(...seeded.filter((resource): resource is Product => 'masterData' in resource)).build(),
  }),
  {
    name: "cartFactory.withProducts(...product drafts).inCurrency('USD')",
    typeId: 'cart',
    setup: (commerce) =>
      commerce.data.seed(
        productTypeFactory.asDefault().build(),
        productFactory
          .withPrices('USD')
          .published()
          .build({ key: 'usd-only', masterVariant: { sku: 'USD-ONLY' } }),
      ),
    build: () =>
      cartFactory
        .withProducts(productFactory.build({ masterVariant: { sku: 'USD-ONLY' } }))
        .inCurrency('USD')
        .build(),
  },
  usingSeeded({
    name: 'cartFactory.forCustomer(customer).withShippingAddress()',
    typeId: 'cart',
    setup: (commerce) => commerce.data.seed(customerFactory.build()),
    build: (_, [customer]) => cartFactory.forCustomer(customer!).withShippingAddress().build(),
  }),
  usingSeeded({
    name: 'cartFactory.anonymous().forCustomer(customerId)',
    typeId: 'cart',
    setup: (commerce) => commerce.data.seed(customerFactory.build()),
    build: (_, [customer]) => cartFactory.anonymous().forCustomer(customer!.id).build(),
  }),
  { name: 'cartFactory.forCustomer() (guest email)', typeId: 'cart', build: () => cartFactory.forCustomer().build() },
  {
    name: "cartFactory.anonymous() / anonymous('session-1')",
    typeId: 'cart',
    build: (i) => (i % 2 ? cartFactory.anonymous('session-1') : cartFactory.anonymous()).build(),
  },
  {
    name: "cartFactory.withLineItems('TEE').withShippingMethod('standard') (German address added)",
    typeId: 'cart',
    setup: seedShipping,
    build: () => cartFactory.withLineItems('TEE').withShippingMethod('standard').build(),
  },
  {
    name: "cartFactory.inCurrency('USD').withShippingAddress('US').withShippingMethod('standard').withLineItems(...)",
    typeId: 'cart',
    setup: seedShipping,
    build: () => cartFactory.inCurrency('USD').withShippingAddress('US').withShippingMethod('standard').withLineItems('TEE', 'MUG').build(),
  },
  {
    name: "cartFactory.withLineItems('TEE').withDiscountCodes('SAVE10', 'FREESHIP')",
    typeId: 'cart',
    setup: async (commerce) => {
      await seedShipping(commerce);
      return commerce.data.seed(
        cartDiscountFactory.relative(1000).requiringCode().build({ key: 'ten-percent' }),
        cartDiscountFactory.relative(10_000).onShipping().requiringCode().build({ key: 'free-shipping' }),
        discountCodeFactory.forCartDiscounts('ten-percent').build({ code: 'SAVE10' }),
        discountCodeFactory.forCartDiscounts('free-shipping').build({ code: 'FREESHIP' }),
      );
    },
    build: () => cartFactory.withLineItems('TEE').withShippingMethod('standard').withDiscountCodes('SAVE10', 'FREESHIP').build(),
  },
  {
    name: "cartFactory.inStore('berlin').forBusinessUnit('acme').withCustom(...)",
    typeId: 'cart',
    setup: (commerce) =>
      commerce.data.seed(
        storeFactory.build({ key: 'berlin' }),
        businessUnitFactory.withStores('berlin').build({ key: 'acme' }),
        typeFactory.forResource('order').build({ key: 'order-fields' }),
      ),
    build: () => cartFactory.inStore('berlin').forBusinessUnit('acme').withCustom('order-fields', { note: 'gift' }).build(),
  },
  { name: 'paymentFactory', typeId: 'payment', build: () => paymentFactory.build() },
  {
    name: "paymentFactory.withTransactions('Authorization', 'Charge')",
    typeId: 'payment',
    build: () => paymentFactory.withTransactions('Authorization', 'Charge').build(),
  },
  {
    name: "paymentFactory.withAmount(1999, 'USD').withTransactions('Charge', { type: 'Refund', amount, state: 'Pending' })",
    typeId: 'payment',
    build: () =>
      paymentFactory
        .withAmount(1999, 'USD')
        .withTransactions('Charge', { type: 'Refund', amount: { currencyCode: 'USD', centAmount: 500 }, state: 'Pending' })
        .build(),
  },
  {
    name: "paymentFactory.forCustomer('ada') (key).inState('paid')",
    typeId: 'payment',
    setup: (commerce) =>
      commerce.data.seed(customerFactory.build({ key: 'ada' }), stateFactory.forType('PaymentState').initial().build({ key: 'paid' })),
    build: () => paymentFactory.forCustomer('ada').inState('paid').build(),
  },
  usingSeeded({
    name: 'paymentFactory.forCustomer(customer.id)',
    typeId: 'payment',
    setup: (commerce) => commerce.data.seed(customerFactory.build()),
    build: (_, [customer]) => paymentFactory.forCustomer(customer!.id).build(),
  }),
  { name: 'paymentFactory.anonymous()', typeId: 'payment', build: () => paymentFactory.anonymous().build() },
  { name: 'shoppingListFactory', typeId: 'shopping-list', build: () => shoppingListFactory.build() },
  {
    name: "shoppingListFactory.withLineItems('TEE', { sku: 'MUG', quantity: 3 }).withTextLineItems(3)",
    typeId: 'shopping-list',
    setup: seedCatalog,
    build: () => shoppingListFactory.withLineItems('TEE', { sku: 'MUG', quantity: 3 }).withTextLineItems(3).build(),
  },
  {
    name: 'shoppingListFactory.withLineItems(unpublished SKU)',
    typeId: 'shopping-list',
    setup: (commerce) =>
      commerce.data.seed(productTypeFactory.asDefault().build(), productFactory.build({ masterVariant: { sku: 'DRAFT' } })),
    build: () => shoppingListFactory.withLineItems('DRAFT').build(),
  },
  {
    name: "shoppingListFactory.forCustomer('ada').inStore('berlin').forBusinessUnit('acme')",
    typeId: 'shopping-list',
    setup: (commerce) =>
      commerce.data.seed(
        customerFactory.build({ key: 'ada' }),
        storeFactory.build({ key: 'berlin' }),
        businessUnitFactory.build({ key: 'acme' }),
      ),
    build: () => shoppingListFactory.forCustomer('ada').inStore('berlin').forBusinessUnit('acme').build(),
  },
  usingSeeded({
    name: 'shoppingListFactory.forCustomer(customer.id)',
    typeId: 'shopping-list',
    setup: (commerce) => commerce.data.seed(customerFactory.build()),
    build: (_, [customer]) => shoppingListFactory.forCustomer(customer!.id).build(),
  }),
  { name: 'shoppingListFactory.anonymous()', typeId: 'shopping-list', build: () => shoppingListFactory.anonymous().build() },
  { name: 'reviewFactory', typeId: 'review', build: () => reviewFactory.build() },
  {
    name: "reviewFactory.forProduct('tee').rated(n)",
    typeId: 'review',
    setup: seedCatalog,
    build: (i) =>
      reviewFactory
        .forProduct('tee')
        .rated((i % 5) + 1)
        .build(),
  },
  {
    name: "reviewFactory.forChannel('web').byCustomer('ada').inState('approved')",
    typeId: 'review',
    setup: (commerce) =>
      commerce.data.seed(
        channelFactory.build({ key: 'web' }),
        customerFactory.build({ key: 'ada' }),
        stateFactory.forType('ReviewState').withRoles('ReviewIncludedInStatistics').build({ key: 'approved' }),
      ),
    build: () => reviewFactory.forChannel('web').byCustomer('ada').inState('approved').build(),
  },
  { name: 'associateRoleFactory', typeId: 'associate-role', build: () => associateRoleFactory.build() },
  {
    name: "associateRoleFactory.withPermissions('ViewMyCarts', 'CreateMyCarts').buyerAssignable()",
    typeId: 'associate-role',
    build: () => associateRoleFactory.withPermissions('ViewMyCarts', 'CreateMyCarts').buyerAssignable().build(),
  },
  { name: 'associateRoleFactory.admin()', typeId: 'associate-role', build: () => associateRoleFactory.admin().build() },
  {
    name: 'associateRoleFactory.withPermissions() (none)',
    typeId: 'associate-role',
    build: () => associateRoleFactory.withPermissions().build(),
  },
  { name: 'businessUnitFactory', typeId: 'business-unit', build: () => businessUnitFactory.build() },
  {
    name: 'businessUnitFactory.company().withAddresses()',
    typeId: 'business-unit',
    build: () => businessUnitFactory.company().withAddresses().build(),
  },
  {
    name: "businessUnitFactory.withAddresses('DE', 'AT', 'FR').inactive()",
    typeId: 'business-unit',
    build: () => businessUnitFactory.withAddresses('DE', 'AT', 'FR').inactive().build(),
  },
  {
    name: "businessUnitFactory.division('acme')",
    typeId: 'business-unit',
    setup: (commerce) => commerce.data.seed(businessUnitFactory.build({ key: 'acme' })),
    build: () => businessUnitFactory.division('acme').build(),
  },
  {
    name: "businessUnitFactory.withStores('berlin', 'vienna') / division('acme').withStores('berlin')",
    typeId: 'business-unit',
    setup: (commerce) =>
      commerce.data.seed(
        storeFactory.build({ key: 'berlin' }),
        storeFactory.build({ key: 'vienna' }),
        businessUnitFactory.build({ key: 'acme' }),
      ),
    build: (i) =>
      (i % 2 ? businessUnitFactory.withStores('berlin', 'vienna') : businessUnitFactory.division('acme').withStores('berlin')).build(),
  },
  usingSeeded({
    name: 'businessUnitFactory.withAssociates([{ customerKey, roleKeys }, { customerId, roleKeys, inheritance }])',
    typeId: 'business-unit',
    setup: seedAssociates,
    build: (_, [, grace]) =>
      businessUnitFactory
        .withAssociates([
          { customerKey: 'ada', roleKeys: ['buyer'] },
          { customerId: grace!.id, roleKeys: ['admin', 'buyer'], inheritance: 'Enabled' },
        ])
        .build(),
  }),
  {
    name: "businessUnitFactory.division('acme').withAssociates(...).withCustom(...)",
    typeId: 'business-unit',
    setup: async (commerce) => {
      await seedAssociates(commerce);
      return commerce.data.seed(
        businessUnitFactory.build({ key: 'acme' }),
        typeFactory.forResource('business-unit').build({ key: 'unit-fields' }),
      );
    },
    build: () =>
      businessUnitFactory
        .division('acme')
        .withAssociates({ customerKey: 'grace', roleKeys: ['buyer'] })
        .withCustom('unit-fields', { tier: 'gold' })
        .build(),
  },
  { name: 'orderFactory', typeId: 'order', build: () => orderFactory.build() },
  {
    name: "orderFactory.withLineItems('TEE', { sku: 'MUG', quantity: 2, centAmount: 1299 })",
    typeId: 'order',
    setup: seedCatalog,
    build: () => orderFactory.withLineItems('TEE', { sku: 'MUG', quantity: 2, centAmount: 1299 }).build(),
  },
  usingSeeded({
    name: "orderFactory.forCustomer(customer).inCurrency('USD').withShippingAddress('US')",
    typeId: 'order',
    setup: (commerce) => commerce.data.seed(customerFactory.build()),
    build: (_, [customer]) => orderFactory.forCustomer(customer!).inCurrency('USD').withShippingAddress('US').build(),
  }),
  {
    name: 'orderFactory.completed() / paid().shipped().withOrderState(...)',
    typeId: 'order',
    build: (i) => (i % 2 ? orderFactory.completed() : orderFactory.paid().shipped().withOrderState('Confirmed')).build(),
  },
  {
    name: "orderFactory.inStore('berlin').forBusinessUnit('acme').withPayments('payment-a').inState('received').withCustom(...)",
    typeId: 'order',
    setup: (commerce) =>
      commerce.data.seed(
        storeFactory.build({ key: 'berlin' }),
        businessUnitFactory.build({ key: 'acme' }),
        paymentFactory.build({ key: 'payment-a' }),
        stateFactory.forType('OrderState').initial().build({ key: 'received' }),
        typeFactory.forResource('order').build({ key: 'order-fields' }),
      ),
    build: () =>
      orderFactory
        .inStore('berlin')
        .forBusinessUnit('acme')
        .withPayments('payment-a')
        .inState('received')
        .withCustom('order-fields', { note: 'x' })
        .build(),
  },
  { name: 'quoteRequestFactory', typeId: 'quote-request', setup: seedQuoteCart, build: () => quoteRequestFactory.build() },
  usingSeeded({
    name: "quoteRequestFactory.forCart(cart.id, version).inState('submitted').withPurchaseOrderNumber(...)",
    typeId: 'quote-request',
    setup: async (commerce) => {
      await commerce.data.seed(stateFactory.forType('QuoteRequestState').build({ key: 'submitted' }));
      return seedQuoteCart(commerce);
    },
    build: (i, [cart]) =>
      quoteRequestFactory.forCart(cart!.id, cart!.version).inState('submitted').withPurchaseOrderNumber(`PO-${i}`).build(),
  }),
  { name: 'approvalRuleFactory', typeId: 'approval-rule', setup: seedApprovalUnit, build: () => approvalRuleFactory.build() },
  {
    name: "approvalRuleFactory.inBusinessUnit(...).where(...).requestedBy(...).approvedBy('approver', ['approver', ['admin', 'buyer']]).inactive()",
    typeId: 'approval-rule',
    setup: async (commerce) => {
      await seedApprovalUnit(commerce);
      return commerce.data.seed(
        businessUnitFactory.withAssociates({ customerKey: 'ada', roleKeys: ['admin'] }).build({ key: 'division-rules' }),
      );
    },
    build: () =>
      approvalRuleFactory
        .inBusinessUnit('division-rules')
        .where('totalPrice.centAmount > 50000')
        .requestedBy('buyer', 'admin')
        .approvedBy('approver', ['approver', ['admin', 'buyer']])
        .inactive()
        .build(),
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

for (const { name, typeId, build, setup, count = COUNT } of cases) {
  test(`${name}: ${count} builds are plain tagged drafts that seed validates and stores, in order`, async ({ commerce }) => {
    const seeded = await setup?.(commerce);
    const before = (await commerce.data.all(typeId)).length;
    const drafts = Array.from({ length: count }, (_, index) => build(index, seeded));
    for (const draft of drafts) expectPlainDraft(draft, typeId);
    const created = await commerce.data.seed(drafts);
    expect(created).toHaveLength(count);
    expect(await commerce.data.all(typeId)).toHaveLength(before + count);
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
async function post(commerce: Commerce, draft: TaggedDraft): Promise<{ statusCode?: number }> {
  const apiRoot: ByProjectKeyRequestBuilder = commerce.apiRoot;
  const typeId = draftType(draft);
  switch (typeId) {
    case 'customer':
      return apiRoot
        .customers()
        .post({ body: sdkBody(draft) })
        .execute();
    case 'category':
      return apiRoot
        .categories()
        .post({ body: sdkBody(draft) })
        .execute();
    case 'channel':
      return apiRoot
        .channels()
        .post({ body: sdkBody(draft) })
        .execute();
    case 'key-value-document':
      return apiRoot
        .customObjects()
        .post({ body: sdkBody(draft) })
        .execute();
    case 'customer-group':
      return apiRoot
        .customerGroups()
        .post({ body: sdkBody(draft) })
        .execute();
    case 'state':
      return apiRoot
        .states()
        .post({ body: sdkBody(draft) })
        .execute();
    case 'store':
      return apiRoot
        .stores()
        .post({ body: sdkBody(draft) })
        .execute();
    case 'tax-category':
      return apiRoot
        .taxCategories()
        .post({ body: sdkBody(draft) })
        .execute();
    case 'type':
      return apiRoot
        .types()
        .post({ body: sdkBody(draft) })
        .execute();
    case 'zone':
      return apiRoot
        .zones()
        .post({ body: sdkBody(draft) })
        .execute();
    case 'product-type':
      return apiRoot
        .productTypes()
        .post({ body: sdkBody(draft) })
        .execute();
    case 'product':
      return apiRoot
        .products()
        .post({ body: sdkBody(draft) })
        .execute();
    case 'inventory-entry':
      return apiRoot
        .inventory()
        .post({ body: sdkBody(draft) })
        .execute();
    case 'standalone-price':
      return apiRoot
        .standalonePrices()
        .post({ body: sdkBody(draft) })
        .execute();
    case 'product-discount':
      return apiRoot
        .productDiscounts()
        .post({ body: sdkBody(draft) })
        .execute();
    case 'attribute-group':
      return apiRoot
        .attributeGroups()
        .post({ body: sdkBody(draft) })
        .execute();
    case 'product-selection':
      return apiRoot
        .productSelections()
        .post({ body: sdkBody(draft) })
        .execute();
    case 'product-tailoring':
      return apiRoot
        .productTailoring()
        .post({ body: sdkBody(draft) })
        .execute();
    case 'shipping-method':
      return apiRoot
        .shippingMethods()
        .post({ body: sdkBody(draft) })
        .execute();
    case 'cart-discount':
      return apiRoot
        .cartDiscounts()
        .post({ body: sdkBody(draft) })
        .execute();
    case 'discount-group':
      return apiRoot
        .discountGroups()
        .post({ body: sdkBody(draft) })
        .execute();
    case 'recurrence-policy':
      return apiRoot
        .recurrencePolicies()
        .post({ body: sdkBody(draft) })
        .execute();
    case 'payment-method':
      return apiRoot
        .paymentMethods()
        .post({ body: sdkBody(draft) })
        .execute();
    case 'discount-code':
      return apiRoot
        .discountCodes()
        .post({ body: sdkBody(draft) })
        .execute();
    case 'cart':
      return apiRoot
        .carts()
        .post({ body: sdkBody(draft) })
        .execute();
    case 'payment':
      return apiRoot
        .payments()
        .post({ body: sdkBody(draft) })
        .execute();
    case 'shopping-list':
      return apiRoot
        .shoppingLists()
        .post({ body: sdkBody(draft) })
        .execute();
    case 'review':
      return apiRoot
        .reviews()
        .post({ body: sdkBody(draft) })
        .execute();
    case 'associate-role':
      return apiRoot
        .associateRoles()
        .post({ body: sdkBody(draft) })
        .execute();
    case 'business-unit':
      return apiRoot
        .businessUnits()
        .post({ body: sdkBody(draft) })
        .execute();
    case 'order':
      return apiRoot
        .orders()
        .importOrder()
        .post({ body: sdkBody(draft) })
        .execute();
    case 'quote-request':
      return apiRoot
        .quoteRequests()
        .post({ body: sdkBody(draft) })
        .execute();
    case 'approval-rule': {
      // Only served as an associate of the unit: post as its first associate.
      const businessUnitKey = (draft as TaggedDraft<'approval-rule'>).businessUnit!.key!;
      const associateId = (await commerce.data.getByKey('business-unit', businessUnitKey))!.associates[0]!.customer.id;
      return apiRoot
        .asAssociate()
        .withAssociateIdValue({ associateId })
        .inBusinessUnitKeyWithBusinessUnitKeyValue({ businessUnitKey })
        .approvalRules()
        .post({ body: sdkBody(draft) })
        .execute();
    }
    case 'mcp-server':
    case 'variant': {
      // The official SDK 8 has no request builders for MCP servers or the Variants API.
      const response = await fetch(`${commerce.apiUrl}/${commerce.projectKey}/${typeId === 'variant' ? 'variants' : 'mcp-servers'}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(sdkBody(draft)),
      });
      if (!response.ok) throw { body: await response.json() };
      return { statusCode: response.status };
    }
    case 'checkout-application':
      return checkoutRoot(commerce)
        .applications()
        .post({ body: sdkBody(draft) })
        .execute();
    default:
      throw new Error(`no SDK endpoint for ${typeId}`);
  }
}

test('the drafts of every factory and trait are accepted by POST through the official SDK', async ({ commerce }) => {
  for (const { name, typeId, build, setup, count = COUNT } of cases) {
    commerce.mock.state.clear();
    const seeded = await setup?.(commerce);
    const posts = Math.min(3, count);
    for (let index = 0; index < posts; index++) {
      const response = await post(commerce, build(index, seeded)).catch((error: unknown) => {
        throw new Error(`${name}: ${JSON.stringify((error as { body?: unknown }).body ?? error)}`);
      });
      expect(response.statusCode, name).toBe(201);
    }
    expect((await commerce.data.all(typeId)).length, name).toBeGreaterThanOrEqual(posts);
  }
});

test('seed infers the resource types from factory output, also for mixed lists', async ({ commerce }) => {
  const [customer] = await commerce.data.seed(customerFactory.build({ firstName: 'Ada', lastName: 'Lovelace' }));
  // Typed as the stored Customer: these lines would not compile otherwise.
  const email: string = customer!.email;
  const addressIds: string[] = customer!.shippingAddressIds;
  expect(email).toMatch(/^ada\.lovelace\.\d+@example\.com$/);
  expect(addressIds).toEqual([]);

  const mixed = await commerce.data.seed(customerFactory.build(), categoryFactory.build(), [customerFactory.build()]);
  const typed: Array<Customer | Category> = mixed;
  expect(typed.map((resource) => ('email' in resource ? 'customer' : 'category'))).toEqual(['customer', 'category', 'customer']);
});

test('unique fields stay unique across builds and traits; seed resolves references by key', async ({ commerce }) => {
  const customers = [...customerFactory.buildList(10), ...customerFactory.withAddresses().buildList(10)];
  expect(new Set(customers.map((c) => c.email.toLowerCase())).size).toBe(20);
  expect(new Set(customers.map((c) => c.key)).size).toBe(20);
  const categories = [...categoryFactory.buildList(10), ...categoryFactory.inLocales('en', 'de').buildList(10)];
  expect(new Set(categories.map((c) => c.slug.en)).size).toBe(20);

  const [root, child, grandchild] = await commerce.data.seed(
    categoryFactory.build({ key: 'root' }),
    categoryFactory.childOf('root').build({ key: 'child' }),
    categoryFactory.childOf('child').build(),
  );
  expect(child!.parent).toEqual({ typeId: 'category', id: root!.id });
  expect(grandchild!.ancestors).toEqual([
    { typeId: 'category', id: root!.id },
    { typeId: 'category', id: child!.id },
  ]);

  const [web, warehouse] = await commerce.data.seed(channelFactory.forDistribution().build(), channelFactory.build());
  const [store] = await commerce.data.seed(storeFactory.withDistributionChannels(web!.key).withSupplyChannels(warehouse!.key).build());
  expect(store!.distributionChannels).toEqual([{ typeId: 'channel', id: web!.id }]);
  expect(store!.supplyChannels).toEqual([{ typeId: 'channel', id: warehouse!.id }]);

  const [type] = await commerce.data.seed(typeFactory.forResource('customer').build());
  const [group] = await commerce.data.seed(customerGroupFactory.build());
  const [customer] = await commerce.data.seed(
    customerFactory.inStores(store!.key).inGroup(group!.key!).withCustom(type!.key, { tier: 'gold' }).build(),
  );
  expect(customer!.stores).toEqual([{ typeId: 'store', key: store!.key }]);
  expect(customer!.customerGroup).toEqual({ typeId: 'customer-group', id: group!.id });
  expect(customer!.custom).toEqual({ type: { typeId: 'type', id: type!.id }, fields: { tier: 'gold' } });
});

test('a product with variants and prices in several currencies, its stock and a discount', async ({ commerce }) => {
  await commerce.data.seed(productTypeFactory.asDefault().build(), taxCategoryFactory.withRates('DE', 'US').build({ key: 'standard' }));
  const [product] = await commerce.data.seed(
    productFactory.withVariants(2).withPrices('EUR', 'USD', 'GBP').withTaxCategory('standard').published().build(),
  );
  const current = product!.masterData.current;
  const variants = [current.masterVariant, ...current.variants];
  expect(variants.map((variant) => variant.prices!.map((price) => price.value.currencyCode))).toEqual([
    ['EUR', 'USD', 'GBP'],
    ['EUR', 'USD', 'GBP'],
    ['EUR', 'USD', 'GBP'],
  ]);
  const skus = variants.map((variant) => variant.sku!);
  expect(new Set(skus).size).toBe(3);
  await commerce.data.seed(
    skus.map((sku) => inventoryEntryFactory.forSku(sku).build()),
    productDiscountFactory.relative(20).build(),
  );
  expect(commerce).toHaveStoredCount('inventory-entry', 3);
  expect(commerce).toHaveStored('product', { masterData: { published: true } });
});

test('a checkout-ready cart: a customer with addresses, products priced in its currency, a shipping method by zone, discount codes', async ({
  commerce,
}) => {
  await seedShipping(commerce);
  const [customer] = await commerce.data.seed(customerFactory.withAddresses('AT', 'DE').withDefaultAddresses().build());
  await commerce.data.seed(
    cartDiscountFactory.relative(1000).requiringCode().build({ key: 'ten-percent' }),
    discountCodeFactory.forCartDiscounts('ten-percent').build({ code: 'SAVE10' }),
  );
  const [cart] = await commerce.data.seed(
    cartFactory
      .forCustomer(customer!)
      .inCurrency('USD')
      .withShippingAddress('AT')
      .withShippingMethod('standard')
      .withLineItems('TEE', { sku: 'MUG', quantity: 2 })
      .withDiscountCodes('SAVE10')
      .build(),
  );
  // Typed as the stored Cart: these lines would not compile otherwise.
  const skus: Array<string | undefined> = cart!.lineItems.map((item) => item.variant.sku);
  expect(skus).toEqual(['TEE', 'MUG']);
  expect(cart!.lineItems.map((item) => item.price.value.currencyCode)).toEqual(['USD', 'USD']);
  expect(cart!).toMatchObject({
    customerId: customer!.id,
    customerEmail: customer!.email,
    totalPrice: { currencyCode: 'USD' },
    shippingAddress: { country: 'AT' },
  });
  expect(cart!.shippingInfo).toMatchObject({ shippingMethodName: expect.any(String), price: { currencyCode: 'USD', centAmount: 599 } });
  expect(cart!.discountCodes).toEqual([{ discountCode: { typeId: 'discount-code', id: expect.any(String) }, state: 'MatchesCart' }]);
  expect(cart!.discountOnTotalPrice).toBeDefined();
});

test('a business unit with associates, a division that inherits them, and a shopping list and payment of its buyer', async ({
  commerce,
}) => {
  const [ada, grace] = await seedAssociates(commerce);
  const [store] = await commerce.data.seed(storeFactory.build());
  const [company] = await commerce.data.seed(
    businessUnitFactory
      .withStores(store!.key)
      .withAddresses('DE')
      .withAssociates([
        { customerKey: ada!.key!, roleKeys: ['admin'], inheritance: 'Enabled' },
        { customerId: grace!.id, roleKeys: ['buyer'] },
      ])
      .build(),
  );
  expect(company!).toMatchObject({ unitType: 'Company', storeMode: 'Explicit', stores: [{ typeId: 'store', key: store!.key }] });
  expect(company!.associates).toEqual([
    {
      customer: { typeId: 'customer', id: ada!.id },
      associateRoleAssignments: [{ associateRole: { typeId: 'associate-role', key: 'admin' }, inheritance: 'Enabled' }],
    },
    {
      customer: { typeId: 'customer', id: grace!.id },
      associateRoleAssignments: [{ associateRole: { typeId: 'associate-role', key: 'buyer' }, inheritance: 'Disabled' }],
    },
  ]);
  const [division] = await commerce.data.seed(businessUnitFactory.division(company!.key).build());
  expect(division!).toMatchObject({
    unitType: 'Division',
    parentUnit: { key: company!.key },
    topLevelUnit: { key: company!.key },
    inheritedStores: [{ key: store!.key }],
  });
  expect(division!.inheritedAssociates).toEqual([
    {
      customer: { typeId: 'customer', id: ada!.id },
      associateRoleAssignments: [
        { associateRole: { typeId: 'associate-role', key: 'admin' }, source: { typeId: 'business-unit', key: company!.key } },
      ],
    },
  ]);
  const [role] = await commerce.data.seed(associateRoleFactory.build());
  expect(role!).toMatchObject({
    buyerAssignable: false,
    permissions: expect.arrayContaining(['CreateMyCarts', 'CreateMyOrdersFromMyCarts']),
  });

  const [list] = await commerce.data.seed(
    shoppingListFactory.forCustomer(grace!.key!).forBusinessUnit(company!.key).withTextLineItems(2).build(),
  );
  const [payment] = await commerce.data.seed(
    paymentFactory.forCustomer(grace!.id).withAmount(2500).withTransactions('Authorization', 'Charge').build(),
  );
  expect(list!).toMatchObject({
    customer: { typeId: 'customer', id: grace!.id },
    businessUnit: { key: company!.key },
    textLineItems: [{ key: 'text-1' }, { key: 'text-2' }],
  });
  expect(payment!.transactions.map((t) => [t.type, t.state, t.amount.centAmount])).toEqual([
    ['Authorization', 'Success', 2500],
    ['Charge', 'Success', 2500],
  ]);
});

test(`staged quotes and quotes (made through their endpoints, not seeded): ${COUNT} drafts of each are created by POST`, async ({
  commerce,
}) => {
  const [cart] = await seedQuoteCart(commerce);
  const [request] = await commerce.data.seed(quoteRequestFactory.forCart(cart!.id).build({ key: DEFAULT_QUOTE_REQUEST_KEY }));
  await expect(commerce.data.seed(stagedQuoteFactory.build())).rejects.toMatchObject({ statusCode: 400 });
  const apiRoot = commerce.apiRoot;
  const staged = [];
  for (let index = 0; index < COUNT; index++) {
    const draft =
      index === 0
        ? stagedQuoteFactory.build({ key: DEFAULT_STAGED_QUOTE_KEY })
        : stagedQuoteFactory.forQuoteRequest(request!.id, request!.version).build();
    expectPlainDraft(draft, 'staged-quote');
    const response = await apiRoot
      .stagedQuotes()
      .post({ body: sdkBody(draft) })
      .execute();
    expect(response.statusCode).toBe(201);
    expect(response.body).toMatchObject({ key: draft.key, quoteRequest: { id: request!.id }, stagedQuoteState: 'InProgress' });
    staged.push(response.body);
  }
  expect(commerce).toHaveStoredCount('staged-quote', COUNT);
  for (let index = 0; index < COUNT; index++) {
    const draft = index % 2 ? quoteFactory.build() : quoteFactory.forStagedQuote(staged[index]!.id, staged[index]!.version).build();
    expectPlainDraft(draft, 'quote');
    const response = await apiRoot
      .quotes()
      .post({ body: sdkBody(draft) })
      .execute();
    expect(response.statusCode).toBe(201);
    expect(response.body).toMatchObject({ key: draft.key, quoteState: 'Pending' });
  }
  expect(commerce).toHaveStoredCount('quote', COUNT);
  const sent = await apiRoot
    .quotes()
    .post({ body: sdkBody(quoteFactory.forStagedQuote(staged[1]!.id).sendingStagedQuote().build()) })
    .execute();
  expect(sent.statusCode).toBe(201);
  expect((await commerce.data.get('staged-quote', staged[1]!.id))!.stagedQuoteState).toBe('Sent');
  const accepting = await apiRoot
    .stagedQuotes()
    .post({ body: sdkBody(stagedQuoteFactory.forQuoteRequest(request!.id).acceptingRequest().build()) })
    .execute();
  expect(accepting.statusCode).toBe(201);
  expect((await commerce.data.get('quote-request', request!.id))!.quoteRequestState).toBe('Accepted');
});

test('traits that replace a value replace it wholesale; forZone() chains zones and currencies', () => {
  expect(cartDiscountFactory.relative(500).absolute({ EUR: 100 }).build().value).toEqual({
    type: 'absolute',
    money: [{ type: 'centPrecision', currencyCode: 'EUR', centAmount: 100 }],
  });
  expect(cartDiscountFactory.onLineItems('sku = "A"').onTotal().build().target).toEqual({ type: 'totalPrice' });
  expect(cartFactory.forCustomer('00000000-0000-4000-8000-000000000000').anonymous('s-1').build()).not.toHaveProperty('customerId');
  expect(cartFactory.anonymous().forCustomer().build()).not.toHaveProperty('anonymousId');
  const method = shippingMethodFactory
    .forZone('dach', { freeAbove: 5000 })
    .forZone('us', { currency: 'USD', centAmount: 899 })
    .forZone('dach', { currency: 'CHF', centAmount: 700 });
  const [first, second] = method.buildList(2);
  expect(first!.zoneRates).toEqual([
    {
      zone: { typeId: 'zone', key: 'dach' },
      shippingRates: [
        { price: { currencyCode: 'EUR', centAmount: 499 }, freeAbove: { currencyCode: 'EUR', centAmount: 5000 } },
        { price: { currencyCode: 'CHF', centAmount: 700 } },
      ],
    },
    { zone: { typeId: 'zone', key: 'us' }, shippingRates: [{ price: { currencyCode: 'USD', centAmount: 899 } }] },
  ]);
  first!.zoneRates.pop();
  expect(second!.zoneRates).toHaveLength(2);
  expect(
    paymentFactory
      .anonymous()
      .buildList(2)
      .map((p) => p.anonymousId),
  ).toEqual([expect.any(String), expect.any(String)]);
  const [a, b] = paymentFactory.anonymous().buildList(2);
  expect(a!.anonymousId).not.toBe(b!.anonymousId);
});

test('a missing reference target fails seeding with the platform error', async ({ commerce }) => {
  await expect(commerce.data.seed(categoryFactory.childOf('nowhere').build())).rejects.toMatchObject({
    statusCode: 400,
    errors: [expect.objectContaining({ code: 'ReferencedResourceNotFound' })],
  });
});

test('customers carry the plain password to sign in with: DEFAULT_PASSWORD or the one given', async ({ commerce }) => {
  const draft = customerFactory.build();
  expect(draft.password).toBe(DEFAULT_PASSWORD);
  expect(DEFAULT_PASSWORD).toBe('password123');
  const [customer] = await commerce.data.seed(draft);
  const asCustomer = commerce.apiRootFor({ customer: { email: draft.email, password: draft.password } });
  const read = await asCustomer.customers().withId({ ID: customer!.id }).get().execute();
  expect(read.body.email).toBe(draft.email);
  expect(commerce).toHaveIssuedCustomerToken(customer!.id);

  const other = customerFactory.build({ password: 's3cret!' });
  const [second] = await commerce.data.seed(other);
  await commerce
    .apiRootFor({ customer: { email: other.email, password: 's3cret!' } })
    .customers()
    .withId({ ID: second!.id })
    .get()
    .execute();
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
  expect(second!.stores).toEqual([
    { typeId: 'store', key: 'a' },
    { typeId: 'store', key: 'b' },
  ]);
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
