import type { BrowserContext, Page, Route } from '@playwright/test';
import type { CommerceMock } from '../mock.js';
import { CORS_HEADERS } from '../http/cors.js';
import { requestBody } from '../http/body.js';

/**
 * Serves a browser context's (or page's) requests to the mock's API and token hosts through
 * Playwright's routing: the page talks to the platform's real URLs and never reaches the network.
 */
export async function routeBrowser(target: BrowserContext | Page, mock: CommerceMock): Promise<void> {
  const origins = new Set([mock.options.apiUrl, mock.options.authUrl]);
  await target.route(
    (url) => origins.has(url.origin),
    (route) => fulfil(route, mock),
  );
}

async function fulfil(route: Route, mock: CommerceMock): Promise<void> {
  const request = route.request();
  const method = request.method();
  if (method === 'OPTIONS') return route.fulfill({ status: 204, headers: CORS_HEADERS });
  const headers = await request.allHeaders();
  const bytes = request.postDataBuffer();
  const response = mock.handle({
    method,
    url: request.url(),
    headers,
    ...(bytes !== null ? requestBody(bytes, headers['content-type']) : {}),
  });
  await route.fulfill({
    status: response.status,
    headers: { ...response.headers, ...CORS_HEADERS },
    body: response.bytes ? Buffer.from(response.bytes) : response.body === undefined ? '' : JSON.stringify(response.body),
  });
}
