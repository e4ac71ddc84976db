import type { CommerceMock } from '../../api/mock.js';
import { connectionDropped, lateness, type MockRequest, type MockResponse } from '../../http/exchange.js';
import { routeOf, servedOrigins } from './platform-hosts.js';
import { byteLength, requestBody } from '../../http/body.js';

/** Statuses whose responses carry no body (the Response constructor refuses one). */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

function headersOf(init: RequestInit['headers'] | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  if (!init) return headers;
  if (init instanceof Headers)
    init.forEach((value, name) => {
      headers[name] = value;
    });
  else if (Array.isArray(init)) for (const [name, value] of init) headers[name!.toLowerCase()] = value!;
  else for (const [name, value] of Object.entries(init)) headers[name.toLowerCase()] = String(value);
  return headers;
}

/** The body as MockRequest fields: a string stays text; anything else is read as bytes and sorted by its content type. */
async function bodyFields(body: RequestInit['body'], contentType: string | undefined): Promise<Pick<MockRequest, 'body' | 'bytes'>> {
  if (body === undefined || body === null) return {};
  if (typeof body === 'string') return { body };
  return requestBody(new Uint8Array(await new Response(body).arrayBuffer()), contentType);
}

/**
 * A Fetch API request as the mock's MockRequest, its body read to the end (as a server would before
 * answering): the shape node:http interception and msw handlers are handed.
 */
export async function mockRequestOf(request: Request): Promise<MockRequest> {
  const headers = headersOf(request.headers);
  const mockRequest: MockRequest = { method: request.method, url: request.url, headers };
  if (request.body === null) return mockRequest;
  const bytes = new Uint8Array(await request.arrayBuffer());
  // No bytes is no body, as over a socket: the server reads a DELETE without a body the same way.
  return bytes.length === 0 ? mockRequest : Object.assign(mockRequest, requestBody(bytes, headers['content-type']));
}

/** The mock's answer as a Fetch API Response. */
export function fetchResponseOf(response: MockResponse, method: string): Response {
  const content =
    method.toUpperCase() === 'HEAD' || NULL_BODY_STATUSES.has(response.status)
      ? null
      : (response.bytes ?? (response.body === undefined ? null : JSON.stringify(response.body)));
  if (content === null) return new Response(null, { status: response.status, headers: response.headers });
  // Its length, as a server sends it: node:http clients would otherwise see a body without one.
  const length = typeof content === 'string' ? byteLength(content) : content.length;
  return new Response(content, { status: response.status, headers: { ...response.headers, 'content-length': String(length) } });
}

/**
 * Serves a request the way every Fetch-shaped transport answers: the mock's answer once its delay
 * (a fault rule's `delayMs`, `latencyMs`) is over, or `undefined` when a fault rule drops the
 * connection, which each transport fails in its own client's terms.
 */
export async function serveAsFetch(mock: CommerceMock, request: MockRequest): Promise<Response | undefined> {
  const response = await mock.respond(request);
  if (response.dropConnection) return undefined;
  await lateness(response);
  return fetchResponseOf(response, request.method);
}

export interface MockFetchOptions {
  /**
   * Requests to other hosts: pass them to the global `fetch` (default) or refuse them. Hosts of the
   * real platform (`*.commercetools.com`, ...) other than the mock's are refused either way.
   */
  allowNetConnect?: boolean;
}

/**
 * A `fetch` served by the mock directly: requests to its API and auth origins never leave the
 * process and touch no global state. Pass it where a client takes a fetch, such as the official
 * SDK's `httpClient`.
 */
export function createMockFetch(mock: CommerceMock, options: MockFetchOptions = {}): typeof fetch {
  const origins = servedOrigins(mock);
  const mockFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const target = new URL(url);
    if (!origins.has(target.origin)) {
      const route = routeOf(mock, target, options.allowNetConnect !== false);
      if (route instanceof Error) throw route;
      return fetch(input, init);
    }
    const request: MockRequest =
      input instanceof Request && init === undefined
        ? { method: input.method, url, headers: headersOf(input.headers) }
        : {
            method: init?.method ?? (input instanceof Request ? input.method : 'GET'),
            url,
            headers: headersOf(init?.headers ?? (input instanceof Request ? input.headers : undefined)),
          };
    const body = init?.body !== undefined ? init.body : input instanceof Request ? input.body : undefined;
    Object.assign(request, await bodyFields(body, request.headers?.['content-type'] as string | undefined));
    const response = await serveAsFetch(mock, request);
    // What the global fetch throws when the other side resets the connection.
    if (response === undefined) throw new TypeError('fetch failed', { cause: connectionDropped(url) });
    return response;
  };
  return mockFetch as typeof fetch;
}
