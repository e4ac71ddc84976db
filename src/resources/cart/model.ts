/** The stored shapes of carts (what the API returns), shared by the cart module, pricing and orders. */
import type { CentPrecisionMoney, TypedMoney } from '../../pricing/money.js';
import type { RoundingMode } from '../../pricing/cart-rounding.js';
import type { StoredDocument } from '../../storage/backend.js';
import type { Address, CustomFields } from '../../engine/common-actions.js';
import type { Reference } from '../../engine/define.js';
import type { Price, Variant } from '../product/model.js';
import type { LocalizedString } from '../../engine/draft-fields.js';
import type { ShippingRate } from '../../pricing/cart-shipping.js';

export type { ShippingRate, ShippingRateTier } from '../../pricing/cart-shipping.js';

export type TaxMode = 'Platform' | 'External' | 'ExternalAmount' | 'Disabled';
export type TaxCalculationMode = 'LineItemLevel' | 'UnitPriceLevel';
export type InventoryMode = 'None' | 'TrackOnly' | 'ReserveOnOrder' | 'ReserveOnCart';
export type CartState = 'Active' | 'Merged' | 'Ordered' | 'Frozen';
export type DiscountCodeState =
  | 'NotActive'
  | 'NotValid'
  | 'DoesNotMatchCart'
  | 'MatchesCart'
  | 'MaxApplicationReached'
  | 'ApplicationStoppedByPreviousDiscount'
  | 'ApplicationStoppedByGroupBestDeal';

export interface SubRate {
  name: string;
  amount: number;
}

/** A TaxRate as items carry it (a copy of the tax category's rate, or an external one without id). */
export interface ItemTaxRate {
  id?: string;
  key?: string;
  name: string;
  amount: number;
  includedInPrice: boolean;
  country: string;
  state?: string;
  subRates: SubRate[];
}

export interface TaxPortion {
  name?: string;
  rate: number;
  amount: CentPrecisionMoney;
}

export interface TaxedPrice {
  totalNet: CentPrecisionMoney;
  totalGross: CentPrecisionMoney;
  taxPortions: TaxPortion[];
  totalTax?: CentPrecisionMoney;
}

export interface DiscountedPortion {
  discount: Reference;
  discountedAmount: CentPrecisionMoney;
}

export interface DiscountedLineItemPrice {
  value: CentPrecisionMoney;
  includedDiscounts: DiscountedPortion[];
}

export interface DiscountedPricePerQuantity {
  quantity: number;
  discountedPrice: DiscountedLineItemPrice;
}

export interface ItemState {
  quantity: number;
  state: Reference;
}

export interface ItemShippingTarget {
  addressKey: string;
  quantity: number;
  shippingMethodKey?: string;
}

export interface ItemShippingDetails {
  targets: ItemShippingTarget[];
  valid: boolean;
}

export interface LineItem {
  id: string;
  key?: string;
  productId: string;
  productKey?: string;
  name: LocalizedString;
  productSlug?: LocalizedString;
  productType: Reference;
  variant: Variant;
  price: Price;
  quantity: number;
  totalPrice: CentPrecisionMoney;
  discountedPricePerQuantity: DiscountedPricePerQuantity[];
  taxedPrice?: TaxedPrice;
  taxedPricePortions: unknown[];
  state: ItemState[];
  taxRate?: ItemTaxRate;
  perMethodTaxRate: unknown[];
  supplyChannel?: Reference;
  distributionChannel?: Reference;
  priceMode: 'Platform' | 'ExternalPrice' | 'ExternalTotal';
  lineItemMode: 'Standard' | 'GiftLineItem';
  inventoryMode?: InventoryMode;
  shippingDetails?: ItemShippingDetails;
  custom?: CustomFields;
  addedAt?: string;
  lastModifiedAt?: string;
  recurrenceInfo?: unknown;
}

export interface CustomLineItem {
  id: string;
  key?: string;
  name: LocalizedString;
  money: TypedMoney;
  taxedPrice?: TaxedPrice;
  taxedPricePortions: unknown[];
  totalPrice: CentPrecisionMoney;
  slug: string;
  quantity: number;
  state: ItemState[];
  taxCategory?: Reference;
  taxRate?: ItemTaxRate;
  perMethodTaxRate: unknown[];
  discountedPricePerQuantity: DiscountedPricePerQuantity[];
  custom?: CustomFields;
  shippingDetails?: ItemShippingDetails;
  priceMode: 'Standard' | 'External';
  recurrenceInfo?: unknown;
}

export interface ShippingInfo {
  shippingMethodName: string;
  price: CentPrecisionMoney;
  shippingRate: ShippingRate;
  taxedPrice?: TaxedPrice;
  taxRate?: ItemTaxRate;
  taxCategory?: Reference;
  shippingMethod?: Reference;
  deliveries: unknown[];
  discountedPrice?: DiscountedLineItemPrice;
  shippingMethodState: 'MatchesCart' | 'DoesNotMatchCart';
  estimatedDelivery?: unknown;
}

export interface Shipping {
  shippingKey: string;
  shippingInfo: ShippingInfo;
  shippingAddress: Address;
  shippingRateInput?: ShippingRateInput;
  shippingCustomFields?: CustomFields;
}

export type ShippingRateInput = { type: 'Classification'; key: string; label: LocalizedString } | { type: 'Score'; score: number };

export interface DiscountCodeInfo {
  discountCode: Reference;
  state: DiscountCodeState;
}

export interface DiscountOnTotalPrice {
  discountedAmount: CentPrecisionMoney;
  includedDiscounts: DiscountedPortion[];
  discountedNetAmount?: CentPrecisionMoney;
  discountedGrossAmount?: CentPrecisionMoney;
}

export interface DirectDiscount {
  id: string;
  value: unknown;
  target?: unknown;
}

export interface Cart extends StoredDocument {
  key?: string;
  customerId?: string;
  customerEmail?: string;
  customerGroup?: Reference;
  anonymousId?: string;
  businessUnit?: { typeId: 'business-unit'; key: string };
  store?: { typeId: 'store'; key: string };
  lineItems: LineItem[];
  customLineItems: CustomLineItem[];
  totalLineItemQuantity?: number;
  totalPrice: CentPrecisionMoney;
  taxedPrice?: TaxedPrice;
  taxedShippingPrice?: TaxedPrice;
  discountOnTotalPrice?: DiscountOnTotalPrice;
  taxMode: TaxMode;
  priceRoundingMode: RoundingMode;
  taxRoundingMode: RoundingMode;
  taxCalculationMode: TaxCalculationMode;
  inventoryMode: InventoryMode;
  cartState: CartState;
  freezeStrategy?: 'SoftFreeze' | 'HardFreeze';
  billingAddress?: Address;
  shippingAddress?: Address;
  shippingMode: 'Single' | 'Multiple';
  shippingKey?: string;
  shippingInfo?: ShippingInfo;
  shippingRateInput?: ShippingRateInput;
  shippingCustomFields?: CustomFields;
  shipping: Shipping[];
  itemShippingAddresses: Address[];
  discountCodes: DiscountCodeInfo[];
  directDiscounts: DirectDiscount[];
  refusedGifts: Reference[];
  paymentInfo?: { payments: Reference[] };
  country?: string;
  locale?: string;
  origin: 'Customer' | 'Merchant' | 'Quote' | 'RecurringOrder';
  custom?: CustomFields;
  lock?: { createdAt: string; clientId: string };
  deleteDaysAfterLastModification?: number;
  purchaseOrderNumber?: string;
}
