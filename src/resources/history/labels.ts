/**
 * The `label` of a Change History record: what the platform shows to tell a resource apart, per
 * resource type (a customer's name and number, an order's number and email, a product's name and
 * slug, ...). Types without a label of their own get their name (a `LocalizedLabel` when it is
 * localized, a `StringLabel` otherwise), else their key, SKU or id as a `StringLabel`.
 */
import type { StoredDocument } from '../../storage/backend.js';
import { compactCopy } from '../../util/json.js';

export interface Label {
  type: string;
  [field: string]: unknown;
}

type Doc = Record<string, unknown>;

const ownLabels: Record<string, (resource: Doc) => Doc> = {
  'associate-role': ({ key, name }) => ({ type: 'AssociateRoleLabel', key, name }),
  'business-unit': ({ key, name }) => ({ type: 'BusinessUnitLabel', key, name }),
  'key-value-document': ({ key, container }) => ({ type: 'CustomObjectLabel', key, container }),
  customer: ({ firstName, lastName, customerNumber }) => ({ type: 'CustomerLabel', firstName, lastName, customerNumber }),
  order: ({ customerEmail, orderNumber }) => ({ type: 'OrderLabel', customerEmail, orderNumber }),
  payment: ({ key, amountPlanned }) => ({ type: 'PaymentLabel', key, amountPlanned }),
  product: ({ masterData }) => {
    const staged = (masterData as { staged?: Doc } | undefined)?.staged ?? {};
    return { type: 'ProductLabel', slug: staged.slug, name: staged.name };
  },
  quote: ({ key, customer, stagedQuote, quoteRequest }) => ({ type: 'QuoteLabel', key, customer, stagedQuote, quoteRequest }),
  'quote-request': ({ key, customer }) => ({ type: 'QuoteRequestLabel', key, customer }),
  review: ({ key, title }) => ({ type: 'ReviewLabel', key, title }),
  'shipping-method': ({ key, name }) => ({ type: 'ShippingMethodLabel', key, name }),
  'staged-quote': ({ key, customer, quoteRequest }) => ({ type: 'StagedQuoteLabel', key, customer, quoteRequest }),
  'standalone-price': ({ key, sku }) => ({ type: 'StandalonePriceLabel', key, sku }),
};

/** The label of a resource of `typeId` (fields it lacks are left out). */
export function labelOf(typeId: string, resource: StoredDocument): Label {
  const own = ownLabels[typeId];
  if (own) return compactCopy(own(resource)) as Label;
  const { name } = resource;
  if (name !== null && typeof name === 'object') return { type: 'LocalizedLabel', value: compactCopy(name) };
  const value = [name, resource.key, resource.sku].find((candidate) => typeof candidate === 'string') ?? resource.id;
  return { type: 'StringLabel', value };
}
