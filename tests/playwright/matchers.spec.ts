import { createCommerceMock, PlatformError } from '../../src/index.js';
import { test, expect, failureOf, TEST_CREDENTIALS, type Commerce } from '../support/commerce.js';
import {
  categoryFactory,
  customerFactory,
  customerGroupFactory,
  productFactory,
  productTypeFactory,
  taxCategoryFactory,
} from '../../factories/index.js';

// biome-ignore lint/suspicious/noControlCharactersInRegex: the terminal's colour codes start with ESC.
const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '');

/** The message of the assertion error a synchronous matcher throws. */
function failure(assertion: () => unknown): string {
  try {
    assertion();
  } catch (error) {
    return plain((error as Error).message);
  }
  throw new Error('the assertion passed');
}

/** Matchers on `commerce` retry until the expect timeout: a short one for the assertions meant to fail. */
const quick = expect.configure({ timeout: 50 });

/** The message of the assertion error an asynchronous matcher rejects with. */
async function asyncFailure(assertion: () => Promise<unknown>): Promise<string> {
  try {
    await assertion();
  } catch (error) {
    return plain((error as Error).message);
  }
  throw new Error('the assertion passed');
}

test.describe('toHaveIssuedCustomerToken', () => {
  test('passes once a customer signed in (password flow) and lists the issued tokens when it fails', async ({ commerce }) => {
    const draft = customerFactory.build();
    const [customer, other] = await commerce.data.seed(draft, customerFactory.build());
    expect(commerce).not.toHaveIssuedCustomerToken(customer!.id);
    await commerce.tokens.issue({ kind: 'client' });

    const message = await failureOf(() => quick(commerce).toHaveIssuedCustomerToken(customer!.id));
    expect(message).toContain('expect(commerce).toHaveIssuedCustomerToken(customerId)');
    expect(message).toContain(`Expected: a customer token for customer "${customer!.id}"`);
    expect(message).toContain('Received: none; the tokens issued in this test:');
    expect(message).toMatch(/- client token: client "commerce-mock", scope "manage_project:test-project"/);

    await commerce
      .apiRootFor({ customer: { email: draft.email, password: draft.password } })
      .customers()
      .withId({ ID: customer!.id })
      .get()
      .execute();
    expect(commerce).toHaveIssuedCustomerToken(customer!.id);
    expect(commerce).not.toHaveIssuedCustomerToken(other!.id);

    const negated = await failureOf(() => quick(commerce).not.toHaveIssuedCustomerToken(customer!.id));
    expect(negated).toContain('expect(commerce).not.toHaveIssuedCustomerToken(customerId)');
    expect(negated).toContain(`Expected: no customer token for customer "${customer!.id}"`);
    expect(negated).toContain(
      `Received: 1 issued:\n  - customer token: client "${TEST_CREDENTIALS.clientId}", customerId "${customer!.id}"`,
    );
  });

  test('counts tokens issued with commerce.tokens.issue', async ({ commerce }) => {
    const [customer] = await commerce.data.seed(customerFactory.build());
    await commerce.tokens.issue({ kind: 'customer', customerId: customer!.id, storeKey: 'berlin' });
    expect(commerce).toHaveIssuedCustomerToken(customer!.id);
    expect(await failureOf(() => quick(commerce).not.toHaveIssuedCustomerToken(customer!.id))).toContain('store "berlin"');
  });
});

test.describe('toHaveIssuedAnonymousToken', () => {
  test('with and without an anonymous id', async ({ commerce }) => {
    expect(commerce).not.toHaveIssuedAnonymousToken();
    const empty = await failureOf(() => quick(commerce).toHaveIssuedAnonymousToken());
    expect(empty).toContain('expect(commerce).toHaveIssuedAnonymousToken()');
    expect(empty).toContain('Expected: an anonymous token\nReceived: none; the tokens issued in this test:\n  (none)');

    await commerce
      .apiRootFor({ anonymous: { anonymousId: 'session-1' } })
      .customers()
      .get()
      .execute();
    expect(commerce).toHaveIssuedAnonymousToken();
    expect(commerce).toHaveIssuedAnonymousToken('session-1');
    expect(commerce).not.toHaveIssuedAnonymousToken('session-2');

    const wrongSession = await failureOf(() => quick(commerce).toHaveIssuedAnonymousToken('session-2'));
    expect(wrongSession).toContain('expect(commerce).toHaveIssuedAnonymousToken(anonymousId)');
    expect(wrongSession).toContain('Expected: an anonymous token for session "session-2"');
    expect(wrongSession).toContain('anonymousId "session-1"');
    const negated = await failureOf(() => quick(commerce).not.toHaveIssuedAnonymousToken());
    expect(negated).toContain('Expected: no anonymous token\nReceived: 1 issued:');
  });
});

test.describe('toHaveIssuedClientToken', () => {
  test('with and without a client id', async ({ commerce }) => {
    expect(commerce).not.toHaveIssuedClientToken();
    await commerce.apiRoot.customers().get().execute();
    expect(commerce).toHaveIssuedClientToken();
    expect(commerce).toHaveIssuedClientToken(TEST_CREDENTIALS.clientId);
    expect(commerce).not.toHaveIssuedClientToken('someone-else');

    const message = await failureOf(() => quick(commerce).toHaveIssuedClientToken('someone-else'));
    expect(message).toContain('expect(commerce).toHaveIssuedClientToken(clientId)');
    expect(message).toContain('Expected: a client token for client "someone-else"');
    expect(message).toContain(`- client token: client "${TEST_CREDENTIALS.clientId}"`);
    expect(await failureOf(() => quick(commerce).not.toHaveIssuedClientToken())).toContain(
      'Expected: no client token\nReceived: 1 issued:',
    );
  });
});

test.describe('toHaveStored', () => {
  test('matches a partial resource as a recursive subset, with asymmetric matchers and regular expressions', async ({ commerce }) => {
    await commerce.data.seed(customerFactory.withAddresses('DE', 'AT').build({ email: 'ada@example.com', firstName: 'Ada' }));
    expect(commerce).toHaveStored('customer', { email: 'ada@example.com' });
    expect(commerce).toHaveStored('customer', { firstName: 'Ada', addresses: [{ country: 'DE' }, { country: 'AT' }] });
    expect(commerce).toHaveStored('customer', { email: expect.stringContaining('@example.com'), version: 1, id: expect.any(String) });
    expect(commerce).toHaveStored('customer', { email: /^ada@/ });
    // Arrays compare element by element and must have the same length, as in toMatchObject.
    expect(commerce).not.toHaveStored('customer', { addresses: [{ country: 'DE' }] });
    expect(commerce).not.toHaveStored('customer', { email: 'grace@example.com' });
    expect(commerce).not.toHaveStored('category', {});
  });

  test('matches a predicate', async ({ commerce }) => {
    await commerce.data.seed(customerFactory.buildList(3));
    expect(commerce).toHaveStored('customer', (customer) => customer.email.endsWith('@example.com'));
    expect(commerce).not.toHaveStored('customer', (customer) => customer.addresses.length > 0);
    const message = await failureOf(() => quick(commerce).toHaveStored('customer', (customer) => customer.addresses.length > 0));
    expect(message).toContain('Expected: a stored customer for which the predicate holds');
    expect(message).toContain('Received: 3 stored customer resources, none satisfies it:');
  });

  test('a failure diffs the expectation against the closest stored resource', async ({ commerce }) => {
    const [, grace] = await commerce.data.seed(
      customerFactory.build({ email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' }),
      customerFactory.build({ email: 'grace@example.com', firstName: 'Grace', lastName: 'Hopper' }),
    );
    const message = await failureOf(() =>
      quick(commerce).toHaveStored('customer', { firstName: 'Grace', lastName: 'Hopper', isEmailVerified: true }),
    );
    expect(message).toContain('expect(commerce).toHaveStored(typeId, expected)');
    expect(message).toContain('Expected: a stored customer matching {"firstName": "Grace", "isEmailVerified": true, "lastName": "Hopper"}');
    expect(message).toContain(`Received: 2 stored customer resources, none matches; the closest, ${grace!.id} (key "${grace!.key}"):`);
    expect(message).toContain('- Expected');
    expect(message).toContain('+ Received');
    expect(message).toMatch(/-\s+"isEmailVerified": true,/);
    expect(message).toMatch(/\+\s+"isEmailVerified": false,/);
  });

  test('failure messages when nothing is stored and for .not', async ({ commerce }) => {
    expect(await failureOf(() => quick(commerce).toHaveStored('category', { key: 'shoes' }))).toContain(
      'Expected: a stored category matching {"key": "shoes"}\nReceived: no category is stored',
    );
    const [shoes] = await commerce.data.seed(categoryFactory.build({ key: 'shoes' }));
    const negated = await failureOf(() => quick(commerce).not.toHaveStored('category', { key: 'shoes' }));
    expect(negated).toContain('expect(commerce).not.toHaveStored(typeId, expected)');
    expect(negated).toContain('Expected: no stored category matching {"key": "shoes"}');
    expect(negated).toContain(`Received: 1 matching:\n  - ${shoes!.id} (key "shoes")`);
    expect(negated).toContain('First match: {"key": "shoes"}');
  });

  test('works on a bare CommerceMock too, and refuses other receivers with a matcher error', async () => {
    const mock = createCommerceMock();
    mock.data.seed(customerGroupFactory.build({ groupName: 'VIP' }));
    mock.tokens.issue({ kind: 'client' });
    expect(mock).toHaveStored('customer-group', { name: 'VIP' });
    expect(mock).toHaveStoredCount('customer-group', 1);
    expect(mock).toHaveIssuedClientToken('commerce-mock');
    const wrong = failure(() => expect({ all: 1 } as unknown as Commerce).toHaveStored('customer', {}));
    expect(wrong).toContain('Matcher error: the received value must be the `commerce` fixture (or a CommerceMock)');
    // The matcher error is no assertion result: .not does not turn it into a pass.
    expect(failure(() => expect({} as unknown as Commerce).not.toHaveStored('customer', {}))).toContain('Matcher error');
  });
});

test.describe('toHaveStoredCount', () => {
  test('counts all resources of a type, or those matching a where predicate', async ({ commerce }) => {
    expect(commerce).toHaveStoredCount('customer', 0);
    await commerce.data.seed(customerFactory.buildList(3), customerFactory.verified().buildList(2));
    expect(commerce).toHaveStoredCount('customer', 5);
    expect(commerce).toHaveStoredCount('customer', 2, 'isEmailVerified = true');
    expect(commerce).toHaveStoredCount('customer', 3, ['isEmailVerified = false', 'email is defined']);
    expect(commerce).not.toHaveStoredCount('customer', 4);
    expect(commerce).not.toHaveStoredCount('customer', 5, 'isEmailVerified = true');
  });

  test('failure messages name the count, the predicate and the resources counted', async ({ commerce }) => {
    const [group] = await commerce.data.seed(customerGroupFactory.build({ key: 'vip' }));
    const message = await failureOf(() => quick(commerce).toHaveStoredCount('customer-group', 2));
    expect(message).toContain('expect(commerce).toHaveStoredCount(typeId, count)');
    expect(message).toContain(`Expected: 2 stored customer-group\nReceived: 1:\n  - ${group!.id} (key "vip")`);
    const filtered = await failureOf(() => quick(commerce).toHaveStoredCount('customer-group', 1, 'key = "gold"'));
    expect(filtered).toContain('expect(commerce).toHaveStoredCount(typeId, count, where)');
    expect(filtered).toContain('Expected: 1 stored customer-group where "key = \\"gold\\""\nReceived: 0');
    const negated = await failureOf(() => quick(commerce).not.toHaveStoredCount('customer-group', 1));
    expect(negated).toContain('Expected: not 1 stored customer-group\nReceived: 1:');
  });

  test('an invalid predicate is reported as the platform reports it', async ({ commerce }) => {
    expect(() => expect(commerce).toHaveStoredCount('customer', 0, 'email = ')).toThrow(PlatformError);
  });

  test('works with expect.poll, for data that arrives later', async ({ commerce }) => {
    setTimeout(() => void commerce.data.seed(customerFactory.build()), 50);
    await expect.poll(() => commerce).toHaveStoredCount('customer', 1);
  });
});

test.describe('toBeCommerceError', () => {
  test('a fetch Response: status and code from the body, which stays readable', async ({ commerce }) => {
    const response = await fetch(`${commerce.apiUrl}/${commerce.projectKey}/customers/nope`);
    await expect(response).toBeCommerceError(404);
    await expect(response).toBeCommerceError(404, 'ResourceNotFound');
    await expect(response).not.toBeCommerceError(400);
    await expect(response).not.toBeCommerceError(404, 'InvalidInput');
    expect(((await response.json()) as { statusCode: number }).statusCode).toBe(404);
    // Read by the matcher before the test read it: later assertions still see the body.
    await expect(response).toBeCommerceError(404, 'ResourceNotFound');

    const message = await asyncFailure(() => expect(response).toBeCommerceError(400, 'InvalidInput'));
    expect(message).toContain('expect(received).toBeCommerceError(status, code)');
    expect(message).toContain(
      `Expected: 400 "InvalidInput"\nReceived: 404 "ResourceNotFound" — "The Resource with ID 'nope' was not found."`,
    );
    const negated = await asyncFailure(() => expect(response).not.toBeCommerceError(404));
    expect(negated).toContain('expect(received).not.toBeCommerceError(status)');
    expect(negated).toContain('Expected: not 404\nReceived: 404 "ResourceNotFound"');
  });

  test('an error the SDK threw, caught or as the rejected promise', async ({ commerce }) => {
    const [customer] = await commerce.data.seed(customerFactory.build());
    let caught: unknown;
    try {
      await commerce.apiRoot
        .customers()
        .withId({ ID: customer!.id })
        .post({ body: { version: 7, actions: [] } })
        .execute();
    } catch (error) {
      caught = error;
    }
    await expect(caught).toBeCommerceError(409, 'ConcurrentModification');

    // A promise: judged by its rejection reason (or by what it resolves to).
    await expect(commerce.apiRoot.customers().withKey({ key: 'nobody' }).get().execute()).toBeCommerceError(404, 'ResourceNotFound');
    await expect(
      commerce.apiRoot
        .customers()
        .post({ body: { email: customer!.email, password: 'x' } })
        .execute(),
    ).toBeCommerceError(400, 'DuplicateField');
    await expect(commerce.apiRoot.customers().get().execute()).not.toBeCommerceError(400);
    const resolved = await asyncFailure(() => expect(commerce.apiRoot.customers().get().execute()).toBeCommerceError(400));
    expect(resolved).toContain('Expected: 400\nReceived: 200 (resolved promise)');
    const rejected = await asyncFailure(() =>
      expect(commerce.apiRoot.customers().withKey({ key: 'nobody' }).get().execute()).toBeCommerceError(404, 'InvalidInput'),
    );
    expect(rejected).toContain('Received: 404 "ResourceNotFound"');
    expect(rejected).toContain('(rejected promise)');
    // `.rejects` works too, typed.
    await expect(commerce.apiRoot.customers().withKey({ key: 'nobody' }).get().execute()).rejects.toBeCommerceError(404);
  });

  test('a PlatformError from programmatic calls, and a platform error body', async ({ commerce }) => {
    const seeding = commerce.data.seed(customerFactory.build({ email: '' }));
    await expect(seeding).toBeCommerceError(400, 'InvalidField');
    await expect(new PlatformError(409, [{ code: 'ConcurrentModification', message: 'version' }])).toBeCommerceError(409);
    await expect({
      statusCode: 400,
      message: 'bad',
      errors: [
        { code: 'InvalidOperation', message: 'bad' },
        { code: 'InvalidField', message: 'x' },
      ],
    }).toBeCommerceError(400, 'InvalidField');
  });

  test('a Response whose body the test read first still has its status', async ({ commerce }) => {
    const response = await fetch(`${commerce.apiUrl}/${commerce.projectKey}/customers/nope`);
    await response.text();
    await expect(response).toBeCommerceError(404);
    const message = await asyncFailure(() => expect(response).toBeCommerceError(404, 'ResourceNotFound'));
    expect(message).toContain('Received: 404 (the body was read before the matcher could)');
  });

  test('a Playwright APIResponse from the request fixture', async ({ commerce, request }) => {
    const response = await request.get(`${await commerce.url()}/${commerce.projectKey}/categories/key=nope`);
    await expect(response).toBeCommerceError(404, 'ResourceNotFound');
  });

  test('a value that is no HTTP answer is not a commerce error', async () => {
    await expect(new TypeError('boom')).not.toBeCommerceError(500);
    const message = await asyncFailure(() => expect(new TypeError('boom')).toBeCommerceError(500));
    expect(message).toContain('Received: value: [TypeError: boom], which is no HTTP answer');
  });
});

test.describe('toHaveVersion', () => {
  test('a resource, an SDK response and a sign-in result', async ({ commerce }) => {
    const [group] = await commerce.data.seed(customerGroupFactory.build());
    expect(group).toHaveVersion(1);
    const updated = await commerce.apiRoot
      .customerGroups()
      .withId({ ID: group!.id })
      .post({ body: { version: 1, actions: [{ action: 'changeName', name: 'Gold' }] } })
      .execute();
    expect(updated).toHaveVersion(2);
    expect(updated.body).toHaveVersion(2);
    expect(updated).not.toHaveVersion(1);
    expect(await commerce.data.get('customer-group', group!.id)).toHaveVersion(2);

    const created = await commerce.apiRoot
      .customers()
      .post({ body: { email: 'sign-in@example.com', password: 'x' } })
      .execute();
    expect(created).toHaveVersion(1);
    expect(created.body).toHaveVersion(1);
  });

  test('failure messages, and a matcher error for values without a version', async ({ commerce }) => {
    const [group] = await commerce.data.seed(customerGroupFactory.build());
    const message = failure(() => expect(group).toHaveVersion(3));
    expect(message).toContain('expect(received).toHaveVersion(version)');
    expect(message).toContain(`Expected version of ${group!.id}: 3\nReceived version of ${group!.id}: 1`);
    const negated = failure(() => expect(group).not.toHaveVersion(1));
    expect(negated).toContain(`Expected version of ${group!.id}: not 1`);
    const missing = await commerce.data.get('customer-group', 'missing');
    expect(failure(() => expect(missing).toHaveVersion(1))).toContain(
      'Matcher error: the received value must be a resource (with a `version`) or an SDK response holding one\n\nReceived: undefined',
    );
  });
});

test('the matchers appear on the right receivers only', async ({ commerce }) => {
  expect(commerce).toHaveStoredCount('customer', 0);
  // Compile-time checks: never run, the @ts-expect-error lines must fail to typecheck.
  const typeChecks = () => {
    // @ts-expect-error a number is no commerce fixture
    expect(42).toHaveIssuedCustomerToken('id');
    // @ts-expect-error a string is no commerce fixture
    expect('commerce').toHaveStored('customer', {});
    // @ts-expect-error nor is a plain object
    expect({ tokens: [] }).toHaveStoredCount('customer', 1);
    // @ts-expect-error a number has no version
    expect(1).toHaveVersion(1);
    // @ts-expect-error an unknown resource type
    expect(commerce).toHaveStored('no-such-type', {});
  };
  void typeChecks;
});

// The examples of docs/playwright.md, as they are written there (with `!` where this project's
// tsconfig has noUncheckedIndexedAccess).
test.describe('docs/playwright.md', () => {
  test('a signed-in customer checks out', async ({ commerce }) => {
    // Arrange: a small catalog and a customer with default addresses.
    await commerce.data.seed(productTypeFactory.asDefault().build(), taxCategoryFactory.withRates('DE').build({ key: 'standard' }));
    const [product] = await commerce.data.seed(
      productFactory.withVariants(1).withPrices('EUR', 'USD').withTaxCategory('standard').published().build(),
    );
    const draft = customerFactory.withDefaultAddresses().build(); // draft.password is 'password123'
    const [customer] = await commerce.data.seed(draft);

    // Act: sign in with the SDK's password flow, as the storefront would, and work as that customer.
    const shop = commerce.apiRootFor({ customer: { email: draft.email, password: draft.password } });
    const { body: projection } = await shop.productProjections().withId({ ID: product!.id }).get().execute();
    const sku = projection.masterVariant.sku!;
    const { body: me } = await shop.customers().withId({ ID: customer!.id }).get().execute();
    const checkout = await shop
      .customObjects()
      .post({ body: { container: 'checkouts', key: me.id, value: { sku, quantity: 2, shippingAddressId: me.defaultShippingAddressId } } })
      .execute();
    const renamed = await shop
      .customers()
      .withId({ ID: me.id })
      .post({ body: { version: me.version, actions: [{ action: 'setFirstName', firstName: 'Ada' }] } })
      .execute();

    // Assert: with the commerce matchers.
    expect(commerce).toHaveIssuedCustomerToken(customer!.id);
    expect(commerce).toHaveStored('key-value-document', { container: 'checkouts', value: { sku, quantity: 2 } });
    expect(commerce).toHaveStored('customer', { id: customer!.id, firstName: 'Ada' });
    expect(commerce).toHaveStoredCount('customer', 1);
    expect(checkout).toHaveVersion(1);
    expect(renamed).toHaveVersion(2);
    // A stale version is refused, as the platform refuses it.
    await expect(
      shop
        .customers()
        .withId({ ID: me.id })
        .post({ body: { version: 1, actions: [{ action: 'setLastName', lastName: 'King' }] } })
        .execute(),
    ).toBeCommerceError(409, 'ConcurrentModification');
  });

  test('one example per matcher', async ({ commerce, request }) => {
    const [customer] = await commerce.data.seed(customerFactory.verified().build({ email: 'ada@example.com' }));
    await commerce.tokens.issue({ kind: 'customer', customerId: customer!.id });
    await commerce.tokens.issue({ kind: 'anonymous', anonymousId: 'session-1' });
    await commerce.apiRoot.customers().get().execute(); // the SDK's client-credentials token

    expect(commerce).toHaveIssuedCustomerToken(customer!.id);
    expect(commerce).toHaveIssuedAnonymousToken('session-1');
    expect(commerce).toHaveIssuedClientToken('commerce-mock-client');
    expect(commerce).toHaveStored('customer', { email: 'ada@example.com', isEmailVerified: true });
    expect(commerce).toHaveStored('customer', (c) => c.email.endsWith('@example.com'));
    expect(commerce).toHaveStoredCount('customer', 1, 'isEmailVerified = true');
    expect(customer).toHaveVersion(1);

    const response = await fetch(`${commerce.apiUrl}/${commerce.projectKey}/customers/unknown-id`);
    await expect(response).toBeCommerceError(404, 'ResourceNotFound');
    await expect(commerce.apiRoot.customers().withKey({ key: 'nobody' }).get().execute()).toBeCommerceError(404);
    await expect(commerce.data.seed(customerFactory.build({ email: 'ada@example.com' }))).toBeCommerceError(400, 'DuplicateField');
    await expect(await request.get(`${await commerce.url()}/${commerce.projectKey}/customers/unknown-id`)).toBeCommerceError(404);
  });
});
