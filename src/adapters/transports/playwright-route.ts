import type { APIResponse, BrowserContext, Page, Route } from '@playwright/test';
import type { CommerceMock } from '../../api/mock.js';
import { CORS_HEADERS } from '../../http/cors.js';
import { requestBody } from '../../http/body.js';
import { lateness } from '../../http/exchange.js';
import { isUnservedPlatformUrl, platformRefusal, servedOrigins } from './platform-hosts.js';

/**
 * Serves a browser context's (or page's) requests to the mock's API and token hosts through
 * Playwright's routing: the page talks to the platform's real URLs and never reaches the network.
 */
export async function routeBrowser(target: BrowserContext | Page, mock: CommerceMock): Promise<void> {
  const origins = servedOrigins(mock);
  await target.route(
    (url) => origins.has(url.origin),
    (route) => fulfil(route, mock),
  );
  // Another host of the real platform: the page's request fails at once and is never sent. A page
  // sees only a network error, so the refusal that names apiUrl and authUrl goes to the test's output.
  await target.route(
    (url) => isUnservedPlatformUrl(mock, url),
    (route) => {
      console.warn(platformRefusal(mock, new URL(route.request().url()).origin).message);
      return route.abort('blockedbyclient');
    },
  );
}

async function fulfil(route: Route, mock: CommerceMock): Promise<void> {
  const request = route.request();
  const method = request.method();
  if (method === 'OPTIONS') return route.fulfill({ status: 204, headers: CORS_HEADERS });
  const headers = await request.allHeaders();
  const bytes = request.postDataBuffer();
  const response = await mock.respond({
    method,
    url: request.url(),
    headers,
    ...(bytes !== null ? requestBody(bytes, headers['content-type']) : {}),
  });
  if (response.dropConnection) return route.abort('connectionreset');
  await lateness(response);
  await route.fulfill({
    status: response.status,
    headers: { ...response.headers, ...CORS_HEADERS },
    body: response.bytes ? Buffer.from(response.bytes) : response.body === undefined ? '' : JSON.stringify(response.body),
  });
}

/**
 * Remote mode: a browser context's requests to the origins of `bases` (the platform's hosts the app
 * uses) are sent on to the server instead, to the base URL each maps to, path and query kept.
 */
export async function routeBrowserTo(target: BrowserContext | Page, bases: ReadonlyMap<string, string>): Promise<void> {
  await target.route(
    (url) => bases.has(url.origin),
    async (route) => {
      const request = route.request();
      if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: CORS_HEADERS });
      const url = new URL(request.url());
      let response: APIResponse;
      try {
        response = await route.fetch({ url: `${bases.get(url.origin)}${url.pathname}${url.search}` });
      } catch {
        // The server dropped the connection (a `dropConnection` fault): the page sees it dropped too.
        return route.abort('connectionreset');
      }
      await route.fulfill({ response, headers: { ...response.headers(), ...CORS_HEADERS } });
    },
  );
}
