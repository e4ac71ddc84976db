/**
 * The response check: every response an in-process mock serves during a test (to the SDK, to
 * `fetch`, to a browser page, to a direct `mock.handle()` call) is validated against the platform's
 * published OpenAPI definition, and the test that received a response of the wrong shape fails.
 */
import { test as base, type Fixtures } from '@playwright/test';
import { CommerceMock } from '../../src/api/mock.js';
import type { MockRequest, MockResponse } from '../../src/http/exchange.js';
import { declaredBody, definition, ERROR_RESPONSE, findOperation, type SchemaProblem, validate } from './openapi.js';

/**
 * Where the mock differs from the definition on purpose (docs/deviations.md), or the platform from its
 * own definition, the only answers the check lets pass:
 * - an imported order keeps a line item whose SKU no product has, without the `productId` and
 *   `productType` the definition requires, so that orders can be seeded without a catalog;
 * - `GET /carts?customerId=` (the legacy lookup, not in the definition) answers the customer's active
 *   cart itself, not a page, as the platform does;
 * - `GET /subscriptions/{id}/health`, for which the definition declares no body, answers one naming
 *   the status (an error envelope with the status as its code when failing), so that the official
 *   SDK, which parses every answer, can read it.
 */
const DEVIATIONS: ((template: string, url: URL, problem: SchemaProblem) => boolean)[] = [
  (template, _url, problem) =>
    template.includes('/orders') &&
    problem.schemaPath === '#/components/schemas/LineItem/required' &&
    /'(productId|productType)'$/.test(problem.message),
  (template, url) => template.endsWith('/carts') && url.searchParams.has('customerId'),
  // The health of a subscription: the definition declares no body; the mock's names the status (docs/deviations.md).
  (template) => template.endsWith('/subscriptions/{ID}/health'),
  // A recurring order created directly has no origin order: the platform's documentation says so, its definition requires one (docs/deviations.md).
  (template, _url, problem) => template.includes('/recurring-orders') && /'originOrder'$/.test(problem.message),
];

/** The platform's hosts of the other APIs (`history.europe-west1.gcp.commercetools.com`), and their prefixes on a server. */
const OTHER_APIS = /^(import|history|checkout)\./;
const OTHER_API_PREFIXES = /^\/__(import|history|checkout)(\/|$)/;

/** Per response: a list, not a flood, when a whole page of results has the same mistake. */
const MAX_PROBLEMS = 10;

/**
 * How one response breaks the definition, as messages naming method, path, status and schema path;
 * empty when it does not. Only operations the definition has are judged: not the token server, not a
 * method a path does not have, not bodiless answers (HEAD). Any error answer carries the platform's
 * error envelope, whether or not the operation lists its status.
 */
export function responseProblems(request: Pick<MockRequest, 'method' | 'url'>, response: MockResponse): string[] {
  if (response.body === undefined) return [];
  const method = request.method.toUpperCase();
  const url = new URL(request.url.startsWith('/') ? `http://localhost${request.url}` : request.url);
  const { pathname } = url;
  // The Import, Change History and Checkout APIs have definitions of their own: the main API's does not judge their answers.
  if (OTHER_APIS.test(url.hostname) || OTHER_API_PREFIXES.test(pathname)) return [];
  const operation = /^\/+oauth(\/|$)/.test(pathname) ? undefined : findOperation(method, pathname);
  if (!operation) return [];
  const where = `${method} ${pathname} → ${response.status} (${operation.template})`;
  const isError = response.status >= 400;
  const declared = declaredBody(operation, response.status);
  if (!declared.declared && !isError) {
    return [`${where}: the definition declares no ${response.status} (only ${Object.keys(operation.responses).join(', ')})`];
  }
  const schema = declared.schema ?? (isError ? ERROR_RESPONSE : undefined);
  if (!schema) return [];
  const body: unknown = JSON.parse(JSON.stringify(response.body));
  const problems = validate(body, schema).filter((problem) => !DEVIATIONS.some((allowed) => allowed(operation.template, url, problem)));
  const shown = problems.slice(0, MAX_PROBLEMS).map((problem) => `${where}: ${problem.at}: ${problem.message} [${problem.schemaPath}]`);
  return problems.length > MAX_PROBLEMS ? [...shown, `${where}: and ${problems.length - MAX_PROBLEMS} more`] : shown;
}

/** Checks every answer of `CommerceMock#respond()` and `#handle()` until the returned function is called; it gives back what it found. */
export function watchResponses(): () => string[] {
  const { respond, handle } = CommerceMock.prototype;
  const found: string[] = [];
  const check = (request: MockRequest, response: MockResponse) => {
    try {
      found.push(...responseProblems(request, response));
    } catch (error) {
      // The mock never throws: a check that cannot run is reported with the rest.
      found.push(`${request.method} ${request.url}: the response check failed: ${error instanceof Error ? error.stack : String(error)}`);
    }
    return response;
  };
  CommerceMock.prototype.respond = function checkedRespond(this: CommerceMock, request: MockRequest) {
    const response = respond.call(this, request);
    return response instanceof Promise ? response.then((settled) => check(request, settled)) : check(request, response);
  };
  CommerceMock.prototype.handle = function checkedHandle(this: CommerceMock, request: MockRequest): MockResponse {
    return check(request, handle.call(this, request));
  };
  return () => {
    Object.assign(CommerceMock.prototype, { respond, handle });
    return found;
  };
}

/**
 * The response check as fixtures for any `test` (`someTest.extend(responseCheck)`): on for every
 * test, with the definition read before the first test's clock starts.
 */
export const responseCheck: Fixtures<{ responseCheck: undefined }, { openapiDefinition: undefined }> = {
  openapiDefinition: [
    async ({}, use) => {
      definition();
      await use(undefined);
    },
    { scope: 'worker', auto: true, timeout: 60_000 },
  ],
  responseCheck: [
    async ({}, use) => {
      const stop = watchResponses();
      let found: string[];
      try {
        await use(undefined);
      } finally {
        found = stop();
      }
      if (found.length > 0) {
        const counted = new Map<string, number>();
        for (const problem of found) counted.set(problem, (counted.get(problem) ?? 0) + 1);
        const lines = [...counted].map(([problem, times]) => (times > 1 ? `${problem} (${times} times)` : problem));
        throw new Error(`${found.length} response problem(s) by the platform's OpenAPI definition:\n${lines.join('\n')}`);
      }
    },
    { auto: true },
  ],
};

/** Playwright's `test` with the response check on. */
export const test = base.extend(responseCheck);

export { expect } from '@playwright/test';
