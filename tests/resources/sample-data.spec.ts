/**
 * commercetools' own sample data sets load as they ship: the B2C Lifestyle, B2B and Fashion presets
 * of commercetools' test-data packages (`@commercetools-test-data/*`, the last line that ships the
 * sample data presets; `@commercetools/composable-commerce-test-data`, its successor, ships builders
 * but no sample data), about 1,100 drafts, inventory entries and customer groups with their `custom:
 * null`, posted with `fetch` in dependency order. Every draft is accepted, but for a refusal the
 * platform gives too, asserted below with the reason.
 */
import { AssociateRoleDraft } from '@commercetools-test-data/associate-role';
import { CompanyDraft, DivisionDraft } from '@commercetools-test-data/business-unit';
import { CartDiscountDraft } from '@commercetools-test-data/cart-discount';
import { CategoryDraft } from '@commercetools-test-data/category';
import { ChannelDraft } from '@commercetools-test-data/channel';
import { CustomerDraft } from '@commercetools-test-data/customer';
import { CustomerGroupDraft } from '@commercetools-test-data/customer-group';
import { DiscountCodeDraft } from '@commercetools-test-data/discount-code';
import { InventoryEntryDraft } from '@commercetools-test-data/inventory-entry';
import { ProductDraft } from '@commercetools-test-data/product';
import { ProductDiscountDraft } from '@commercetools-test-data/product-discount';
import { ProductSelectionDraft } from '@commercetools-test-data/product-selection';
import { ProductTypeDraft } from '@commercetools-test-data/product-type';
import { ShippingMethodDraft } from '@commercetools-test-data/shipping-method';
import { StoreDraft } from '@commercetools-test-data/store';
import { TaxCategoryDraft } from '@commercetools-test-data/tax-category';
import { ZoneDraft } from '@commercetools-test-data/zone';
import type { CommerceMock } from '../../src/index.js';
import { expect, invalidJson, PROJECT_KEY, test } from '../support/sdk.js';

type Json = Record<string, any>;
type SampleSet = 'sampleDataB2CLifestyle' | 'sampleDataB2B' | 'sampleDataFashion';
/** A test-data model: its presets by sample set, each a builder (a discount code's takes its cart discount's id). */
type Model = { presets: Record<string, unknown> };
type Preset = (cartDiscountId?: string) => { build(): Json };

/** Each model with the endpoint its drafts go to, in an order where every draft finds what it references. */
const LOAD_ORDER: Array<[path: string, model: Model]> = [
  ['product-types', ProductTypeDraft],
  ['categories', CategoryDraft],
  ['tax-categories', TaxCategoryDraft],
  ['zones', ZoneDraft],
  ['channels', ChannelDraft],
  ['product-selections', ProductSelectionDraft],
  ['stores', StoreDraft],
  ['customer-groups', CustomerGroupDraft],
  ['shipping-methods', ShippingMethodDraft],
  ['customers', CustomerDraft],
  ['associate-roles', AssociateRoleDraft],
  ['business-units', CompanyDraft],
  ['business-units', DivisionDraft],
  ['products', ProductDraft],
  ['inventory', InventoryEntryDraft],
  ['product-discounts', ProductDiscountDraft],
  ['cart-discounts', CartDiscountDraft],
  ['discount-codes', DiscountCodeDraft],
];

/**
 * Refusals the platform gives these drafts too. The B2C Lifestyle shipping methods give a zone rate
 * a list of two zones, where ZoneRateDraft's `zone` is one ZoneResourceIdentifier: a body of that
 * shape does not read as the draft.
 */
const PLATFORM_REFUSES: Record<string, ReturnType<typeof invalidJson>> = {
  'sampleDataB2CLifestyle/shipping-methods/expressShippingMethod': invalidJson('zoneRates[0] -> zone: JSON object expected.'),
  'sampleDataB2CLifestyle/shipping-methods/standardShippingMethod': invalidJson('zoneRates[0] -> zone: JSON object expected.'),
};

interface Entry {
  path: string;
  name: string;
  preset: Preset;
}

/**
 * The set's presets in load order, categories parents first. Drafts come from `build()`, the
 * package's default model: its `buildRest()` loses the nested builders of attribute types (a set's
 * `elementType` comes out `{}`, an enum's `values` empty), which no platform would take.
 */
function entries(set: SampleSet): Entry[] {
  const list: Entry[] = [];
  for (const [path, model] of LOAD_ORDER) {
    const presets = (model.presets[set] ?? {}) as Record<string, Preset>;
    const named = Object.entries(presets).map(([name, preset]) => ({ path, name, preset }));
    list.push(...(path === 'categories' ? parentsFirst(named) : named));
  }
  return list;
}

function parentsFirst(categories: Entry[]): Entry[] {
  const placed = new Set<string | undefined>([undefined]);
  const ordered: Entry[] = [];
  let rest = categories.map((entry) => ({ entry, draft: entry.preset().build() }));
  while (rest.length > 0) {
    const ready = rest.filter(({ draft }) => placed.has(draft.parent?.key));
    expect(ready.length, 'a category whose parent is not in the set').toBeGreaterThan(0);
    for (const { entry, draft } of ready) {
      ordered.push(entry);
      placed.add(draft.key);
    }
    rest = rest.filter((item) => !ready.includes(item));
  }
  return ordered;
}

/** How many `null`s a draft carries, at any depth. */
const nulls = (value: unknown): number =>
  value === null ? 1 : typeof value === 'object' ? Object.values(value as object).reduce<number>((sum, inner) => sum + nulls(inner), 0) : 0;

async function post(mock: CommerceMock, path: string, draft: Json): Promise<{ status: number; body: Json }> {
  const response = await fetch(`${mock.options.apiUrl}/${PROJECT_KEY}/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(draft),
  });
  return { status: response.status, body: (await response.json()) as Json };
}

/** Loads a set: each draft's answer, keyed `set/path/preset`; a discount code gets the id of its set's cart discount. */
async function load(mock: CommerceMock, set: SampleSet) {
  const answers = new Map<string, { status: number; body: Json }>();
  const cartDiscounts = new Map<string, Json>();
  let sentNulls = 0;
  for (const { path, name, preset } of entries(set)) {
    const codeDiscount = [...cartDiscounts.values()].find((discount) => discount.requiresDiscountCode);
    const draft = path === 'discount-codes' ? preset((cartDiscounts.get(name) ?? codeDiscount)?.id).build() : preset().build();
    sentNulls += nulls(draft);
    const answer = await post(mock, path, draft);
    if (path === 'cart-discounts' && answer.status === 201) cartDiscounts.set(name, answer.body);
    answers.set(`${set}/${path}/${name}`, answer);
  }
  return { answers, sentNulls };
}

const SETS: Array<[SampleSet, { drafts: number; products: number }]> = [
  ['sampleDataB2CLifestyle', { drafts: 302, products: 117 }],
  ['sampleDataB2B', { drafts: 742, products: 72 }],
  ['sampleDataFashion', { drafts: 58, products: 13 }],
];

for (const [set, expected] of SETS) {
  test(`${set}: every draft is accepted as shipped, nulls included, but where the platform refuses it too`, async ({ mock }) => {
    const { answers, sentNulls } = await load(mock, set);
    expect(answers.size).toBe(expected.drafts);
    const refused = [...answers].filter(([, answer]) => answer.status !== 201).map(([id, answer]) => [id, answer.body.errors]);
    const platformRefuses = Object.entries(PLATFORM_REFUSES)
      .filter(([id]) => id.startsWith(`${set}/`))
      .map(([id, error]) => [id, [error]]);
    expect(refused).toEqual(platformRefuses);
    expect(mock.data.all('product')).toHaveLength(expected.products);
    if (set !== 'sampleDataFashion') {
      // Every inventory entry ships `custom: null`: the field not sent, so none is stored.
      expect(sentNulls).toBeGreaterThan(100);
      expect(mock.data.all('inventory-entry').some((entry) => 'custom' in entry)).toBe(false);
    }
  });
}
