import { createRequire } from 'node:module';
import type { CommerceMock } from '../../api/mock.js';
import { connectionDropped, lateness, type MockRequest, type MockResponse } from '../../http/exchange.js';
import { isUnservedPlatformUrl, platformRefusal, servedOrigins } from './platform-hosts.js';
import { requestBody } from '../../http/body.js';

/** The parts of undici this transport uses; any undici 7, or 8 from 8.10.1, provides them. */
interface UndiciModule {
  MockAgent: new (options?: object) => MockAgentLike & { dispatch(options: DispatchOptions, handler: DispatchHandler): boolean };
  getGlobalDispatcher(): unknown;
  setGlobalDispatcher(dispatcher: unknown): void;
}

interface MockAgentLike {
  get(origin: string | ((origin: string) => boolean)): {
    intercept(options: object): {
      reply(callback: (options: InterceptedRequest) => unknown): { persist(): unknown };
      replyWithError(error: Error): { persist(): unknown };
    };
  };
  disableNetConnect(): void;
  enableNetConnect(host?: string | RegExp | ((host: string) => boolean)): void;
  close(): Promise<void>;
}

/** What undici's `dispatch` receives: the request (its origin, path, method, headers and body). */
interface DispatchOptions {
  origin?: string | URL;
  path: string;
  method: string;
  headers?: unknown;
  body?: unknown;
}

/** An undici dispatch handler: the legacy callbacks (undici 7) or the newer ones (undici 8). */
interface DispatchHandler {
  onError?(error: Error): void;
  onResponseError?(controller: unknown, error: Error): void;
}

interface InterceptedRequest {
  path: string;
  method: string;
  origin?: string;
  headers?: unknown;
  [ANSWER]?: MockResponse;
}

export interface InterceptOptions {
  /**
   * Requests to other hosts: let them through (default) or refuse them. Hosts of the real platform
   * (`*.commercetools.com`, ...) other than the mock's are refused either way.
   */
  allowNetConnect?: boolean;
  /** An undici module to use instead of `import('undici')` (e.g. a specific version). */
  undici?: UndiciModule;
}

export interface Interception {
  readonly agent: MockAgentLike;
  /** Puts the previous global dispatcher back and closes the agent; later calls do nothing. */
  restore(): Promise<void>;
}

/** undici hands headers over as an object, an array of pairs, or a flat [name, value, ...] list. */
function normaliseHeaders(raw: unknown): Record<string, string> {
  const headers: Record<string, string> = {};
  if (!raw) return headers;
  if (Array.isArray(raw)) {
    if (raw.length > 0 && Array.isArray(raw[0]))
      for (const [name, value] of raw as string[][]) headers[String(name).toLowerCase()] = String(value);
    else for (let i = 0; i + 1 < raw.length; i += 2) headers[String(raw[i]).toLowerCase()] = String(raw[i + 1]);
    return headers;
  }
  if (typeof (raw as Headers).forEach === 'function' && typeof (raw as Headers).get === 'function') {
    (raw as Headers).forEach((value, name) => {
      headers[name.toLowerCase()] = value;
    });
    return headers;
  }
  const given = raw as Record<string, unknown>;
  for (const name in given) {
    const value = given[name];
    headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return headers;
}

const encoder = new TextEncoder();

/** The body undici handed over as MockRequest fields: text stays text; bytes are read by their content type. */
function bodyFields(body: unknown, contentType: string | undefined): Pick<MockRequest, 'body' | 'bytes'> {
  if (body === undefined || body === null) return {};
  if (typeof body === 'string') return { body };
  if (body instanceof Uint8Array) return requestBody(body, contentType);
  if (body instanceof ArrayBuffer) return requestBody(new Uint8Array(body), contentType);
  return { body: String(body) };
}

const isAsyncIterable = (value: unknown): value is AsyncIterable<unknown> =>
  typeof value === 'object' && value !== null && typeof (value as AsyncIterable<unknown>)[Symbol.asyncIterator] === 'function';

async function collect(body: AsyncIterable<unknown>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of body) chunks.push(typeof chunk === 'string' ? encoder.encode(chunk) : (chunk as Uint8Array));
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
}

function toReply(response: MockResponse) {
  return {
    statusCode: response.status,
    // The official SDK JSON-parses every non-HEAD body: never answer with an empty one.
    data: response.bytes ? Buffer.from(response.bytes) : response.body === undefined ? '' : JSON.stringify(response.body),
    responseOptions: { headers: response.headers },
  };
}

/**
 * Where a request's answer rides through the MockAgent to its interceptor: a symbol on the dispatch
 * options, which undici copies along (object spread keeps symbol keys) to the reply callback.
 */
const ANSWER = Symbol('commerce-mock answer');

type AnsweredOptions = DispatchOptions & { [ANSWER]?: MockResponse };

function failed(handler: DispatchHandler, error: unknown): void {
  const reason = error instanceof Error ? error : new Error(String(error));
  if (typeof handler.onResponseError === 'function') handler.onResponseError(undefined, reason);
  else handler.onError?.(reason);
}

/** The mock's answer to a request undici dispatches: synchronous unless the body arrives as a stream or an extension is called. */
function respondTo(mock: CommerceMock, origin: string, options: DispatchOptions): MockResponse | Promise<MockResponse> {
  const headers = normaliseHeaders(options.headers);
  const request = (body: unknown): MockRequest => ({
    method: options.method,
    url: origin + options.path,
    headers,
    ...bodyFields(body, headers['content-type']),
  });
  // undici 7 hands an empty body over as a stream; undici 8 every body.
  if (!isAsyncIterable(options.body)) return mock.respond(request(options.body));
  if (headers['content-length'] === '0') return mock.respond(request(''));
  return collect(options.body).then((bytes) => mock.respond(request(bytes)));
}

/** `a` is an older release than `b` (plain `major.minor.patch` versions). */
function isOlder(a: string, b: string): boolean {
  const [x, y] = [a, b].map((version) => version.split('.').map((part) => Number.parseInt(part, 10) || 0));
  for (let i = 0; i < 3; i++) if (x![i] !== y![i]) return (x![i] ?? 0) < (y![i] ?? 0);
  return false;
}

/** undici 8.0.3 to 8.10.0 let global fetch bypass a global MockAgent: requests would reach the network. */
export function isUnsafeUndici(version: string): boolean {
  return !isOlder(version, '8.0.3') && isOlder(version, '8.10.1');
}

/** Why this undici cannot serve global fetch on this Node, or `undefined` when it can. */
export function undiciProblem(undiciVersion: string, nodeVersion: string): string | undefined {
  // undici 8 declares Node >= 22.19; installed on Node 20 anyway, it would fail later with a less clear error.
  if (!isOlder(undiciVersion, '8.0.0') && isOlder(nodeVersion, '22.19.0')) {
    return `commerce-mock: undici ${undiciVersion} does not work with Node ${nodeVersion} (it needs Node >= 22.19): on Node 20 use undici 7 (npm install -D undici@7).`;
  }
  if (isUnsafeUndici(undiciVersion)) {
    return `commerce-mock: undici ${undiciVersion} lets global fetch bypass a MockAgent, so requests would reach the real network. Use undici 7 on Node 20, or undici >= 8.10.1.`;
  }
  return undefined;
}

async function loadUndici(): Promise<UndiciModule> {
  let version: string;
  try {
    version = (createRequire(import.meta.url)('undici/package.json') as { version: string }).version;
  } catch {
    throw new Error(
      'commerce-mock: the in-process transport needs the `undici` package (undici 7 on Node 20, undici >= 8.10.1 on Node >= 22): npm install -D undici',
    );
  }
  const problem = undiciProblem(version, process.versions.node);
  if (problem) throw new Error(problem);
  return (await import('undici')) as unknown as UndiciModule;
}

/** A host that can never resolve: if the probe is not answered by the agent, nothing real is reached. */
const PROBE_ORIGIN = 'http://commerce-mock-probe.invalid';

/** Proves that global fetch goes through the agent; fails fast with the reason otherwise. */
async function assertFetchIntercepted(): Promise<void> {
  let answered = false;
  try {
    const response = await fetch(`${PROBE_ORIGIN}/probe`);
    answered = response.status === 204 && response.headers.get('x-commerce-mock-probe') === 'ok';
  } catch {
    answered = false;
  }
  if (!answered) {
    throw new Error(
      `commerce-mock: global fetch is not intercepted by the MockAgent (Node ${process.versions.node}). ` +
        'Use undici 7 on Node 20 and undici >= 8.10.1 on Node >= 22, and make sure nothing replaced the global dispatcher.',
    );
  }
}

/**
 * Serves global `fetch` (and undici) calls to the mock's origins (`apiUrl`, `authUrl` and the other APIs') in-process, through
 * an undici MockAgent installed as the global dispatcher. undici 7 hands the body over as text and
 * needs a synchronous answer; undici 8 hands it over as an async iterable and awaits the answer.
 */
export async function interceptFetch(mock: CommerceMock, options: InterceptOptions = {}): Promise<Interception> {
  const undici = options.undici ?? (await loadUndici());
  const origins = servedOrigins(mock);
  /** The mock's origin of a dispatched request, or `undefined` for any other host. */
  const mockOrigin = (origin: DispatchOptions['origin']): string | undefined => {
    if (origin === undefined) return undefined;
    // undici hands the origin over as text in the usual form: no URL to parse on the common path.
    if (typeof origin === 'string' && origins.has(origin)) return origin;
    const parsed = new URL(String(origin)).origin;
    return origins.has(parsed) ? parsed : undefined;
  };
  /**
   * undici 7's interceptor needs its reply's status synchronously, yet a request that triggers an API
   * extension is answered later. So the agent answers a request to the mock before the interceptor
   * sees it, waiting when it must, and the interceptor replies with that answer: the same path for
   * every request and both undici versions.
   */
  class MockServingAgent extends undici.MockAgent {
    override dispatch(options: DispatchOptions, handler: DispatchHandler): boolean {
      const origin = mockOrigin(options.origin);
      if (origin === undefined) return super.dispatch(options, handler);
      // Object.assign rather than a spread followed by more fields: on Node 20 that spread costs about 1 µs.
      const answered = (answer: MockResponse): AnsweredOptions => Object.assign({}, options, { body: undefined, [ANSWER]: answer });
      const response = respondTo(mock, origin, options);
      if (!(response instanceof Promise) && !response.delayMs && !response.dropConnection) {
        return super.dispatch(answered(response), handler);
      }
      Promise.resolve(response)
        .then(async (settled) => {
          // Failed at the connection: the caller sees fetch's own network error ('fetch failed').
          if (settled.dropConnection) return failed(handler, connectionDropped(origin + options.path));
          await lateness(settled);
          super.dispatch(answered(settled), handler);
        })
        .catch((error: unknown) => failed(handler, error));
      return true;
    }
  }
  const agent = new MockServingAgent();
  if (options.allowNetConnect === false) agent.disableNetConnect();
  else agent.enableNetConnect();

  for (const origin of origins) {
    agent
      .get(origin)
      .intercept({ path: () => true, method: () => true })
      .reply((request: InterceptedRequest) => {
        const response = request[ANSWER];
        if (!response)
          throw new Error(`commerce-mock: no answer for ${request.method} ${origin}${request.path}: dispatch it through the agent.`);
        return toReply(response);
      })
      .persist();
  }

  // Every other host of the real platform: an SDK pointed at another Region fails at once, naming the mock's origins.
  agent
    .get((origin) => isUnservedPlatformUrl(mock, new URL(origin)))
    .intercept({ path: () => true, method: () => true })
    .replyWithError(platformRefusal(mock))
    .persist();

  agent
    .get(PROBE_ORIGIN)
    .intercept({ path: '/probe', method: 'GET' })
    .reply(() => ({ statusCode: 204, data: '', responseOptions: { headers: { 'x-commerce-mock-probe': 'ok' } } }))
    .persist();

  const previous = undici.getGlobalDispatcher();
  undici.setGlobalDispatcher(agent);
  try {
    await assertFetchIntercepted();
  } catch (error) {
    undici.setGlobalDispatcher(previous);
    await agent.close();
    throw error;
  }
  let restored: Promise<void> | undefined;
  return {
    agent,
    // Only once: a second call must not put `previous` back over a dispatcher installed since.
    restore: () =>
      (restored ??= (async () => {
        undici.setGlobalDispatcher(previous);
        await agent.close();
      })()),
  };
}
