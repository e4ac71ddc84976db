/**
 * The prepared schema (vendor/graphql/schema.prepared.json, src/core/graphql/prepared.ts) is the
 * platform's schema: it prints as graphql-js's build of the SDL prints, answers introspection the
 * same, and the file is current with the SDL.
 */
import { readFileSync } from 'node:fs';
import { test, expect } from '@playwright/test';
import { buildSchema, getIntrospectionQuery, graphqlSync, printSchema } from 'graphql';
import { mutationSchema, platformSchema } from '../../src/core/graphql/schema.js';
import { prepareSchema } from '../../src/core/graphql/prepared.js';

const sdl = readFileSync('vendor/graphql/schema.graphql', 'utf8');

test('the prepared file is current with the SDL (else: npm run prepare:graphql)', () => {
  const committed = JSON.parse(readFileSync('vendor/graphql/schema.prepared.json', 'utf8'));
  expect(committed).toEqual(prepareSchema(sdl));
});

test('the prepared schema prints as the SDL built by graphql-js, and introspects the same', () => {
  const built = buildSchema(sdl, { assumeValidSDL: true });
  expect(printSchema(platformSchema())).toBe(printSchema(built));
  const introspect = (schema: typeof built) => graphqlSync({ schema, source: getIntrospectionQuery({ descriptions: true }) });
  const prepared = introspect(platformSchema());
  expect(prepared.errors).toBeUndefined();
  expect(prepared).toEqual(introspect(built));
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
