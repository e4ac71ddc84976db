/**
 * The stored shape of orders and the zod schemas of their drafts and of the parts update actions
 * share. An order is the cart it was taken from (the fields `snapshotCart` copies) plus the order's
 * own: number, states, deliveries (inside `shippingInfo` / `shipping[].shippingInfo`), returns and
 * sync info.
 */
import * as z from 'zod';
import { MoneyDraft } from '../../pricing/money.js';
import type { StoredDocument } from '../../storage/backend.js';
import type { Cart } from '../cart/model.js';
import { ItemShippingDetailsDraft, RoundingMode, TaxCalculationMode, InventoryMode } from '../cart/schemas.js';
import type { Address, CustomFields } from '../../engine/common-actions.js';
import type { Reference } from '../../engine/define.js';
import { ShippingRateDraft } from '../shipping-methods.js';
import { PriceScopeDraft, PriceTierDraft } from '../product/prices.js';
import { ExpectedVersion } from '../../engine/validation.js';
import { BaseAddress, Country, CustomFieldsDraft, DateTime, Key, LocalizedString, resourceIdentifier } from '../../engine/draft-fields.js';

export const OrderState = z.enum(['Open', 'Confirmed', 'Complete', 'Cancelled']);
export const PaymentState = z.enum(['BalanceDue', 'Failed', 'Pending', 'CreditOwed', 'Paid']);
export const ShipmentState = z.enum(['Shipped', 'Delivered', 'Ready', 'Pending', 'Delayed', 'Partial', 'Backorder', 'Canceled']);
export const ReturnShipmentState = z.enum(['Advised', 'Returned', 'BackInStock', 'Unusable']);
export const ReturnPaymentState = z.enum(['NonRefundable', 'Initial', 'Refunded', 'NotRefunded']);

export interface DeliveryItem {
  id: string;
  quantity: number;
}

export interface ParcelMeasurements {
  heightInMillimeter?: number;
  lengthInMillimeter?: number;
  widthInMillimeter?: number;
  weightInGram?: number;
}

export interface TrackingData {
  trackingId?: string;
  carrier?: string;
  provider?: string;
  providerTransaction?: string;
  isReturn?: boolean;
}

export interface Parcel {
  id: string;
  key?: string;
  createdAt: string;
  measurements?: ParcelMeasurements;
  trackingData?: TrackingData;
  items?: DeliveryItem[];
  custom?: CustomFields;
}

export interface Delivery {
  id: string;
  key?: string;
  createdAt: string;
  items: DeliveryItem[];
  parcels: Parcel[];
  address?: Address & { custom?: CustomFields };
  custom?: CustomFields;
}

export interface ReturnItem {
  type: 'LineItemReturnItem' | 'CustomLineItemReturnItem';
  id: string;
  key?: string;
  quantity: number;
  lineItemId?: string;
  customLineItemId?: string;
  comment?: string;
  shipmentState: z.infer<typeof ReturnShipmentState>;
  paymentState: z.infer<typeof ReturnPaymentState>;
  custom?: CustomFields;
  createdAt: string;
  lastModifiedAt: string;
}

export interface ReturnInfo {
  items: ReturnItem[];
  returnTrackingId?: string;
  returnDate?: string;
}

export interface SyncInfo {
  channel: Reference;
  externalId?: string;
  syncedAt: string;
}

/** The named fields of a cart (without the stored document's index signature, so `Omit` keeps them). */
type CartFields = { [K in keyof Cart as string extends K ? never : K]: Cart[K] };

/** The cart fields an order keeps (everything but the cart's own bookkeeping), plus the order's. */
export interface Order
  extends StoredDocument,
    Omit<
      CartFields,
      | 'id'
      | 'version'
      | 'createdAt'
      | 'lastModifiedAt'
      | 'createdBy'
      | 'lastModifiedBy'
      | 'key'
      | 'cartState'
      | 'freezeStrategy'
      | 'lock'
      | 'deleteDaysAfterLastModification'
    > {
  orderNumber?: string;
  cart?: { typeId: 'cart'; id: string };
  orderState: z.infer<typeof OrderState>;
  paymentState?: z.infer<typeof PaymentState>;
  shipmentState?: z.infer<typeof ShipmentState>;
  state?: Reference;
  syncInfo: SyncInfo[];
  returnInfo: ReturnInfo[];
  completedAt?: string;
}

// Drafts -----------------------------------------------------------------------------------------

export const OrderFromCartDraft = z.object({
  /** Deprecated: the cart's id; `cart` is the field to use. */
  id: z.string().optional(),
  cart: resourceIdentifier('cart').optional(),
  version: ExpectedVersion,
  orderNumber: z.string().min(1).optional(),
  purchaseOrderNumber: z.string().optional(),
  paymentState: PaymentState.optional(),
  shipmentState: ShipmentState.optional(),
  orderState: OrderState.optional(),
  state: resourceIdentifier('state').optional(),
  custom: CustomFieldsDraft.optional(),
});
export type OrderFromCartDraft = z.infer<typeof OrderFromCartDraft>;

/** `POST /me/orders`: the caller's cart by id and version. */
export const MyOrderFromCartDraft = z.object({ id: z.string().min(1), version: ExpectedVersion });

export const TaxRateDraft = z
  .object({
    id: z.string().optional(),
    key: Key.optional(),
    name: z.string(),
    amount: z.number().min(0).max(1).optional(),
    includedInPrice: z.boolean(),
    country: Country,
    state: z.string().optional(),
    subRates: z.array(z.object({ name: z.string(), amount: z.number().min(0).max(1) })).optional(),
  })
  .refine((r) => r.amount !== undefined || (r.subRates !== undefined && r.subRates.length > 0), {
    message: 'Either amount or subRates must be given.',
  });
export type TaxRateDraft = z.infer<typeof TaxRateDraft>;

/**
 * A line item's price in an order import: unlike a product's `PriceDraft` (product/prices.ts), its
 * `discounted` (and its validity) is stored as given, unchecked, and it has no `recurrencePolicy`.
 */
export const ImportedPriceDraft = PriceScopeDraft.extend({
  discounted: z.unknown().optional(),
  tiers: z.array(PriceTierDraft).optional(),
  custom: CustomFieldsDraft.optional(),
});

export const ItemStateDraft = z.object({ quantity: z.number().int().min(0), state: resourceIdentifier('state') });

export const LineItemImportDraft = z.object({
  name: LocalizedString,
  key: Key.optional(),
  variant: z.object({
    id: z.number().int().min(1).optional(),
    sku: z.string().optional(),
    prices: z.array(ImportedPriceDraft).optional(),
    attributes: z.array(z.object({ name: z.string(), value: z.unknown() })).optional(),
    images: z.array(z.unknown()).optional(),
  }),
  productId: z.string().optional(),
  quantity: z.number().int().min(1),
  price: ImportedPriceDraft,
  taxRate: TaxRateDraft.optional(),
  distributionChannel: resourceIdentifier('channel').optional(),
  supplyChannel: resourceIdentifier('channel').optional(),
  inventoryMode: InventoryMode.optional(),
  shippingDetails: ItemShippingDetailsDraft.optional(),
  state: z.array(ItemStateDraft).optional(),
  custom: CustomFieldsDraft.optional(),
});

export const CustomLineItemImportDraft = z.object({
  name: LocalizedString,
  key: Key.optional(),
  slug: z.string(),
  quantity: z.number().int().min(1),
  money: MoneyDraft,
  taxRate: TaxRateDraft.optional(),
  taxCategory: resourceIdentifier('tax-category').optional(),
  priceMode: z.enum(['Standard', 'External']).optional(),
  shippingDetails: ItemShippingDetailsDraft.optional(),
  state: z.array(ItemStateDraft).optional(),
  custom: CustomFieldsDraft.optional(),
});

export const DeliveryItemDraft = z.object({ id: z.string().min(1), quantity: z.number().min(0) });

export const ParcelMeasurementsDraft = z.object({
  heightInMillimeter: z.number().int().min(0).optional(),
  lengthInMillimeter: z.number().int().min(0).optional(),
  widthInMillimeter: z.number().int().min(0).optional(),
  weightInGram: z.number().int().min(0).optional(),
});

export const TrackingDataDraft = z.object({
  trackingId: z.string().optional(),
  carrier: z.string().optional(),
  provider: z.string().optional(),
  providerTransaction: z.string().optional(),
  isReturn: z.boolean().optional(),
});

export const ParcelDraft = z.object({
  key: Key.optional(),
  measurements: ParcelMeasurementsDraft.optional(),
  trackingData: TrackingDataDraft.optional(),
  items: z.array(DeliveryItemDraft).optional(),
  custom: CustomFieldsDraft.optional(),
});

export const DeliveryDraft = z.object({
  key: Key.optional(),
  items: z.array(DeliveryItemDraft).optional(),
  parcels: z.array(ParcelDraft).optional(),
  address: BaseAddress.optional(),
  custom: CustomFieldsDraft.optional(),
});

export const ShippingInfoImportDraft = z.object({
  shippingMethodName: z.string(),
  price: MoneyDraft,
  shippingRate: ShippingRateDraft,
  taxRate: TaxRateDraft.optional(),
  taxCategory: resourceIdentifier('tax-category').optional(),
  shippingMethod: resourceIdentifier('shipping-method').optional(),
  deliveries: z.array(DeliveryDraft).optional(),
  discountedPrice: z.object({ value: MoneyDraft, includedDiscounts: z.array(z.unknown()) }).optional(),
  shippingMethodState: z.enum(['MatchesCart', 'DoesNotMatchCart']).optional(),
});

export const TaxedPriceDraft = z.object({
  totalNet: MoneyDraft,
  totalGross: MoneyDraft,
  taxPortions: z.array(z.object({ name: z.string().optional(), rate: z.number().min(0).max(1), amount: MoneyDraft })),
  totalTax: MoneyDraft.optional(),
});

export const ReturnItemDraft = z.object({
  key: Key.optional(),
  quantity: z.number().int().min(1),
  lineItemId: z.string().optional(),
  customLineItemId: z.string().optional(),
  comment: z.string().optional(),
  shipmentState: ReturnShipmentState,
  custom: CustomFieldsDraft.optional(),
});

export const ReturnInfoDraft = z.object({
  items: z.array(ReturnItemDraft),
  returnTrackingId: z.string().optional(),
  returnDate: DateTime.optional(),
});

export const OrderImportDraft = z.object({
  orderNumber: z.string().min(1).optional(),
  purchaseOrderNumber: z.string().optional(),
  customerId: z.string().optional(),
  customerEmail: z.string().optional(),
  customerGroup: resourceIdentifier('customer-group').optional(),
  businessUnit: resourceIdentifier('business-unit').optional(),
  store: resourceIdentifier('store').optional(),
  lineItems: z.array(LineItemImportDraft).optional(),
  customLineItems: z.array(CustomLineItemImportDraft).optional(),
  totalPrice: MoneyDraft,
  taxedPrice: TaxedPriceDraft.optional(),
  priceRoundingMode: RoundingMode.optional(),
  taxRoundingMode: RoundingMode.optional(),
  taxCalculationMode: TaxCalculationMode.optional(),
  inventoryMode: InventoryMode.optional(),
  billingAddress: BaseAddress.optional(),
  shippingAddress: BaseAddress.optional(),
  itemShippingAddresses: z.array(BaseAddress).optional(),
  shippingInfo: ShippingInfoImportDraft.optional(),
  paymentInfo: z.object({ payments: z.array(resourceIdentifier('payment')) }).optional(),
  paymentState: PaymentState.optional(),
  shipmentState: ShipmentState.optional(),
  orderState: OrderState.optional(),
  state: resourceIdentifier('state').optional(),
  country: Country.optional(),
  origin: z.enum(['Customer', 'Merchant', 'Quote', 'RecurringOrder']).optional(),
  completedAt: DateTime.optional(),
  custom: CustomFieldsDraft.optional(),
});
export type OrderImportDraft = z.infer<typeof OrderImportDraft>;
