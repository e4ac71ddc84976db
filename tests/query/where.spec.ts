import { test, expect } from '@playwright/test';
import { compilePredicate, runQuery } from '../../src/query/index.js';
import { carts, categories, channels, customers, GOLD_GROUP, params, products } from './fixtures.js';

type Doc = { readonly id: string };

function matching(documents: readonly Doc[], where: string | string[], variables: Record<string, string | string[]> = {}): string[] {
  const entries: Record<string, string | string[]> = { where, limit: '500' };
  for (const [name, value] of Object.entries(variables)) entries[`var.${name}`] = value;
  return runQuery(documents, params(entries)).results.map((document) => document.id);
}

interface Case {
  where: string;
  expected: string[];
}

/** Each operator appears with at least one predicate that matches and one that does not. */
const customerCases: Case[] = [
  // comparison on strings, numbers, booleans
  { where: 'firstName = "Anna"', expected: ['c-1'] },
  { where: "firstName = 'Anna'", expected: ['c-1'] },
  { where: 'firstName = "anna"', expected: [] },
  { where: 'firstName = "Nobody"', expected: [] },
  { where: 'firstName != "Anna"', expected: ['c-2', 'c-3'] },
  { where: 'firstName <> "Anna"', expected: ['c-2', 'c-3'] },
  { where: 'age != 19', expected: ['c-1', 'c-3'] },
  { where: 'age = 34', expected: ['c-1'] },
  { where: 'age = 35', expected: [] },
  { where: 'age < 34', expected: ['c-2'] },
  { where: 'age < 19', expected: [] },
  { where: 'age > 34', expected: ['c-3'] },
  { where: 'age > 52', expected: [] },
  { where: 'age <= 34', expected: ['c-1', 'c-2'] },
  { where: 'age <= 18', expected: [] },
  { where: 'age >= 34', expected: ['c-1', 'c-3'] },
  { where: 'age >= 53', expected: [] },
  { where: 'age > 33.5', expected: ['c-1', 'c-3'] },
  { where: 'age > -1', expected: ['c-1', 'c-2', 'c-3'] },
  { where: 'lastName < "N"', expected: ['c-2'] },
  { where: 'lastName >= "O"', expected: ['c-1', 'c-3'] },
  { where: "lastName = 'O\\'Neil'", expected: ['c-3'] },
  { where: 'lastName = "O\'Neil"', expected: ['c-3'] },
  { where: 'isEmailVerified = true', expected: ['c-1', 'c-3'] },
  { where: 'isEmailVerified = false', expected: ['c-2'] },
  { where: 'isEmailVerified != true', expected: ['c-2'] },
  // mismatched types never match, in either direction
  { where: 'age = "34"', expected: [] },
  { where: 'firstName = 34', expected: [] },
  { where: 'age != "34"', expected: [] },
  { where: 'isEmailVerified = "true"', expected: [] },
  // missing fields: comparisons are false, also !=
  { where: 'key = "anna"', expected: ['c-1'] },
  { where: 'key != "anna"', expected: ['c-2'] },
  // dates compare chronologically against ISO strings
  { where: 'createdAt > "2020-01-01"', expected: ['c-1', 'c-2'] },
  { where: 'createdAt < "2020-01-01"', expected: ['c-3'] },
  { where: 'createdAt >= "2024-05-01T10:00:00Z"', expected: ['c-1'] },
  { where: 'createdAt = "2024-05-01T12:00:00+02:00"', expected: ['c-1'] },
  { where: 'createdAt = "2024-05-01"', expected: [] },
  { where: 'createdAt > "2024-05-01" and createdAt < "2024-05-02"', expected: ['c-1'] },
  { where: 'createdAt > "2030-01-01T00:00:00.000Z"', expected: [] },
  // in / not in
  { where: 'firstName in ("Anna", "Clara")', expected: ['c-1', 'c-3'] },
  { where: 'firstName in ("Zoe")', expected: [] },
  { where: 'age in (19, 52, 99)', expected: ['c-2', 'c-3'] },
  { where: 'age in ("19")', expected: [] },
  { where: 'firstName not in ("Anna", "Clara")', expected: ['c-2'] },
  { where: 'firstName not in ("Anna", "Ben", "Clara")', expected: [] },
  { where: 'key not in ("anna")', expected: ['c-2'] },
  { where: 'age not in ("34", "19")', expected: [] },
  { where: 'age not in (34, "19")', expected: ['c-2', 'c-3'] },
  // contains any / all on arrays
  { where: 'shippingAddressIds contains any ("a2", "zz")', expected: ['c-1'] },
  { where: 'shippingAddressIds contains any ("zz")', expected: [] },
  { where: 'shippingAddressIds contains all ("a1", "a2")', expected: ['c-1'] },
  { where: 'shippingAddressIds contains all ("a1", "zz")', expected: [] },
  { where: 'custom(fields(tags contains all ("newsletter")))', expected: ['c-1', 'c-2'] },
  { where: 'custom(fields(tags contains any ("vip")))', expected: ['c-1'] },
  // arrays of primitives: any element equal matches
  { where: 'shippingAddressIds = "a2"', expected: ['c-1'] },
  { where: 'shippingAddressIds = "b1"', expected: [] },
  { where: 'shippingAddressIds != "a2"', expected: ['c-2', 'c-3'] },
  // is empty / is not empty
  { where: 'shippingAddressIds is empty', expected: ['c-2', 'c-3'] },
  { where: 'addresses is not empty', expected: ['c-1', 'c-2'] },
  { where: 'custom(fields(tags is empty))', expected: [] },
  // a missing array is neither empty nor non-empty
  { where: 'stores is empty', expected: [] },
  { where: 'stores is not empty', expected: ['c-1'] },
  // is defined / is not defined
  { where: 'key is defined', expected: ['c-1', 'c-2'] },
  { where: 'key is not defined', expected: ['c-3'] },
  { where: 'custom is not defined', expected: ['c-3'] },
  { where: 'custom(fields(points is defined))', expected: ['c-1', 'c-2'] },
  // nesting into objects and arrays of objects (any element matching matches)
  { where: 'addresses(country = "FR")', expected: ['c-1'] },
  { where: 'addresses(country = "FR" and city = "Paris")', expected: ['c-1'] },
  { where: 'addresses(country = "FR" and city = "Berlin")', expected: [] },
  { where: 'addresses(country = "DE") and addresses(city = "Paris")', expected: ['c-1'] },
  { where: 'addresses(country in ("US", "FR"))', expected: ['c-1', 'c-2'] },
  { where: 'custom(fields(tier = "gold"))', expected: ['c-1'] },
  { where: 'custom(fields(points > 100))', expected: ['c-1'] },
  { where: 'custom(fields(points > 5000))', expected: [] },
  { where: 'custom(fields(unknownField = 1))', expected: [] },
  // references: nested form on id and typeId
  { where: `customerGroup(id = "${GOLD_GROUP}")`, expected: ['c-1'] },
  { where: 'customerGroup(typeId = "customer-group")', expected: ['c-1', 'c-3'] },
  { where: 'customerGroup(id = "nope")', expected: [] },
  { where: 'customerGroup is not defined', expected: ['c-2'] },
  // KeyReferences are queried by key
  { where: 'stores(key = "berlin")', expected: ['c-1'] },
  // a reference compared to a plain string is a type mismatch, not an id match
  { where: `customerGroup = "${GOLD_GROUP}"`, expected: [] },
  // not (...)
  { where: 'not (firstName = "Anna")', expected: ['c-2', 'c-3'] },
  { where: 'not(age > 18)', expected: [] },
  { where: 'not (key is defined)', expected: ['c-3'] },
  { where: 'addresses(not (country = "DE"))', expected: ['c-1', 'c-2'] },
  { where: 'not (addresses(country = "DE"))', expected: ['c-2', 'c-3'] },
  // keywords are case-insensitive
  { where: 'firstName IN ("Ben") OR age > 50', expected: ['c-2', 'c-3'] },
  { where: 'NOT (key IS DEFINED) And isEmailVerified = TRUE', expected: ['c-3'] },
  { where: 'shippingAddressIds Contains Any ("a1")', expected: ['c-1'] },
  // whitespace is free
  { where: '  age>30 and(isEmailVerified=true) ', expected: ['c-1', 'c-3'] },
  { where: 'age\n>\t30', expected: ['c-1', 'c-3'] },
];

test.describe('where: operators on customers', () => {
  for (const { where, expected } of customerCases) {
    test(`${where.replace(/\s+/g, ' ')} → [${expected.join(', ')}]`, () => {
      expect(matching(customers, where)).toEqual(expected);
    });
  }
});

test.describe('where: precedence and grouping', () => {
  test('and binds tighter than or', () => {
    // a or (b and c): Anna matches through a even though c is false for her.
    expect(matching(customers, 'firstName = "Anna" or firstName = "Ben" and age > 30')).toEqual(['c-1']);
    expect(matching(customers, 'age > 30 and firstName = "Clara" or firstName = "Ben"')).toEqual(['c-2', 'c-3']);
  });

  test('parentheses override precedence', () => {
    expect(matching(customers, '(firstName = "Anna" or firstName = "Ben") and age > 30')).toEqual(['c-1']);
    expect(matching(customers, 'age > 30 and (firstName = "Clara" or firstName = "Ben")')).toEqual(['c-3']);
  });

  test('not applies to its parenthesised operand only', () => {
    expect(matching(customers, 'not (age > 30) and isEmailVerified = false')).toEqual(['c-2']);
    expect(matching(customers, 'not (age > 30 and isEmailVerified = true)')).toEqual(['c-2']);
  });

  test('long or-chains and nested parentheses', () => {
    expect(matching(customers, 'age = 1 or age = 2 or age = 52 or ((age = 19))')).toEqual(['c-2', 'c-3']);
  });

  test('several where parameters combine with AND', () => {
    expect(matching(customers, ['age > 18', 'isEmailVerified = true', 'key is defined'])).toEqual(['c-1']);
    expect(matching(customers, ['age > 18', 'age < 19'])).toEqual([]);
  });

  test('no where matches everything', () => {
    expect(runQuery(customers, params()).results.map((c) => c.id)).toEqual(['c-1', 'c-2', 'c-3']);
  });
});

test.describe('where: input variables', () => {
  test('a variable stands for a string', () => {
    expect(matching(customers, 'firstName = :name', { name: 'Ben' })).toEqual(['c-2']);
    expect(matching(customers, 'firstName = :name', { name: 'Nobody' })).toEqual([]);
  });

  test('a variable reads as a number or boolean where the field needs one', () => {
    expect(matching(customers, 'age > :age', { age: '30' })).toEqual(['c-1', 'c-3']);
    expect(matching(customers, 'isEmailVerified = :v', { v: 'false' })).toEqual(['c-2']);
    expect(matching(customers, 'createdAt < :since', { since: '2020-01-01' })).toEqual(['c-3']);
  });

  test('a repeated variable expands to all its values in `in`', () => {
    expect(matching(customers, 'firstName in :names', { names: ['Anna', 'Clara'] })).toEqual(['c-1', 'c-3']);
    expect(matching(customers, 'firstName in (:names)', { names: ['Anna', 'Clara'] })).toEqual(['c-1', 'c-3']);
    expect(matching(customers, 'firstName in (:a, "Ben")', { a: 'Clara' })).toEqual(['c-2', 'c-3']);
    expect(matching(customers, 'firstName not in (:names)', { names: ['Anna', 'Clara'] })).toEqual(['c-2']);
    expect(matching(customers, 'shippingAddressIds contains all (:ids)', { ids: ['a1', 'a2'] })).toEqual(['c-1']);
  });

  test('variables are not string-spliced into the predicate', () => {
    expect(matching(customers, 'firstName = :name', { name: '" or age > 0 or firstName = "' })).toEqual([]);
  });
});

test.describe('where: nested resources', () => {
  test('products: masterData, localized names, slugs and attributes', () => {
    expect(matching(products, 'masterData(current(slug(en = "red-shirt")))')).toEqual(['p-1']);
    expect(matching(products, 'masterData(current(slug(de = "red-shirt")))')).toEqual([]);
    expect(matching(products, 'masterData(current(name(en = "Red Shirt") and slug(de = "rotes-hemd")))')).toEqual(['p-1']);
    expect(matching(products, 'masterData(staged(name(en = "Red Shirt (new)")))')).toEqual(['p-1']);
    expect(matching(products, 'masterData(published = true)')).toEqual(['p-1']);
    expect(matching(products, 'masterData(current(name(fr is defined)))')).toEqual([]);
  });

  test('products: variant attributes match within one element', () => {
    const size = (key: string) => `masterData(current(variants(attributes(name = "size" and value(key = "${key}")))))`;
    expect(matching(products, size('L'))).toEqual(['p-1']);
    expect(matching(products, size('M'))).toEqual([]);
    // name and value must hold in the same attribute, not in two different ones
    expect(matching(products, 'masterData(current(masterVariant(attributes(name = "color" and value = "red"))))')).toEqual(['p-1']);
    expect(matching(products, 'masterData(current(masterVariant(attributes(name = "size" and value = "red"))))')).toEqual([]);
    expect(matching(products, 'masterData(current(variants(attributes(name = "material" and value(de = "Baumwolle")))))')).toEqual(['p-1']);
    expect(matching(products, 'masterData(current(variants(not(attributes(name = "color")))))')).toEqual([]);
  });

  test('products: references inside arrays', () => {
    expect(matching(products, 'masterData(current(categories(id = "cat-shirts")))')).toEqual(['p-1']);
    expect(matching(products, 'masterData(current(categories(id = "cat-men")))')).toEqual(['p-1', 'p-2']);
    expect(matching(products, 'productType(id = "pt-pants")')).toEqual(['p-2']);
  });

  test('carts: line items, money and deeper arrays', () => {
    expect(matching(carts, 'lineItems(quantity > 2)')).toEqual(['cart-1']);
    expect(matching(carts, 'lineItems(quantity > 3)')).toEqual([]);
    expect(matching(carts, 'lineItems(variant(sku = "JEANS-32"))')).toEqual(['cart-1', 'cart-2']);
    expect(matching(carts, `lineItems(variant(prices(customerGroup(id = "${GOLD_GROUP}"))))`)).toEqual(['cart-1']);
    expect(matching(carts, 'totalPrice(currencyCode = "EUR" and centAmount >= 8997)')).toEqual(['cart-1']);
    expect(matching(carts, 'totalPrice(currencyCode = "EUR" and centAmount > 8997)')).toEqual([]);
    expect(matching(carts, 'cartState = "Active" and customerId = "c-1"')).toEqual(['cart-1']);
    expect(matching(carts, 'anonymousId is defined')).toEqual(['cart-2']);
  });

  test('categories: parent and ancestors references', () => {
    expect(matching(categories, 'parent is not defined')).toEqual(['cat-root']);
    expect(matching(categories, 'parent(id = "cat-men")')).toEqual(['cat-shirts']);
    expect(matching(categories, 'ancestors(id = "cat-root")')).toEqual(['cat-men', 'cat-shirts']);
    expect(matching(categories, 'ancestors is empty')).toEqual(['cat-root']);
    expect(matching(categories, 'name(de is not defined)')).toEqual(['cat-shirts']);
  });
});

test.describe('where: within circle', () => {
  test('matches points within the radius (haversine, metres)', () => {
    // Brandenburg Gate ↔ Potsdam is about 24.85 km.
    expect(matching(channels, 'geoLocation within circle(13.37774, 52.51627, 1000)')).toEqual(['ch-berlin']);
    expect(matching(channels, 'geoLocation within circle(13.37774, 52.51627, 30000)')).toEqual(['ch-berlin', 'ch-potsdam']);
    expect(matching(channels, 'geoLocation within circle(13.37774, 52.51627, 20000)')).toEqual(['ch-berlin']);
    expect(matching(channels, 'geoLocation WITHIN CIRCLE(-73.9857, 40.7484, 50000)')).toEqual([]);
  });

  test('the boundary lies at the great-circle distance of the two stores (about 24.85 km)', () => {
    expect(matching(channels, 'geoLocation within circle(13.06566, 52.39886, 24800)')).toEqual(['ch-potsdam']);
    expect(matching(channels, 'geoLocation within circle(13.06566, 52.39886, 24900)')).toEqual(['ch-berlin', 'ch-potsdam']);
  });
});

test.describe('compilePredicate', () => {
  test('compiles once and evaluates against any document', () => {
    const predicate = compilePredicate('age > :min and addresses(country = "DE")', new Map([['min', ['30']]]));
    expect(customers.map((customer) => predicate(customer))).toEqual([true, false, false]);
    expect(predicate({ age: 31, addresses: [{ country: 'DE' }] })).toBe(true);
    expect(predicate({ age: 31, addresses: { country: 'DE' } })).toBe(true);
    expect(predicate({ age: 31 })).toBe(false);
  });

  test('an empty list of predicates matches everything', () => {
    expect(compilePredicate([])({})).toBe(true);
  });

  test('prototype members are not fields', () => {
    expect(compilePredicate('constructor is defined')({})).toBe(false);
    expect(compilePredicate('toString is not defined')({})).toBe(true);
    expect(compilePredicate('constructor = "x"')({ constructor: 'x' })).toBe(true);
  });

  test('field readers stay correct for prototype-like and countless distinct field names', () => {
    const document = { plain: 1, __proto__x: 3 } as Record<string, unknown>;
    expect(compilePredicate('plain = 1')(document)).toBe(true);
    expect(compilePredicate('__proto__x = 3')(document)).toBe(true);
    expect(compilePredicate('__proto__ is defined')({})).toBe(false);
    // More distinct names than the engine compiles readers for: the later ones still read correctly.
    const misread = [];
    for (let i = 0; i < 10_050; i++) if (!compilePredicate(`field${i} = ${i}`)({ [`field${i}`]: i })) misread.push(i);
    expect(misread).toEqual([]);
    expect(compilePredicate('field10049 = 1')({ field10049: 2 })).toBe(false);
  });

  test('fields may be named like keywords', () => {
    expect(compilePredicate('in = 1 and not = 2 and or = 3')({ in: 1, not: 2, or: 3 })).toBe(true);
    expect(compilePredicate('is is defined')({})).toBe(false);
  });

  test('field names may contain digits, underscores and hyphens', () => {
    expect(compilePredicate('custom(fields(my-field_2 = "x"))')({ custom: { fields: { 'my-field_2': 'x' } } })).toBe(true);
  });

  test('string escapes are decoded', () => {
    expect(compilePredicate('text = "a\\"b\\\\c\\n\\u00e9"')({ text: 'a"b\\c\né' })).toBe(true);
    expect(compilePredicate("text = 'it\\'s'")({ text: "it's" })).toBe(true);
  });

  test('numbers with fractions and exponents', () => {
    expect(compilePredicate('value = 1.5e3')({ value: 1500 })).toBe(true);
    expect(compilePredicate('value < -0.5')({ value: -1 })).toBe(true);
    expect(compilePredicate('value < -0.5')({ value: 0 })).toBe(false);
  });
});

test('a predicate asked again is parsed once but binds each query its own variables; a bad one is refused every time', () => {
  const where = 'firstName = :name and age >= :min';
  expect(matching(customers, where, { name: 'Anna', min: '30' })).toEqual(['c-1']);
  expect(matching(customers, where, { name: 'Anna', min: '40' })).toEqual([]);
  expect(matching(customers, where, { name: 'Ben', min: '0' })).toEqual(['c-2']);
  expect(() => matching(customers, where, { name: 'Anna' })).toThrow(/':min'/);
  for (let i = 0; i < 2; i++)
    expect(() => compilePredicate('firstName = ')).toThrow(/Syntax error while parsing .where.\. Unexpected end of input/);
  // More sources than are kept: the first ones are parsed again, and still right.
  for (let n = 0; n < 600; n++) expect(matching(customers, `age = ${n}`)).toEqual(customers.filter((c) => c.age === n).map((c) => c.id));
  expect(matching(customers, where, { name: 'Anna', min: '30' })).toEqual(['c-1']);
});
