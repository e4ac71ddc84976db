/**
 * A matcher given a wrong argument refuses with a usage error, and so does its `.not`: a missing id
 * or a misspelt filter key must never turn into a pass. Arguments TypeScript would refuse are passed
 * through `as never`, as a JavaScript test or a value typed `any` would pass them.
 */
import { test, expect, type Commerce } from '../../src/playwright/index.js';
import { customerFactory } from '../../factories/index.js';

// biome-ignore lint/suspicious/noControlCharactersInRegex: the terminal's colour codes start with ESC.
const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '');

/** The message a matcher throws (or rejects with), in plain text; fails when the assertion passes. */
async function usageError(assertion: () => unknown): Promise<string> {
  try {
    await assertion();
  } catch (error) {
    return plain((error as Error).message);
  }
  throw new Error('the assertion passed');
}

/** Both the matcher and its `.not` refuse the arguments with this message. */
async function refusedBoth(run: (e: ReturnType<typeof expect<Commerce>>) => unknown, commerce: Commerce, problem: string) {
  for (const negated of [false, true]) {
    const message = await usageError(() => run(negated ? expect(commerce).not : expect(commerce)));
    expect(message).toContain(`Matcher error: ${problem}`);
  }
}

test.describe('token matchers', () => {
  test('toHaveIssuedCustomerToken(undefined) is a usage error, even when customer tokens were issued', async ({ commerce }) => {
    const [customer] = await commerce.data.seed(customerFactory.build());
    await commerce.tokens.issue({ kind: 'customer', customerId: customer!.id });
    const message = await usageError(() => expect(commerce).toHaveIssuedCustomerToken(undefined as never));
    expect(message).toContain('expect(commerce).toHaveIssuedCustomerToken(customerId)');
    expect(message).toContain('Matcher error: customerId must be a non-empty string\n\ncustomerId has value: undefined');
    await refusedBoth((e) => e.toHaveIssuedCustomerToken(undefined as never), commerce, 'customerId must be a non-empty string');
    await refusedBoth((e) => e.toHaveIssuedCustomerToken('' as never), commerce, 'customerId must be a non-empty string');
    await refusedBoth((e) => e.toHaveIssuedCustomerToken({ id: customer!.id } as never), commerce, 'customerId must be a non-empty string');
    // Called without the id at all (JavaScript): the same.
    await refusedBoth((e) => (e.toHaveIssuedCustomerToken as unknown as () => void)(), commerce, 'customerId must be a non-empty string');
  });

  test('an optional id given as undefined is refused; left out, it matches any token of the kind', async ({ commerce }) => {
    await commerce.tokens.issue({ kind: 'anonymous', anonymousId: 'session-1' });
    await commerce.tokens.issue({ kind: 'client' });
    expect(commerce).toHaveIssuedAnonymousToken();
    expect(commerce).toHaveIssuedClientToken();
    const anonymous = await usageError(() => expect(commerce).toHaveIssuedAnonymousToken(undefined));
    expect(anonymous).toContain(
      'Matcher error: anonymousId must be a non-empty string; leave it out to match any anonymous token\n\nanonymousId has value: undefined',
    );
    await refusedBoth((e) => e.toHaveIssuedAnonymousToken(undefined), commerce, 'anonymousId must be a non-empty string');
    await refusedBoth((e) => e.toHaveIssuedAnonymousToken(42 as never), commerce, 'anonymousId must be a non-empty string');
    await refusedBoth(
      (e) => e.toHaveIssuedClientToken(undefined),
      commerce,
      'clientId must be a non-empty string; leave it out to match any client token',
    );
    await refusedBoth((e) => e.toHaveIssuedClientToken({ clientId: 'x' } as never), commerce, 'clientId must be a non-empty string');
  });
});

test.describe('associate decision matchers', () => {
  test('a filter key the matcher does not know is a usage error that names the likely key and the known ones', async ({ commerce }) => {
    const message = await usageError(() => expect(commerce).not.toHaveDeniedAssociate({ asociateId: 'a' } as never));
    expect(message).toContain('expect(commerce).not.toHaveDeniedAssociate(filter)');
    expect(message).toContain(
      'Matcher error: unknown filter key "asociateId" — did you mean "associateId"? A filter takes associateId, businessUnitKey, permission, action.\n\nfilter has value: {"asociateId": "a"}',
    );
    for (const matcher of ['toHaveDeniedAssociate', 'toHaveAllowedAssociate'] as const) {
      await refusedBoth(
        (e) => e[matcher]({ asociateId: 'a' } as never),
        commerce,
        'unknown filter key "asociateId" — did you mean "associateId"?',
      );
      await refusedBoth(
        (e) => e[matcher]({ businessUnit: 'acme' } as never),
        commerce,
        'unknown filter key "businessUnit" — did you mean "businessUnitKey"?',
      );
      await refusedBoth(
        (e) => e[matcher]({ role: 'admin' } as never),
        commerce,
        'unknown filter key "role". A filter takes associateId, businessUnitKey, permission, action.',
      );
    }
  });

  test('filter values must be strings, the permission one the platform has, the filter an object', async ({ commerce }) => {
    for (const matcher of ['toHaveDeniedAssociate', 'toHaveAllowedAssociate'] as const) {
      await refusedBoth((e) => e[matcher]({ associateId: undefined }), commerce, 'filter.associateId must be a non-empty string');
      await refusedBoth((e) => e[matcher]({ action: 7 } as never), commerce, 'filter.action must be a non-empty string');
      await refusedBoth(
        (e) => e[matcher]({ permission: 'ViewMyCart' } as never),
        commerce,
        "filter.permission must be one of the platform's associate permissions",
      );
      await refusedBoth((e) => e[matcher]('customer-1' as never), commerce, 'the filter must be an object');
      await refusedBoth((e) => e[matcher](undefined), commerce, 'the filter must be an object');
    }
    // Well formed, nothing recorded: the matcher fails and its .not passes.
    expect(commerce).not.toHaveDeniedAssociate({
      associateId: 'a',
      permission: 'ViewMyCarts',
      action: 'view cart',
      businessUnitKey: 'acme',
    });
    expect(commerce).not.toHaveAllowedAssociate();
  });
});

test.describe('stored-resource matchers', () => {
  test('toHaveStored refuses an unknown type id and an expectation that is neither an object nor a predicate', async ({ commerce }) => {
    await commerce.data.seed(customerFactory.build());
    const message = await usageError(() => expect(commerce).not.toHaveStored('customers' as never, {}));
    expect(message).toContain(
      'Matcher error: typeId must be a resource type id ("customer", "key-value-document", "product", ...) — did you mean "customer"?',
    );
    expect(message).toContain('typeId has value: "customers"');
    await refusedBoth(
      (e) => e.toHaveStoredCount('cart-discout' as never, 0),
      commerce,
      'typeId must be a resource type id ("customer", "key-value-document", "product", ...) — did you mean "cart-discount"?',
    );
    for (const expected of [undefined, 'ada@example.com', ['customer'], null, 42]) {
      await refusedBoth(
        (e) => e.toHaveStored('customer', expected as never),
        commerce,
        'expected must be a partial resource (an object) or a predicate',
      );
    }
  });

  test('toHaveStoredCount refuses a count that is no count and a where that is no predicate', async ({ commerce }) => {
    for (const count of [undefined, -1, 1.5, '1', Number.NaN]) {
      await refusedBoth((e) => e.toHaveStoredCount('customer', count as never), commerce, 'count must be an integer of at least 0');
    }
    for (const where of [undefined, '', [], ['email is defined', 3], { email: 'x' }]) {
      await refusedBoth(
        (e) => e.toHaveStoredCount('customer', 0, where as never),
        commerce,
        'where must be a query predicate or a non-empty list of them',
      );
    }
    await refusedBoth((e) => e.toHaveStoredCount('nope' as never, 0), commerce, 'typeId must be a resource type id');
  });
});

test.describe('request matchers', () => {
  test('toHaveReceived refuses a request key it does not know, naming the likely one', async ({ commerce }) => {
    await refusedBoth(
      (e) => e.toHaveReceived({ method: 'POST', paht: '/carts' } as never),
      commerce,
      'unknown request key "paht" — did you mean "path"? A request takes method, path, status, body.',
    );
    await refusedBoth(
      (e) => e.toHaveReceived({ headers: {} } as never),
      commerce,
      'unknown request key "headers". A request takes method, path, status, body.',
    );
  });
});

test.describe('value matchers', () => {
  test('toBeCommerceError refuses a status that is no HTTP status and a code that is no string', async ({ commerce }) => {
    const response = await fetch(`${commerce.apiUrl}/${commerce.projectKey}/customers/nope`);
    for (const negated of [false, true]) {
      const matchers = negated ? expect(response).not : expect(response);
      for (const status of ['404', 4040, undefined, 40.4]) {
        expect(await usageError(() => matchers.toBeCommerceError(status as never))).toContain(
          'Matcher error: status must be an HTTP status code, an integer from 100 to 599',
        );
      }
      expect(await usageError(() => matchers.toBeCommerceError(404, undefined))).toContain(
        'Matcher error: code must be a non-empty string; leave it out to match any error code\n\ncode has value: undefined',
      );
      expect(await usageError(() => matchers.toBeCommerceError(404, ['ResourceNotFound'] as never))).toContain(
        'Matcher error: code must be a non-empty string',
      );
    }
    await expect(response).toBeCommerceError(404, 'ResourceNotFound');
  });

  test('toHaveVersion refuses a version that is no version', async ({ commerce }) => {
    const [customer] = await commerce.data.seed(customerFactory.build());
    for (const version of [undefined, 0, '1', 1.5]) {
      for (const matchers of [expect(customer), expect(customer).not]) {
        expect(await usageError(() => matchers.toHaveVersion(version as never))).toContain(
          'Matcher error: version must be an integer of at least 1',
        );
      }
    }
  });
});
