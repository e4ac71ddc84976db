/**
 * The Checkout API against its published definition (tests/support/openapi/checkout.yaml): every
 * operation answers at the Checkout base URL with a route of its own, and each type declares exactly
 * the definition's update actions.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { test, expect } from '../support/commerce.js';
import { expectPlatformActions } from '../support/resources.js';

interface Definition {
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, { discriminator?: { mapping: Record<string, string> } }> };
}

const definition = parse(readFileSync('tests/support/openapi/checkout.yaml', 'utf8')) as Definition;
const METHODS = ['get', 'post', 'delete', 'head'];
const operations = Object.entries(definition.paths).flatMap(([path, item]) =>
  Object.keys(item)
    .filter((method) => METHODS.includes(method))
    .map((method) => ({ method: method.toUpperCase(), path })),
);
const actionsOf = (schema: string) => Object.keys(definition.components.schemas[schema]!.discriminator!.mapping);

test('the definition has 24 operations, and each answers at the Checkout base URL with a route of its own', async ({ commerce }) => {
  expect(operations).toHaveLength(24);
  const token = (await commerce.tokens.issue({ kind: 'client' })).accessToken;
  for (const { method, path } of operations) {
    const url = `${commerce.checkoutUrl}${path.replace('{projectKey}', commerce.projectKey).replace(/\{\w+\}/g, 'unknown')}?version=1`;
    const response = await fetch(url, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(method === 'POST' ? { body: '{}' } : {}),
    });
    // A route that runs: an empty list, a body it refuses (400) or a resource it does not find (404, not a missing route).
    expect([200, 400, 404], `${method} ${path}`).toContain(response.status);
    if (method === 'HEAD') continue;
    const body = (await response.json()) as { message?: string };
    expect(body.message ?? '', `${method} ${path}`).not.toMatch(/The Resource with path/);
  }
  // Paths the definition does not have are no route: transactions are not listed, payment intents not read.
  for (const [method, path] of [
    ['GET', 'transactions'],
    ['GET', 'payment-intents/some-id'],
  ] as const) {
    const response = await fetch(`${commerce.checkoutUrl}/${commerce.projectKey}/${path}`, {
      method,
      headers: { authorization: `Bearer ${token}` },
    });
    expect([404, 405], `${method} ${path}`).toContain(response.status);
  }
});

test("each type declares exactly the definition's update actions", () => {
  expectPlatformActions('checkout-application', actionsOf('ApplicationUpdateAction'));
  expectPlatformActions('checkout-payment-integration', actionsOf('PaymentIntegrationUpdateAction'));
  expectPlatformActions('checkout-transaction', []);
});
