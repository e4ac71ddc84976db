/**
 * The admin API: what a test process that does not own the mock (the remote `commerce` fixture, a
 * script, curl) needs to seed it, read it, issue tokens and inspect what it served. Served by the
 * standalone server under `/__mock/`; transport-neutral like `CommerceMock.handle`.
 */
import * as z from 'zod';
import { FAILING_STATUSES } from '../engine/subscription.js';
import { errors, PlatformError } from '../http/errors.js';
import { header, type MockRequest, type MockResponse } from '../http/exchange.js';
import { type CommerceMock, mockInternals } from '../api/mock.js';
import type { ProjectView } from '../api/project.js';
import type { TokenFilter, TokenGrant } from '../auth/tokens.js';
import type { JournalFilter } from '../core/journal.js';
import type { FaultRule } from '../core/faults.js';
import { type PathPattern, Router } from '../http/router.js';
import type { Method } from '../http/context.js';
import { snapshotShelf } from './client.js';
import { ProjectKey } from '../engine/validation.js';
import { apisAt } from '../http/apis.js';
import { originsOf } from '../api/options.js';
import { once } from '../util/once.js';

export const ADMIN_PREFIX = '/__mock';

export interface AdminOptions {
  /** When set, every admin route but `health` needs `Authorization: Bearer <adminToken>`. */
  adminToken?: string;
  /** Without a token the admin routes are served only to a server bound to loopback. */
  loopbackOnly: boolean;
  /**
   * Browser origins allowed to call the admin routes (`http://localhost:3000`). Test code and tools
   * send no `Origin`; a page does, and without this a page on any site could read and wipe the mock.
   */
  allowedOrigins?: readonly string[];
}

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };

/** The admin routes' bodies, made on the first admin request: an in-process mock never gets one. */
const bodies = once(() => {
  const SeedBody = z
    .object({
      /** `[typeId, draft]` pairs, created in order as `data.seed()` creates them. */
      items: z.array(z.tuple([z.string(), z.unknown()])).max(10_000),
    })
    .strict();
  const CreateBody = z
    .object({
      draft: z.unknown(),
      author: z
        .object({
          isPlatformClient: z.literal(false),
          clientId: z.string().optional(),
          customer: z
            .object({ typeId: z.literal('customer'), id: z.string() })
            .strict()
            .optional(),
          anonymousId: z.string().optional(),
        })
        .strict()
        .optional(),
    })
    .strict();
  const UpdateBody = z.object({ version: z.number().int(), actions: z.array(z.object({}).passthrough()) }).strict();
  const TokenBody = z.discriminatedUnion('kind', [
    z
      .object({
        kind: z.literal('client'),
        clientId: z.string().optional(),
        scope: z.string().optional(),
        projectKey: ProjectKey.optional(),
      })
      .strict(),
    z
      .object({
        kind: z.literal('customer'),
        customerId: z.string(),
        clientId: z.string().optional(),
        scope: z.string().optional(),
        storeKey: z.string().optional(),
        projectKey: ProjectKey.optional(),
      })
      .strict(),
    z
      .object({
        kind: z.literal('anonymous'),
        anonymousId: z.string().optional(),
        clientId: z.string().optional(),
        scope: z.string().optional(),
        projectKey: ProjectKey.optional(),
      })
      .strict(),
  ]);
  const TokenFilterBody = z
    .object({
      kind: z.enum(['client', 'customer', 'anonymous']).optional(),
      customerId: z.string().optional(),
      anonymousId: z.string().optional(),
      clientId: z.string().optional(),
      projectKey: ProjectKey.optional(),
    })
    .strict();
  const FailBody = z.object({ status: z.enum([...FAILING_STATUSES]) }).strict();
  const AdvanceBody = z.object({ duration: z.union([z.string(), z.number()]) }).strict();
  const SetBody = z.object({ time: z.string() }).strict();
  return { SeedBody, CreateBody, UpdateBody, TokenBody, TokenFilterBody, FailBody, AdvanceBody, SetBody };
});

const TOKEN_FILTERS = ['kind', 'customerId', 'anonymousId', 'clientId', 'projectKey'] as const;
const MESSAGE_FILTERS = ['type', 'resourceId', 'resourceTypeId', 'projectKey'] as const;
const DELIVERY_FILTERS = [...MESSAGE_FILTERS, 'subscriptionKey', 'subscriptionId', 'notificationType', 'undelivered'] as const;
const REQUEST_FILTERS = ['method', 'path', 'pathGlob', 'status', 'since', 'limit'] as const;

/** One admin request, as its route reads it. */
interface AdminCall {
  mock: CommerceMock;
  params: Record<string, string>;
  query: URLSearchParams;
  /** The body's text as sent. */
  text: string | undefined;
  /** The body parsed as JSON (an empty or malformed one is refused). */
  json(): unknown;
  /** The project `?projectKey=` names, the default one without it. */
  project(): ProjectView;
  /** The server's origin as the client named it (its `Host`). */
  origin: string | undefined;
}

interface AdminRoute extends PathPattern {
  handle(call: AdminCall): MockResponse;
}

const admin = (method: AdminRoute['method'], path: string, handle: AdminRoute['handle']): AdminRoute => ({
  method,
  pattern: path.split('/'),
  handle,
});

/** The resource type a path names; an unknown one is the caller's 400, not a fault of the mock. */
function readType<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof TypeError) throw errors.invalidInput(error.message);
    throw error;
  }
}

const orNotFound = <T>(value: T | undefined, missing: () => PlatformError): MockResponse => {
  if (value === undefined) throw missing();
  return reply(200, value);
};

/**
 * The admin routes, grouped by the nouns of the programmatic API (docs/api.md): `data`, `events`,
 * `tokens`, `journal`, `state`, `faults`, `permissions`, `clock`.
 */
const ROUTES = new Router<AdminRoute>();
ROUTES.add('info', [
  admin('GET', '', ({ mock, origin }) => reply(200, { ...info(mock), apis: origin ? apisAt(origin) : originsOf(mock.options) })),
]);
ROUTES.add('data', [
  admin('POST', 'seed', (call) => {
    const { items } = validate(bodies().SeedBody, call.json());
    return reply(201, { results: readType(() => call.project().data.seed(items as never)) });
  }),
  admin('GET', ':type', (call) => reply(200, { results: readType(() => call.project().data.all(call.params.type!)) })),
  admin('POST', ':type', (call) => {
    const { draft, author } = validate(bodies().CreateBody, call.json());
    return reply(
      201,
      readType(() => call.project().data.create(call.params.type!, draft, author ? { author } : {})),
    );
  }),
  admin('GET', ':type/query', (call) => {
    const params = new URLSearchParams(call.query);
    params.delete('projectKey');
    return reply(
      200,
      readType(() => call.project().data.query(call.params.type!, params)),
    );
  }),
  admin('GET', ':type/key=:key', (call) => {
    const key = call.params.key!;
    return orNotFound(
      readType(() => call.project().data.getByKey(call.params.type!, key)),
      () => errors.resourceNotFound({ key }),
    );
  }),
  admin('GET', ':type/:id', (call) => {
    const id = call.params.id!;
    return orNotFound(
      readType(() => call.project().data.get(call.params.type!, id)),
      () => errors.resourceNotFound({ id }),
    );
  }),
  admin('POST', ':type/:id', (call) => {
    const body = validate(bodies().UpdateBody, call.json());
    return reply(
      200,
      readType(() => call.project().data.update(call.params.type!, call.params.id!, body)),
    );
  }),
]);
ROUTES.add('events', [
  admin('GET', 'messages', (call) => {
    const { projectKey: _project, ...filter } = filterOf(call.query, MESSAGE_FILTERS);
    return reply(200, { results: call.project().events.messages(filter) });
  }),
  admin('GET', 'deliveries', (call) => {
    const { projectKey: _project, undelivered, ...filter } = filterOf(call.query, DELIVERY_FILTERS);
    return reply(200, { results: call.project().events.deliveries({ ...filter, undelivered: undelivered === 'true' }) });
  }),
  admin('POST', 'destinations/:key/fail', (call) => {
    const { status } = validate(bodies().FailBody, call.json());
    call.project().events.failDestination(call.params.key!, status as never);
    return reply(200, { status });
  }),
  admin('POST', 'destinations/:key/repair', (call) => reply(200, { status: call.project().events.repairDestination(call.params.key!) })),
]);
ROUTES.add('tokens', [
  admin('GET', '', ({ mock, query }) => reply(200, { results: mock.tokens.list(filterOf(query, TOKEN_FILTERS) as TokenFilter) })),
  admin('POST', '', ({ mock, json }) => reply(201, mock.tokens.issue(validate(bodies().TokenBody, json()) as TokenGrant))),
  admin('POST', 'expire', ({ mock, text, json }) => {
    const filter = validate(bodies().TokenFilterBody, text?.trim() ? json() : {});
    return reply(200, { expired: mock.tokens.expire(filter as TokenFilter) });
  }),
  admin('GET', ':accessToken', ({ mock, params }) =>
    orNotFound(mock.tokens.get(params.accessToken!), () => errors.resourceNotFound({ id: params.accessToken! })),
  ),
]);
ROUTES.add('journal', [
  admin('GET', 'requests', ({ mock, query }) =>
    reply(200, { results: mock.journal.requests(journalFilter(query)), lastSequence: mock.journal.lastSequence() }),
  ),
  admin('GET', 'last-sequence', ({ mock }) => reply(200, { lastSequence: mock.journal.lastSequence() })),
]);
ROUTES.add('state', [
  admin('POST', 'clear', ({ mock }) => {
    mock.state.clear();
    return reply(200, { cleared: true });
  }),
  admin('POST', 'snapshots', ({ mock }) => reply(201, { snapshotId: snapshotShelf(mock).keep(mock.state.snapshot()) })),
  admin('POST', 'snapshots/:id/restore', ({ mock, params }) => {
    mock.state.restore(snapshotShelf(mock).find(params.id!));
    return reply(200, { restored: true });
  }),
  admin('GET', 'export', ({ mock, query }) => {
    const { tokens } = filterOf(query, ['tokens']);
    if (tokens !== undefined && tokens !== 'true' && tokens !== 'false') {
      throw errors.invalidInput(`Malformed parameter: tokens: '${tokens}' is not true or false.`);
    }
    return reply(200, mock.state.export({ tokens: tokens === 'true' }));
  }),
  admin('POST', 'import', ({ mock, text }) => {
    // The text itself: import() names what is wrong with it, JSON syntax included.
    mock.state.import(text ?? '');
    return reply(200, { imported: true });
  }),
]);
ROUTES.add('faults', [
  admin('GET', '', ({ mock }) => reply(200, { results: mock.faults.list() })),
  admin('POST', '', ({ mock, json }) => {
    mock.faults.add(json() as FaultRule);
    return reply(201, { results: mock.faults.list() });
  }),
  admin('POST', 'clear', ({ mock }) => {
    mock.faults.clear();
    return reply(200, { cleared: true });
  }),
]);
ROUTES.add('permissions', [admin('GET', 'decisions', ({ mock }) => reply(200, { results: mock.permissions.decisions() }))]);
ROUTES.add('clock', [
  admin('GET', '', ({ mock }) => reply(200, { now: mock.clock.now() })),
  admin('POST', 'advance', ({ mock, json }) => reply(200, { now: mock.clock.advance(validate(bodies().AdvanceBody, json()).duration) })),
  admin('POST', 'set', ({ mock, json }) => reply(200, { now: mock.clock.set(validate(bodies().SetBody, json()).time) })),
  admin('POST', 'reset', ({ mock }) => reply(200, { now: mock.clock.reset() })),
]);

function info(mock: CommerceMock) {
  return { defaultProjectKey: mock.options.defaultProjectKey, storage: mockInternals(mock).storage.name };
}

/** The URL of an admin request (its path under `/__mock`), or `undefined` for any other request. */
export function adminUrl(requestUrl: string): URL | undefined {
  // Every API request passes here: most are told apart without parsing a URL. The parser neither
  // decodes nor adds characters, so an admin path (dot segments, backslashes and all) spells the prefix.
  if (!requestUrl.includes(ADMIN_PREFIX.slice(1))) return undefined;
  const url = new URL(requestUrl, 'http://localhost');
  return url.pathname === ADMIN_PREFIX || url.pathname.startsWith(`${ADMIN_PREFIX}/`) ? url : undefined;
}

/** Serves `/__mock/...`; `undefined` for any other path. */
export function serveAdmin(mock: CommerceMock, request: MockRequest, options: AdminOptions): MockResponse | undefined {
  const url = adminUrl(request.url);
  if (!url) return undefined;
  const method = request.method.toUpperCase() as Method;
  const path = url.pathname.slice(ADMIN_PREFIX.length);
  try {
    if (path === '/health' && (method === 'GET' || method === 'HEAD')) return reply(200, { status: 'ok', storage: info(mock).storage });
    refuseBrowsers(request, options);
    authorize(request, options);
    const segments = path.split('/').slice(1);
    const found = ROUTES.resolve(method, segments.length === 1 ? [segments[0]!, ''] : segments);
    if (found === undefined) throw errors.routeNotFound(method, url.pathname);
    if (found === 'method-not-allowed') throw errors.methodNotAllowed(method, url.pathname);
    const query = url.searchParams;
    return found.route.handle({
      mock,
      params: found.params,
      query,
      text: request.body,
      json: () => parseBody(request.body),
      project: () => (query.has('projectKey') ? mock.project(projectKeyParam(query)) : mock),
      origin: hostOrigin(header(request, 'host')),
    });
  } catch (error) {
    if (error instanceof PlatformError) return reply(error.statusCode, error.toJSON());
    if (error instanceof TypeError) return reply(400, errors.invalidInput(error.message).toJSON());
    throw error;
  }
}

/** `http://{host}` for a `Host` header that names a host and port only. */
function hostOrigin(host: string | undefined): string | undefined {
  return host !== undefined && /^[\w.-]+(?::\d+)?$|^\[[\da-f:.]+\](?::\d+)?$/i.test(host) ? `http://${host}` : undefined;
}

function reply(status: number, body: unknown): MockResponse {
  return { status, headers: JSON_HEADERS, body };
}

const LOOPBACK_HOST = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d+)?$/i;

/**
 * The admin routes are for test code and tools, not web pages: a request from a page (it names its
 * `Origin`) is refused unless that origin is allowed, and on a loopback server without a token, a
 * `Host` other than loopback is refused (a page reaching the mock through DNS rebinding names its own).
 */
function refuseBrowsers(request: MockRequest, options: AdminOptions): void {
  const origin = header(request, 'origin');
  if (origin !== undefined && !options.allowedOrigins?.includes(origin)) {
    throw errors.insufficientScope(
      `The admin routes do not serve web pages: the origin ${origin} is not allowed. Allow it on purpose with --admin-allow-origin ${origin} (or COMMERCE_MOCK_ADMIN_ALLOW_ORIGIN).`,
    );
  }
  const host = header(request, 'host');
  if (options.loopbackOnly && options.adminToken === undefined && host !== undefined && !LOOPBACK_HOST.test(host)) {
    throw errors.insufficientScope(`The admin routes of a loopback server answer loopback host names only, not '${host}'.`);
  }
}

function authorize(request: MockRequest, options: AdminOptions): void {
  if (options.adminToken === undefined) {
    if (options.loopbackOnly) return;
    throw errors.insufficientScope(
      'The admin routes of a server that listens beyond loopback need a secret: start it with --admin-token (or COMMERCE_MOCK_ADMIN_TOKEN) and send Authorization: Bearer <token>.',
    );
  }
  const given = /^Bearer\s+(\S+)/i.exec(header(request, 'authorization') ?? '')?.[1];
  if (given === undefined)
    throw new PlatformError(401, [{ code: 'invalid_token', message: 'The admin routes need Authorization: Bearer <admin token>.' }], {
      oauth: true,
    });
  if (given !== options.adminToken) throw errors.insufficientScope('The admin token is not the one this server was started with.');
}

function parseBody(text: string | undefined): unknown {
  if (text === undefined || text.trim() === '') throw errors.invalidJsonInput('The request body is empty: a JSON object is expected.');
  try {
    return JSON.parse(text);
  } catch (error) {
    throw errors.invalidJsonInput(error instanceof Error ? error.message : String(error));
  }
}

function validate<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const detail = result.error.issues.map((issue) => `${issue.path.join(' -> ') || '(body)'}: ${issue.message}`).join('; ');
  throw errors.invalidJsonInput(detail);
}

function projectKeyParam(query: URLSearchParams): string {
  const value = query.get('projectKey')!;
  if (!ProjectKey.safeParse(value).success) throw errors.invalidInput(`Malformed parameter: projectKey: '${value}' is not a project key.`);
  return value;
}

/** The query parameters as a filter object; any parameter the filter does not know is refused. */
function filterOf(query: URLSearchParams, known: readonly string[]): Record<string, string> {
  const filter: Record<string, string> = {};
  for (const [name, value] of query) {
    if (!known.includes(name)) throw errors.invalidInput(`Unknown parameter '${name}'. Known: ${known.join(', ')}.`);
    filter[name] = value;
  }
  return filter;
}

function journalFilter(query: URLSearchParams): JournalFilter {
  if (query.has('pathPattern')) {
    throw errors.invalidInput(
      "Unknown parameter 'pathPattern': the admin API runs no regular expression (one can stall the server). Use pathGlob (* and ?), or filter by a RegExp in your process (connectCommerceMock does).",
    );
  }
  const { method, path, pathGlob, status, since, limit } = filterOf(query, REQUEST_FILTERS);
  const filter: JournalFilter = {};
  if (method !== undefined) filter.method = method;
  if (path !== undefined && pathGlob !== undefined) throw errors.invalidInput('Give path or pathGlob, not both.');
  if (path !== undefined) filter.path = path;
  if (pathGlob !== undefined) filter.pathGlob = pathGlob;
  for (const [name, value] of [
    ['status', status],
    ['since', since],
    ['limit', limit],
  ] as const) {
    if (value === undefined) continue;
    if (!/^\d+$/.test(value)) throw errors.invalidInput(`Malformed parameter: ${name}: '${value}' is not a whole number.`);
    filter[name] = Number(value);
  }
  return filter;
}
