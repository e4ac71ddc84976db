/**
 * The platform's schema, prepared ahead of time (vendor/graphql/schema.prepared.jsonl) so that a
 * process builds it in a fraction of the time: building the SDL parses half a megabyte and makes the
 * fields of all 2,300 types, about 300 ms, where a request reads a few dozen types. Prepared, every
 * named type is made at once (the validation and the type map need them all) and its fields only
 * when first read: parsing the prepared file and making the types takes about a tenth of the build.
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
  const types: Record<string, GraphQLNamedType> = Object.create(null);
  const builtins = new Map<string, GraphQLNamedType>([...g.specifiedScalarTypes, ...g.introspectionTypes].map((type) => [type.name, type]));
  /** Per interface, the objects and interfaces that implement it. */
  const implementations: Record<string, { objects: GraphQLObjectType[]; interfaces: GraphQLInterfaceType[] }> = Object.create(null);
  const implementationsOf = (name: string) => (implementations[name] ??= { objects: [], interfaces: [] });

  const typeOf = (reference: string): GraphQLType => {
    if (reference.endsWith('!')) return new g.GraphQLNonNull(typeOf(reference.slice(0, -1)) as GraphQLOutputType);
    if (reference.startsWith('[')) return new g.GraphQLList(typeOf(reference.slice(1, -1)));
    return types[reference]!;
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
  const named = (names: string[]) => () => names.map((name) => types[name]!) as never[];
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
  let mutationEntry: PreparedType | undefined;

  for (const entry of prepared.types) {
    const name = entry[1];
    if (entry[0] === 'builtin') {
      types[name] = builtins.get(name)!;
      continue;
    }
    const description = given(entry[2]);
    if (entry[0] === 'scalar') types[name] = new g.GraphQLScalarType({ name, description });
    else if (entry[0] === 'object' || entry[0] === 'interface') {
      const config = outputConfig(name, description, entry[3], entry[4]);
      if (entry[0] === 'object') {
        const type = new g.GraphQLObjectType(config);
        for (const implemented of entry[3]) implementationsOf(implemented).objects.push(type);
        types[name] = type;
      } else {
        const type = new g.GraphQLInterfaceType(config);
        for (const implemented of entry[3]) implementationsOf(implemented).interfaces.push(type);
        types[name] = type;
      }
      if (name === prepared.mutation) mutationEntry = entry;
    } else if (entry[0] === 'union') types[name] = new g.GraphQLUnionType({ name, description, types: named(entry[3]) });
    else if (entry[0] === 'enum') {
      const values = Object.fromEntries(
        entry[3].map(([value, valueDescription, deprecation]) => [
          value,
          { value, description: given(valueDescription), deprecationReason: given(deprecation) },
        ]),
      );
      types[name] = new g.GraphQLEnumType({ name, description, values });
    } else if (entry[0] === 'input') types[name] = new g.GraphQLInputObjectType({ name, description, fields: inputFieldsOf(entry[3]) });
  }

  /**
   * graphql-js's schema walks every field of every type when constructed, to collect the types it
   * refers to; here the types are all known already, so the schema answers from them instead, and
   * a type's fields are made when a document first reads them.
   */
  class Prepared extends g.GraphQLSchema implements PreparedGraphQLSchema {
    /** Per abstract type, its possible types and sub-interfaces: execution asks for each value of an abstract type. */
    private readonly subTypes = new Map<string, Set<GraphQLNamedType>>();

    constructor(private readonly typeMap: Record<string, GraphQLNamedType>) {
      super({ assumeValid: true });
    }
    override getQueryType() {
      return this.typeMap[prepared.query] as GraphQLObjectType;
    }
    override getMutationType() {
      return prepared.mutation === undefined ? undefined : (this.typeMap[prepared.mutation] as GraphQLObjectType);
    }
    override getSubscriptionType() {
      return undefined;
    }
    override getTypeMap() {
      return this.typeMap;
    }
    override getType(name: string) {
      return this.typeMap[name];
    }
    override getImplementations(type: GraphQLInterfaceType) {
      return implementations[type.name] ?? { objects: [], interfaces: [] };
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
      if (mutationEntry?.[0] !== 'object') return this;
      const [, name, description, interfaces, fields] = mutationEntry;
      const mutation = new g.GraphQLObjectType(outputConfig(name, given(description), interfaces, fields, rewrite));
      return new Prepared({ ...this.typeMap, [name]: mutation });
    }
  }
  return new Prepared(types);
}
