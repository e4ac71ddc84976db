/**
 * How the platform's schema is answered: every root field becomes a request to the REST core (the
 * same routes, validation, versions and scopes), and every nested field is read from the REST
 * document by one generic field resolver, with the schema's conventions (`...Ref`, `...AllLocales`,
 * `...Raw`, localized strings, resolved references) derived from the field's name and type.
 */
import type {
  GraphQLAbstractType,
  GraphQLField,
  GraphQLFieldResolver,
  GraphQLInputObjectType,
  GraphQLInputType,
  GraphQLNamedType,
  GraphQLObjectType,
  GraphQLOutputType,
  GraphQLSchema,
  GraphQLTypeResolver,
} from 'graphql';
import { getNamedType, isInputObjectType, isListType, isNonNullType, isObjectType, isInterfaceType, isUnionType } from './library.js';
import { isDeepStrictEqual } from 'node:util';
import { errors, PlatformError } from '../../http/errors.js';
import type { ResourceDefinition } from '../../engine/define.js';
import { IMPLIED_TYPE_ID } from '../../engine/draft-fields.js';
import { loadDefinition, SERVED_TYPE_IDS } from '../../resources/catalog.js';
import { typeManifest } from '../../resources/manifest.js';
import type { ServedTypeId } from '../../resources/load.js';
import type { GraphqlContext, RestCall } from './field-context.js';
import { included } from './nested.js';
import { projectLimits } from './limits.js';
import { parseQueryParams, runQuery } from '../../query/index.js';

export type { GraphqlContext, RestCall } from './field-context.js';

type Resolver = GraphQLFieldResolver<unknown, GraphqlContext>;
type Args = Record<string, unknown>;

/** Where the schema names a resource type differently from its REST type id. */
const GRAPHQL_TYPE_NAMES: Record<string, string> = {
  type: 'TypeDefinition',
  'product-type': 'ProductTypeDefinition',
  'key-value-document': 'CustomObject',
  subscription: 'CommercetoolsSubscription',
  'api-client': 'APIClientWithoutSecret',
};

const pascal = (text: string) => text.replace(/(^|-)([a-z])/g, (_, __, letter: string) => letter.toUpperCase());
const graphqlTypeName = (definition: ServedType) => GRAPHQL_TYPE_NAMES[definition.typeId] ?? pascal(definition.typeId);

/** A resource type as the resolvers know it before a request reaches it: its type id and its collection's path. */
interface ServedType {
  typeId: ServedTypeId;
  path: string;
}

const routable: ServedType[] = SERVED_TYPE_IDS.map((typeId) => ({ typeId, path: typeManifest[typeId].path })).filter(
  (type) => type.path !== '',
);
const byTypeId = new Map<string, ServedType>(routable.map((definition) => [definition.typeId, definition]));
/** A resource type by its GraphQL type name; a payment is also `MyPayment`, its view under `me`. */
const byGraphqlType = new Map([
  ...routable.map((definition) => [graphqlTypeName(definition), definition] as const),
  ['MyPayment', byTypeId.get('payment')!] as const,
  // What `createApiClient` answers: the client with its secret, shown this once.
  ['APIClientWithSecret', byTypeId.get('api-client')!] as const,
]);

const segment = encodeURIComponent;

/** How the REST paths address one resource by each argument that can name it (a customer by a token of theirs, too). */
const LOCATORS: Record<string, string> = {
  id: '',
  key: 'key=',
  orderNumber: 'order-number=',
  passwordToken: 'password-token=',
  emailToken: 'email-token=',
};

/** `{id}`, `key={key}`, `order-number={orderNumber}`, ...: the arguments must name exactly one. */
function locator(args: Args): string {
  let name = '';
  let given = 0;
  for (const locating in LOCATORS) {
    if (typeof args[locating] !== 'string') continue;
    name = locating;
    given++;
  }
  if (given !== 1) throw errors.invalidInput(`Exactly one of the arguments 'id' and 'key' must be given, not ${given}.`);
  return `${LOCATORS[name]}${segment(args[name] as string)}`;
}

/**
 * What `me`, `inStore(key)`, `inStore { me }` and `asAssociate(...)` answer: the REST prefix their
 * fields are served under (`me/`, `in-store/key=.../`, `as-associate/.../in-business-unit/key=.../`).
 */
class Scope {
  constructor(
    readonly prefix: string,
    readonly mount: Mount,
  ) {}
}

type Mount = 'me' | 'store' | 'store-me' | 'associate-unit';

/** The scope types and the REST mount that serves their fields (a type serves there only if its scope policy mounts it). */
const SCOPE_TYPES: Record<string, Mount> = {
  Me: 'me',
  InStore: 'store',
  InStoreMe: 'store-me',
  AsAssociate: 'associate-unit',
};
const prefixOf = (source: unknown) => (source instanceof Scope ? source.prefix : '');

/**
 * The REST path of a type's collection under a prefix; a signed-in customer is `me` itself, not
 * `me/customers`, and an associate's business units are all of theirs (`as-associate/{id}/business-units`),
 * not those inside the unit `asAssociate` names.
 */
function collectionPath(definition: ServedType, prefix: string): string {
  if (definition.typeId === 'customer' && prefix.endsWith('me/')) return prefix.slice(0, -1);
  if (definition.typeId === 'business-unit') return `${prefix.replace(/in-business-unit\/key=[^/]*\/$/, '')}${definition.path}`;
  return `${prefix}${definition.path}`;
}

/** A mutation's store prefix: `storeKey` as `in-store/key={storeKey}/`, or none. */
const inStore = (args: Args) => (typeof args.storeKey === 'string' ? `in-store/key=${segment(args.storeKey)}/` : '');
/** `me/` for a `...My...` mutation, whose path is the caller's own: a matter of its name, so worked out once per field. */
const mineUnder = (fieldName: string) =>
  /^(create|update|delete|replicate|customerSign)My/.test(fieldName) || /^customerSignMe/.test(fieldName) ? 'me/' : '';

const isNotFound = (error: unknown) => error instanceof PlatformError && error.statusCode === 404;

/**
 * The fields the engine serves by a request to the REST core, keyed `Type.field`: the root fields of
 * Query and Mutation, and those of the scope types. Derived from the schema and the resource definitions.
 */
export function servedFields(schema: GraphQLSchema): Map<string, Resolver> {
  const resolvers = new Map<string, Resolver>();
  for (const typeName of ['Query', ...Object.keys(SCOPE_TYPES), 'Mutation']) {
    const type = schema.getType(typeName) as GraphQLObjectType;
    for (const fieldName of Object.keys(type.getFields())) {
      const resolver = servedField(schema, typeName, fieldName);
      if (resolver) resolvers.set(`${typeName}.${fieldName}`, resolver);
    }
  }
  return resolvers;
}

/**
 * The resolver of one field of Query, Mutation or a scope type, if the engine serves it: what a
 * request needs, without deriving every field's (which makes the fields of hundreds of types).
 */
export function servedField(schema: GraphQLSchema, typeName: string, fieldName: string): Resolver | undefined {
  if (typeName === 'Mutation') {
    const field = schema.getMutationType()?.getFields()[fieldName];
    return field && mutationResolver(field);
  }
  if (typeName !== 'Query' && !(typeName in SCOPE_TYPES)) return undefined;
  const field = (schema.getType(typeName) as GraphQLObjectType).getFields()[fieldName];
  if (!field) return undefined;
  const mount = SCOPE_TYPES[typeName];
  let resolver = scopeResolver(typeName, field);
  if (!resolver && (!mount || servedUnder(mount, field))) resolver = queryResolver(field);
  return resolver;
}

const argNames = (field: GraphQLField<unknown, unknown>) => new Set(field.args.map((arg) => arg.name));
const argType = (field: GraphQLField<unknown, unknown>, name: string) => field.args.find((arg) => arg.name === name)!.type;

function scopeResolver(typeName: string, field: GraphQLField<unknown, unknown>): Resolver | undefined {
  if (typeName === 'Query' && field.name === 'me') return () => new Scope('me/', 'me');
  if (typeName === 'Query' && field.name === 'inStore') return (_, a) => new Scope(`in-store/key=${segment(String(a.key))}/`, 'store');
  if (typeName === 'InStore' && field.name === 'me') return (source) => new Scope(`${prefixOf(source)}me/`, 'store-me');
  if (typeName === 'Query' && field.name === 'asAssociate') {
    return (_, a) =>
      new Scope(
        `as-associate/${segment(String(a.associateId))}/in-business-unit/key=${segment(String(a.businessUnitKey))}/`,
        'associate-unit',
      );
  }
  if (typeName === 'Query' && field.name === 'project') return (_, __, { rest }) => rest('GET', '');
  if (field.name === 'productTailoring') {
    return (source, a, { rest }) => orNull(() => rest('GET', tailoringPath(a, source instanceof Scope ? source.prefix : inStore(a), rest)));
  }
  if (field.name === 'activeCart') return (source, _, { rest }) => orNull(() => rest('GET', `${prefixOf(source)}active-cart`));
  if (field.name === 'customerActiveCart') {
    return (source, a, { rest }) => orNull(() => rest('GET', `${prefixOf(source)}carts/customer-id=${segment(String(a.customerId))}`));
  }
  // The shipping methods matching a cart or a location: the REST page's results, as the schema lists them.
  if ((typeName === 'Query' || typeName === 'InStore') && field.name === 'shippingMethodsByCart') {
    return (source, a, { rest }) => matching(rest, `${prefixOf(source)}shipping-methods/matching-cart`, { cartId: a.id });
  }
  // A store's product selection assignments: a page of its own, which no resource type lists.
  if (typeName === 'InStore' && field.name === 'productSelectionAssignments') {
    return (source, a, { rest }) => listPage(rest, `${prefixOf(source)}product-selection-assignments`, a);
  }
  // The catalog of MCP server types, which is no resource type.
  if (typeName === 'Query' && field.name === 'mcpServerTypes') return (_, __, { rest }) => rest('GET', 'mcp-servers/types');
  if (typeName === 'Query' && field.name === 'mcpServerType') {
    return (_, a, { rest }) => {
      const query = new URLSearchParams(typeof a.majorVersion === 'string' ? { majorVersion: a.majorVersion } : {});
      return orNull(() => rest('GET', `mcp-servers/types/${segment(String(a.type))}`, query));
    };
  }
  // `inStores(keys)`: REST serves one store a path, so the scope is one store's (docs/graphql.md).
  if (typeName === 'Query' && field.name === 'inStores') {
    return (_, a) => {
      const keys = [...new Set(a.keys as string[])];
      if (keys.length !== 1) {
        throw errors.invalidInput(`commerce-mock answers 'inStores' for one store key at a time, not ${keys.length}: use 'inStore(key)'.`);
      }
      return new Scope(`in-store/key=${segment(keys[0]!)}/`, 'store');
    };
  }
  if (typeName === 'Query' && field.name === 'limits') return (_, __, { rest }) => projectLimits(rest);
  // An associate's roles and permissions in a unit: REST's `business-units/{id|key=}/associates/{associateId}`.
  if (typeName === 'Query' && field.name === 'associate') {
    return (_, a, { rest }) => {
      const unit = locator({ id: a.businessUnitId, key: a.businessUnitKey });
      return orNull(() => rest('GET', `business-units/${unit}/associates/${segment(String(a.associateId))}`));
    };
  }
  if (field.name === 'productProjectionVariantAttributes') return variantAttributes;
  if (typeName === 'Query' && field.name === 'productSelectionAssignments') return projectAssignments;
  // A store's product: the product, if the store's assortment holds it (its in-store projection exists).
  if (typeName === 'InStore' && field.name === 'product') {
    return (source, a, { rest }) => {
      const product = readOne(rest, 'products', 'product', a) as { id: string } | null;
      const inStore = () =>
        rest('GET', `${prefixOf(source)}product-projections/${segment(product!.id)}`, new URLSearchParams({ staged: 'true' }));
      return product && orNull(inStore) && product;
    };
  }
  if (typeName === 'Query' && field.name === 'shippingMethodsByLocation') {
    return (_, a, { rest }) =>
      matching(rest, 'shipping-methods/matching-location', { country: a.country, state: a.state, currency: a.currency });
  }
  return undefined;
}

function matching(rest: RestCall, path: string, parameters: Args): unknown[] {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(parameters)) if (typeof value === 'string') query.set(name, value);
  return (rest('GET', path, query) as { results: unknown[] }).results;
}

/**
 * A `...QueryResult`: the REST page of `path` (with `query`'s parameters) for the field's `where` (and
 * `alsoWhere`, when given), `sort`, `limit` and `offset`, and whether it has any.
 */
function listPage(rest: RestCall, path: string, a: Args, query = new URLSearchParams(), alsoWhere?: string): unknown {
  if (typeof a.where === 'string') query.set('where', alsoWhere ? `(${a.where}) and ${alsoWhere}` : a.where);
  else if (alsoWhere) query.set('where', alsoWhere);
  for (const sort of (a.sort as string[] | undefined) ?? []) query.append('sort', sort);
  if (a.limit !== undefined && a.limit !== null) query.set('limit', String(a.limit));
  if (a.offset !== undefined && a.offset !== null) query.set('offset', String(a.offset));
  const page = rest('GET', path, query) as { count: number };
  return { ...page, exists: page.count > 0 };
}

/**
 * Types a scope's own router serves, beside the types' scope policies: the caller's or the associate's
 * business units; a store's variant projections (routes of their own, not the type's generic ones).
 */
const SCOPE_ROUTED: Record<string, string[]> = {
  me: ['business-unit'],
  'associate-unit': ['business-unit'],
  store: ['variant-projection'],
};

/** Whether the REST mount serves the resource type a field reads: the type's scope policy mounts it there (the caller's own customer is `/me`). */
function servedUnder(mount: string, field: GraphQLField<unknown, unknown>): boolean {
  const returned = getNamedType(field.type);
  const results = isObjectType(returned) ? returned.getFields().results : undefined;
  const definition = byGraphqlType.get(returned.name) ?? (results && byGraphqlType.get(getNamedType(results.type).name));
  if (!definition) return false;
  if (definition.typeId === 'customer' && mount.endsWith('me')) return field.args.length === 0;
  if (SCOPE_ROUTED[mount]?.includes(definition.typeId)) return true;
  const options = loadDefinition(definition.typeId).scope?.mounts[mount as keyof NonNullable<ResourceDefinition['scope']>['mounts']];
  if (!options) return false;
  const without = new Set(options.without ?? []);
  return results ? !without.has('list') : !without.has('get');
}

const PRODUCT_LISTED = new Set(['variant', 'variant-projection']);

/**
 * A projection's `staged` argument, as the REST parameter of that name (variant projections), and the
 * attributes it keeps (`includeNames`) or drops (`excludeNames`) as REST's `filter[attributes]`.
 */
function projectionQuery(a: Args): URLSearchParams {
  const query = new URLSearchParams(typeof a.staged === 'boolean' ? { staged: String(a.staged) } : {});
  for (const name of (a.includeNames as string[] | undefined) ?? []) query.append('filter[attributes]', name);
  for (const name of (a.excludeNames as string[] | undefined) ?? []) query.append('filter[attributes]', `-${name}`);
  return query;
}

/**
 * The `where` of a product or variant projection named by a variant's `sku` (or a product by its
 * `variantKey`), which REST addresses by no path of their own; undefined when `id` or `key` names it.
 */
function variantWhere(typeId: string, a: Args): string | undefined {
  if (a.id !== undefined || a.key !== undefined) return undefined;
  const [field, value] = typeof a.sku === 'string' ? ['sku', a.sku] : typeof a.variantKey === 'string' ? ['key', a.variantKey] : [];
  if (value === undefined) return undefined;
  const test = `${field} = ${JSON.stringify(value)}`;
  if (typeId === 'variant-projection') return test;
  const inData = `masterVariant(${test}) or variants(${test})`;
  return `masterData(current(${inData}) or staged(${inData}))`;
}

/** One resource of the collection at `path`, named by `id`, `key`, ... or a variant's (variantWhere); null when there is none. */
function readOne(rest: RestCall, path: string, typeId: string, a: Args): unknown {
  const where = VARIANT_NAMED.has(typeId) ? variantWhere(typeId, a) : undefined;
  if (where === undefined) return orNull(() => rest('GET', `${path}/${locator(a)}`, projectionQuery(a)));
  const query = projectionQuery(a);
  query.set('where', where);
  query.set('limit', '1');
  return (rest('GET', path, query) as { results: unknown[] }).results[0] ?? null;
}

const VARIANT_NAMED = new Set(['product', 'variant-projection']);

/**
 * `productProjectionVariantAttributes` (at the root and in a store): REST's
 * `product-projections/{id|key=}/variant-attributes` with `filter[attributes]` and
 * `filter[supplyChannels]`; the stock as the schema has it, the channels only those asked for.
 */
const variantAttributes: Resolver = (source, a, { rest }) => {
  const query = projectionQuery(a);
  for (const name of a.includeAttributeNames as string[]) query.append('filter[attributes]', name);
  const channels = (a.includeChannelIds as string[] | undefined) ?? [];
  for (const id of channels) query.append('filter[supplyChannels]', id);
  const found = orNull(() => rest('GET', `${prefixOf(source)}product-projections/${locator(a)}/variant-attributes`, query)) as {
    variants: Array<{ availability?: RestStock }>;
  } | null;
  if (!found) return null;
  const variants = found.variants.map(({ availability, ...variant }) => ({
    ...variant,
    availability: availability && {
      noChannel:
        availability.isOnStock === undefined
          ? null
          : { isOnStock: availability.isOnStock, availableQuantity: availability.availableQuantity ?? 0 },
      channels:
        channels.length === 0
          ? []
          : Object.entries(availability.channels ?? {}).map(([id, stock]) => ({
              channelRef: { typeId: 'channel', id },
              availability: stock,
            })),
    },
  }));
  return { ...found, variants };
};

interface RestStock {
  isOnStock?: boolean;
  availableQuantity?: number;
  channels?: Record<string, { isOnStock: boolean; availableQuantity: number }>;
}

/** Every page of a REST collection, read 500 at a time. */
function allOf(rest: RestCall, path: string): Args[] {
  const all: Args[] = [];
  for (let offset = 0; ; offset += 500) {
    const page = rest('GET', path, new URLSearchParams({ limit: '500', offset: String(offset) })) as { results: Args[]; total: number };
    all.push(...page.results);
    if (page.results.length < 500) return all;
  }
}

/**
 * `Query.productSelectionAssignments`: the assignments of every product selection of the project,
 * each with its selection, as REST lists those of one selection (`product-selections/{id}/products`)
 * and of a store's; `where`, `sort` and paging over them as over any REST page.
 */
const projectAssignments: Resolver = (_, a, { rest }) => {
  const entries = allOf(rest, 'product-selections').flatMap((selection) =>
    allOf(rest, `product-selections/${segment(String(selection.id))}/products`).map(({ product, ...choice }) => ({
      product,
      productSelection: { typeId: 'product-selection', id: selection.id },
      ...choice,
    })),
  );
  const query = new URLSearchParams();
  if (typeof a.where === 'string') query.set('where', a.where);
  for (const sort of (a.sort as string[] | undefined) ?? []) query.append('sort', sort);
  if (a.limit !== undefined && a.limit !== null) query.set('limit', String(a.limit));
  if (a.offset !== undefined && a.offset !== null) query.set('offset', String(a.offset));
  const page = runQuery(entries, parseQueryParams(query));
  return { ...page, exists: page.total! > 0 };
};

function queryResolver(field: GraphQLField<unknown, unknown>): Resolver | undefined {
  const returned = getNamedType(field.type);
  const args = argNames(field);
  const list = isListType(isNonNullType(field.type) ? field.type.ofType : field.type);
  const single = list ? undefined : byGraphqlType.get(returned.name);
  if (single?.typeId === 'key-value-document') {
    return (_, a, { rest }) => orNull(() => rest('GET', `${single.path}/${segment(String(a.container))}/${segment(String(a.key))}`));
  }
  if (single && (args.has('id') || args.has('key'))) {
    return (source, a, { rest }) => readOne(rest, collectionPath(single, prefixOf(source)), single.typeId, a);
  }
  if (single?.typeId === 'customer' && args.size === 0) {
    // An anonymous session has no customer: `me { customer }` is null for it (REST's `/me` refuses it).
    return (source, _, { rest, caller }) =>
      caller?.anonymousId !== undefined ? null : rest('GET', collectionPath(single, prefixOf(source)));
  }
  const results = isObjectType(returned) ? returned.getFields().results : undefined;
  const listed = results && byGraphqlType.get(getNamedType(results.type).name);
  if (listed && returned.name.endsWith('QueryResult') && args.has('limit')) {
    return (source, a, { rest }) => {
      // Variants and their projections are listed by product too.
      const ofProduct =
        typeof a.productId === 'string' && PRODUCT_LISTED.has(listed.typeId) ? `product(id=${JSON.stringify(a.productId)})` : undefined;
      const container = listed.typeId === 'key-value-document' ? `/${segment(String(a.container))}` : '';
      return listPage(rest, `${collectionPath(listed, prefixOf(source))}${container}`, a, projectionQuery(a), ofProduct);
    };
  }
  return undefined;
}

/** Mutations whose REST route is not the type's collection: sign-up and sign-in, orders from quotes, custom objects. */
const MUTATION_PATHS: Record<string, string> = {
  customerSignUp: 'customers',
  customerSignIn: 'login',
  customerSignMeUp: 'signup',
  customerSignMeIn: 'login',
  createOrderFromQuote: 'orders/quotes',
  createMyOrderFromQuote: 'orders/quotes',
  importOrder: 'orders/import',
};

/**
 * Mutations whose arguments are the REST body: account tokens and passwords, cart replication and
 * merge. The path may name an argument (`{customerId}`); `storeKey` and `asAssociate` are the prefix.
 */
const ARGUMENT_MUTATIONS: Record<string, string> = {
  customerChangePassword: 'customers/password',
  customerResetPassword: 'customers/password/reset',
  customerConfirmEmail: 'customers/email/confirm',
  customerCreatePasswordResetToken: 'customers/password-token',
  customerCreateEmailVerificationToken: 'customers/email-token',
  customerChangeMyPassword: 'me/password',
  customerResetMyPassword: 'me/password/reset',
  customerConfirmMyEmail: 'me/email/confirm',
  replicateCart: 'carts/replicate',
  replicateMyCart: 'me/carts/replicate',
  mergeCart: 'carts/customer-id={customerId}/merge',
};

function argumentMutation(field: GraphQLField<unknown, unknown>, path: string): Resolver {
  const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  return (_, a, { rest }) => {
    const associate = a.asAssociate as { associateId: string; businessUnitKey: string } | undefined;
    const prefix = associate
      ? `as-associate/${segment(associate.associateId)}/in-business-unit/key=${segment(associate.businessUnitKey)}/`
      : inStore(a);
    const body: Args = {};
    for (const arg of field.args) {
      if (arg.name === 'storeKey' || arg.name === 'asAssociate' || inPath.includes(arg.name) || a[arg.name] === undefined) continue;
      body[arg.name] = toRest(a[arg.name], arg.type);
    }
    const route = path.replace(/\{(\w+)\}/g, (_, name: string) => segment(String(a[name])));
    // A merge's body is its draft; the others' are their arguments.
    return rest('POST', `${prefix}${route}`, undefined, 'draft' in body ? body.draft : body);
  };
}

function mutationResolver(field: GraphQLField<unknown, unknown>): Resolver | undefined {
  const args = argNames(field);
  if (field.name === 'updateProject') {
    const actionsType = argType(field, 'actions');
    return (_, a, { rest }) => rest('POST', '', undefined, { version: a.version, actions: toRest(a.actions, actionsType) });
  }
  if (field.name === 'signUpInMyBusinessUnit') return signUpInMyBusinessUnit(argType(field, 'draft'));
  if (field.name === 'applyOrderEdit') {
    return (_, a, { rest }) =>
      rest('POST', `orders/edits/${segment(String(a.id))}/apply`, undefined, {
        editVersion: a.editVersion,
        resourceVersion: a.resourceVersion,
      });
  }
  // REST answers the deleted Variant; the schema wraps it with the warnings, which the mock has none of.
  if (field.name === 'deleteVariant') {
    return (_, a, { rest }) => ({
      variant: rest('DELETE', `variants/${locator(a)}`, new URLSearchParams({ version: String(a.version) })),
      warnings: [],
    });
  }
  if (field.name === 'bulkUpdateVariants') {
    const inputType = argType(field, 'input');
    return (_, a, { rest }) => {
      // `versionControl` is REST's query parameter (left out at its default, `On`).
      const { versionControl, ...body } = toRest(a.input, inputType) as Args;
      const query = new URLSearchParams(typeof versionControl === 'string' ? { versionControl } : {});
      return rest('POST', 'variants/bulk', query, body);
    };
  }
  const byArguments = ARGUMENT_MUTATIONS[field.name];
  if (byArguments) return argumentMutation(field, byArguments);
  const special = MUTATION_PATHS[field.name];
  if (special) {
    const draftType = argType(field, 'draft');
    const mine = mineUnder(field.name);
    return (_, a, { rest }) => rest('POST', `${inStore(a)}${mine}${special}`, undefined, toRest(a.draft, draftType));
  }
  if (field.name === 'updateProductTailoring') {
    const actionsType = argType(field, 'actions');
    return (_, a, { rest }) =>
      rest('POST', tailoringPath(a, inStore(a), rest), undefined, {
        version: a.version,
        actions: toRest(a.actions, actionsType),
      });
  }
  if (field.name === 'deleteProductTailoring') {
    return (_, a, { rest }) => rest('DELETE', tailoringPath(a, inStore(a), rest), new URLSearchParams({ version: String(a.version) }));
  }
  const definition = byGraphqlType.get(getNamedType(field.type).name);
  if (!definition) return undefined;
  if (definition.typeId === 'key-value-document') return customObjectMutation(field);
  const [verb] = /^(create|update|delete)/.exec(field.name) ?? [];
  const mine = mineUnder(field.name);
  const path = (a: Args) => collectionPath(definition, `${inStore(a)}${mine}`);
  // A signed-in customer is addressed by the token, not by an id.
  const one = (a: Args) => (definition.typeId === 'customer' && field.name.includes('My') ? path(a) : `${path(a)}/${locator(a)}`);
  if (verb === 'create' && args.has('draft')) {
    const draftType = argType(field, 'draft');
    return (_, a, { rest }) => rest('POST', path(a), undefined, toRest(a.draft, draftType));
  }
  if (verb === 'update' && args.has('actions') && args.has('version')) {
    const actionsType = argType(field, 'actions');
    return (_, a, { rest }) => rest('POST', one(a), undefined, { version: a.version, actions: toRest(a.actions, actionsType) });
  }
  if (verb === 'delete' && args.has('version')) {
    return (_, a, { rest }) => rest('DELETE', one(a), new URLSearchParams({ version: String(a.version) }));
  }
  // A type deleted without a version (API clients).
  if (verb === 'delete' && args.has('id')) return (_, a, { rest }) => rest('DELETE', one(a));
  return undefined;
}

/**
 * `signUpInMyBusinessUnit`: the draft names the unit, which REST has in the path by key
 * (`in-business-unit/key={key}/me/customers`); a unit named by id is one of the caller's own.
 */
function signUpInMyBusinessUnit(draftType: GraphQLInputType): Resolver {
  return (_, a, { rest }) => {
    const { businessUnit, ...body } = toRest(a.draft, draftType) as { businessUnit: { id?: string; key?: string } };
    const key = businessUnit.key ?? (rest('GET', `me/business-units/${segment(String(businessUnit.id))}`) as { key: string }).key;
    return rest('POST', `in-business-unit/key=${segment(key)}/me/customers`, undefined, body);
  };
}

/** `createOrUpdateCustomObject` (its value is JSON in a string) and `deleteCustomObject` (by id, or container and key). */
function customObjectMutation(field: GraphQLField<unknown, unknown>): Resolver | undefined {
  if (field.name === 'createOrUpdateCustomObject') {
    return (_, a, { rest }) => {
      const draft = a.draft as Args;
      return rest('POST', 'custom-objects', undefined, { ...draft, value: jsonValue('value', draft.value as string) });
    };
  }
  if (field.name === 'deleteCustomObject') {
    return (_, a, { rest }) => {
      const where = typeof a.id === 'string' ? segment(a.id) : `${segment(String(a.container))}/${segment(String(a.key))}`;
      const query = new URLSearchParams(a.version === undefined || a.version === null ? {} : { version: String(a.version) });
      return rest('DELETE', `custom-objects/${where}`, query);
    };
  }
  return undefined;
}

/**
 * The REST path of the product tailoring the arguments name (`id`, `key`, `productId` or `productKey`)
 * under `storePrefix` (`in-store/key={storeKey}/`, from `storeKey` or `inStore`, or none). In a store
 * the platform's routes address a tailoring by its product, so one named by its own id or key is
 * looked up among the store's first; without a store only its own id or key names it.
 */
function tailoringPath(a: Args, storePrefix: string, rest: RestCall): string {
  const byProduct =
    typeof a.productId === 'string' ? segment(a.productId) : typeof a.productKey === 'string' ? `key=${segment(a.productKey)}` : undefined;
  if (!storePrefix) {
    if (byProduct !== undefined) throw errors.invalidInput("A product tailoring is named by its product only in a store: give 'storeKey'.");
    return `product-tailoring/${locator(a)}`;
  }
  if (byProduct !== undefined) return `${storePrefix}products/${byProduct}/product-tailoring`;
  const [field, value] = typeof a.id === 'string' ? ['id', a.id] : ['key', String(a.key)];
  locator(a); // exactly one of id and key
  const where = `${field}=${JSON.stringify(value)}`;
  const page = rest('GET', `${storePrefix}product-tailoring`, new URLSearchParams({ where })) as {
    results: Array<{ product: { id: string } }>;
  };
  const found = page.results[0];
  if (!found) throw errors.resourceNotFound(field === 'id' ? { id: value } : { key: value });
  return `${storePrefix}products/${segment(found.product.id)}/product-tailoring`;
}

function orNull(read: () => unknown): unknown {
  try {
    return read();
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

// GraphQL input → REST body, driven by the input types -----------------------------------------------

/** Whether a list's element type is a LocalizedString entry `{ locale, value }`; worked out once per type (update action lists ask on every request). */
export function isLocalizedStringItem(type: GraphQLInputType): boolean {
  const named = getNamedType(type);
  let known = localizedStringItems.get(named);
  if (known === undefined) {
    const names = isInputObjectType(named) ? Object.keys(named.getFields()) : [];
    known = names.length === 2 && names.includes('locale') && names.includes('value');
    localizedStringItems.set(named, known);
  }
  return known;
}

const localizedStringItems = new WeakMap<GraphQLNamedType, boolean>();

/** An input whose fields are all optional objects and of which one is given: an update action, a money, a discount value. */
export function isOneOf(type: GraphQLNamedType): boolean {
  if (!isInputObjectType(type)) return false;
  let known = oneOfTypes.get(type);
  if (known === undefined) {
    const fields = Object.values(type.getFields());
    known = fields.length > 1 && fields.every((field) => !isNonNullType(field.type) && isInputObjectType(getNamedType(field.type)));
    oneOfTypes.set(type, known);
  }
  return known;
}

/** One-of fields whose REST discriminator value is not the field's name. */
const ONE_OF_VALUES: Record<string, string> = {
  'McpServerConfigDraft.commerce': 'CommerceMCP',
  'McpServerConfigDraft.ucpShopper': 'UCPShopperMCP',
};

/** Update action inputs have a hundred fields: whether a type is one-of is worked out once. */
const oneOfTypes = new WeakMap<GraphQLNamedType, boolean>();

/**
 * Converts a GraphQL input value to the REST body it stands for: `[{locale, value}]` lists become
 * LocalizedString objects, `{ addLineItem: {...} }` becomes `{ action: 'addLineItem', ... }`,
 * `{ centPrecision: {...} }` becomes `{ type: 'centPrecision', ... }`, custom fields' JSON-encoded
 * values are decoded, `typeId`/`typeKey` become the `type` identifier, and a ResourceIdentifierInput
 * without `typeId` takes its field's (the REST draft requires one).
 */
export function toRest(value: unknown, type: GraphQLInputType): unknown {
  return converterOf(type)(value);
}

type Converter = (value: unknown) => unknown;

/**
 * Each input type's conversion, worked out on its first value: what the type is (a list, a one-of,
 * an object with a `type` identifier, ...) is the same for every value, and asking graphql-js for
 * every field of every action on every request cost more than the conversion itself.
 */
const converters = new WeakMap<GraphQLInputType, Converter>();

function converterOf(type: GraphQLInputType): Converter {
  let converter = converters.get(type);
  if (!converter) {
    converter = converterFor(type);
    converters.set(type, converter);
  }
  return converter;
}

const asGiven: Converter = (value) => value;

/** A conversion that passes null and undefined through. */
const orAbsent =
  (convert: (value: unknown) => unknown): Converter =>
  (value) =>
    value === null || value === undefined ? value : convert(value);

function converterFor(type: GraphQLInputType): Converter {
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) {
    // GraphQL lets a single value stand for a list of one (mutation inputs arrive as written).
    const listOf = (value: unknown) => (Array.isArray(value) ? value : [value]);
    if (isLocalizedStringItem(inner.ofType)) {
      return orAbsent((value) =>
        Object.fromEntries(listOf(value).map((item) => [(item as { locale: string }).locale, (item as { value: string }).value])),
      );
    }
    if (getNamedType(inner).name === 'CustomFieldInput') {
      return orAbsent((value) => Object.fromEntries(listOf(value).map((item) => customField(item as { name: string; value: string }))));
    }
    const element = inner.ofType as GraphQLInputType;
    return orAbsent((value) => listOf(value).map((item) => toRest(item, element)));
  }
  if (!isInputObjectType(inner)) return asGiven;
  return isOneOf(inner) ? oneOfConverter(inner) : objectConverter(inner);
}

function oneOfConverter(type: GraphQLInputObjectType): Converter {
  const fields = type.getFields();
  // An update action's discriminator is `action`, a bulk action's (`VariantBulkAction`) too.
  const discriminator = /(UpdateAction|BulkAction)$/.test(type.name) ? 'action' : 'type';
  // Per field: the discriminator's value and the field's conversion, looked up on its first value.
  const choices = new Map<string, { named: string; convert: Converter }>();
  const choiceOf = (name: string) => {
    let choice = choices.get(name);
    if (!choice) {
      choice = { named: ONE_OF_VALUES[`${type.name}.${name}`] ?? name, convert: converterOf(fields[name]!.type) };
      choices.set(name, choice);
    }
    return choice;
  };
  return orAbsent((value) => {
    const input = value as Args;
    let name: string | undefined;
    let count = 0;
    for (const field of Object.keys(input)) {
      if (input[field] === undefined || input[field] === null) continue;
      name = field;
      count++;
    }
    if (count !== 1) throw errors.invalidInput(`Exactly one field of ${type.name} must be given, not ${count}.`);
    const choice = choiceOf(name!);
    return { [discriminator]: choice.named, ...(choice.convert(input[name!]) as object) };
  });
}

/** What converting one input field takes: its default (left out when given), and its type's conversion, looked up once. */
interface InputFieldPlan {
  defaultValue: unknown;
  /** Whether the field is sent at its default all the same (REQUIRED_LISTS). */
  required: boolean;
  type: GraphQLInputType;
  convert?: Converter;
}

function objectConverter(type: GraphQLInputObjectType): Converter {
  const fields = type.getFields();
  const plans = new Map<string, InputFieldPlan>();
  const planOf = (name: string): InputFieldPlan | undefined => {
    let plan = plans.get(name);
    const field = fields[name];
    if (!plan && field) {
      plan = { defaultValue: field.defaultValue, required: REQUIRED_LISTS.has(`${type.name}.${name}`), type: field.type };
      plans.set(name, plan);
    }
    return plan;
  };
  const isIdentifier = type.name === 'ResourceIdentifierInput';
  const namesCustomType = 'typeKey' in fields && 'type' in fields && 'typeId' in fields;
  return orAbsent((value) => {
    const input = value as Args;
    const body: Args = {};
    for (const name of Object.keys(input)) {
      const fieldValue = input[name];
      if (fieldValue === undefined) continue;
      const plan = planOf(name);
      if (!plan) {
        body[name] = fieldValue;
        continue;
      }
      // The schema's defaults are the platform's own: a field left at its default is a field left out,
      // but for a required REST field that GraphQL defaults to the empty list (a zone rate's `shippingRates`).
      if (plan.defaultValue !== undefined && !plan.required && atDefault(fieldValue, plan.defaultValue)) continue;
      plan.convert ??= converterOf(plan.type);
      body[name] = plan.convert(fieldValue);
    }
    if (isIdentifier) {
      // Its nulls are left out here, so that no copy made to drop them loses the mark.
      for (const name of Object.keys(body)) if (body[name] === null) delete body[name];
      if (body.typeId === undefined) Object.defineProperty(body, IMPLIED_TYPE_ID, { value: true });
    }
    if (namesCustomType) {
      const { typeId, typeKey } = body;
      delete body.typeId;
      delete body.typeKey;
      if (typeId !== undefined) body.type = { typeId: 'type', id: typeId };
      else if (typeKey !== undefined) body.type = { typeId: 'type', key: typeKey };
    }
    return body;
  });
}

/** `isDeepStrictEqual`, without its cost for a number, a string or a boolean (most defaults). */
const atDefault = (value: unknown, defaultValue: unknown) =>
  typeof defaultValue === 'object' && defaultValue !== null ? isDeepStrictEqual(value, defaultValue) : Object.is(value, defaultValue);

/** Input fields defaulting to `[]` whose REST counterparts are required: sent as the empty list. */
const REQUIRED_LISTS = new Set(['ZoneRateDraft.shippingRates']);

function customField({ name, value }: { name: string; value: string }): [string, unknown] {
  return [name, jsonValue(`custom field '${name}'`, value)];
}

/** A value the schema passes as JSON in a string (custom fields, custom object values). */
function jsonValue(what: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw errors.invalidInput(`The value of ${what} is not JSON: ${text}`);
  }
}

// REST document → GraphQL fields --------------------------------------------------------------------

type Document = Record<string, unknown>;

const isReference = (value: unknown): value is { typeId: string; id?: string; key?: string } =>
  typeof value === 'object' && value !== null && typeof (value as Document).typeId === 'string';

/** Picks one locale's text: `locale` exactly, else the first of `acceptLanguage` present, else the first locale stored. */
function localized(text: Record<string, string>, args: Args): string | null {
  if (typeof args.locale === 'string') return text[args.locale] ?? null;
  const accepted = (args.acceptLanguage as string[] | undefined) ?? [];
  for (const locale of accepted) if (text[locale] !== undefined) return text[locale];
  if (accepted.length > 0) return null;
  return Object.values(text)[0] ?? null;
}

/** A referenced resource, read through the REST core (so scopes and permissions apply as to any read). */
function resolveReference(reference: { typeId: string; id?: string; key?: string; obj?: unknown }, rest: RestCall): unknown {
  if (reference.obj) return reference.obj;
  const definition = byTypeId.get(reference.typeId);
  if (!definition) return null;
  const where = reference.id !== undefined ? segment(reference.id) : `key=${segment(reference.key ?? '')}`;
  return orNull(() => rest('GET', `${definition.path}/${where}`));
}

/** Fields the schema names differently from the REST document, by GraphQL type. */
const FIELD_NAMES: Record<string, Record<string, string>> = { Dimensions: { width: 'w', height: 'h' } };

/** A REST map (`categoryOrderHints`, `searchKeywords`) where the schema has a list of objects: one object per entry. */
function isEntryList(value: unknown, type: GraphQLOutputType): boolean {
  const inner = isNonNullType(type) ? type.ofType : type;
  return isListType(inner) && typeof value === 'object' && value !== null && !Array.isArray(value) && !isReference(value);
}

/** Each entry as the element type's first two fields: `{ categoryId, orderHint }`, `{ locale, searchKeywords }`. */
function entries(map: Document, element: GraphQLObjectType): Document[] {
  const [keyField, valueField] = Object.keys(element.getFields()) as [string, string];
  return Object.entries(map).map(([key, value]) => ({ [keyField]: key, [valueField]: value }));
}

/**
 * A document's field, a list of them narrowed by `includeNames` / `excludeNames` where the schema
 * offers them. A field the document cannot answer is an error naming it, never a silent `null`: one
 * the schema declares non-null, or one GraphQL computes and the mock does not (`UNSERVED_FIELDS`).
 */
export const fieldResolver: Resolver = (source, args, context, info) => {
  const name = () => `${info.parentType.name}.${info.fieldName}`;
  if (UNSERVED_BY_TYPE.get(info.parentType.name)?.has(info.fieldName)) throw notServed(name());
  const value = documentField(source, args, context, info);
  if ((value === null || value === undefined) && isNonNullType(info.returnType)) {
    // REST leaves out an empty map or list (`categoryOrderHints`, a cart's `warnings`): the schema's list is empty.
    if (isListType(info.returnType.ofType)) return [];
    throw notServed(name());
  }
  return Array.isArray(value) && (args.includeNames || args.excludeNames) ? included(value, args, (item) => item.name) : value;
};

export const notServed = (name: string) =>
  errors.invalidOperation(`commerce-mock does not serve the field '${name}' (docs/graphql.md lists what it serves).`);

/**
 * Fields the platform computes beyond the REST document (counts, joins, features the mock lacks) that
 * the mock does not compute: selecting one is an error naming it. `tests/graphql/fields.spec.ts` checks
 * that every such field of the storefront's types is served or listed here.
 */
export const UNSERVED_FIELDS = new Set<string>([
  'Product.skus',
  'Product.productSelectionRefs',
  'ProductVariant.allRecurrencePrices',
  'RawProductAttribute.attributesRaw',
  'RawProductAttribute.referencedResource',
  'RawProductAttribute.referencedResourceSet',
  'Cart.placement',
  'Cart.recurringPaymentConfiguration',
  'Order.placement',
  'Order.lastMessageSequenceNumber',
  'Initiator.userRef',
  'Attribution.userRef',
  'Reservation.inventoryMode',
  'LineItemRecurrenceInfo.expiresAt',
  'CustomLineItemRecurrenceInfo.expiresAt',
  'ProductDiscount.isValid',
  'DiscountCode.applicationCount',
  'RefreshTokenLimitWithCurrent.current',
]);

/** UNSERVED_FIELDS by type: the field names of each. */
const UNSERVED_BY_TYPE = new Map<string, Set<string>>();
for (const name of UNSERVED_FIELDS) {
  const [type, field] = name.split('.') as [string, string];
  UNSERVED_BY_TYPE.set(type, (UNSERVED_BY_TYPE.get(type) ?? new Set()).add(field));
}

const documentField: Resolver = (source, args, context, info) => {
  const document = source as Document;
  const name = FIELD_NAMES[info.parentType.name]?.[info.fieldName] ?? info.fieldName;
  const value = document[name];
  if (value !== undefined) {
    // A string, a number, a boolean, null: the answer as stored, whatever the field's type.
    if (typeof value !== 'object' || value === null) return value;
    const returned = getNamedType(info.returnType);
    if (!Array.isArray(value) && returned.name === 'String') {
      return localized(value as Record<string, string>, args);
    }
    if (isObjectType(returned) || isInterfaceType(returned) || isUnionType(returned)) {
      if (isEntryList(value, info.returnType) && isObjectType(returned)) return entries(value as Document, returned);
      const expects = (item: unknown) => isReference(item) && returned.name !== 'Reference' && returned.name !== 'KeyReference';
      if (Array.isArray(value)) return value.map((item) => (expects(item) ? resolveReference(item as never, context.rest) : item));
      if (expects(value) && !('typeId' in (isObjectType(returned) ? returned.getFields() : {}))) {
        return resolveReference(value as never, context.rest);
      }
    }
    return value;
  }
  if (name.endsWith('Ref')) return document[name.slice(0, -3)] ?? null;
  // `paymentRefs` are the `payments`, `refusedGiftsRefs` the `refusedGifts`: a list of references.
  if (name.endsWith('Refs')) return document[name.slice(0, -4)] ?? document[`${name.slice(0, -4)}s`] ?? null;
  // An address the document names by id (`defaultShippingAddressId`, `shippingAddressIds`), read from its `addresses`.
  if (Array.isArray(document.addresses)) {
    const addresses = document.addresses as Array<{ id?: string }>;
    if (`${name}Id` in document) return addresses.find((address) => address.id === document[`${name}Id`]) ?? null;
    const ids = document[`${name.replace(/(ss)es$|s$/, '$1')}Ids`];
    if (Array.isArray(ids)) return addresses.filter((address) => ids.includes(address.id));
  }
  if (name.endsWith('AllLocales')) {
    const text = document[name.slice(0, -'AllLocales'.length)] as Record<string, string> | undefined;
    return text && Object.entries(text).map(([locale, value]) => ({ locale, value }));
  }
  if (name.endsWith('Raw')) {
    const base = name.slice(0, -3);
    const raw = document[base] ?? document[base.replace(/^[a-z]+(?=[A-Z])/, '').replace(/^./, (c) => c.toLowerCase())];
    if (raw && typeof raw === 'object' && !Array.isArray(raw)) return Object.entries(raw).map(([n, v]) => ({ name: n, value: v }));
    return raw ?? null;
  }
  return null;
};

/** REST discriminators whose GraphQL type is not named after them. */
const TYPE_NAMES: Record<string, string> = {
  centPrecision: 'Money',
  highPrecision: 'HighPrecisionMoney',
  lenum: 'LocalizableEnumAttributeDefinitionType',
  ltext: 'LocalizableTextAttributeDefinitionType',
};

/** The concrete type of an interface or union value: from its `type` (or `typeId`) discriminator. */
export const typeResolver: GraphQLTypeResolver<unknown, GraphqlContext> = (value, _context, _info, abstract: GraphQLAbstractType) => {
  const document = value as Document;
  const candidates = _info.schema.getPossibleTypes(abstract) as readonly GraphQLObjectType[];
  // Attribute and field types say what they are by their `name` (`{ name: 'enum', values }`).
  const discriminator = (document.type ?? document.typeId ?? document.name) as string | undefined;
  if (typeof discriminator === 'string') {
    const named = TYPE_NAMES[discriminator];
    if (named && candidates.some((type) => type.name === named)) return named;
    const prefix = pascal(discriminator);
    // The shortest name that starts with it: `date` is DateType, not DateTimeType; an acronym is
    // spelled otherwise in the type's name (`HTTP` is an `HttpDestination`).
    let match: GraphQLObjectType | undefined;
    for (const caseSensitive of [true, false]) {
      for (const type of candidates) {
        const starts = caseSensitive ? type.name.startsWith(prefix) : type.name.toLowerCase().startsWith(prefix.toLowerCase());
        if (starts && (!match || type.name.length < match.name.length)) match = type;
      }
      if (match) break;
    }
    if (match) return match.name;
  }
  if (candidates.length === 1) return candidates[0]!.name;
  // No discriminator (product search facet results): the type that has a field for each of the value's.
  const keys = Object.keys(document);
  return candidates.find((type) => keys.every((key) => key in type.getFields()))?.name;
};

export const isScope = (value: unknown): value is Scope => value instanceof Scope;
