/**
 * The prepared schema (vendor/graphql/schema.prepared.jsonl, src/core/graphql/prepared.ts) is the
 * platform's schema: it prints as graphql-js's build of the SDL prints, answers introspection the
 * same, and the file is current with the SDL.
 */
import { readFileSync } from 'node:fs';
import { test, expect } from '@playwright/test';
import { buildSchema, getIntrospectionQuery, graphqlSync, parse, printSchema, validate } from 'graphql';
import { mutationSchema, platformSchema } from '../../src/core/graphql/schema.js';
import { type PreparedSchema, parsePrepared, prepareSchema, serializePrepared } from '../../src/core/graphql/prepared.js';

const sdl = readFileSync('vendor/graphql/schema.graphql', 'utf8');

test('the prepared file is current with the SDL (else: npm run prepare:graphql)', () => {
  const text = readFileSync('vendor/graphql/schema.prepared.jsonl', 'utf8');
  expect(text).toBe(serializePrepared(prepareSchema(sdl)));
  // Read back, each type's fields are the same JSON (their escapes of characters beyond ASCII aside).
  const fieldsParsed = (types: PreparedSchema['types']) =>
    types.map((entry) => {
      const at = entry[0] === 'object' || entry[0] === 'interface' ? 4 : entry[0] === 'input' ? 3 : -1;
      return entry.map((part, index) => (index === at ? JSON.parse(part as string) : part));
    });
  expect(fieldsParsed(parsePrepared(text).types)).toEqual(fieldsParsed(prepareSchema(sdl).types));
});

test('the prepared file: JSON Lines, all ASCII, the fields of each type on a line of their own, descriptions as the SDL has them', () => {
  const text = readFileSync('vendor/graphql/schema.prepared.jsonl', 'utf8');
  expect(/[\u0080-\uffff]/.test(text)).toBe(false);
  const lines = text.trimEnd().split('\n');
  const header = JSON.parse(lines[0]!);
  const cart = header.types.find((entry: unknown[]) => entry[1] === 'Cart');
  expect(cart[0]).toBe('object');
  const fields = JSON.parse(lines[1 + cart[4]]!);
  expect(fields.find((field: unknown[]) => field[0] === 'totalPrice')).toEqual(['totalPrice', 'Money!', 0, 0]);
  for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
  // The SDL's characters beyond ASCII come back from their escapes.
  const beyondAscii = sdl.match(/[\u0080-\uffff]/g) ?? [];
  expect(beyondAscii.length).toBeGreaterThan(0);
  const printed = printSchema(platformSchema());
  for (const character of new Set(beyondAscii)) expect(printed).toContain(character);
});

test('the prepared schema prints as the SDL built by graphql-js, and introspects the same', () => {
  const built = buildSchema(sdl, { assumeValidSDL: true });
  expect(printSchema(platformSchema())).toBe(printSchema(built));
  const introspect = (schema: typeof built) => graphqlSync({ schema, source: getIntrospectionQuery({ descriptions: true }) });
  const prepared = introspect(platformSchema());
  expect(prepared.errors).toBeUndefined();
  expect(prepared).toEqual(introspect(built));
});

test('each type is made once, when first read: the type map names every type in the order of the SDL build, and validation reads it', () => {
  const built = buildSchema(sdl, { assumeValidSDL: true });
  const schema = platformSchema();
  expect(schema.getType('LineItemDraft')).toBe(schema.getType('LineItemDraft'));
  expect(schema.getTypeMap().LineItemDraft).toBe(schema.getType('LineItemDraft'));
  expect(schema.getType('NoSuchType')).toBeUndefined();
  expect(schema.getType('__proto__')).toBeUndefined();
  expect(Object.keys(schema.getTypeMap())).toEqual(Object.keys(built.getTypeMap()));
  const messages = (target: typeof built, source: string) => validate(target, parse(source)).map((error) => error.message);
  for (const source of [
    'query ($id: Strin) { cart(id: $id) { id } }',
    'query ($where: String, $n: Int) { carts(where: $where, limit: $n) { total } }',
  ]) {
    expect(messages(schema, source)).toEqual(messages(built, source));
  }
  expect(messages(schema, 'query ($id: Strin) { cart(id: $id) { id } }')[0]).toContain('Unknown type "Strin". Did you mean "String"');
});

test('possible types and sub-types come from the types, as graphql-js computes them', () => {
  const built = buildSchema(sdl, { assumeValidSDL: true });
  const schema = platformSchema();
  for (const name of ['Reference', 'Versioned', 'MessagePayload', 'CartDiscountValue', 'AttributeDefinitionType']) {
    const abstract = schema.getType(name);
    const original = built.getType(name);
    expect(abstract, name).toBeDefined();
    const names = (types: readonly { name: string }[]) => types.map((type) => type.name).sort();
    expect(names(schema.getPossibleTypes(abstract as never)), name).toEqual(names(built.getPossibleTypes(original as never)));
    for (const possible of built.getPossibleTypes(original as never)) {
      expect(schema.isSubType(abstract as never, schema.getType(possible.name) as never)).toBe(true);
    }
    expect(schema.isSubType(abstract as never, schema.getType('Cart') as never)).toBe(
      built.isSubType(original as never, built.getType('Cart') as never),
    );
  }
});

test('the mutation schema shares every type but Mutation, whose input object arguments are taken as written', () => {
  const schema = platformSchema();
  const mutations = mutationSchema();
  expect(mutations.getType('Cart')).toBe(schema.getType('Cart'));
  expect(mutations.getQueryType()).toBe(schema.getQueryType());
  const createCart = mutations.getMutationType()!.getFields().createCart!;
  expect(String(createCart.args.find((arg) => arg.name === 'draft')!.type)).toBe('CommerceMockInputAsWritten');
  expect(
    String(
      schema
        .getMutationType()!
        .getFields()
        .createCart!.args.find((arg) => arg.name === 'draft')!.type,
    ),
  ).toBe('CartDraft!');
});
