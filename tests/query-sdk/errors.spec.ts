/**
 * Malformed queries through the official SDK: syntax errors name the position (and show the line
 * with a caret), input variables must be given, and the `strictWhere` option turns the spec's
 * tolerance of unknown fields into the platform's 400.
 */
import { test, expect, sdkFailure } from '../support/sdk.js';
import { labels, list, type ListResource, type QueryArgs } from './support.js';
import { seedWorld } from './world.js';

interface SyntaxCase {
  where: string | string[];
  /** 1-based character offset into the failing predicate. */
  position: number;
  line?: number;
  column?: number;
  /** What the message says was found: `Invalid input 'x'` or `Unexpected end of input`. */
  found: string;
  expected: string;
}

const syntaxCases: SyntaxCase[] = [
  { where: 'firstName == "Anna"', position: 12, found: "Invalid input '='", expected: 'input parameter or primitive value' },
  { where: 'firstName = "Anna" and', position: 23, found: 'Unexpected end of input', expected: "field name, not or '('" },
  {
    where: 'firstName = "Anna',
    position: 18,
    found: 'Unexpected end of input',
    expected: 'closing quote " of the string starting at column 13',
  },
  { where: '(firstName = "Anna"', position: 20, found: 'Unexpected end of input', expected: "and, or, ')' or end of input" },
  { where: 'firstName = "Anna")', position: 19, found: "Invalid input ')'", expected: 'and, or or end of input' },
  { where: 'firstName ~ "Anna"', position: 11, found: "Invalid input '~'", expected: "field name, operator, value, '(', ')' or ','" },
  { where: 'firstName in "Anna"', position: 14, found: "Invalid input '\"'", expected: "'(' or input parameter" },
  { where: 'firstName = Anna', position: 13, found: "Invalid input 'A'", expected: 'input parameter or primitive value' },
  { where: 'firstName is "x"', position: 14, found: "Invalid input '\"'", expected: 'not, empty or defined' },
  { where: 'addresses(country = "DE"', position: 25, found: 'Unexpected end of input', expected: "and, or, ')' or end of input" },
  { where: 'geoLocation within circle(13.4, 52.5)', position: 37, found: "Invalid input ')'", expected: "','" },
  { where: 'tags contains some ("a")', position: 15, found: "Invalid input 's'", expected: 'any or all' },
  { where: 'firstName = :', position: 14, found: 'Unexpected end of input', expected: 'input variable name' },
  {
    where: 'firstName = "Anna"\nor lastName = = "x"',
    position: 34,
    line: 2,
    column: 15,
    found: "Invalid input '='",
    expected: 'input parameter or primitive value',
  },
  // several where parameters: the message is about the one that fails
  {
    where: ['firstName = "Anna"', 'lastName ='],
    position: 11,
    found: 'Unexpected end of input',
    expected: 'input parameter or primitive value',
  },
];

test.describe('where syntax errors: 400 InvalidInput naming the position', () => {
  for (const c of syntaxCases) {
    const predicates = [c.where].flat();
    test(`${JSON.stringify(c.where)} → position ${c.position}`, async ({ mock, apiRoot }) => {
      seedWorld(mock);
      const failure = await sdkFailure(
        apiRoot
          .customers()
          .get({ queryArgs: { where: c.where } })
          .execute(),
      );
      expect(failure.statusCode).toBe(400);
      expect(failure.body.statusCode).toBe(400);
      expect(failure.body.errors).toHaveLength(1);
      expect(failure.body.errors[0]!.code).toBe('InvalidInput');
      const failing = predicates[predicates.length - 1]!;
      const line = c.line ?? 1;
      const column = c.column ?? c.position;
      const lineText = failing.split('\n')[line - 1]!;
      expect(failure.body.message).toBe(
        `Malformed parameter: where: Syntax error while parsing 'where'. ${c.found}, expected ${c.expected} ` +
          `at position ${c.position} (line ${line}, column ${column}):\n${lineText}\n${' '.repeat(column - 1)}^`,
      );
      expect(failure.body.errors[0]!.message).toBe(failure.body.message);
    });
  }

  test('a stray closing parenthesis is not listed as expected', async ({ apiRoot }) => {
    const failure = await sdkFailure(
      apiRoot
        .customers()
        .get({ queryArgs: { where: 'firstName = "Anna")' } })
        .execute(),
    );
    expect(failure.body.message).toContain("Invalid input ')', expected and, or or end of input at position 19");
  });

  test('nesting: 100 levels of parentheses are parsed, 101 are refused', async ({ mock, apiRoot }) => {
    seedWorld(mock);
    const nested = (levels: number) => `${'('.repeat(levels)}firstName = "Anna"${')'.repeat(levels)}`;
    expect(labels('customers', await list(apiRoot, 'customers', { where: nested(100) }))).toEqual(['Anna']);
    const failure = await sdkFailure(list(apiRoot, 'customers', { where: nested(101) }));
    expect(failure.statusCode).toBe(400);
    expect(failure.body.errors[0]!.code).toBe('InvalidInput');
    expect(failure.body.message).toContain("Invalid input '(', expected at most 100 levels of nested parentheses at position 101");
  });

  test('a syntax error fails the request on every resource type, even with no data', async ({ apiRoot }) => {
    for (const request of [
      apiRoot.categories().get({ queryArgs: { where: 'name(en = )' } }),
      apiRoot.products().get({ queryArgs: { where: 'masterData(' } }),
      apiRoot.productProjections().get({ queryArgs: { where: 'key = "a" and and' } }),
      apiRoot.channels().get({ queryArgs: { where: 'geoLocation within circle(1, 2, x)' } }),
    ]) {
      const failure = await sdkFailure(request.execute());
      expect(failure.statusCode).toBe(400);
      expect(failure.body.errors[0]!.code).toBe('InvalidInput');
      expect(failure.body.message).toMatch(
        /^Malformed parameter: where: Syntax error while parsing 'where'\. .* at position \d+ \(line 1, column \d+\):\n/,
      );
    }
  });
});

test.describe('input variables', () => {
  test('a variable without its var.<name> parameter is a 400 naming it', async ({ mock, apiRoot }) => {
    seedWorld(mock);
    const failure = await sdkFailure(
      apiRoot
        .customers()
        .get({ queryArgs: { where: 'firstName = :name', 'var.other': 'Anna' } })
        .execute(),
    );
    expect(failure.statusCode).toBe(400);
    expect(failure.body.errors[0]!.code).toBe('InvalidInput');
    expect(failure.body.message).toBe(
      "Malformed parameter: where: The input variable ':name' has no value. Pass it as query parameter 'var.name'.",
    );
  });

  test('a comparison takes one value: a repeated variable is a 400 (use in)', async ({ mock, apiRoot }) => {
    seedWorld(mock);
    const failure = await sdkFailure(
      apiRoot
        .customers()
        .get({ queryArgs: { where: 'firstName = :name', 'var.name': ['Anna', 'Ben'] } })
        .execute(),
    );
    expect(failure.statusCode).toBe(400);
    expect(failure.body.errors[0]!.code).toBe('InvalidInput');
    expect(failure.body.message).toBe(
      "Malformed parameter: where: The input variable ':name' has 2 values, but a comparison takes one. Use 'in' for several values.",
    );
    const page = await list(apiRoot, 'customers', { where: 'firstName in :name', 'var.name': ['Anna', 'Ben'] });
    expect(labels('customers', page)).toEqual(['Anna', 'Ben']);
  });

  test('variable values are data, never syntax', async ({ mock, apiRoot }) => {
    seedWorld(mock);
    const injected = await list(apiRoot, 'customers', { where: 'firstName = :name', 'var.name': 'x" or firstName != "x' });
    expect(injected.results).toEqual([]);
    expect(injected.total).toBe(0);
  });
});

test.describe('unknown fields, default (the spec): tolerated', () => {
  const tolerant: Array<{ resource: ListResource; args: QueryArgs; expected: number }> = [
    { resource: 'customers', args: { where: 'nope = "x"' }, expected: 0 },
    { resource: 'customers', args: { where: 'nope is not defined' }, expected: 4 },
    { resource: 'customers', args: { where: 'not(nope = "x")' }, expected: 4 },
    { resource: 'customers', args: { where: 'addresses(nope = "x")' }, expected: 0 },
    { resource: 'customers', args: { sort: 'nope asc' }, expected: 4 },
    { resource: 'categories', args: { where: 'name(en = "Men") and nope(inner = 1)' }, expected: 0 },
    { resource: 'products', args: { where: 'masterData(current(nope = 1))' }, expected: 0 },
    { resource: 'product-projections', args: { where: 'nope = "x"' }, expected: 0 },
  ];
  for (const c of tolerant) {
    test(`${c.resource} ${JSON.stringify(c.args)} → 200 with ${c.expected} results`, async ({ mock, apiRoot }) => {
      seedWorld(mock);
      const page = await list(apiRoot, c.resource, c.args);
      expect(page.count).toBe(c.expected);
      expect(page.total).toBe(c.expected);
    });
  }
});

test.describe('unknown fields with strictWhere: true: 400 InvalidInput as on the platform', () => {
  test.use({ mockOptions: { strictWhere: true } });

  const rejected: Array<{ resource: ListResource; where: string; field: string }> = [
    { resource: 'customers', where: 'nope = "x"', field: 'nope' },
    { resource: 'customers', where: 'firstName = "Anna" or nope is defined', field: 'nope' },
    { resource: 'customers', where: 'addresses(nope = "x")', field: 'nope' },
    { resource: 'customers', where: 'customerGroup(obj(key = "gold"))', field: 'obj' },
    { resource: 'categories', where: 'parent(key = "clothing")', field: 'key' },
    { resource: 'channels', where: 'location within circle(13.4, 52.5, 1000)', field: 'location' },
    { resource: 'products', where: 'masterData(current(nope = 1))', field: 'nope' },
    { resource: 'stores', where: 'countries(name = "Germany")', field: 'name' },
    { resource: 'tax-categories', where: 'rates(percentage = 19)', field: 'percentage' },
  ];
  for (const c of rejected) {
    test(`${c.resource} where=${c.where} → 400 naming '${c.field}'`, async ({ mock, apiRoot }) => {
      seedWorld(mock);
      const failure = await sdkFailure(list(apiRoot, c.resource, { where: c.where }));
      expect(failure.statusCode).toBe(400);
      expect(failure.body.errors[0]!.code).toBe('InvalidInput');
      expect(failure.body.message).toBe(`Malformed parameter: where: The field '${c.field}' does not exist.`);
    });
  }

  test('known fields, custom fields and any locale are accepted', async ({ mock, apiRoot }) => {
    seedWorld(mock);
    expect(labels('customers', await list(apiRoot, 'customers', { where: 'firstName = "Anna"' }))).toEqual(['Anna']);
    expect(labels('customers', await list(apiRoot, 'customers', { where: 'addresses(city = "Boston")' }))).toEqual(['Ben']);
    expect((await list(apiRoot, 'customers', { where: 'custom(fields(anyFieldName = "x"))' })).total).toBe(0);
    expect(labels('customers', await list(apiRoot, 'customers', { where: 'custom(fields(tier = "gold"))' }))).toEqual(['Anna']);
    expect((await list(apiRoot, 'categories', { where: 'name(fr = "Hommes")' })).total).toBe(0);
    expect(
      labels(
        'products',
        await list(apiRoot, 'products', { where: 'masterData(current(masterVariant(attributes(name = "fit" and value(key = "slim")))))' }),
      ),
    ).toEqual(['red-shirt']);
  });

  test('sort on an unknown field is a 400 too', async ({ mock, apiRoot }) => {
    seedWorld(mock);
    const failure = await sdkFailure(list(apiRoot, 'customers', { sort: 'nope asc' }));
    expect(failure.statusCode).toBe(400);
    expect(failure.body.errors[0]!.code).toBe('InvalidInput');
    expect(failure.body.message).toBe("Malformed parameter: sort: Invalid query field 'nope' in sort path.");
    expect(labels('customers', await list(apiRoot, 'customers', { sort: 'firstName desc' }))).toEqual(['Dora', 'Clara', 'Ben', 'Anna']);
  });

  test('an empty collection answers an empty page (nothing to check against)', async ({ apiRoot }) => {
    const page = await list(apiRoot, 'customers', { where: 'nope = "x"' });
    expect(page).toEqual({ limit: 20, offset: 0, count: 0, total: 0, results: [] });
  });

  test('product projections reject unknown fields too', async ({ mock, apiRoot }) => {
    seedWorld(mock);
    const failure = await sdkFailure(list(apiRoot, 'product-projections', { where: 'nope = "x"' }));
    expect(failure.statusCode).toBe(400);
    expect(failure.body.message).toBe("Malformed parameter: where: The field 'nope' does not exist.");
  });

  test('in-store lists check fields the same way', async ({ mock, apiRoot }) => {
    seedWorld(mock);
    mock.data.create('customer', {
      email: 'store-only@example.com',
      password: 'x',
      firstName: 'Stella',
      stores: [{ typeId: 'store', key: 'berlin-store' }],
    });
    const inBerlin = (where: string) =>
      apiRoot.inStoreKeyWithStoreKeyValue({ storeKey: 'berlin-store' }).customers().get({ queryArgs: { where } }).execute();
    const failure = await sdkFailure(inBerlin('nope = "x"'));
    expect(failure.statusCode).toBe(400);
    expect(failure.body.message).toBe("Malformed parameter: where: The field 'nope' does not exist.");
    expect((await inBerlin('salutation = "Ms"')).body.total).toBe(0);
    expect((await inBerlin('firstName = "Stella"')).body.results.map((customer) => customer.email)).toEqual(['store-only@example.com']);
  });

  test('a field of the resource type that no stored resource happens to have is accepted', async ({ mock, apiRoot }) => {
    seedWorld(mock);
    expect(mock.data.all('customer').some((customer) => 'salutation' in customer)).toBe(false);
    expect((await list(apiRoot, 'customers', { where: 'salutation = "Ms"' })).total).toBe(0);
    expect((await list(apiRoot, 'customers', { where: 'addresses(apartment = "3")' })).total).toBe(0);
    expect(labels('customers', await list(apiRoot, 'customers', { where: 'firstName = "Anna"', sort: 'companyName asc' }))).toEqual([
      'Anna',
    ]);
    // Declared and derived fields alike; a field neither declared nor stored is still refused.
    expect((await list(apiRoot, 'customers', { where: 'shippingAddressIds contains any ("none")' })).total).toBe(0);
    const failure = await sdkFailure(list(apiRoot, 'customers', { where: 'addresses(floor = "3")' }));
    expect(failure.body.message).toBe("Malformed parameter: where: The field 'floor' does not exist.");
  });
});

test.describe('HEAD on a collection with where', () => {
  test('200 when something matches', async ({ mock, apiRoot }) => {
    seedWorld(mock);
    const response = await apiRoot
      .customers()
      .head({ queryArgs: { where: 'firstName = "Anna"' } })
      .execute();
    expect(response.statusCode).toBe(200);
  });

  test('404 when nothing matches', async ({ mock, apiRoot }) => {
    seedWorld(mock);
    const status = await apiRoot
      .customers()
      .head({ queryArgs: { where: 'firstName = "Nobody"' } })
      .execute()
      .then(
        (response) => response.statusCode,
        (error: { statusCode?: number }) => error.statusCode,
      );
    expect(status).toBe(404);
  });
});
