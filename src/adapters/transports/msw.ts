import { http, type HttpHandler } from 'msw';
import type { CommerceMock } from '../../api/mock.js';
import { connectionDropped } from '../../http/exchange.js';
import { CORS_HEADERS } from '../../http/cors.js';
import { mockRequestOf, serveAsFetch } from './fetch.js';
import { routeOf } from './platform-hosts.js';

/**
 * msw fails a request as a network error, its message kept, when a handler throws an error shaped
 * as Node's (`code` and `errno`); any other error would become a 500 answer the SDK retries.
 */
function networkError(error: Error & { code?: string; errno?: number }): Error {
  return Object.assign(error, { code: error.code ?? 'ECONNREFUSED', errno: error.errno ?? 0 });
}

/**
 * msw request handlers that serve `mock`: requests to its origins (`apiUrl`, `authUrl` and the other
 * APIs') are answered by it (faults, delays, extensions and the journal included), requests to any
 * other host of the real platform fail as network errors naming those origins, and every other
 * request is left to the handlers after these. Add them to a setup you have:
 * `server.use(...commerceHandlers(mock))` in Node, or `network.use(...)` of `@msw/playwright`, whose
 * pages' requests are cross-origin: preflights are answered, and every answer allows any origin, as
 * the server's do.
 */
export function commerceHandlers(mock: CommerceMock): HttpHandler[] {
  return [
    http.all('*', async ({ request }) => {
      const route = routeOf(mock, new URL(request.url), true);
      if (route === 'pass') return undefined;
      if (route instanceof Error) throw networkError(route);
      if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: CORS_HEADERS });
      const response = await serveAsFetch(mock, await mockRequestOf(request));
      if (response === undefined) throw networkError(connectionDropped(request.url));
      for (const [name, value] of Object.entries(CORS_HEADERS)) response.headers.set(name, value);
      return response;
    }),
  ];
}
