/**
 * The admin API: what a test process that does not own the mock (the remote `commerce` fixture, a
 * script, curl) needs to seed it, read it, issue tokens and inspect what it served. Served by the
 * standalone server under `/__mock/`; transport-neutral like `CommerceMock.handle`.
 */
import { z } from 'zod';
import { FAILING_STATUSES } from '../engine/subscription.js';
import { errors, PlatformError } from '../http/errors.js';
import { header, type MockRequest, type MockResponse } from '../http/exchange.js';
import type { CommerceMock } from '../api/mock.js';
import type { TokenFilter } from '../auth/tokens.js';
import type { JournalFilter } from '../core/journal.js';
import { snapshotShelf } from './client.js';

export const ADMIN_PREFIX = '/__mock';

export interface AdminOptions {
  /** When set, every admin route but `health` needs `Authorization: Bearer <adminToken>`. */
  adminToken?: string;
  /** Without a token the admin routes are served only to a server bound to loopback. */
  loopbackOnly: boolean;
}

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };

const ProjectKey = z.string().regex(/^[a-z0-9_-]{2,36}$/);

const SeedBody = z
  .object({
    projectKey: ProjectKey.optional(),
    /** `[typeId, draft]` pairs, created in order as `mock.seed()` creates them. */
    items: z.array(z.tuple([z.string(), z.unknown()])).max(10_000),
  })
  .strict();

const TokenBody = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('client'), clientId: z.string().optional(), scope: z.string().optional() }).strict(),
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

const TOKEN_FILTERS = ['kind', 'customerId', 'anonymousId', 'clientId', 'projectKey'] as const;
const MESSAGE_FILTERS = ['type', 'resourceId', 'resourceTypeId', 'projectKey'] as const;
const DestinationStatusBody = z.object({ status: z.enum(['Healthy', ...FAILING_STATUSES]) }).strict();
const DELIVERY_FILTERS = [...MESSAGE_FILTERS, 'subscriptionKey', 'subscriptionId', 'notificationType', 'undelivered'] as const;
const REQUEST_FILTERS = ['method', 'path', 'pathPattern', 'pathFlags', 'status', 'since', 'limit'] as const;

/** Serves `/__mock/...`; `undefined` for any other path. */
export function serveAdmin(mock: CommerceMock, request: MockRequest, options: AdminOptions): MockResponse | undefined {
  // Every API request passes here: most are told apart without parsing a URL. The parser neither
  // decodes nor adds characters, so an admin path (dot segments, backslashes and all) spells the prefix.
  if (!request.url.includes(ADMIN_PREFIX.slice(1))) return undefined;
  const url = new URL(request.url, 'http://localhost');
  if (url.pathname !== ADMIN_PREFIX && !url.pathname.startsWith(`${ADMIN_PREFIX}/`)) return undefined;
  const method = request.method.toUpperCase();
  const path = url.pathname.slice(ADMIN_PREFIX.length);
  try {
    if (path === '/health' && (method === 'GET' || method === 'HEAD')) return reply(200, { status: 'ok', storage: mock.storage.name });
    authorize(request, options);
    const body = () => parseBody(request.body);
    const query = url.searchParams;
    const scope = () => (query.has('projectKey') ? { projectKey: projectKeyParam(query) } : undefined);
    const route = `${method} ${path}`;
    if (route === 'GET /info') return reply(200, { defaultProjectKey: mock.options.defaultProjectKey, storage: mock.storage.name });
    if (route === 'POST /clear') {
      mock.clear();
      return reply(200, { cleared: true });
    }
    if (route === 'GET /faults') return reply(200, { results: mock.faults.list() });
    if (route === 'POST /faults') {
      mock.faults.add(body() as never);
      return reply(201, { results: mock.faults.list() });
    }
    if (route === 'POST /faults/clear') {
      mock.faults.clear();
      return reply(200, { cleared: true });
    }
    if (route === 'POST /snapshots') return reply(201, { snapshotId: snapshotShelf(mock).keep(mock.snapshot()) });
    const restore = /^\/snapshots\/([^/]+)\/restore$/.exec(path);
    if (restore && method === 'POST') {
      mock.restore(snapshotShelf(mock).find(decodeURIComponent(restore[1]!)));
      return reply(200, { restored: true });
    }
    if (route === 'GET /export') {
      const { tokens } = filterOf(query, ['tokens']);
      if (tokens !== undefined && tokens !== 'true' && tokens !== 'false') {
        throw errors.invalidInput(`Malformed parameter: tokens: '${tokens}' is not true or false.`);
      }
      return reply(200, mock.export({ tokens: tokens === 'true' }));
    }
    if (route === 'POST /import') {
      // The text itself: import() names what is wrong with it, JSON syntax included.
      mock.import(request.body ?? '');
      return reply(200, { imported: true });
    }
    if (route === 'GET /tokens') return reply(200, { results: mock.authStore().list(filterOf(query, TOKEN_FILTERS) as TokenFilter) });
    if (route === 'POST /tokens') {
      const { projectKey, ...grant } = validate(TokenBody, body()) as z.infer<typeof TokenBody> & { projectKey?: string };
      return reply(201, mock.issueToken(grant, projectKey ? { projectKey } : undefined));
    }
    if (route === 'POST /tokens/expire') {
      const filter = validate(TokenFilterBody, request.body?.trim() ? body() : {});
      return reply(200, { expired: mock.expireTokens(filter as TokenFilter) });
    }
    if (route === 'GET /permission-decisions') return reply(200, { results: mock.permissionDecisions() });
    if (route === 'GET /requests')
      return reply(200, { results: mock.requests(journalFilter(query)), lastSequence: mock.lastRequestSequence });
    if (route === 'GET /messages') {
      const { projectKey: _project, ...filter } = filterOf(query, MESSAGE_FILTERS);
      return reply(200, { results: mock.messages(filter, scope()) });
    }
    if (route === 'GET /deliveries') {
      const { projectKey: _project, undelivered, ...filter } = filterOf(query, DELIVERY_FILTERS);
      return reply(200, { results: mock.deliveries({ ...filter, undelivered: undelivered === 'true' }, scope()) });
    }
    const destination = /^\/subscriptions\/([^/]+)\/status$/.exec(path);
    if (destination && method === 'POST') {
      const { status } = validate(DestinationStatusBody, body());
      return reply(200, { status: mock.setDestinationStatus(decodeURIComponent(destination[1]!), status, scope()) });
    }
    if (route === 'POST /seed') {
      const { projectKey, items } = validate(SeedBody, body());
      return reply(201, { results: mock.seed(items as Array<[never, unknown]>, projectKey ? { projectKey } : undefined) });
    }
    const resource = /^\/resources\/([^/]+)(?:\/([^/]+))?$/.exec(path);
    if (resource && method === 'GET') {
      const typeId = decodeURIComponent(resource[1]!);
      const target = resource[2] === undefined ? undefined : decodeURIComponent(resource[2]);
      try {
        if (target === undefined) return reply(200, { results: mock.all(typeId, scope()) });
        if (target === 'query') {
          const params = new URLSearchParams(query);
          params.delete('projectKey');
          return reply(200, mock.query(typeId, params, scope()));
        }
        const key = target.startsWith('key=') ? target.slice(4) : undefined;
        const found = key === undefined ? mock.get(typeId, target, scope()) : mock.getByKey(typeId, key, scope());
        if (!found) throw errors.resourceNotFound(key === undefined ? { id: target } : { key });
        return reply(200, found);
      } catch (error) {
        // An unknown type is the caller's mistake, not a fault of the mock.
        if (error instanceof TypeError) throw errors.invalidInput(error.message);
        throw error;
      }
    }
    throw errors.routeNotFound(method, url.pathname);
  } catch (error) {
    if (error instanceof PlatformError) return reply(error.statusCode, error.toJSON());
    if (error instanceof TypeError) return reply(400, errors.invalidInput(error.message).toJSON());
    throw error;
  }
}

function reply(status: number, body: unknown): MockResponse {
  return { status, headers: JSON_HEADERS, body };
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
  const { method, path, pathPattern, pathFlags, status, since, limit } = filterOf(query, REQUEST_FILTERS);
  const filter: JournalFilter = {};
  if (method !== undefined) filter.method = method;
  if (path !== undefined && pathPattern !== undefined) throw errors.invalidInput('Give path or pathPattern, not both.');
  if (path !== undefined) filter.path = path;
  if (pathPattern !== undefined) {
    try {
      filter.path = new RegExp(pathPattern, pathFlags);
    } catch {
      throw errors.invalidInput(
        `Malformed parameter: pathPattern: '${pathPattern}' with flags '${pathFlags ?? ''}' is not a regular expression.`,
      );
    }
  }
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
