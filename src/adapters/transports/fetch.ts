import type { CommerceMock } from '../../api/mock.js';
import { connectionDropped, lateness, type MockRequest } from '../../http/exchange.js';
import { isUnservedPlatformUrl, platformRefusal } from './platform-hosts.js';
import { requestBody } from '../../http/body.js';

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
  const origins = new Set([mock.options.apiUrl, mock.options.authUrl]);
  const mockFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const target = new URL(url);
    if (!origins.has(target.origin)) {
      if (isUnservedPlatformUrl(mock, target)) throw platformRefusal(mock, target.origin);
      if (options.allowNetConnect === false)
        throw new Error(`commerce-mock: refused a request to ${target.origin}: allowNetConnect is false.`);
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
    const response = await mock.respond(request);
    // What the global fetch throws when the other side resets the connection.
    if (response.dropConnection) throw new TypeError('fetch failed', { cause: connectionDropped(url) });
    await lateness(response);
    const content = NULL_BODY_STATUSES.has(response.status)
      ? null
      : (response.bytes ?? (response.body === undefined ? null : JSON.stringify(response.body)));
    return new Response(request.method.toUpperCase() === 'HEAD' ? null : content, { status: response.status, headers: response.headers });
  };
  return mockFetch as typeof fetch;
}
