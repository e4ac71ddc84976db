/** The zod schemas of cart drafts and of the parts update actions share. */
import * as z from 'zod';
import { MoneyDraft } from '../../pricing/money.js';
import {
  BaseAddress,
  Country,
  Currency,
  CustomFieldsDraft,
  Key,
  LocalizedString,
  resourceIdentifier,
  DateTime,
  LanguageTag,
} from '../../engine/draft-fields.js';
import { ShippingRateDraft } from '../shipping-methods.js';
import { CartDiscountTarget, CartDiscountValueDraft } from '../cart-discounts.js';

export const RoundingMode = z.enum(['HalfEven', 'HalfUp', 'HalfDown']);
export const TaxMode = z.enum(['Platform', 'External', 'ExternalAmount', 'Disabled']);
export const TaxCalculationMode = z.enum(['LineItemLevel', 'UnitPriceLevel']);
export const InventoryMode = z.enum(['None', 'TrackOnly', 'ReserveOnOrder', 'ReserveOnCart']);

export const SubRateDraft = z.object({ name: z.string(), amount: z.number().min(0).max(1) });
export const ExternalTaxRateDraft = z
  .object({
    name: z.string(),
    amount: z.number().min(0).max(1).optional(),
    includedInPrice: z.boolean().optional(),
    country: Country,
    state: z.string().optional(),
    subRates: z.array(SubRateDraft).optional(),
  })
  .refine((r) => r.amount !== undefined || (r.subRates !== undefined && r.subRates.length > 0), {
    message: 'Either amount or subRates must be given.',
  });
export type ExternalTaxRateDraft = z.infer<typeof ExternalTaxRateDraft>;

export const ExternalTaxAmountDraft = z.object({ totalGross: MoneyDraft, taxRate: ExternalTaxRateDraft });
export const ExternalLineItemTotalPrice = z.object({ price: MoneyDraft, totalPrice: MoneyDraft });

export const ItemShippingTarget = z.object({
  addressKey: z.string(),
  quantity: z.number().int().min(0),
  shippingMethodKey: z.string().optional(),
});
export const ItemShippingDetailsDraft = z.object({ targets: z.array(ItemShippingTarget) });
export type ItemShippingDetailsDraft = z.infer<typeof ItemShippingDetailsDraft>;

/** A recurring line item's recurrence policy and how its price follows price changes. */
export const LineItemRecurrenceInfoDraft = z.object({
  recurrencePolicy: resourceIdentifier('recurrence-policy'),
  priceSelectionMode: z.enum(['Fixed', 'Dynamic']),
});
export const CustomLineItemRecurrenceInfoDraft = z.object({ recurrencePolicy: resourceIdentifier('recurrence-policy') });

export const LineItemDraft = z.object({
  key: Key.optional(),
  productId: z.string().optional(),
  variantId: z.number().int().min(1).optional(),
  sku: z.string().optional(),
  quantity: z.number().int().min(1).optional(),
  addedAt: DateTime.optional(),
  distributionChannel: resourceIdentifier('channel').optional(),
  supplyChannel: resourceIdentifier('channel').optional(),
  externalPrice: MoneyDraft.optional(),
  externalTotalPrice: ExternalLineItemTotalPrice.optional(),
  externalTaxRate: ExternalTaxRateDraft.optional(),
  perMethodExternalTaxRate: z.array(z.object({ shippingMethodKey: z.string(), taxRate: ExternalTaxRateDraft })).optional(),
  inventoryMode: InventoryMode.optional(),
  shippingDetails: ItemShippingDetailsDraft.optional(),
  custom: CustomFieldsDraft.optional(),
  recurrenceInfo: LineItemRecurrenceInfoDraft.optional(),
});
export type LineItemDraft = z.infer<typeof LineItemDraft>;

export const CustomLineItemDraft = z.object({
  name: LocalizedString,
  key: Key.optional(),
  quantity: z.number().int().min(1).optional(),
  money: MoneyDraft,
  slug: z.string(),
  taxCategory: resourceIdentifier('tax-category').optional(),
  externalTaxRate: ExternalTaxRateDraft.optional(),
  custom: CustomFieldsDraft.optional(),
  shippingDetails: ItemShippingDetailsDraft.optional(),
  priceMode: z.enum(['Standard', 'External']).optional(),
  recurrenceInfo: CustomLineItemRecurrenceInfoDraft.optional(),
});
export type CustomLineItemDraft = z.infer<typeof CustomLineItemDraft>;

export const ShippingRateInputDraft = z.discriminatedUnion('type', [
  z.object({ type: z.literal('Classification'), key: z.string() }),
  z.object({ type: z.literal('Score'), score: z.number().int() }),
]);

export const DeliveryDraft = z.object({}).loose();

export const ShippingDraft = z.object({
  key: z.string(),
  shippingMethod: resourceIdentifier('shipping-method').optional(),
  shippingAddress: BaseAddress,
  shippingRateInput: ShippingRateInputDraft.optional(),
  externalTaxRate: ExternalTaxRateDraft.optional(),
  deliveries: z.array(DeliveryDraft).optional(),
  custom: CustomFieldsDraft.optional(),
});

export const CustomShippingDraft = z.object({
  key: z.string(),
  shippingMethodName: z.string(),
  shippingAddress: BaseAddress.optional(),
  shippingRate: ShippingRateDraft,
  shippingRateInput: ShippingRateInputDraft.optional(),
  taxCategory: resourceIdentifier('tax-category').optional(),
  externalTaxRate: ExternalTaxRateDraft.optional(),
  deliveries: z.array(DeliveryDraft).optional(),
  custom: CustomFieldsDraft.optional(),
});

export const CartDraft = z.object({
  currency: Currency,
  key: Key.optional(),
  customerId: z.string().optional(),
  customerEmail: z.string().optional(),
  customerGroup: resourceIdentifier('customer-group').optional(),
  anonymousId: z.string().optional(),
  businessUnit: resourceIdentifier('business-unit').optional(),
  store: resourceIdentifier('store').optional(),
  lineItems: z.array(LineItemDraft).optional(),
  customLineItems: z.array(CustomLineItemDraft).optional(),
  taxMode: TaxMode.optional(),
  externalTaxRateForShippingMethod: ExternalTaxRateDraft.optional(),
  priceRoundingMode: RoundingMode.optional(),
  taxRoundingMode: RoundingMode.optional(),
  taxCalculationMode: TaxCalculationMode.optional(),
  inventoryMode: InventoryMode.optional(),
  billingAddress: BaseAddress.optional(),
  shippingAddress: BaseAddress.optional(),
  shippingMethod: resourceIdentifier('shipping-method').optional(),
  shippingRateInput: ShippingRateInputDraft.optional(),
  shippingMode: z.enum(['Single', 'Multiple']).optional(),
  customShipping: z.array(CustomShippingDraft).optional(),
  shipping: z.array(ShippingDraft).optional(),
  itemShippingAddresses: z.array(BaseAddress).optional(),
  discountCodes: z.array(z.string()).max(10).optional(),
  country: Country.optional(),
  locale: LanguageTag.optional(),
  origin: z.enum(['Customer', 'Merchant', 'Quote', 'RecurringOrder']).optional(),
  deleteDaysAfterLastModification: z.number().int().min(1).max(365250).optional(),
  custom: CustomFieldsDraft.optional(),
  purchaseOrderNumber: z.string().optional(),
});
export type CartDraft = z.infer<typeof CartDraft>;

export const DirectDiscountDraft = z.object({ value: CartDiscountValueDraft, target: CartDiscountTarget.optional() });

export const CustomLineItemLocator = z.object({ customLineItemId: z.string().optional(), customLineItemKey: z.string().optional() });
/** A field an update action sets, or with null or nothing removes. */
export const Optional = <S extends z.ZodType>(schema: S) => schema.optional().nullable();
