/**
 * Every operation of the platform's published definition (`support/openapi/openapi.yaml`) has a
 * route of its own: called in process with unknown ids and keys and an empty JSON body (no body for
 * GET and DELETE), none answers the router's path-not-found 404 or a 405. A POST to a collection
 * path (`/customers/search`, `/orders/edits`, `/carts/replicate`) must not be taken for an update
 * of a resource named by the path's last segment either, which an agent reads as its own mistake
 * ("actions: Missing required value", "The Resource with ID 'search' was not found").
 *
 * HEAD operations are left out: the router serves HEAD through the GET route of the same path
 * (walked here), and a bodiless answer cannot tell which 404 it is.
 */
import { test, expect } from '@playwright/test';
import { createCommerceMock, type MockResponse } from '../../src/index.js';
import { definition } from '../support/openapi.js';

const PROJECT_KEY = 'route-coverage';

const METHODS = ['get', 'post', 'delete', 'put', 'patch'] as const;

interface Called {
  operation: string;
  template: string;
  method: string;
  response: MockResponse;
}

/** Each operation of the definition, called once with unknown ids and keys (`unknown-<parameter>`). */
function callEveryOperation(): Called[] {
  const mock = createCommerceMock({ defaultProjectKey: PROJECT_KEY });
  const called: Called[] = [];
  for (const [template, item] of Object.entries(definition().paths)) {
    for (const method of METHODS.filter((m) => m in item)) {
      const path = template
        .replace('{projectKey}', PROJECT_KEY)
        .replace(/\{(\w+)\}/g, (_, name: string) => `unknown-${name.toLowerCase()}`);
      const upper = method.toUpperCase();
      const withBody = upper !== 'GET' && upper !== 'DELETE';
      const response = mock.handle({
        method: upper,
        url: `${mock.options.apiUrl}${path}`,
        headers: withBody ? { 'content-type': 'application/json' } : {},
        ...(withBody ? { body: '{}' } : {}),
      });
      called.push({ operation: `${upper} ${template}`, template, method: upper, response });
    }
  }
  return called;
}

type ErrorBody = { message?: string; errors?: Array<{ code?: string; message?: string; detailedErrorMessage?: string }> };

/** Why the answer shows the operation has no route of its own, or `undefined` when it has one. */
function routeProblem({ template, method, response }: Called): string | undefined {
  const body = (response.body ?? {}) as ErrorBody;
  const said = `${response.status} ${body.message ?? ''}`.trim();
  if (response.status === 405) return `405: no route for this method (${said})`;
  if (response.status === 404 && /^The Resource with path /.test(body.message ?? '')) return `path not found (${said})`;
  const last = template.split('/').at(-1)!;
  const isCollection = method === 'POST' && !last.includes('{');
  if (isCollection) {
    if (body.errors?.some((error) => /^actions: Missing required value/.test(error.detailedErrorMessage ?? ''))) {
      return `taken for an update of a resource named '${last}' (${body.errors.map((e) => e.detailedErrorMessage).join('; ')})`;
    }
    if (response.status === 404 && (body.message ?? '').includes(`'${last}'`)) return `taken for the resource '${last}' (${said})`;
  }
  return undefined;
}

test('every operation of the definition has a route of its own', () => {
  const called = callEveryOperation();
  // The definition's size, so that a truncated or misread file cannot pass for a covered one.
  expect(called.length).toBeGreaterThanOrEqual(600);
  const failures = called.flatMap((call) => {
    const problem = routeProblem(call);
    return problem ? [`${call.operation} → ${problem}`] : [];
  });
  expect(failures, `operations without a route of their own:\n${failures.join('\n')}\n`).toEqual([]);
});

test('the check tells a missing route, a missing method and a collection taken for an update from a route of its own', () => {
  const mock = createCommerceMock({ defaultProjectKey: PROJECT_KEY });
  const call = (method: string, template: string): Called => {
    const path = template.replace('{projectKey}', PROJECT_KEY);
    const withBody = method === 'POST';
    const response = mock.handle({
      method,
      url: `${mock.options.apiUrl}${path}`,
      headers: withBody ? { 'content-type': 'application/json' } : {},
      ...(withBody ? { body: '{}' } : {}),
    });
    return { operation: `${method} ${template}`, template, method, response };
  };
  expect(routeProblem(call('GET', '/{projectKey}/no-such-resources'))).toMatch(/^path not found \(404 The Resource with path/);
  expect(routeProblem(call('DELETE', '/{projectKey}/customers'))).toMatch(/^405: /);
  // A collection path the generic shape reads as `customers/{id}`: an update with no actions.
  expect(routeProblem(call('POST', '/{projectKey}/customers/no-such-collection'))).toMatch(
    /^taken for an update of a resource named 'no-such-collection' \(.*actions: Missing required value/,
  );
  expect(routeProblem(call('GET', '/{projectKey}/customers/no-such-collection'))).toBeUndefined();
  expect(routeProblem(call('POST', '/{projectKey}/customers/search'))).toBeUndefined();
});
