/**
 * API extensions through the `commerce` fixture: a browser page's request routed to the mock, and a
 * GraphQL mutation, await an in-process extension; in remote mode the server calls the test's
 * extension service.
 */
import type { ExtensionDraft } from '@commercetools/platform-sdk';
import { startExtensionService } from '../support/extension-service.js';
import { expect, postFromPage, test, withServerPerWorker } from '../support/commerce.js';

const lambda: ExtensionDraft = {
  key: 'cart-lambda',
  destination: {
    type: 'AWSLambda',
    arn: 'arn:aws:lambda:eu-central-1:123456789012:function:check',
    accessKey: 'AKIA',
    accessSecret: 'secret',
  },
  triggers: [{ resourceTypeId: 'cart', actions: ['Create'] }],
};

test("a browser page's create, routed to the mock, gets the extension's actions", async ({ commerce, page }) => {
  await commerce.apiRoot.extensions().post({ body: lambda }).execute();
  commerce.mock.extensions.register('cart-lambda', () => ({
    statusCode: 200,
    body: { actions: [{ action: 'setKey', key: 'from-browser' }] },
  }));
  const token = (await commerce.tokens.issue({ kind: 'client' })).accessToken;
  await page.goto('about:blank');
  const answer = await postFromPage(page, `${commerce.apiUrl}/${commerce.projectKey}/carts`, token, { currency: 'EUR' });
  expect(answer).toMatchObject({ status: 201, body: { key: 'from-browser' } });
  await expect(commerce).toHaveStored('cart', { key: 'from-browser' });
});

test("a GraphQL mutation through the fixture gets the in-process extension's actions", async ({ commerce }) => {
  await commerce.apiRoot.extensions().post({ body: lambda }).execute();
  commerce.mock.extensions.register('cart-lambda', () => ({
    statusCode: 200,
    body: { actions: [{ action: 'setKey', key: 'from-graphql' }] },
  }));
  const answer = await commerce.graphql<{ createCart: { id: string; key: string } }>(
    'mutation { createCart(draft: { currency: "EUR" }) { id key } }',
  );
  expect(answer.errors).toBeUndefined();
  expect(answer.data?.createCart.key).toBe('from-graphql');
  await expect(commerce).toHaveStored('cart', { id: answer.data!.createCart.id, key: 'from-graphql' });
  await expect(commerce).toHaveStoredCount('cart', 1);
});

test.describe('remote mode', () => {
  const remote = withServerPerWorker();

  remote("the server calls the test's extension service and applies its answer", async ({ commerce, server }) => {
    const service = await startExtensionService(() => ({ status: 200, body: { actions: [{ action: 'setKey', key: 'from-server' }] } }));
    try {
      await commerce.apiRoot
        .extensions()
        .post({ body: { destination: { type: 'HTTP', url: service.url }, triggers: [{ resourceTypeId: 'cart', actions: ['Create'] }] } })
        .execute();
      const cart = await commerce.apiRoot
        .carts()
        .post({ body: { currency: 'EUR' } })
        .execute();
      expect(cart.body.key).toBe('from-server');
      expect(server.mock.data.get('cart', cart.body.id)).toMatchObject({ key: 'from-server' });
      expect(service.calls.map((call) => call.body.action)).toEqual(['Create']);
    } finally {
      await service.close();
    }
  });
});
