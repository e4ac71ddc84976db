/**
 * Pricing, shared by the catalog (products, product projections, standalone prices), search and
 * carts: money in its stored form, product price selection, product discounts and the discount
 * predicate language.
 */
export { typedMoney, withCentAmount, currencyFractionDigits, parseMoneyString, MoneyDraft, CurrencyCode } from './money.js';
export type { Money, TypedMoney, CentPrecisionMoney, HighPrecisionMoney } from './money.js';
export { selectPrice, priceSelectionFromQuery, type PriceSelection, type SelectablePrice } from './price-selection.js';
export { isValidAt as isPriceValidAt } from '../util/validity.js';
export {
  ProductDiscountSet,
  productDiscountFields,
  discountedValue,
  isDiscountValidAt,
  compiledPredicate,
  type ProductDiscountLike,
  type ProductDiscountValue,
  type DiscountedPrice,
  type DiscountTarget,
  type DiscountablePrice,
  type Lookup,
} from './product-discounts.js';
export {
  compileDiscountPredicate,
  parseDiscountPredicate,
  evaluate as evaluateDiscountPredicate,
  DiscountPredicateError,
  type CompiledDiscountPredicate,
  type DiscountPredicateNode,
  type FieldResolver,
} from './discount-predicate.js';
