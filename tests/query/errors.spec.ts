import { test, expect } from '@playwright/test';
import { PlatformError } from '../../src/http/errors.js';
import { z } from 'zod';
import { compilePredicate, declaredFields, runQuery } from '../../src/query/index.js';
import { customers, params, products } from './fixtures.js';

/** Runs `action` and returns the PlatformError it throws (failing the test when it does not). */
function platformError(action: () => unknown): PlatformError {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(PlatformError);
    return error as PlatformError;
  }
  throw new Error('expected a PlatformError, but nothing was thrown');
}

function whereError(where: string, variables: Record<string, string> = {}): PlatformError {
  return platformError(() => compilePredicate(where, new Map(Object.entries(variables).map(([k, v]) => [k, [v]]))));
}

interface SyntaxCase {
  where: string;
  /** 1-based offset of the offending character (equal to the column for one-line predicates). */
  position: number;
  found: string;
  expected: string;
}

const syntaxCases: SyntaxCase[] = [
  { where: 'firstName ilike "sofia%"', position: 11, found: "Invalid input 'i'", expected: 'comparison operator' },
  { where: 'invalid', position: 8, found: 'Unexpected end of input', expected: 'comparison operator' },
  { where: 'name = ', position: 8, found: 'Unexpected end of input', expected: 'input parameter or primitive value' },
  { where: 'name = Peter', position: 8, found: "Invalid input 'P'", expected: 'input parameter or primitive value' },
  { where: 'name = "Peter', position: 14, found: 'Unexpected end of input', expected: 'closing quote' },
  { where: 'age > 1 and', position: 12, found: 'Unexpected end of input', expected: 'field name' },
  { where: 'age > 1 age < 2', position: 9, found: "Invalid input 'a'", expected: 'and, or or end of input' },
  { where: '(age > 1', position: 9, found: 'Unexpected end of input', expected: "')'" },
  { where: 'age > 1)', position: 8, found: "Invalid input ')'", expected: 'end of input' },
  { where: 'tags contains ("a")', position: 15, found: "Invalid input '('", expected: 'any or all' },
  { where: 'tags in ()', position: 10, found: "Invalid input ')'", expected: 'input parameter or primitive value' },
  { where: 'tags in ("a",)', position: 14, found: "Invalid input ')'", expected: 'input parameter or primitive value' },
  { where: 'tags in "a"', position: 9, found: "Invalid input '\"'", expected: "'(' or input parameter" },
  { where: 'key is nothing', position: 8, found: "Invalid input 'n'", expected: 'not, empty or defined' },
  { where: 'key is not', position: 11, found: 'Unexpected end of input', expected: 'empty or defined' },
  { where: 'geo within square(1, 2, 3)', position: 12, found: "Invalid input 's'", expected: 'circle' },
  { where: 'geo within circle(1, 2)', position: 23, found: "Invalid input ')'", expected: "','" },
  { where: 'geo within circle(1, "2", 3)', position: 22, found: "Invalid input '\"'", expected: 'number' },
  { where: 'age ! 3', position: 6, found: "Invalid input ' '", expected: "'='" },
  { where: 'age = 3 & x = 1', position: 9, found: "Invalid input '&'", expected: 'field name, operator' },
  { where: 'name = :', position: 9, found: 'Unexpected end of input', expected: 'input variable name' },
  { where: 'age = 12abc', position: 9, found: "Invalid input 'a'", expected: 'a digit' },
  { where: 'not age = 1', position: 5, found: "Invalid input 'a'", expected: 'comparison operator' },
  { where: '', position: 1, found: 'Unexpected end of input', expected: 'field name' },
  // dotted paths are not part of the language: nesting uses parentheses
  { where: 'name.en = "x"', position: 5, found: "Invalid input '.'", expected: 'field name, operator' },
];

test.describe('where: syntax errors', () => {
  for (const { where, position, found, expected } of syntaxCases) {
    test(`'${where}' fails at position ${position}`, () => {
      const error = whereError(where);
      expect(error.statusCode).toBe(400);
      expect(error.code).toBe('InvalidInput');
      expect(error.message).toContain("Malformed parameter: where: Syntax error while parsing 'where'.");
      expect(error.message).toContain(`${found}, expected `);
      expect(error.message).toContain(expected);
      expect(error.message).toContain(`at position ${position} (line 1, column ${position})`);
    });
  }

  test('the message shows the predicate with a caret under the error', () => {
    const error = whereError('firstName ilike "sofia%"');
    expect(error.message.split('\n').slice(1)).toEqual(['firstName ilike "sofia%"', '          ^']);
  });

  test('multi-line predicates report line and column as well as the offset', () => {
    const error = whereError('age > 1 and\n  name ~ "x"');
    expect(error.message).toContain('at position 20 (line 2, column 8)');
    expect(error.message.split('\n').slice(1)).toEqual(['  name ~ "x"', '       ^']);
  });

  test('the error body is the platform envelope', () => {
    const error = whereError('name = ');
    expect(error.toJSON()).toEqual({
      statusCode: 400,
      message: error.message,
      errors: [{ code: 'InvalidInput', message: error.message }],
    });
  });

  test('runQuery reports the error of any of several where parameters', () => {
    const error = platformError(() => runQuery(customers, params({ where: ['age > 1', 'age >'] })));
    expect(error.code).toBe('InvalidInput');
    expect(error.message).toContain('at position 6');
  });
});

test.describe('where: input variable errors', () => {
  test('a missing variable is a 400 InvalidInput naming it', () => {
    const error = whereError('firstName = :name');
    expect(error.statusCode).toBe(400);
    expect(error.code).toBe('InvalidInput');
    expect(error.message).toContain("':name'");
    expect(error.message).toContain('var.name');
  });

  test('a missing variable inside in (...) is reported too', () => {
    expect(whereError('key in ("a", :other)', { some: 'x' }).message).toContain("':other'");
  });

  test('variables are looked up by exact name', () => {
    expect(whereError('firstName = :Name', { name: 'Anna' }).message).toContain("':Name'");
  });

  test('a comparison with a repeated variable is rejected as ambiguous', () => {
    const error = platformError(() => runQuery(customers, params({ where: 'firstName = :n', 'var.n': ['a', 'b'] })));
    expect(error.code).toBe('InvalidInput');
    expect(error.message).toContain("':n' has 2 values");
  });
});

test.describe('where: unknown fields', () => {
  test('tolerant by default: unknown fields are simply absent', () => {
    const all = (where: string) => runQuery(customers, params({ where })).results.map((c) => c.id);
    expect(all('nickname = "x"')).toEqual([]);
    expect(all('nickname != "x"')).toEqual([]);
    expect(all('nickname is not defined')).toEqual(['c-1', 'c-2', 'c-3']);
    expect(all('nickname is defined')).toEqual([]);
    expect(all('addresses(zip = "1")')).toEqual([]);
  });

  test('strict: a field no document has is a 400 naming the field', () => {
    const error = platformError(() => runQuery(customers, params({ where: 'age > 1 and nickname = "x"' }), { strictFields: true }));
    expect(error.statusCode).toBe(400);
    expect(error.code).toBe('InvalidInput');
    expect(error.message).toBe("Malformed parameter: where: The field 'nickname' does not exist.");
  });

  test('strict: nested unknown fields are found inside nesting, under not and or', () => {
    const strict = (where: string) => platformError(() => runQuery(customers, params({ where }), { strictFields: true })).message;
    expect(strict('addresses(zip = "1")')).toContain("The field 'zip' does not exist.");
    expect(strict('age = 1 or not (addresses(country = "DE" and street is defined))')).toContain("The field 'street' does not exist.");
  });

  test('strict: fields that some document has are accepted', () => {
    const result = runQuery(customers, params({ where: 'key is not defined and customerGroup(id is defined)' }), { strictFields: true });
    expect(result.results.map((c) => c.id)).toEqual(['c-3']);
  });

  test('strict: Custom Fields, attribute values and locales are user data, never unknown', () => {
    const strictIds = (documents: readonly { id: string }[], where: string) =>
      runQuery(documents, params({ where }), { strictFields: true }).results.map((d) => d.id);
    expect(strictIds(customers, 'custom(fields(notAField = 1))')).toEqual([]);
    expect(strictIds(products, 'masterData(current(name(fr = "x")))')).toEqual([]);
    expect(strictIds(products, 'masterData(current(variants(attributes(value(anything = 1)))))')).toEqual([]);
  });

  test('strict: an empty collection cannot tell, so it accepts every field', () => {
    expect(runQuery([], params({ where: 'anything = 1' }), { strictFields: true }).results).toEqual([]);
  });

  test('strict: a schema-based existence check can replace the data-driven one', () => {
    const fieldExists = (path: readonly string[]) => path.join('.') !== 'age';
    const error = platformError(() => runQuery(customers, params({ where: 'age > 1' }), { strictFields: true, fieldExists }));
    expect(error.message).toContain("The field 'age' does not exist.");
    expect(runQuery(customers, params({ where: 'nickname = "x"' }), { strictFields: true, fieldExists }).results).toEqual([]);
  });

  test('compilePredicate: strict mode against given documents', () => {
    expect(() => compilePredicate('nickname = "x"', new Map(), { strictFields: true, documents: customers })).toThrow(
      "The field 'nickname' does not exist.",
    );
    expect(compilePredicate('nickname = "x"', new Map(), { documents: customers })({ nickname: 'x' })).toBe(true);
  });

  test('syntax errors are reported before unknown fields', () => {
    const error = platformError(() => runQuery(customers, params({ where: 'nickname = ' }), { strictFields: true }));
    expect(error.message).toContain('Syntax error');
  });
});

test.describe('declaredFields: the fields a draft schema declares', () => {
  const Draft = z.object({
    name: z.record(z.string(), z.string()),
    email: z.string(),
    addresses: z.array(z.object({ city: z.string().optional() })).optional(),
    custom: z.object({ type: z.object({ id: z.string() }), fields: z.record(z.string(), z.unknown()).optional() }).nullable(),
    kind: z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]),
    parent: z.object({ typeId: z.string().optional(), id: z.string().optional(), key: z.string().optional() }).optional(),
  });
  const known = declaredFields(Draft);

  test('object keys through optional and nullable wrappers, arrays and unions', () => {
    for (const path of ['email', 'addresses', 'addresses.city', 'custom', 'custom.type.id', 'kind.a', 'kind.b'])
      expect(known(path.split('.')), path).toBe(true);
    for (const path of ['nope', 'addresses.street', 'custom.type.key', 'kind.c', 'email.length'])
      expect(known(path.split('.')), path).toBe(false);
  });

  test('a draft identifier (id or key) is stored as a Reference: typeId and id', () => {
    for (const path of ['parent', 'parent.typeId', 'parent.id']) expect(known(path.split('.')), path).toBe(true);
    expect(known(['parent', 'key'])).toBe(false);
  });

  test('anything below a record or an unknown value: locales, custom field values', () => {
    expect(known(['name', 'de-CH'])).toBe(true);
    expect(known(['custom', 'fields', 'anyField'])).toBe(true);
  });

  test('runQuery in strict mode knows declared fields no document has, and still refuses the rest', () => {
    const docs = [{ email: 'a@x.com', derived: 1 }];
    expect(runQuery(docs, params({ where: 'addresses(city = "Berlin")' }), { strictFields: true, knownFields: known }).results).toEqual([]);
    expect(runQuery(docs, params({ where: 'derived = 1' }), { strictFields: true, knownFields: known }).results).toEqual(docs);
    const error = platformError(() => runQuery(docs, params({ where: 'nope = 1' }), { strictFields: true, knownFields: known }));
    expect(error.message).toContain("The field 'nope' does not exist.");
  });
});
