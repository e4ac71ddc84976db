/**
 * The update actions on a cart's own fields: key, country, locale, the customer (and customer
 * group, business unit) it belongs to, payments, purchase order number, deletion, custom fields,
 * price rounding, and `recalculate`: every request is recalculated anyway, so the action only asks
 * for the line items' product data to be refreshed too (`updateProductData`).
 */
import * as z from 'zod';
import { applyCustomField, applyCustomType, SetCustomField, SetCustomType, setField, emitsField } from '../../engine/common-actions.js';
import { Country, Key, resourceIdentifier, LanguageTag } from '../../engine/draft-fields.js';
import { businessUnitOf, customerGroupOf } from './build.js';
import { cartErrors } from './errors.js';
import { Optional, RoundingMode } from './schemas.js';
import { markStale } from './stale.js';
import { cartAction, type CartAction, anyState } from './state.js';

export const fieldActions: Record<string, CartAction> = {
  recalculate: cartAction(
    () => z.object({ updateProductData: z.boolean().optional() }),
    (cart, a) => markStale(cart, a.updateProductData === true),
  ),
  setKey: cartAction(
    () => z.object({ key: Optional(Key) }),
    (cart, a) => setField(cart, 'key', a.key),
    anyState,
  ),
  setCountry: cartAction(
    () => z.object({ country: Optional(Country) }),
    (cart, a) => setField(cart, 'country', a.country),
  ),
  setLocale: cartAction(
    () => z.object({ locale: Optional(LanguageTag) }),
    (cart, a) => setField(cart, 'locale', a.locale),
  ),
  setCustomerId: cartAction(
    () => z.object({ customerId: Optional(z.string()) }),
    (cart, a, ctx) => {
      if (!a.customerId) {
        delete cart.customerId;
        return;
      }
      const group = customerGroupOf(a.customerId, ctx);
      cart.customerId = a.customerId;
      setField(cart, 'customerGroup', group);
    },
  ),
  setCustomerEmail: cartAction(
    () => z.object({ email: Optional(z.string()) }),
    (cart, a) => setField(cart, 'customerEmail', a.email),
  ),
  setAnonymousId: cartAction(
    () => z.object({ anonymousId: Optional(z.string()) }),
    (cart, a) => setField(cart, 'anonymousId', a.anonymousId),
  ),
  setCustomerGroup: cartAction(
    () => z.object({ customerGroup: Optional(resourceIdentifier('customer-group')) }),
    (cart, a, ctx) => {
      if (cart.customerId !== undefined) {
        throw cartErrors.invalidOperation(
          "The customer group of a cart with a customer is the customer's; setCustomerGroup is only for carts without customerId.",
        );
      }
      setField(cart, 'customerGroup', a.customerGroup ? ctx.reference('customer-group', a.customerGroup) : undefined);
    },
  ),
  setBusinessUnit: cartAction(
    () => z.object({ businessUnit: resourceIdentifier('business-unit') }),
    (cart, a, ctx) => {
      cart.businessUnit = businessUnitOf(a.businessUnit, ctx);
    },
  ),
  setPurchaseOrderNumber: emitsField(
    cartAction(
      () => z.object({ purchaseOrderNumber: Optional(z.string()) }),
      (cart, a) => setField(cart, 'purchaseOrderNumber', a.purchaseOrderNumber),
    ),
    'CartPurchaseOrderNumberSet',
    'purchaseOrderNumber',
    'oldPurchaseOrderNumber',
  ),
  setDeleteDaysAfterLastModification: cartAction(
    () => z.object({ deleteDaysAfterLastModification: Optional(z.number().int().min(1).max(365250)) }),
    (cart, a) => setField(cart, 'deleteDaysAfterLastModification', a.deleteDaysAfterLastModification),
    anyState,
  ),
  setReservationExpirationInMinutes: cartAction(
    () => z.object({ reservationExpirationInMinutes: z.number().int().min(1).max(44640) }),
    () => {
      // Reservations (inventory mode ReserveOnCart) are not modelled: accepted, nothing stored.
    },
  ),
  changePriceRoundingMode: cartAction(
    () => z.object({ priceRoundingMode: RoundingMode }),
    (cart, a) => {
      cart.priceRoundingMode = a.priceRoundingMode;
    },
  ),
  addPayment: cartAction(
    () => z.object({ payment: resourceIdentifier('payment') }),
    (cart, a, ctx) => {
      const reference = ctx.reference('payment', a.payment);
      cart.paymentInfo ??= { payments: [] };
      if (!cart.paymentInfo.payments.some((p) => p.id === reference.id)) cart.paymentInfo.payments.push(reference);
    },
  ),
  removePayment: cartAction(
    () => z.object({ payment: resourceIdentifier('payment') }),
    (cart, a, ctx) => {
      const id = a.payment.id ?? ctx.reference('payment', a.payment).id;
      if (!cart.paymentInfo) return;
      cart.paymentInfo.payments = cart.paymentInfo.payments.filter((p) => p.id !== id);
      if (cart.paymentInfo.payments.length === 0) delete cart.paymentInfo;
    },
  ),
  setCustomType: cartAction(SetCustomType, applyCustomType, anyState),
  setCustomField: cartAction(SetCustomField, applyCustomField, anyState),
};
