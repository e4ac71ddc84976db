import type { CommerceMock } from '../mock.js';
import type { MockRequest, MockResponse } from '../http/types.js';

/** The parts of undici this transport uses; any undici 7, or 8 from 8.10.1, provides them. */
interface UndiciModule {
  MockAgent: new (options?: object) => MockAgentLike;
  getGlobalDispatcher(): unknown;
  setGlobalDispatcher(dispatcher: unknown): void;
}

interface MockAgentLike {
  get(origin: string): { intercept(options: object): { reply(callback: (options: InterceptedRequest) => unknown): { persist(): unknown } } };
  disableNetConnect(): void;
  enableNetConnect(host?: string | RegExp | ((host: string) => boolean)): void;
  close(): Promise<void>;
}

interface InterceptedRequest {
  path: string;
  method: string;
  origin?: string;
  headers?: unknown;
  body?: unknown;
}

export interface InterceptOptions {
  /** Requests to hosts other than the mock's: let them through (default) or refuse them. */
  allowNetConnect?: boolean;
  /** An undici module to use instead of `import('undici')` (e.g. a specific version). */
  undici?: UndiciModule;
}

export interface Interception {
  readonly agent: MockAgentLike;
  /** Puts the previous global dispatcher back and closes the agent. */
  restore(): Promise<void>;
}

/** undici hands headers over as an object, an array of pairs, or a flat [name, value, ...] list. */
function normaliseHeaders(raw: unknown): Record<string, string> {
  const headers: Record<string, string> = {};
  if (!raw) return headers;
  if (Array.isArray(raw)) {
    if (raw.length > 0 && Array.isArray(raw[0])) for (const [name, value] of raw as string[][]) headers[String(name).toLowerCase()] = String(value);
    else for (let i = 0; i + 1 < raw.length; i += 2) headers[String(raw[i]).toLowerCase()] = String(raw[i + 1]);
    return headers;
  }
  if (typeof (raw as Headers).forEach === 'function' && typeof (raw as Headers).get === 'function') {
    (raw as Headers).forEach((value, name) => (headers[name.toLowerCase()] = value));
    return headers;
  }
  for (const [name, value] of Object.entries(raw as Record<string, unknown>)) {
    headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return headers;
}

const decoder = new TextDecoder();

function bodyText(body: unknown): string | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof Uint8Array) return decoder.decode(body);
  if (body instanceof ArrayBuffer) return decoder.decode(new Uint8Array(body));
  if (body instanceof URLSearchParams) return body.toString();
  return String(body);
}

const isAsyncIterable = (value: unknown): value is AsyncIterable<unknown> =>
  typeof value === 'object' && value !== null && typeof (value as AsyncIterable<unknown>)[Symbol.asyncIterator] === 'function';

async function collect(body: AsyncIterable<unknown>): Promise<string> {
  const parts: string[] = [];
  for await (const chunk of body) parts.push(typeof chunk === 'string' ? chunk : decoder.decode(chunk as Uint8Array, { stream: true }));
  parts.push(decoder.decode());
  return parts.join('');
}

function toReply(response: MockResponse) {
  return {
    statusCode: response.status,
    // The official SDK JSON-parses every non-HEAD body: never answer with an empty one.
    data: response.body === undefined ? '' : JSON.stringify(response.body),
    responseOptions: { headers: response.headers },
  };
}

function serve(mock: CommerceMock, origin: string, request: InterceptedRequest, body: string | undefined) {
  const mockRequest: MockRequest = { method: request.method, url: origin + request.path, headers: normaliseHeaders(request.headers) };
  if (body !== undefined) mockRequest.body = body;
  return toReply(mock.handle(mockRequest));
}

/**
 * Serves global `fetch` (and undici) calls to the mock's `apiUrl` and `authUrl` in-process, through
 * an undici MockAgent installed as the global dispatcher. undici 7 hands the body over as text and
 * needs a synchronous answer; undici 8 hands it over as an async iterable and awaits the answer.
 */
export async function interceptFetch(mock: CommerceMock, options: InterceptOptions = {}): Promise<Interception> {
  const undici = options.undici ?? ((await import('undici')) as unknown as UndiciModule);
  const agent = new undici.MockAgent();
  if (options.allowNetConnect === false) agent.disableNetConnect();
  else agent.enableNetConnect();

  for (const origin of new Set([mock.options.apiUrl, mock.options.authUrl])) {
    agent
      .get(origin)
      .intercept({ path: () => true, method: () => true })
      .reply((request: InterceptedRequest) =>
        isAsyncIterable(request.body)
          ? collect(request.body).then((text) => serve(mock, origin, request, text))
          : serve(mock, origin, request, bodyText(request.body)),
      )
      .persist();
  }

  const previous = undici.getGlobalDispatcher();
  undici.setGlobalDispatcher(agent);
  return {
    agent,
    async restore() {
      undici.setGlobalDispatcher(previous);
      await agent.close();
    },
  };
}
