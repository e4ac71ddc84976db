/**
 * The platform's schema, prepared ahead of time (vendor/graphql/schema.prepared.jsonl) so that a
 * process builds it in a fraction of the time: building the SDL parses half a megabyte and makes the
 * fields of all 2,300 types, about 300 ms, where a request reads a few dozen types. Prepared, each
 * named type is made when first read (by name, or through the type map, whose every name is there),
 * and its fields when they are first read.
 *
 * The file is graphql-js's own reading of the SDL (`prepareSchema` writes it from `buildSchema`), so
 * the prepared schema is the same schema: tests/graphql/prepared-schema.spec.ts prints both and
 * compares them, and checks that the file is current with the SDL.
 */
import type {
  GraphQLArgumentConfig,
  GraphQLField,
  GraphQLFieldConfig,
  GraphQLInputField,
  GraphQLInputFieldConfig,
  GraphQLInputType,
  GraphQLInterfaceType,
  GraphQLNamedType,
  GraphQLObjectType,
  GraphQLOutputType,
  GraphQLSchema,
  GraphQLType,
} from 'graphql';
import { graphqlJs } from './library.js';

/** A description, a deprecation reason: 0 for none, which keeps the file small. */
type Text = string | 0;
/** A field of an object or interface type: name, type (`[LineItem!]!`), description, deprecation, arguments. */
type PreparedField = [name: string, type: string, description: Text, deprecation: Text, args?: PreparedInput[]];
/** An argument or an input field: name, type, description, deprecation, and its default value if it has one. */
type PreparedInput = [name: string, type: string, description: Text, deprecation: Text, defaultValue?: unknown];

/**
 * One named type, in the order of graphql-js's type map (introspection lists them in it; a built-in
 * type, a standard scalar or an introspection type, holds its place). Fields are JSON text within
 * the JSON, parsed when the type's fields are first read.
 */
type PreparedType =
  | [kind: 'builtin', name: string]
  | [kind: 'scalar', name: string, description: Text]
  | [kind: 'object' | 'interface', name: string, description: Text, interfaces: string[], fields: string]
  | [kind: 'union', name: string, description: Text, members: string[]]
  | [kind: 'enum', name: string, description: Text, values: Array<[name: string, description: Text, deprecation: Text]>]
  | [kind: 'input', name: string, description: Text, fields: string];

export interface PreparedSchema {
  query: string;
  mutation: string | undefined;
  types: PreparedType[];
}

const text = (value: string | null | undefined): Text => value ?? 0;
const given = (value: Text): string | undefined => (value === 0 ? undefined : value);

/** The prepared form of a schema's SDL, as graphql-js reads it. */
export function prepareSchema(sdl: string): PreparedSchema {
  const g = graphqlJs();
  const schema = g.buildSchema(sdl, { assumeValidSDL: true });
  if (schema.getSubscriptionType() || schema.getDirectives().some((directive) => !g.isSpecifiedDirective(directive))) {
    throw new Error('commerce-mock: the prepared schema has no subscriptions and no directives of its own.');
  }
  const input = (field: GraphQLInputField | GraphQLField<unknown, unknown>['args'][number]): PreparedInput => {
    const prepared: PreparedInput = [field.name, String(field.type), text(field.description), text(field.deprecationReason)];
    if (field.defaultValue !== undefined) prepared.push(field.defaultValue);
    return prepared;
  };
  const output = (field: GraphQLField<unknown, unknown>): PreparedField => {
    const prepared: PreparedField = [field.name, String(field.type), text(field.description), text(field.deprecationReason)];
    if (field.args.length > 0) prepared.push(field.args.map(input));
    return prepared;
  };
  const types: PreparedType[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (g.isIntrospectionType(type) || g.isSpecifiedScalarType(type)) {
      types.push(['builtin', type.name]);
      continue;
    }
    const description = text(type.description);
    if (g.isScalarType(type)) types.push(['scalar', type.name, description]);
    else if (g.isObjectType(type) || g.isInterfaceType(type)) {
      const interfaces = type.getInterfaces().map(({ name }) => name);
      const fields = JSON.stringify(Object.values(type.getFields()).map(output));
      types.push([g.isObjectType(type) ? 'object' : 'interface', type.name, description, interfaces, fields]);
    } else if (g.isUnionType(type)) types.push(['union', type.name, description, type.getTypes().map(({ name }) => name)]);
    else if (g.isEnumType(type)) {
      const values = type.getValues().map(({ name, description, deprecationReason }) => [name, text(description), text(deprecationReason)]);
      types.push(['enum', type.name, description, values as Array<[string, Text, Text]>]);
    } else types.push(['input', type.name, description, JSON.stringify(Object.values(type.getFields()).map(input))]);
  }
  return { query: schema.getQueryType()!.name, mutation: schema.getMutationType()?.name, types };
}

/**
 * The prepared schema as the file holds it, JSON Lines: the first line is the schema with each
 * type's fields replaced by the number of a later line, which holds them. A process reads the
 * fields' lines without parsing them (each type's when its fields are first read): within one JSON
 * document they were escaped strings, which parsing the file spent half its time on. Characters
 * beyond ASCII are escaped, so that the text is read as one byte a character.
 */
export function serializePrepared(prepared: PreparedSchema): string {
  const lines: string[] = [];
  const line = (fields: string) => lines.push(fields) - 1;
  const types = prepared.types.map((entry) => {
    if (entry[0] === 'object' || entry[0] === 'interface') return [...entry.slice(0, 4), line(entry[4])];
    if (entry[0] === 'input') return [...entry.slice(0, 3), line(entry[3])];
    return entry;
  });
  const ascii = (text: string) => text.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `${[JSON.stringify({ ...prepared, types }), ...lines].map(ascii).join('\n')}\n`;
}

/** The prepared schema a file holds (`serializePrepared`). */
export function parsePrepared(text: string): PreparedSchema {
  const lines = text.split('\n');
  const prepared = JSON.parse(lines[0]!) as PreparedSchema;
  for (const entry of prepared.types) {
    if (entry[0] === 'object' || entry[0] === 'interface') entry[4] = lines[1 + (entry[4] as unknown as number)]!;
    else if (entry[0] === 'input') entry[3] = lines[1 + (entry[3] as unknown as number)]!;
  }
  return prepared;
}

/** Rewrites an argument of a Mutation field (the mutation schema takes input objects as written: schema.ts). */
export type ArgumentRewrite = (argument: GraphQLArgumentConfig) => GraphQLArgumentConfig;

/** A schema made from a prepared file: its fields made on first read. */
export interface PreparedGraphQLSchema extends GraphQLSchema {
  /** The same schema but for its Mutation type, whose arguments are rewritten; every other type is shared. */
  withMutationArguments(rewrite: ArgumentRewrite): GraphQLSchema;
}

/** The schema a prepared file describes. */
export function preparedSchema(prepared: PreparedSchema): PreparedGraphQLSchema {
  const g = graphqlJs();
  const builtins = new Map<string, GraphQLNamedType>([...g.specifiedScalarTypes, ...g.introspectionTypes].map((type) => [type.name, type]));
  const entries = new Map<string, PreparedType>(prepared.types.map((entry) => [entry[1], entry]));
  /** Per interface, the names of the objects and interfaces that implement it. */
  const implementers: Record<string, { objects: string[]; interfaces: string[] }> = Object.create(null);
  for (const entry of prepared.types) {
    if (entry[0] !== 'object' && entry[0] !== 'interface') continue;
    for (const implemented of entry[3]) (implementers[implemented] ??= { objects: [], interfaces: [] })[`${entry[0]}s`].push(entry[1]);
  }
  const made: Record<string, GraphQLNamedType> = Object.create(null);
  /** The named type, made on first use: a request reads a few dozen of the 2,300. */
  const typeNamed = (name: string): GraphQLNamedType | undefined =>
    made[name] ?? (entries.has(name) ? (made[name] = make(entries.get(name)!)) : undefined);

  const typeOf = (reference: string): GraphQLType => {
    if (reference.endsWith('!')) return new g.GraphQLNonNull(typeOf(reference.slice(0, -1)) as GraphQLOutputType);
    if (reference.startsWith('[')) return new g.GraphQLList(typeOf(reference.slice(1, -1)));
    return typeNamed(reference)!;
  };
  const inputConfig = ([, type, description, deprecation, defaultValue]: PreparedInput): GraphQLInputFieldConfig => ({
    type: typeOf(type) as GraphQLInputType,
    description: given(description),
    deprecationReason: given(deprecation),
    defaultValue,
  });
  const fieldsOf = (json: string, rewrite?: ArgumentRewrite) => (): Record<string, GraphQLFieldConfig<unknown, unknown>> => {
    const fields: Record<string, GraphQLFieldConfig<unknown, unknown>> = {};
    for (const [name, type, description, deprecation, args = []] of JSON.parse(json) as PreparedField[]) {
      const argConfigs: Record<string, GraphQLArgumentConfig> = {};
      for (const arg of args) argConfigs[arg[0]] = rewrite ? rewrite(inputConfig(arg)) : inputConfig(arg);
      fields[name] = {
        type: typeOf(type) as GraphQLOutputType,
        description: given(description),
        deprecationReason: given(deprecation),
        args: argConfigs,
      };
    }
    return fields;
  };
  const inputFieldsOf = (json: string) => (): Record<string, GraphQLInputFieldConfig> =>
    Object.fromEntries((JSON.parse(json) as PreparedInput[]).map((field) => [field[0], inputConfig(field)]));
  const named = (names: string[]) => () => names.map((name) => typeNamed(name)!) as never[];
  /** How to make an object or interface type, kept for the Mutation type's variant. */
  const outputConfig = (
    name: string,
    description: string | undefined,
    interfaces: string[],
    fields: string,
    rewrite?: ArgumentRewrite,
  ) => ({
    name,
    description,
    interfaces: named(interfaces),
    fields: fieldsOf(fields, rewrite),
  });

  function make(entry: PreparedType): GraphQLNamedType {
    const name = entry[1];
    if (entry[0] === 'builtin') return builtins.get(name)!;
    const description = given(entry[2]);
    switch (entry[0]) {
      case 'scalar':
        return new g.GraphQLScalarType({ name, description });
      case 'object':
        return new g.GraphQLObjectType(outputConfig(name, description, entry[3], entry[4]));
      case 'interface':
        return new g.GraphQLInterfaceType(outputConfig(name, description, entry[3], entry[4]));
      case 'union':
        return new g.GraphQLUnionType({ name, description, types: named(entry[3]) });
      case 'enum': {
        const values = Object.fromEntries(
          entry[3].map(([value, valueDescription, deprecation]) => [
            value,
            { value, description: given(valueDescription), deprecationReason: given(deprecation) },
          ]),
        );
        return new g.GraphQLEnumType({ name, description, values });
      }
      case 'input':
        return new g.GraphQLInputObjectType({ name, description, fields: inputFieldsOf(entry[3]) });
    }
  }

  /**
   * The type map as graphql-js reads it (validation looks names up in it, introspection lists it):
   * every name, in the file's order, each type made when first read.
   */
  const typeMapOf = (typeAt: (name: string) => GraphQLNamedType | undefined): Record<string, GraphQLNamedType> => {
    const map: Record<string, GraphQLNamedType> = Object.create(null);
    for (const name of entries.keys()) Object.defineProperty(map, name, { get: () => typeAt(name), enumerable: true });
    return map;
  };

  /**
   * graphql-js's schema walks every field of every type when constructed, to collect the types it
   * refers to; here the types are all known already, so the schema answers from them instead, and
   * a type and its fields are made when a document first reads them.
   */
  class Prepared extends g.GraphQLSchema implements PreparedGraphQLSchema {
    /** Per abstract type, its possible types and sub-interfaces: execution asks for each value of an abstract type. */
    private readonly subTypes = new Map<string, Set<GraphQLNamedType>>();
    private readonly implementations = new Map<string, { objects: GraphQLObjectType[]; interfaces: GraphQLInterfaceType[] }>();
    private map: Record<string, GraphQLNamedType> | undefined;

    constructor(private readonly typeAt: (name: string) => GraphQLNamedType | undefined) {
      super({ assumeValid: true });
    }
    override getQueryType() {
      return this.typeAt(prepared.query) as GraphQLObjectType;
    }
    override getMutationType() {
      return prepared.mutation === undefined ? undefined : (this.typeAt(prepared.mutation) as GraphQLObjectType);
    }
    override getSubscriptionType() {
      return undefined;
    }
    override getTypeMap() {
      this.map ??= typeMapOf(this.typeAt);
      return this.map;
    }
    override getType(name: string) {
      return this.typeAt(name);
    }
    override getImplementations(type: GraphQLInterfaceType) {
      let found = this.implementations.get(type.name);
      if (!found) {
        const names = implementers[type.name];
        found = {
          objects: (names?.objects ?? []).map((name) => this.typeAt(name) as GraphQLObjectType),
          interfaces: (names?.interfaces ?? []).map((name) => this.typeAt(name) as GraphQLInterfaceType),
        };
        this.implementations.set(type.name, found);
      }
      return found;
    }
    override getPossibleTypes(type: Parameters<GraphQLSchema['getPossibleTypes']>[0]) {
      return g.isUnionType(type) ? type.getTypes() : this.getImplementations(type).objects;
    }
    override isSubType(abstract: Parameters<GraphQLSchema['isSubType']>[0], maybeSub: Parameters<GraphQLSchema['isSubType']>[1]) {
      let subTypes = this.subTypes.get(abstract.name);
      if (!subTypes) {
        const interfaces = g.isUnionType(abstract) ? [] : this.getImplementations(abstract).interfaces;
        subTypes = new Set<GraphQLNamedType>([...this.getPossibleTypes(abstract), ...interfaces]);
        this.subTypes.set(abstract.name, subTypes);
      }
      return subTypes.has(maybeSub);
    }
    withMutationArguments(rewrite: ArgumentRewrite): GraphQLSchema {
      const entry = prepared.mutation === undefined ? undefined : entries.get(prepared.mutation);
      if (entry?.[0] !== 'object') return this;
      const [, name, description, interfaces, fields] = entry;
      const mutation = new g.GraphQLObjectType(outputConfig(name, given(description), interfaces, fields, rewrite));
      return new Prepared((wanted) => (wanted === name ? mutation : typeNamed(wanted)));
    }
  }
  return new Prepared(typeNamed);
}
