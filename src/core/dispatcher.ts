/**
 * Which part of the API serves a request: its mounts, tried in order, each serving the request or
 * passing it on to the next.
 *
 *   /oauth/...                     the token server (no project, no API token)
 *   /{projectKey}/images/{file}    uploaded images: public files, as on the platform's CDN
 *   /{projectKey}/subscriptions/{id}/health
 *                                  a subscription's health, for monitoring systems, without a token
 *   /{projectKey}/graphql          GraphQL, whose resolvers reach the routes below (`restFor`)
 *   /{projectKey}/me/..., /in-store/key=..., /as-associate/...
 *                                  the caller-scoped mounts (scoped-mounts.ts)
 *   /{projectKey}/...              the REST routes of every resource type
 *
 * The first three are served before any token is read. For the others, the request's context
 * (project, token, author, caller) is derived once, before the first of them; the scope is the
 * mount's. A mount throws what it refuses: the pipeline makes the error envelope (responses.ts).
 */
import { MAX_BODY_BYTES, byteLength } from '../http/body.js';
import type { Author, Caller, Method, RawRequest, Reply } from '../http/context.js';
import { errors } from '../http/errors.js';
import { header, type MockRequest, type MockResponse } from '../http/exchange.js';
import { Call, type CallBody, decodeSegment, type Expander, Router } from '../http/router.js';
import { requestTarget } from '../http/target.js';
import { identityOf } from '../auth/identity.js';
import type { TokenRecord, TokenStore } from '../auth/tokens.js';
import type { RouterName } from '../engine/define.js';
import type { ResourceEngine } from '../engine/resource-engine.js';
import { IMAGES_SEGMENT, storedImage } from '../engine/images.js';
import { SUBSCRIPTION_TYPE_ID, type Subscription, subscriptionHealth } from '../engine/subscription.js';
import type { RestCall } from './graphql/index.js';
import { graphqlModule } from './graphql-module.js';
import { API_PREFIX, OTHER_APIS, type OtherApi } from '../http/apis.js';
import { reply } from './responses.js';
import { NOT_SCOPED, type ScopedMatch, Scopes } from './scoped-mounts.js';
import type { TokenServer } from './token-server.js';
import { mountType, routerTables } from './type-routes.js';
/** JSON content types: their body must be UTF-8 text (RFC 8259). */
const JSON_TYPE = /^\s*application\/(?:[\w.+-]*\+)?json\b/i;

/** The options dispatch reads: where the API is served, and how tokens are checked. */
export interface DispatchOptions {
  apiUrl: string;
  importUrl: string;
  historyUrl: string;
  checkoutUrl: string;
  enableAuthentication: boolean;
  validateCredentials: boolean;
  enforceTokenExpiry: boolean;
}

/** What every mount reads of a request: its method (upper case), its path's segments (still percent-encoded) and its query. */
interface RoutedRequest {
  method: string;
  segments: string[];
  query: URLSearchParams;
  request: MockRequest;
}

/** A request under `/{projectKey}/` with its context, derived once for every mount that serves one. */
interface ApiRequest extends RoutedRequest {
  method: Method;
  projectKey: string;
  /** The segments after the project key. */
  rest: string[];
  token: TokenRecord | undefined;
  author: Author;
  caller: Caller | undefined;
  /** The path as requested, for errors only: most requests never need it joined. */
  path: () => string;
  /** The body as sent, or, for a GraphQL field, its input as a value. */
  body: CallBody;
}

/** A mount served before any token is read: it answers the whole response, or `undefined` to pass the request on. */
type PublicMount = (routed: RoutedRequest) => MockResponse | undefined;

/** A mount under `/{projectKey}/`: it answers the reply, or `undefined` to pass the request on. */
type ApiMount = (api: ApiRequest) => Reply | undefined;

const METHODS = new Set<string>(['GET', 'POST', 'DELETE', 'HEAD', 'PUT']);

export class Dispatcher {
  private readonly publicMounts: PublicMount[] = [
    (routed) => this.serveToken(routed),
    (routed) => this.serveImage(routed),
    (routed) => this.serveSubscriptionHealth(routed),
  ];
  private readonly apiMounts: ApiMount[] = [(api) => this.serveGraphql(api), (api) => this.serveScoped(api), (api) => this.serveRest(api)];
  /**
   * The routes of every loaded resource type, by router: the main API's, the Import, Change History
   * and Checkout APIs' (each a table of its own), and each caller-scoped mount's. A router asked for
   * a group (a path's first segment) first loads the types routed there.
   */
  private readonly routers: Record<RouterName, Router>;
  /** Each other API's origin in process, and its path prefix on a server's one origin. */
  private readonly otherApis: ReadonlyArray<{ api: OtherApi; origin: string; prefix: string }>;
  /** `/me`, `/in-store/key=`, `/as-associate/`: their own routers. */
  private readonly scopes: Scopes;
  private readonly expander: Expander;

  constructor(
    private readonly engine: ResourceEngine,
    private readonly tokens: TokenStore,
    private readonly tokenServer: TokenServer,
    private readonly options: DispatchOptions,
  ) {
    const { types } = engine;
    this.routers = routerTables((name) => new Router((group) => types.loadRouted(name, group)));
    types.onLoad((definition) => mountType(definition, engine, this.routers));
    this.otherApis = OTHER_APIS.map((api) => ({ api, origin: `${options[`${api}Url`]}/`, prefix: API_PREFIX[api] }));
    this.scopes = new Scopes(this.routers);
    this.expander = (project, document, paths) => engine.expand(project, document, paths);
  }

  /**
   * One run of a request: the response of the first mount that serves it. Throws what refuses it,
   * `ExtensionsPending` included (the pipeline calls the extensions and runs the request again).
   */
  answer(request: MockRequest, method: string): MockResponse {
    if (
      (request.body !== undefined && request.body.length > MAX_BODY_BYTES / 3 && byteLength(request.body) > MAX_BODY_BYTES) ||
      (request.bytes !== undefined && request.bytes.length > MAX_BODY_BYTES)
    ) {
      throw errors.contentTooLarge(MAX_BODY_BYTES);
    }
    if (request.invalidText && JSON_TYPE.test(String(header(request, 'content-type') ?? ''))) {
      throw errors.invalidJsonInput('The request body is not valid UTF-8.');
    }
    const { segments, query } = requestTarget(request.url);
    const other = this.otherApiOf(request.url, segments);
    if (other !== undefined) {
      const result = this.serveOtherApi(other.api, { method, segments: segments.slice(other.skip), query, request });
      return reply(result.status, result.body, method);
    }
    const routed: RoutedRequest = { method, segments, query, request };
    for (const mount of this.publicMounts) {
      const response = mount(routed);
      if (response !== undefined) return response;
    }
    const result = this.serveApi(routed);
    return reply(result.status, result.body, method);
  }

  /**
   * The other API a request is for: by its origin in process, by its first segment on a server
   * (`skip` segments are the prefix). The main API and the token server are every other request.
   */
  private otherApiOf(url: string, segments: string[]): { api: OtherApi; skip: number } | undefined {
    const first = segments[0];
    for (const { api, origin, prefix } of this.otherApis) {
      if (first === prefix) return { api, skip: 1 };
      if (url[0] !== '/' && url.startsWith(origin) && !url.startsWith(`${this.options.apiUrl}/`)) return { api, skip: 0 };
    }
    return undefined;
  }

  /** The mounts under a project, tried in order once the request's context is derived. */
  private serveApi(routed: RoutedRequest): Reply {
    const api = this.apiRequest(routed);
    for (const mount of this.apiMounts) {
      const result = mount(api);
      if (result !== undefined) return result;
    }
    throw errors.routeNotFound(api.method, api.path());
  }

  /** A request to the Import, Change History or Checkout API: its own routes, with the same tokens as the main API. */
  private serveOtherApi(name: OtherApi, routed: RoutedRequest): Reply {
    const api = this.apiRequest(routed);
    return this.serveRoute(this.routers[name].resolve(api.method, api.rest), api);
  }

  /** The one hop that derives the request's context: project, token, author and caller. */
  private apiRequest({ method, segments, query, request }: RoutedRequest): ApiRequest {
    const path = () => `/${segments.join('/')}`;
    if (!METHODS.has(method)) throw errors.methodNotAllowed(method, path());
    const [project, ...rest] = segments;
    if (project === undefined) throw errors.routeNotFound(method, path());
    const projectKey = decodeSegment(project);
    const token = this.recognisedToken(request);
    const { author, caller } = identityOf(token, projectKey, path);
    return { method: method as Method, segments, query, request, projectKey, rest, token, author, caller, path, body: request.body };
  }

  /** The token behind `Authorization: Bearer`, if the mock issued it; enforces the authentication options. */
  private recognisedToken(request: MockRequest): TokenRecord | undefined {
    const authorization = header(request, 'authorization');
    const bearer = authorization && /^Bearer\s+(\S+)/i.exec(authorization)?.[1];
    const token = bearer ? this.tokens.get(bearer) : undefined;
    if (this.options.enableAuthentication && this.options.validateCredentials && !token) throw errors.invalidToken();
    // The platform answers an expired token as it answers an unknown one.
    if (token && this.options.enforceTokenExpiry && this.tokens.isExpired(token)) throw errors.invalidToken();
    return token;
  }

  /** `/oauth/...`: the token server. */
  private serveToken({ method, segments, query, request }: RoutedRequest): MockResponse | undefined {
    if (segments[0] !== 'oauth') return undefined;
    const result = this.tokenServer.handle({
      method,
      segments: segments.slice(1),
      query,
      body: request.body,
      authorization: header(request, 'authorization'),
    });
    return reply(result.status, result.body, method);
  }

  /** `GET /{projectKey}/images/{file}`: an uploaded image, its bytes with their content type. */
  private serveImage({ method, segments }: RoutedRequest): MockResponse | undefined {
    if (segments[1] !== IMAGES_SEGMENT || segments.length !== 3 || (method !== 'GET' && method !== 'HEAD')) return undefined;
    const project = decodeSegment(segments[0]!);
    const file = decodeSegment(segments[2]!);
    const image = storedImage(this.engine.storage, project, file);
    if (!image) throw errors.resourceNotFound({ key: file });
    const headers = { 'content-type': image.contentType, 'cache-control': 'public, max-age=31536000, immutable' };
    return method === 'HEAD' ? { status: 200, headers } : { status: 200, headers, bytes: image.bytes };
  }

  /**
   * `GET /{projectKey}/subscriptions/{id}/health`: polled by monitoring systems, so served without
   * authorization, as on the platform.
   */
  private serveSubscriptionHealth({ method, segments }: RoutedRequest): MockResponse | undefined {
    if (segments.length !== 4 || segments[1] !== 'subscriptions' || segments[3] !== 'health') return undefined;
    if (method !== 'GET' && method !== 'HEAD') throw errors.methodNotAllowed(method, `/${segments.join('/')}`);
    const id = decodeSegment(segments[2]!);
    const subscription = this.engine.storage.get(decodeSegment(segments[0]!), SUBSCRIPTION_TYPE_ID, id) as Subscription | undefined;
    if (!subscription) throw errors.resourceNotFound({ id });
    const health = subscriptionHealth(subscription);
    return reply(health.status, health.body, method);
  }

  /** `POST /{projectKey}/graphql`. */
  private serveGraphql(api: ApiRequest): Reply | undefined {
    if (api.rest.length !== 1 || api.rest[0] !== 'graphql') return undefined;
    if (api.method !== 'POST') throw errors.methodNotAllowed(api.method, api.path());
    return graphqlModule().serveGraphql(
      api.request.body,
      this.restFor(api),
      (work) => this.engine.transaction(work),
      this.engine.clock.now(),
      api.caller,
    );
  }

  /**
   * What a GraphQL request's resolvers call: the route of a method and path under the GraphQL
   * request's project, in the context derived for it once (its token, author and caller; the scope
   * is the path's), with the field's input as the body's value, answering the route's body.
   */
  private restFor(api: ApiRequest): RestCall {
    return (method, path, query = new URLSearchParams(), body = undefined) => {
      // The project itself is the project key's own path.
      const rest = path === '' ? [] : path.split('/');
      const segments = [api.segments[0]!, ...rest];
      const field: ApiRequest = {
        ...api,
        method,
        segments,
        query,
        rest,
        path: () => `/${segments.join('/')}`,
        body: body === undefined ? undefined : { value: body },
      };
      return (this.serveScoped(field) ?? this.serveRest(field)).body;
    };
  }

  /** A caller-scoped prefix is served by its own router only (fail closed), with the scope on the context. */
  private serveScoped(api: ApiRequest): Reply | undefined {
    const found = this.scopes.resolve(api.method, api.rest, api.token, api.caller);
    return found === NOT_SCOPED ? undefined : this.serveRoute(found, api);
  }

  /**
   * The main API's routes; then the Import and Checkout APIs', whose paths the main API does not
   * use: a client that derives their hosts from the API URL (commerce-mcp replaces `//api.`) finds
   * no host to derive from a loopback URL, and sends their requests to the main API's origin.
   */
  private serveRest(api: ApiRequest): Reply {
    const found =
      this.routers.api.resolve(api.method, api.rest) ??
      this.routers.import.resolve(api.method, api.rest) ??
      this.routers.checkout.resolve(api.method, api.rest);
    return this.serveRoute(found, api);
  }

  /** Runs the route a mount found (none: 404; another method's: 405) in the request's context. */
  private serveRoute(found: ScopedMatch, api: ApiRequest): Reply {
    const { method, path, request, body } = api;
    if (found === undefined) throw errors.routeNotFound(method, path());
    if (found === 'method-not-allowed') throw errors.methodNotAllowed(method, path());
    const ctx = this.engine.context(api.projectKey, api.author, this.engine.clock.now(), found.scope);
    const raw: RawRequest = { apiOrigin: this.options.apiUrl };
    const contentType = header(request, 'content-type');
    if (contentType !== undefined) raw.contentType = contentType;
    if (request.bytes !== undefined) raw.bytes = request.bytes;
    const call = new Call(method, found.params, api.query, body, ctx, this.expander, raw);
    const result = found.route.handle(call);
    // HEAD on a query answers whether anything matches: 404 for an empty page, as the platform does.
    if (method === 'HEAD' && isEmptyPage(result.body)) throw errors.resourceNotFound({ key: path() });
    return result;
  }
}

function isEmptyPage(body: unknown): boolean {
  const page = body as { results?: unknown; total?: unknown } | undefined;
  return Array.isArray(page?.results) && page.results.length === 0 && (page.total === undefined || page.total === 0);
}
