/**
 * The import types of the Import API (its ImportResourceType): the path segment of each one's import
 * request route, the shape of its resources as the definition declares them, and the key an import
 * operation reports for a resource. The shapes check what the definition requires and the types of
 * what a mapping reads; deeper structures (an order's line items, asset sources) pass as they are and
 * the main API's own validation judges them when the resource is written.
 */
import * as z from 'zod';
import { Country, LocalizedString } from '../../engine/draft-fields.js';
import { once, oncePerKey } from '../../util/once.js';

export const IMPORT_TYPES = [
  'business-unit',
  'category',
  'customer',
  'discount-code',
  'inventory',
  'order',
  'order-patch',
  'price',
  'product',
  'product-draft',
  'product-selection',
  'product-tailoring',
  'product-type',
  'product-variant',
  'product-variant-patch',
  'standalone-price',
  'variant',
  'type',
] as const;
export type ImportType = (typeof IMPORT_TYPES)[number];
export const ImportType = z.enum(IMPORT_TYPES);

/** The platform's limit of resources in one import request. */
export const MAX_RESOURCES_PER_REQUEST = 20;

/**
 * Each import type's resource, as its import request carries it. Made on the first import request:
 * some 700 zod schemas, which a suite that never imports should not pay for when the package loads.
 */
const resourceSchemas = once((): Record<ImportType, z.ZodType<Record<string, unknown>>> => {
  const keyRef = <T extends string>(typeId: T) => z.object({ typeId: z.literal(typeId), key: z.string().min(1) });
  const Text = z.string();
  const Money = z.looseObject({
    type: z.enum(['centPrecision', 'highPrecision']).optional(),
    currencyCode: z.string(),
    centAmount: z.number().int(),
    fractionDigits: z.number().int().optional(),
    preciseAmount: z.number().int().optional(),
  });
  /** A typed attribute value (`{ name, type, value }`). */
  const Attribute = z.looseObject({ name: z.string().min(1), type: z.string().min(1), value: z.unknown() });
  const CustomField = z.looseObject({ type: z.string().min(1), value: z.unknown() });
  const Custom = z.looseObject({ type: keyRef('type'), fields: z.record(z.string(), CustomField).optional() });
  const Loose = z.looseObject({});
  const list = <S extends z.ZodType>(item: S) => z.array(item).optional();

  const DeliveryItem = z.looseObject({ id: z.string().min(1), quantity: z.number() });
  const ParcelFields = { measurements: Loose.optional(), trackingData: Loose.optional(), items: list(DeliveryItem) };
  /** An order patch's changes (OrderField): each one an update action of the order. */
  const OrderField = z.looseObject({
    addReturnInfo: z
      .looseObject({
        items: z.array(z.looseObject({ quantity: z.number(), shipmentState: z.enum(['Advised', 'Returned', 'BackInStock', 'Unusable']) })),
        returnTrackingId: Text.optional(),
        returnDate: Text.optional(),
      })
      .optional(),
    addParcelToDelivery: z.looseObject({ deliveryId: z.string().min(1), ...ParcelFields }).optional(),
    addDeliveries: list(
      z.looseObject({ items: z.array(DeliveryItem), parcels: z.array(z.looseObject(ParcelFields)), address: Loose.optional() }),
    ),
    removeDelivery: z.looseObject({ id: z.string().min(1) }).optional(),
    removeParcelFromDelivery: z.looseObject({ parcelId: z.string().min(1) }).optional(),
    setDeliveryAddress: z.looseObject({ deliveryId: z.string().min(1), address: Loose.optional() }).optional(),
    setParcelMeasurements: z.looseObject({ parcelId: z.string().min(1), measurements: Loose.optional() }).optional(),
    setParcelTrackingData: z.looseObject({ parcelId: z.string().min(1), trackingData: Loose.optional() }).optional(),
    setParcelItems: list(z.looseObject({ parcelId: z.string().min(1), items: list(DeliveryItem) })),
  });

  const PriceDraftImport = z.looseObject({
    key: z.string().min(1),
    value: Money,
    country: Country.optional(),
    customerGroup: keyRef('customer-group').optional(),
    channel: keyRef('channel').optional(),
    validFrom: Text.optional(),
    validUntil: Text.optional(),
    custom: Custom.optional(),
    discounted: Loose.optional(),
    tiers: list(Loose),
  });
  const VariantDraftImport = z.looseObject({
    key: z.string().min(1),
    sku: Text.optional(),
    prices: list(PriceDraftImport),
    attributes: list(Attribute),
    images: list(Loose),
    assets: list(Loose),
  });
  const ProductFields = {
    key: z.string().min(1),
    name: LocalizedString,
    productType: keyRef('product-type'),
    slug: LocalizedString,
    description: LocalizedString.optional(),
    categories: list(keyRef('category')),
    attributes: list(Attribute),
    metaTitle: LocalizedString.optional(),
    metaDescription: LocalizedString.optional(),
    metaKeywords: LocalizedString.optional(),
    taxCategory: keyRef('tax-category').optional(),
    searchKeywords: Loose.optional(),
    state: keyRef('state').optional(),
    publish: z.boolean().optional(),
    priceMode: z.enum(['Embedded', 'Standalone']).optional(),
  };

  const BusinessUnitFields = {
    key: z.string().min(1),
    name: Text,
    status: z.enum(['Active', 'Inactive']).optional(),
    contactEmail: Text.optional(),
    storeMode: z.enum(['Explicit', 'FromParent']).optional(),
    associateMode: z.enum(['Explicit', 'ExplicitAndFromParent']).optional(),
    approvalRuleMode: z.enum(['Explicit', 'ExplicitAndFromParent']).optional(),
    associates: list(
      z.looseObject({
        customer: keyRef('customer'),
        associateRoleAssignments: z.array(
          z.looseObject({ associateRole: keyRef('associate-role'), inheritance: z.enum(['Enabled', 'Disabled']) }),
        ),
      }),
    ),
    addresses: list(z.looseObject({ country: Country })),
    stores: list(keyRef('store')),
    custom: Custom.optional(),
  };

  return {
    'business-unit': z.discriminatedUnion('unitType', [
      z.looseObject({ ...BusinessUnitFields, unitType: z.literal('Company') }),
      // A Division names its parent (DivisionBusinessUnitImport requires `parentUnit`).
      z.looseObject({ ...BusinessUnitFields, unitType: z.literal('Division'), parentUnit: keyRef('business-unit') }),
    ]),
    category: z.looseObject({
      key: z.string().min(1),
      name: LocalizedString,
      slug: LocalizedString,
      description: LocalizedString.optional(),
      parent: keyRef('category').optional(),
      orderHint: Text.optional(),
      externalId: Text.optional(),
      metaTitle: LocalizedString.optional(),
      metaDescription: LocalizedString.optional(),
      metaKeywords: LocalizedString.optional(),
      assets: list(Loose),
      custom: Custom.optional(),
    }),
    customer: z.looseObject({
      key: z.string().min(1),
      email: Text,
      password: Text.optional(),
      customerNumber: Text.optional(),
      stores: list(keyRef('store')),
      firstName: Text.optional(),
      lastName: Text.optional(),
      middleName: Text.optional(),
      title: Text.optional(),
      salutation: Text.optional(),
      externalId: Text.optional(),
      dateOfBirth: Text.optional(),
      companyName: Text.optional(),
      vatId: Text.optional(),
      isEmailVerified: z.boolean().optional(),
      customerGroup: keyRef('customer-group').optional(),
      addresses: list(z.looseObject({ key: z.string().min(1), country: Country })),
      defaultBillingAddress: z.number().int().optional(),
      billingAddresses: list(z.number().int()),
      defaultShippingAddress: z.number().int().optional(),
      shippingAddresses: list(z.number().int()),
      locale: Text.optional(),
      custom: Custom.optional(),
      authenticationMode: z.enum(['Password', 'ExternalAuth']).optional(),
    }),
    'discount-code': z.looseObject({
      key: z.string().min(1),
      code: z.string().min(1),
      cartDiscounts: z.array(keyRef('cart-discount')),
      isActive: z.boolean(),
      name: LocalizedString.optional(),
      description: LocalizedString.optional(),
      cartPredicate: Text.optional(),
      maxApplications: z.number().int().min(0).optional(),
      maxApplicationsPerCustomer: z.number().int().min(0).optional(),
      groups: list(Text),
      validFrom: Text.optional(),
      validUntil: Text.optional(),
      custom: Custom.optional(),
    }),
    inventory: z.looseObject({
      key: z.string().min(1),
      sku: z.string().min(1),
      quantityOnStock: z.number(),
      restockableInDays: z.number().optional(),
      expectedDelivery: Text.optional(),
      reservationExpirationInMinutes: z.number().optional(),
      supplyChannel: keyRef('channel').optional(),
      custom: Custom.optional(),
    }),
    order: z.looseObject({
      orderNumber: z.string().min(1),
      totalPrice: Money,
      customer: keyRef('customer').optional(),
      customerEmail: Text.optional(),
      lineItems: list(
        z.looseObject({
          name: LocalizedString,
          product: keyRef('product').optional(),
          variant: z.looseObject({ sku: Text.optional(), prices: list(Loose), attributes: list(Attribute) }),
          price: z.looseObject({ value: Money }),
          quantity: z.number(),
        }),
      ),
      customLineItems: list(z.looseObject({ name: LocalizedString, money: Money, slug: Text, quantity: z.number() })),
      customerGroup: keyRef('customer-group').optional(),
      store: keyRef('store').optional(),
      state: keyRef('state').optional(),
      custom: Custom.optional(),
    }),
    'order-patch': z.looseObject({ orderNumber: z.string().min(1), fields: OrderField }),
    price: z.looseObject({
      ...PriceDraftImport.shape,
      publish: z.boolean().optional(),
      staged: z.boolean().optional(),
      product: keyRef('product'),
      productVariant: keyRef('product-variant'),
    }),
    product: z.looseObject(ProductFields),
    'product-draft': z.looseObject({ ...ProductFields, masterVariant: VariantDraftImport.optional(), variants: list(VariantDraftImport) }),
    'product-selection': z.looseObject({
      key: z.string().min(1),
      name: LocalizedString,
      mode: z.enum(['Individual', 'IndividualExclusion']).optional(),
      assignments: list(
        z.looseObject({
          product: keyRef('product'),
          variantSelection: z.looseObject({ type: z.enum(['includeOnly', 'includeAllExcept']), skus: list(Text) }).optional(),
          variantExclusion: z.looseObject({ skus: list(Text) }).optional(),
        }),
      ),
      custom: Custom.optional(),
    }),
    'product-tailoring': z.looseObject({ key: z.string().min(1), product: keyRef('product'), store: keyRef('store') }),
    'product-type': z.looseObject({ key: z.string().min(1), name: Text, description: Text, attributes: list(Loose) }),
    'product-variant': z.looseObject({
      key: z.string().min(1),
      sku: Text.optional(),
      isMasterVariant: z.boolean(),
      attributes: list(Attribute),
      images: list(Loose),
      assets: list(Loose),
      publish: z.boolean().optional(),
      staged: z.boolean().optional(),
      product: keyRef('product'),
    }),
    'product-variant-patch': z.looseObject({
      productVariant: keyRef('product-variant'),
      product: keyRef('product').optional(),
      attributes: z.record(z.string(), z.unknown()).optional(),
      staged: z.boolean().optional(),
    }),
    'standalone-price': PriceDraftImport.extend({ sku: z.string().min(1), active: z.boolean().optional() }),
    variant: z.looseObject({ key: z.string().min(1), sku: z.string().min(1), product: keyRef('product') }),
    type: z.looseObject({
      key: z.string().min(1),
      name: LocalizedString,
      description: LocalizedString.optional(),
      resourceTypeIds: z.array(z.string()),
      fieldDefinitions: list(Loose),
    }),
  };
});

/** The key an import operation reports: the resource's own, or what names it where it has none. */
export function resourceKeyOf(type: ImportType, resource: Record<string, unknown>): string {
  if (type === 'order' || type === 'order-patch') return resource.orderNumber as string;
  if (type === 'product-variant-patch') return (resource.productVariant as { key: string }).key;
  return resource.key as string;
}

/** The path segment of an import type's import request route: `product-drafts`, `inventories`. */
export function importPath(type: ImportType): string {
  if (type === 'category' || type === 'inventory') return `${type.slice(0, -1)}ies`;
  return type.endsWith('patch') ? `${type}es` : `${type}s`;
}

/** Where an import request of the type lists its resources: `patches` for the patch types, else `resources`. */
export const itemsField = (type: ImportType) => (type.endsWith('-patch') ? 'patches' : 'resources');

/** An import request: its import type and 1 to 20 resources of it (under `itemsField`). */
export const importRequest = oncePerKey((type: ImportType) => {
  const items = z.array(resourceSchemas()[type]).min(1).max(MAX_RESOURCES_PER_REQUEST);
  return z.object({ type: z.literal(type), [itemsField(type)]: items }) as unknown as z.ZodType<
    Record<string, Array<Record<string, unknown>>>
  >;
});
