import { test, expect } from '@playwright/test';
import { PlatformError } from '../../src/http/errors.js';
import { expandReferences, parseExpansionPath, runQuery } from '../../src/query/index.js';
import { carts, categories, customers, GOLD_GROUP, groups, params, payments, products, resolver } from './fixtures.js';

const [root, men, shirts] = categories;
const [redShirt] = products;
const [cart] = carts;

/** Expands a deep clone, checking that neither the input nor any stored document was touched. */
function expandChecked<T extends object>(document: T, paths: string[]): T {
  const stores = [categories, products, carts, customers, groups, payments];
  const before = structuredClone({ document, stores });
  const result = expandReferences(document, paths, resolver());
  expect({ document, stores }).toEqual(before);
  return result;
}

test.describe('expandReferences', () => {
  test('a top-level reference gains obj and keeps typeId and id', () => {
    const result = expandChecked(shirts, ['parent']);
    expect(result.parent).toEqual({ typeId: 'category', id: 'cat-men', obj: men });
    expect((result.parent as unknown as { obj: unknown }).obj).toBe(men);
    expect(result).not.toBe(shirts);
  });

  test('untouched parts are shared, not copied', () => {
    const result = expandChecked(shirts, ['parent']);
    expect(result.ancestors).toBe(shirts.ancestors);
    expect(result.name).toBe(shirts.name);
  });

  test('[*] expands every element of an array', () => {
    const result = expandChecked(shirts, ['ancestors[*]']);
    expect(result.ancestors).toEqual([
      { typeId: 'category', id: 'cat-root', obj: root },
      { typeId: 'category', id: 'cat-men', obj: men },
    ]);
  });

  test('[n] expands one element only', () => {
    const result = expandChecked(shirts, ['ancestors[1]']);
    expect(result.ancestors).toEqual([
      { typeId: 'category', id: 'cat-root' },
      { typeId: 'category', id: 'cat-men', obj: men },
    ]);
    expect(expandChecked(shirts, ['ancestors[5]'])).toBe(shirts);
  });

  test('a path continuing after a reference continues in the expanded object', () => {
    const result = expandChecked(shirts, ['parent.parent']);
    const parent = result.parent as unknown as { obj: { parent: { obj: unknown } } };
    expect(parent.obj.parent).toEqual({ typeId: 'category', id: 'cat-root', obj: root });
    // the expanded parent is a copy: the stored category keeps its plain reference
    expect(men.parent).toEqual({ typeId: 'category', id: 'cat-root' });
    expect(parent.obj).not.toBe(men);
  });

  test('an explicit obj segment is accepted too', () => {
    const viaObj = expandChecked(shirts, ['parent.obj.parent']);
    expect(viaObj).toEqual(expandChecked(shirts, ['parent.parent']));
  });

  test('products: productType, categories[*] and nested category parents', () => {
    const result = expandChecked(redShirt, ['masterData.current.categories[*].parent', 'productType']);
    const current = result.masterData.current as unknown as { categories: { obj: { id: string; parent: { obj: { id: string } } } }[] };
    expect(current.categories.map((c) => c.obj.id)).toEqual(['cat-shirts', 'cat-men']);
    expect(current.categories.map((c) => c.obj.parent.obj.id)).toEqual(['cat-men', 'cat-root']);
    // productType has no stored target here: left as it was
    expect(result.productType).toEqual({ typeId: 'product-type', id: 'pt-shirt' });
    // staged was not on any path and is shared with the input
    expect(result.masterData.staged).toBe(redShirt.masterData.staged);
  });

  test('prices inside variants: customerGroup', () => {
    const result = expandChecked(redShirt, ['masterData.current.masterVariant.prices[*].customerGroup']);
    const price = result.masterData.current.masterVariant.prices[0] as unknown as { customerGroup: { obj: { id: string } } };
    expect(price.customerGroup.obj.id).toBe(GOLD_GROUP);
    expect(result.masterData.current.variants).toBe(redShirt.masterData.current.variants);
  });

  test('carts: lineItems[*].variant.prices[*].customerGroup and paymentInfo.payments[*]', () => {
    const result = expandChecked(cart, ['lineItems[*].variant.prices[*].customerGroup', 'paymentInfo.payments[*]']);
    const group = (result.lineItems[0].variant.prices[0] as unknown as { customerGroup: { obj: unknown } }).customerGroup;
    expect(group.obj).toBe(groups[0]);
    // the second line item has no prices: unchanged and shared
    expect(result.lineItems[1]).toBe(cart.lineItems[1]);
    // the missing payment stays a plain reference; the found one is expanded
    expect(result.paymentInfo.payments).toEqual([
      { typeId: 'payment', id: 'pay-1', obj: payments[0] },
      { typeId: 'payment', id: 'pay-missing' },
    ]);
  });

  test('a missing target is left unexpanded without error', () => {
    const result = expandChecked(redShirt, ['taxCategory']);
    expect(result).toBe(redShirt);
  });

  test('KeyReferences (typeId and key, no id) are never expanded', () => {
    const resolve = () => ({ id: 'should-not-appear' });
    const [anna] = customers;
    const result = expandReferences(anna, ['stores[*]'], resolve);
    expect(result).toBe(anna);
    expect(result.stores).toEqual([{ typeId: 'store', key: 'berlin' }]);
  });

  test('paths that name no reference or no field change nothing', () => {
    expect(expandChecked(shirts, ['name'])).toBe(shirts);
    expect(expandChecked(shirts, ['nothing.here[*]'])).toBe(shirts);
    expect(expandChecked(shirts, ['ancestors'])).toBe(shirts);
    expect(expandChecked(shirts, ['parent[*]'])).toBe(shirts);
    expect(expandChecked(root, ['parent'])).toBe(root);
  });

  test('several paths apply together, including overlapping ones', () => {
    const result = expandChecked(shirts, ['parent', 'ancestors[*]', 'parent.parent']);
    const parent = result.parent as unknown as { obj: { parent: { obj: unknown } } };
    expect(parent.obj.parent.obj).toBe(root);
    expect((result.ancestors as unknown as { obj: unknown }[]).map((a) => a.obj)).toEqual([root, men]);
  });

  test('an expanded object is the resolved document itself when nothing inside it changes', () => {
    const result = expandChecked(cart, ['paymentInfo.payments[0]']);
    expect((result.paymentInfo.payments[0] as { obj?: unknown }).obj).toBe(payments[0]);
  });

  test('no paths returns the very same document', () => {
    expect(expandReferences(shirts, [], resolver())).toBe(shirts);
  });

  test('resolve is asked with the typeId and id of each reference', () => {
    const calls: string[] = [];
    expandReferences(shirts, ['ancestors[*]'], (typeId, id) => {
      calls.push(`${typeId}/${id}`);
      return undefined;
    });
    expect(calls).toEqual(['category/cat-root', 'category/cat-men']);
  });

  test('malformed paths are a 400 InvalidInput', () => {
    for (const path of ['', 'a..b', 'ancestors[', 'ancestors[-1]', 'ancestors[x]', 'a b', '.parent']) {
      let thrown: unknown;
      try {
        expandReferences(shirts, [path], resolver());
      } catch (error) {
        thrown = error;
      }
      expect(thrown, path).toBeInstanceOf(PlatformError);
      expect((thrown as PlatformError).code).toBe('InvalidInput');
      expect((thrown as PlatformError).message).toContain(`Malformed parameter: expand: Invalid expansion path '${path}'`);
    }
  });

  test('parseExpansionPath splits fields and element selectors', () => {
    expect(parseExpansionPath('masterData.current.categories[*].parent')).toEqual([
      { field: 'masterData' },
      { field: 'current' },
      { field: 'categories', element: '*' },
      { field: 'parent' },
    ]);
    expect(parseExpansionPath('ancestors[0]')).toEqual([{ field: 'ancestors', element: 0 }]);
  });
});

test.describe('runQuery with expansion', () => {
  test('expands each result page document when a resolver is given', () => {
    const before = structuredClone(categories);
    const result = runQuery(categories, params({ where: 'parent is defined', expand: 'parent' }), { resolve: resolver() });
    expect(result.results.map((c) => (c as { parent?: { obj?: { id: string } } }).parent?.obj?.id)).toEqual(['cat-root', 'cat-men']);
    expect(categories).toEqual(before);
  });

  test('without a resolver results are the stored documents', () => {
    const result = runQuery(categories, params({ expand: 'parent' }));
    expect(result.results[1]).toBe(men);
  });
});
