/**
 * Executes a plain operation without graphql-js's general executor: an operation whose selections
 * are fields only (no fragments, no directives, each answer key once) of object, scalar and enum
 * types, the shape of most requests a storefront sends (a cart update answering `id version
 * totalPrice { centAmount }`). graphql-js spends most of such a request working out, on every
 * request, what the document says (the fields to collect, each field's type and arguments); here
 * that is worked out once per operation, and the request only resolves and serializes.
 *
 * What it answers is what graphql-js's `execute` answers for the same operation: the same `data`,
 * and the same field errors (located, each nullable position answering null, a non-null one's null
 * passed to its parent). Variables it does not accept, and operations that are not plain, are left
 * to graphql-js before any field is resolved, so its errors are graphql-js's own.
 * tests/graphql/plain.spec.ts sends each document both ways.
 */
import type {
  DocumentNode,
  ExecutionResult,
  FieldNode,
  FragmentDefinitionNode,
  GraphQLArgument,
  GraphQLError,
  GraphQLField,
  GraphQLFieldResolver,
  GraphQLLeafType,
  GraphQLObjectType,
  GraphQLOutputType,
  GraphQLResolveInfo,
  GraphQLSchema,
  OperationDefinitionNode,
  SelectionSetNode,
  ValueNode,
} from 'graphql';
import type { GraphqlContext } from './field-context.js';
import { graphqlJs, isListType, isNonNullType, isObjectType } from './library.js';

type Resolver = GraphQLFieldResolver<unknown, GraphqlContext>;
type Path = GraphQLResolveInfo['path'];

/** How a value of a field's type is completed: the type's wrappers, down to a leaf or an object's planned fields. */
type Shape =
  | { kind: 'nonNull'; of: Shape }
  | { kind: 'list'; of: Shape }
  | { kind: 'leaf'; type: GraphQLLeafType }
  | { kind: 'object'; type: GraphQLObjectType; fields: PlannedField[] };

interface PlannedField {
  key: string;
  node: FieldNode;
  /** `info.fieldNodes`: the one node of this answer key. */
  nodes: readonly FieldNode[];
  definition: GraphQLField<unknown, unknown>;
  /** Its resolver: the field's own (`__typename`), or the one the mock serves it by. */
  resolve: Resolver;
  /** Each argument the field declares, with its value in the document if given. */
  arguments: PlannedArgument[];
  shape: Shape;
}

interface PlannedArgument {
  definition: GraphQLArgument;
  required: boolean;
  value: ValueNode | undefined;
}

/** A variable of a scalar or enum type, coerced by the type's `parseValue` as graphql-js coerces it. */
interface PlannedVariable {
  name: string;
  type: GraphQLLeafType;
  required: boolean;
  hasDefault: boolean;
}

interface Plan {
  root: GraphQLObjectType;
  fields: PlannedField[];
  /** The operation's variables, or null when one is a list or an input object (graphql-js coerces them). */
  variables: PlannedVariable[] | null;
  /** `info.fragments`: the document's fragment definitions by name, as graphql-js passes them. */
  fragments: Record<string, FragmentDefinitionNode>;
}

/** Per operation of a cached document: its plan, or null when graphql-js executes it. */
const plans = new WeakMap<OperationDefinitionNode, Plan | null>();

/** The resolver the mock serves a field of a type by. */
export type ResolverOf = (type: GraphQLObjectType, fieldName: string) => Resolver;

function planOf(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode, resolverOf: ResolverOf): Plan | null {
  let plan = plans.get(operation);
  if (plan === undefined) {
    const root =
      operation.operation === 'query' ? schema.getQueryType() : operation.operation === 'mutation' ? schema.getMutationType() : null;
    const fields = root ? plannedFields(root, operation.selectionSet, resolverOf) : undefined;
    plan = root && fields ? { root, fields, variables: plannedVariables(schema, operation), fragments: fragmentsOf(document) } : null;
    plans.set(operation, plan);
  }
  return plan;
}

function plannedVariables(schema: GraphQLSchema, operation: OperationDefinitionNode): PlannedVariable[] | null {
  const { isLeafType, typeFromAST } = graphqlJs();
  const variables: PlannedVariable[] = [];
  for (const definition of operation.variableDefinitions ?? []) {
    const type = typeFromAST(schema, definition.type);
    const named = type && isNonNullType(type) ? type.ofType : type;
    if (!isLeafType(named)) return null;
    variables.push({ name: definition.variable.name.value, type: named, required: named !== type, hasDefault: !!definition.defaultValue });
  }
  return variables;
}

function fragmentsOf(document: DocumentNode): Record<string, FragmentDefinitionNode> {
  const fragments: Record<string, FragmentDefinitionNode> = Object.create(null);
  for (const definition of document.definitions)
    if (definition.kind === 'FragmentDefinition') fragments[definition.name.value] = definition;
  return fragments;
}

/** The fields of a selection set, or undefined unless it is plain. */
function plannedFields(parent: GraphQLObjectType, selectionSet: SelectionSetNode, resolverOf: ResolverOf): PlannedField[] | undefined {
  const fields: PlannedField[] = [];
  const keys = new Set<string>();
  for (const node of selectionSet.selections) {
    // A fragment or a directive (`@include`, `@skip`) decides the fields per request; a key given twice merges its fields.
    if (node.kind !== 'Field' || (node.directives && node.directives.length > 0)) return undefined;
    const key = node.alias?.value ?? node.name.value;
    if (keys.has(key)) return undefined;
    keys.add(key);
    const name = node.name.value;
    // `__schema` and `__type` (introspection) are left to graphql-js.
    const definition =
      name === '__typename' ? graphqlJs().TypeNameMetaFieldDef : name.startsWith('__') ? undefined : parent.getFields()[name];
    const shape = definition && shapeOf(definition.type, node.selectionSet, resolverOf);
    if (!definition || !shape) return undefined;
    const resolve = definition.resolve ?? resolverOf(parent, name);
    const args = definition.args.map((argument) => ({
      definition: argument,
      required: isNonNullType(argument.type),
      value: node.arguments?.find((given) => given.name.value === argument.name)?.value,
    }));
    fields.push({ key, node, nodes: [node], definition, resolve, arguments: args, shape });
  }
  return fields;
}

/** An interface or a union (whose object type each value decides) is left to graphql-js. */
function shapeOf(type: GraphQLOutputType, selectionSet: SelectionSetNode | undefined, resolverOf: ResolverOf): Shape | undefined {
  if (isNonNullType(type) || isListType(type)) {
    const of = shapeOf(type.ofType as GraphQLOutputType, selectionSet, resolverOf);
    return of && { kind: isNonNullType(type) ? 'nonNull' : 'list', of };
  }
  const { isLeafType } = graphqlJs();
  if (isLeafType(type)) return { kind: 'leaf', type };
  if (!isObjectType(type) || type.isTypeOf || !selectionSet) return undefined;
  const fields = plannedFields(type, selectionSet, resolverOf);
  return fields && { kind: 'object', type, fields };
}

interface Run {
  schema: GraphQLSchema;
  plan: Plan;
  operation: OperationDefinitionNode;
  variableValues: Record<string, unknown>;
  context: GraphqlContext;
  /** The field errors, in the order graphql-js collects them. */
  errors: GraphQLError[];
}

/**
 * The result of the operation, as graphql-js's `execute` answers it, when the operation is plain and
 * its variables are accepted; otherwise undefined, before any field was resolved.
 */
export function executePlainly(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown> | undefined,
  context: GraphqlContext,
  resolverOf: ResolverOf,
): ExecutionResult | undefined {
  const plan = planOf(schema, document, operation, resolverOf);
  if (!plan) return undefined;
  const variableValues = coercedVariables(schema, plan, operation, variables ?? {});
  if (!variableValues) return undefined;
  const run: Run = { schema, plan, operation, variableValues, context, errors: [] };
  let data: Record<string, unknown> | null;
  try {
    // A mutation's fields one after the other, a query's in the same order: the resolvers answer at once.
    data = fieldsOf(run, plan.fields, plan.root, undefined, undefined);
  } catch (error) {
    // A non-null root field's error: no data.
    run.errors.push(error as GraphQLError);
    data = null;
  }
  return run.errors.length === 0 ? { data } : { errors: run.errors, data };
}

/** An object's fields, each resolved and completed; a field's error is its own, or its parent's if it is non-null. */
function fieldsOf(run: Run, fields: readonly PlannedField[], parentType: GraphQLObjectType, source: unknown, path: Path | undefined) {
  const answer: Record<string, unknown> = Object.create(null);
  for (const field of fields) {
    const fieldPath: Path = { prev: path, key: field.key, typename: parentType.name };
    const info = infoOf(run, field, parentType, fieldPath);
    try {
      const resolved = field.resolve(source, argumentsOf(run, field), run.context, info);
      answer[field.key] = complete(run, field.shape, field.nodes, info, fieldPath, resolved);
    } catch (error) {
      answer[field.key] = fieldError(run, error, field.nodes, fieldPath, field.shape);
    }
  }
  return answer;
}

/** graphql-js's `handleFieldError`: a nullable position answers null and keeps the error, a non-null one passes it to its parent. */
function fieldError(run: Run, raw: unknown, nodes: readonly FieldNode[], path: Path, shape: Shape): null {
  const error = graphqlJs().locatedError(raw, nodes, pathArray(path));
  if (shape.kind === 'nonNull') throw error;
  run.errors.push(error);
  return null;
}

function pathArray(path: Path): Array<string | number> {
  const keys: Array<string | number> = [];
  for (let at: Path | undefined = path; at; at = at.prev) keys.push(at.key);
  return keys.reverse();
}

function infoOf(run: Run, field: PlannedField, parentType: GraphQLObjectType, path: Path): GraphQLResolveInfo {
  return {
    fieldName: field.definition.name,
    fieldNodes: field.nodes,
    returnType: field.definition.type,
    parentType,
    path,
    schema: run.schema,
    fragments: run.plan.fragments,
    rootValue: undefined,
    operation: run.operation,
    variableValues: run.variableValues,
  };
}

/**
 * The variables' values as graphql-js's `getVariableValues` coerces them, each scalar or enum by its
 * type's `parseValue`; undefined when one is refused.
 */
function coercedVariables(
  schema: GraphQLSchema,
  plan: Plan,
  operation: OperationDefinitionNode,
  inputs: Record<string, unknown>,
): Record<string, unknown> | undefined {
  const byGraphqlJs = () => {
    const coerced = graphqlJs().getVariableValues(schema, operation.variableDefinitions ?? [], inputs, { maxErrors: 50 });
    return coerced.errors ? undefined : coerced.coerced;
  };
  if (!plan.variables) return byGraphqlJs();
  const coerced: Record<string, unknown> = Object.create(null);
  for (const variable of plan.variables) {
    // A default value, and every value refused, are left to graphql-js.
    if (!Object.hasOwn(inputs, variable.name)) {
      if (variable.hasDefault || variable.required) return byGraphqlJs();
      continue;
    }
    const value = inputs[variable.name];
    if (value === null || value === undefined) {
      if (variable.required) return byGraphqlJs();
      coerced[variable.name] = null;
      continue;
    }
    let parsed: unknown;
    try {
      parsed = variable.type.parseValue(value);
    } catch {
      return byGraphqlJs();
    }
    if (parsed === undefined) return byGraphqlJs();
    coerced[variable.name] = parsed;
  }
  return coerced;
}

/**
 * A field's arguments as graphql-js's `getArgumentValues` gives them: a variable's value as coerced,
 * a value written in the document by `valueFromAST`, an argument not given at its default; anything
 * refused is left to `getArgumentValues` itself, which throws its error.
 */
function argumentsOf(run: Run, field: PlannedField): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  const byGraphqlJs = () => graphqlJs().getArgumentValues(field.definition, field.node, run.variableValues);
  for (const { definition, required, value } of field.arguments) {
    let given = value !== undefined;
    if (value?.kind === 'Variable') given = Object.hasOwn(run.variableValues, value.name.value);
    if (!given) {
      if (definition.defaultValue !== undefined) values[definition.name] = definition.defaultValue;
      else if (required) return byGraphqlJs();
      continue;
    }
    const coerced =
      value!.kind === 'Variable'
        ? run.variableValues[value!.name.value]
        : graphqlJs().valueFromAST(value, definition.type, run.variableValues);
    if (coerced === undefined || (coerced === null && required)) return byGraphqlJs();
    values[definition.name] = coerced;
  }
  return values;
}

/** A value completed as graphql-js's `completeValue` completes it (the resolvers answer at once, never a promise). */
function complete(run: Run, shape: Shape, nodes: readonly FieldNode[], info: GraphQLResolveInfo, path: Path, value: unknown): unknown {
  if (value instanceof Error) throw value;
  if (shape.kind === 'nonNull') {
    const completed = complete(run, shape.of, nodes, info, path, value);
    if (completed === null) throw new Error(`Cannot return null for non-nullable field ${info.parentType.name}.${info.fieldName}.`);
    return completed;
  }
  if (value === null || value === undefined) return null;
  switch (shape.kind) {
    case 'list': {
      if (typeof value !== 'object' || typeof (value as Iterable<unknown>)[Symbol.iterator] !== 'function') {
        throw new (graphqlJs().GraphQLError)(
          `Expected Iterable, but did not find one for field "${info.parentType.name}.${info.fieldName}".`,
        );
      }
      return Array.from(value as Iterable<unknown>, (item, index) => {
        const itemPath: Path = { prev: path, key: index, typename: undefined };
        try {
          return complete(run, shape.of, nodes, info, itemPath, item);
        } catch (error) {
          return fieldError(run, error, nodes, itemPath, shape.of);
        }
      });
    }
    case 'leaf': {
      const serialized = shape.type.serialize(value);
      // The schema's scalars and enums answer a value or throw; graphql-js words this case with its own `inspect`.
      if (serialized === null || serialized === undefined) {
        throw new Error(
          `Expected \`${shape.type.name}.serialize(${String(value)})\` to return non-nullable value, returned: ${serialized}`,
        );
      }
      return serialized;
    }
    case 'object':
      return fieldsOf(run, shape.fields, shape.type, value, path);
  }
}
