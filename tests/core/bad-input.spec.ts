/**
 * Bad input: malformed JSON, wrong and missing fields, unknown actions, oversized and deeply nested
 * bodies, malformed paths. Each case checks the error envelope, that the mock still serves, and that
 * nothing was stored. Every case runs in-process (undici MockAgent) and over a real HTTP port.
 */
import { test as base, expect } from '../support/response-check.js';
import { createCommerceMock, type CommerceMock } from '../../src/index.js';
import { interceptFetch } from '../../src/adapters/transports/mock-agent.js';
import { startServer } from '../../src/adapters/transports/node-server.js';

type Json = Record<string, any>;

const PROJECT_KEY = 'test-project';
const MB = 1024 * 1024;

interface Target {
  mock: CommerceMock;
  /** Base of API requests (no trailing slash). */
  api: string;
  /** Base of token requests (no trailing slash). */
  auth: string;
}

interface Result {
  status: number;
  body: Json | undefined;
  text: string;
}

const inProcess = base.extend<{ target: Target }>({
  target: async ({}, use) => {
    const mock = createCommerceMock({ defaultProjectKey: PROJECT_KEY });
    const interception = await interceptFetch(mock, { allowNetConnect: false });
    await use({ mock, api: mock.options.apiUrl, auth: mock.options.authUrl });
    await interception.restore();
  },
});

const overHttp = base.extend<{ target: Target }>({
  target: async ({}, use) => {
    const mock = createCommerceMock({ defaultProjectKey: PROJECT_KEY });
    const server = await startServer(mock, { port: 0 });
    await use({ mock, api: server.url, auth: server.url });
    await server.close();
  },
});

async function send(target: Target, method: string, path: string, body?: string, headers: Record<string, string> = {}): Promise<Result> {
  const init: RequestInit = { method, headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers } };
  if (body !== undefined) init.body = body;
  const response = await fetch(`${target.api}${path}`, init);
  const text = await response.text();
  let parsed: Json | undefined;
  if (text !== '') {
    try {
      parsed = JSON.parse(text) as Json;
    } catch {
      throw new Error(`${method} ${path} answered ${response.status} with a non-JSON body: ${text.slice(0, 200)}`);
    }
  }
  return { status: response.status, body: parsed, text };
}

const p = (path: string) => `/${PROJECT_KEY}${path}`;

function expectEnvelope(result: Result, status: number, code?: string): Json[] {
  expect(result.status).toBe(status);
  expect(result.body, 'an error envelope').toBeDefined();
  expect(result.body!.statusCode).toBe(status);
  expect(Array.isArray(result.body!.errors)).toBe(true);
  expect(result.body!.errors.length).toBeGreaterThan(0);
  if (code !== undefined) expect(result.body!.errors[0].code).toBe(code);
  else expect(typeof result.body!.errors[0].code).toBe('string');
  expect(result.body!.message).toBe(result.body!.errors[0].message);
  return result.body!.errors as Json[];
}

/** The mock still serves: a create and a read after the bad request work. */
async function expectStillServing(target: Target) {
  const before = target.mock.data.all('customer').length;
  const created = await send(target, 'POST', p('/customers'), JSON.stringify({ email: `probe-${before}@example.com`, password: 'pw' }));
  expect(created.status).toBe(201);
  const read = await send(target, 'GET', p(`/customers/${created.body?.customer.id}`));
  expect(read.status).toBe(200);
  expect(target.mock.data.all('customer')).toHaveLength(before + 1);
}

function seed(target: Target) {
  return target.mock.data.create<Json & { id: string }>('customer', {
    email: 'seeded@example.com',
    password: 'pw',
    key: 'seeded',
    firstName: 'Seed',
  });
}

/** The seeded customer is exactly as it was. */
function expectUnchanged(target: Target, seeded: Json) {
  expect(target.mock.data.get('customer', seeded.id)).toEqual(seeded);
  expect(target.mock.data.all('customer')).toHaveLength(1);
}

const invalidJson = (detailedErrorMessage: string) => ({
  code: 'InvalidJsonInput',
  message: 'Request body does not contain valid JSON.',
  detailedErrorMessage,
});

function nested(depth: number): string {
  return '['.repeat(depth) + ']'.repeat(depth);
}

for (const [mode, test] of [
  ['in-process', inProcess],
  ['over HTTP', overHttp],
] as const) {
  test.describe(`bad input (${mode})`, () => {
    test('malformed JSON → 400 InvalidJsonInput on create, update, login and project update', async ({ target }) => {
      const seeded = seed(target);
      for (const raw of ['{"email":', 'not json', "{'email':'a@b.c'}", '{"email":"a@b.c",}', '{"a":1} trailing', '   ']) {
        for (const path of [p('/customers'), p(`/customers/${seeded.id}`), p('/customers/key=seeded'), p('/login'), p('')]) {
          const result = await send(target, 'POST', path, raw);
          const [error] = expectEnvelope(result, 400, 'InvalidJsonInput');
          expect.soft(error!.message, `${path} ${raw}`).toBe('Request body does not contain valid JSON.');
          expect.soft(typeof error!.detailedErrorMessage, `${path} ${raw}`).toBe('string');
        }
      }
      expectUnchanged(target, seeded);
      expect(target.mock.data.get('project', 'settings')?.version ?? 1).toBe(1);
      await expectStillServing(target);
    });

    test('error bodies quote a refused value by its beginning: a 1 MB key or 501 actions come back small', async ({ target }) => {
      const seeded = seed(target);
      const longKey = `k${'x'.repeat(MB)}`;
      const keyRefused = await send(
        target,
        'POST',
        p('/customers'),
        JSON.stringify({ email: 'long@example.com', password: 'pw', key: longKey }),
      );
      const [keyError] = expectEnvelope(keyRefused, 400, 'InvalidField');
      expect(keyRefused.text.length).toBeLessThan(2_000);
      expect(keyError!.field).toBe('key');
      expect(keyError!.invalidValue).toBe(`${longKey.slice(0, 100)}… (${longKey.length} characters)`);
      expect(keyError!.message).toContain(`"${longKey.slice(0, 100)}… (${longKey.length} characters)"`);

      const actions = Array.from({ length: 501 }, () => ({ action: 'setFirstName', firstName: 'x' }));
      const tooMany = await send(target, 'POST', p(`/customers/${seeded.id}`), JSON.stringify({ version: seeded.version, actions }));
      const [actionsError] = expectEnvelope(tooMany, 400);
      expect(tooMany.text.length).toBeLessThan(2_000);
      expect(actionsError!.invalidValue).toEqual([...actions.slice(0, 3), '… (501 items)']);

      const small = await send(target, 'POST', p('/customers'), JSON.stringify({ email: 'short@example.com', password: 'pw', key: 'x' }));
      expect(expectEnvelope(small, 400, 'InvalidField')[0]!.invalidValue).toBe('x');
      expectUnchanged(target, seeded);
    });

    test('an empty body → 400 InvalidJsonInput on create and update; nothing stored', async ({ target }) => {
      const seeded = seed(target);
      for (const path of [p('/customers'), p(`/customers/${seeded.id}`)]) {
        const [error] = expectEnvelope(await send(target, 'POST', path, ''), 400, 'InvalidJsonInput');
        expect(error!.message).toBe('Request body does not contain valid JSON.');
      }
      expectUnchanged(target, seeded);
      await expectStillServing(target);
    });

    test('a POST without any body → 400 InvalidJsonInput; nothing stored', async ({ target }) => {
      const seeded = seed(target);
      for (const path of [p('/customers'), p(`/customers/${seeded.id}`)]) {
        const response = await fetch(`${target.api}${path}`, { method: 'POST' });
        expect(response.status).toBe(400);
        const body = (await response.json()) as Json;
        expect(body.errors[0].code).toBe('InvalidJsonInput');
      }
      expectUnchanged(target, seeded);
      await expectStillServing(target);
    });

    test('a body of the wrong shape → one InvalidJsonInput per problem, naming its path; nothing stored', async ({ target }) => {
      const draft = {
        email: 42,
        password: true,
        dateOfBirth: 'yesterday',
        isEmailVerified: 'yes',
        addresses: [{ country: 'DE' }, { country: 'germany' }],
        authenticationMode: 'Magic',
      };
      const errors = expectEnvelope(await send(target, 'POST', p('/customers'), JSON.stringify(draft)), 400, 'InvalidJsonInput');
      // The country breaks a rule, not the shape: the platform reads the body first and reports its shape alone.
      expect(errors).toEqual(
        [
          'email: JSON string expected.',
          'password: JSON string expected.',
          'dateOfBirth: A date (ISO 8601, such as 2026-01-31) expected, not "yesterday".',
          'isEmailVerified: JSON boolean expected.',
          'authenticationMode: Unknown value "Magic"; expected one of "Password", "ExternalAuth".',
        ].map(invalidJson),
      );
      expect(target.mock.data.all('customer')).toHaveLength(0);
      await expectStillServing(target);
    });

    test('a well-shaped body whose values break rules → every InvalidField listed with its field; nothing stored', async ({ target }) => {
      const draft = { email: 'rules@example.com', password: 'pw', key: 'x', addresses: [{ country: 'DE' }, { country: 'germany' }] };
      const errors = expectEnvelope(await send(target, 'POST', p('/customers'), JSON.stringify(draft)), 400, 'InvalidField');
      expect(errors.map((e) => [e.code, e.field, e.invalidValue])).toEqual([
        ['InvalidField', 'key', 'x'],
        ['InvalidField', 'addresses[1].country', 'germany'],
      ]);
      for (const error of errors) expect(typeof error.message).toBe('string');
      expect(target.mock.data.all('customer')).toHaveLength(0);
      await expectStillServing(target);
    });

    test('missing fields of the draft → InvalidJsonInput; a value only the rules require → RequiredField', async ({ target }) => {
      const empty = expectEnvelope(await send(target, 'POST', p('/customers'), '{}'), 400, 'InvalidJsonInput');
      expect(empty).toEqual([invalidJson('email: Missing required value.')]);
      const mixed = expectEnvelope(
        await send(target, 'POST', p('/customers'), JSON.stringify({ password: 5, addresses: [{ city: 'Berlin' }] })),
        400,
      );
      expect(mixed).toEqual(
        ['email: Missing required value.', 'password: JSON string expected.', 'addresses[0] -> country: Missing required value.'].map(
          invalidJson,
        ),
      );
      // A password is needed unless the customer authenticates externally: a rule of the platform, not the draft's shape.
      const noPassword = expectEnvelope(
        await send(target, 'POST', p('/customers'), JSON.stringify({ email: 'a@example.com' })),
        400,
        'RequiredField',
      );
      expect(noPassword).toEqual([{ code: 'RequiredField', field: 'password', message: 'A value is required for field password.' }]);
      expect(target.mock.data.all('customer')).toHaveLength(0);
      await expectStillServing(target);
    });

    test('update: the envelope and each action are read by shape first, then by rules; nothing stored', async ({ target }) => {
      const seeded = seed(target);
      const update = (body: unknown) => send(target, 'POST', p(`/customers/${seeded.id}`), JSON.stringify(body));
      expect(expectEnvelope(await update({}), 400, 'InvalidJsonInput')).toEqual(
        ['version: Missing required value.', 'actions: Missing required value.'].map(invalidJson),
      );
      expect(expectEnvelope(await update({ version: '1', actions: {} }), 400, 'InvalidJsonInput')).toEqual(
        ['version: JSON number expected.', 'actions: JSON array expected.'].map(invalidJson),
      );
      const shape = await update({
        version: 1,
        actions: [
          { action: 'setFirstName', firstName: 'Fine' },
          { action: 'changeEmail' },
          { action: 'setLastName', lastName: 7 },
          { action: 'addAddress', address: { country: 'xx' } },
        ],
      });
      expect(expectEnvelope(shape, 400, 'InvalidJsonInput')).toEqual(
        ['actions[1] -> email: Missing required value.', 'actions[2] -> lastName: JSON string expected.'].map(invalidJson),
      );
      const rules = await update({
        version: 1,
        actions: [
          { action: 'setFirstName', firstName: 'Fine' },
          { action: 'addAddress', address: { country: 'xx' } },
          { action: 'setKey', key: 'has space' },
        ],
      });
      expect(expectEnvelope(rules, 400, 'InvalidField').map((e) => [e.field, e.invalidValue])).toEqual([
        ['actions[1].address.country', 'xx'],
        ['actions[2].key', 'has space'],
      ]);
      for (const version of [0, -1]) {
        // An integer that is not the current version is a conflict, not bad input (as on the platform).
        const result = await update({ version, actions: [] });
        expect.soft(result.status, `version ${version}`).toBe(409);
        expect.soft(result.body?.errors?.[0]?.currentVersion, `version ${version}`).toBe(1);
      }
      expect(expectEnvelope(await update({ version: 1.5, actions: [] }), 400, 'InvalidJsonInput')).toEqual([
        invalidJson('version: JSON integer expected.'),
      ]);
      expectUnchanged(target, seeded);
      await expectStillServing(target);
    });

    test('a body that is not an object (null, array, string, number) → 400, nothing stored', async ({ target }) => {
      const seeded = seed(target);
      for (const raw of ['null', '[]', '"text"', '42', 'true']) {
        for (const path of [p('/customers'), p(`/customers/${seeded.id}`), p('/login')]) {
          const result = await send(target, 'POST', path, raw);
          expect.soft(result.status, `${path} ${raw}`).toBe(400);
          expect.soft(result.body?.statusCode, `${path} ${raw}`).toBe(400);
          expect.soft(typeof result.body?.errors?.[0]?.code, `${path} ${raw}`).toBe('string');
        }
      }
      expectUnchanged(target, seeded);
      await expectStillServing(target);
    });

    test('unknown update action → 400 InvalidInput, valid actions of the same request not applied', async ({ target }) => {
      const seeded = seed(target);
      const [error] = expectEnvelope(
        await send(
          target,
          'POST',
          p('/customers/key=seeded'),
          JSON.stringify({
            version: 1,
            actions: [
              { action: 'setFirstName', firstName: 'Nope' },
              { action: 'teleport', to: 'mars' },
            ],
          }),
        ),
        400,
        'InvalidInput',
      );
      expect(error!.message).toContain('teleport');
      const missingName = await send(
        target,
        'POST',
        p(`/customers/${seeded.id}`),
        JSON.stringify({ version: 1, actions: [{ firstName: 'x' }] }),
      );
      expect(missingName.status).toBe(400);
      expectUnchanged(target, seeded);
      await expectStillServing(target);
    });

    test('a 20 MB body → 413 error envelope; nothing stored', async ({ target }) => {
      const seeded = seed(target);
      const huge = JSON.stringify({ email: 'huge@example.com', password: 'pw', firstName: 'x'.repeat(20 * MB) });
      expect(huge.length).toBeGreaterThan(20 * MB);
      expectEnvelope(await send(target, 'POST', p('/customers'), huge), 413, 'ContentTooLarge');
      const hugeUpdate = JSON.stringify({ version: 1, actions: [{ action: 'setFirstName', firstName: 'y'.repeat(20 * MB) }] });
      expectEnvelope(await send(target, 'POST', p(`/customers/${seeded.id}`), hugeUpdate), 413, 'ContentTooLarge');
      // Multi-byte characters count as bytes: 7 M three-byte characters are 21 MB.
      const wide = JSON.stringify({ email: 'wide@example.com', password: 'pw', firstName: '€'.repeat(7 * MB) });
      expectEnvelope(await send(target, 'POST', p('/customers'), wide), 413, 'ContentTooLarge');
      expectUnchanged(target, seeded);
      await expectStillServing(target);
    });

    test('a 20 MB body on the token server → 413; no token issued', async ({ target }) => {
      const response = await fetch(`${target.auth}/oauth/token`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from('a:b').toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: `grant_type=client_credentials&scope=${'x'.repeat(20 * MB)}`,
      });
      expect(response.status).toBe(413);
      const body = (await response.json()) as Json;
      expect(body.statusCode).toBe(413);
      expect(target.mock.tokens.list()).toHaveLength(0);
    });

    test('deeply nested JSON (100,000 levels) → 400 InvalidJsonInput; nothing stored', async ({ target }) => {
      const seeded = seed(target);
      const deep = nested(100_000);
      const bodies = [
        deep,
        `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`,
        '{"a":'.repeat(100_000),
        JSON.stringify({ email: 'deep@example.com', password: 'pw' }).slice(0, -1) +
          `,"custom":{"type":{"key":"t"},"fields":{"x":${deep}}}}`,
      ];
      for (const raw of bodies) {
        for (const path of [p('/customers'), p(`/customers/${seeded.id}`), p('')]) {
          const [error] = expectEnvelope(await send(target, 'POST', path, raw), 400, 'InvalidJsonInput');
          expect.soft(error!.message, path).toBe('Request body does not contain valid JSON.');
        }
      }
      const deepAction = `{"version":1,"actions":[{"action":"setCustomField","name":"x","value":${deep}}]}`;
      expectEnvelope(await send(target, 'POST', p(`/customers/${seeded.id}`), deepAction), 400, 'InvalidJsonInput');
      expectUnchanged(target, seeded);
      await expectStillServing(target);
    });

    test('moderately nested JSON inside strings is not counted as nesting', async ({ target }) => {
      const created = await send(
        target,
        'POST',
        p('/customers'),
        JSON.stringify({ email: 'brackets@example.com', password: '['.repeat(1000) + '{"'.repeat(500) }),
      );
      expect(created.status).toBe(201);
      expect(target.mock.data.all('customer')).toHaveLength(1);
    });

    test('nesting up to 64 levels is served, 65 refused; many brackets side by side are not nesting', async ({ target }) => {
      // The body's own object is the first level: a value nested 63 deep makes 64 in all.
      const customObject = (key: string, value: string) => `{"container":"depth","key":"${key}","value":${value}}`;
      const atLimit = await send(target, 'POST', p('/custom-objects'), customObject('at-limit', nested(63)));
      expect(atLimit.status).toBe(201);
      const [error] = expectEnvelope(
        await send(target, 'POST', p('/custom-objects'), customObject('past-limit', nested(64))),
        400,
        'InvalidJsonInput',
      );
      expect(error!.message).toBe('Request body does not contain valid JSON.');
      const wide = `[${Array.from({ length: 100 }, (_, i) => `{"n":[${i}]}`).join(',')}]`;
      const sideBySide = await send(target, 'POST', p('/custom-objects'), customObject('wide', wide));
      expect(sideBySide.status).toBe(201);
      expect(target.mock.data.all('key-value-document').map((document) => document.key)).toEqual(['at-limit', 'wide']);
    });

    test('a malformed percent-encoding in an id or key → 400 InvalidInput, never a 500', async ({ target }) => {
      const seeded = seed(target);
      for (const path of [p('/customers/%E0%A4%A'), p('/customers/key=%E0%A4%A'), p('/customers/%')]) {
        const result = await send(target, 'GET', path);
        expect.soft(result.status, path).toBe(400);
        expect.soft(result.body?.errors?.[0]?.code, path).toBe('InvalidInput');
      }
      expectUnchanged(target, seeded);
      await expectStillServing(target);
    });

    test('a malformed percent-encoding in the project key → 4xx JSON error, never a 500', async ({ target }) => {
      const result = await send(target, 'POST', '/%E0%A4%A/customers', JSON.stringify({ email: 'x@example.com', password: 'pw' }));
      expect(result.status).toBeGreaterThanOrEqual(400);
      expect(result.status).toBeLessThan(500);
      expect(result.body?.errors?.[0]?.code).not.toBe('General');
      await expectStillServing(target);
    });

    test('a malformed percent-encoding in an in-store token path → 4xx OAuth error, never a 500', async ({ target }) => {
      const response = await fetch(`${target.auth}/oauth/${PROJECT_KEY}/in-store/key=%E0%A4%A/customers/token`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from('a:b').toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=password&username=a%40b.c&password=x',
      });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(target.mock.tokens.list()).toHaveLength(0);
    });

    test('a deeply nested where predicate → 400 InvalidInput, never a 500', async ({ target }) => {
      seed(target);
      for (const where of [`${'('.repeat(100_000)}id="x"${')'.repeat(100_000)}`, `${'not('.repeat(100_000)}id="x"${')'.repeat(100_000)}`]) {
        const result = await send(target, 'GET', p(`/customers?where=${encodeURIComponent(where)}`));
        expect.soft(result.status).toBe(400);
        expect.soft(result.body?.errors?.[0]?.code).toBe('InvalidInput');
      }
      await expectStillServing(target);
    });
  });
}

overHttp.describe('HTTP server only', () => {
  overHttp('a doubled slash does not turn the project key into a host name', async ({ target }) => {
    target.mock.data.create('customer', { email: 'a@example.com', password: 'pw' });
    const single = await send(target, 'GET', p('/customers'));
    expect(single.body?.count).toBe(1);
    const doubled = await send(target, 'GET', `/${p('/customers')}`);
    // Empty path segments are dropped by handle(), so this is the same list (or, at worst, a 404), never another project's settings.
    expect(doubled.body?.key).toBeUndefined();
    expect(doubled.body?.count).toBe(1);
  });

  overHttp('a long query string (where id in 500 ids, 24 KB) is served as in-process, never an empty 431', async ({ target }) => {
    const customer = target.mock.data.create<Json & { id: string }>('customer', { email: 'a@example.com', password: 'pw' });
    const ids = [customer.id, ...Array.from({ length: 499 }, () => crypto.randomUUID())];
    const where = encodeURIComponent(`id in (${ids.map((id) => `"${id}"`).join(', ')})`);
    expect(where.length).toBeGreaterThan(20_000);
    expect(target.mock.handle({ method: 'GET', url: p(`/customers?where=${where}`) }).status).toBe(200);
    const response = await fetch(`${target.api}${p(`/customers?where=${where}`)}`);
    const text = await response.text();
    expect(text, `status ${response.status} with an empty body`).not.toBe('');
    expect(response.status).toBe(200);
    expect((JSON.parse(text) as Json).results.map((c: Json) => c.id)).toEqual([customer.id]);
  });

  overHttp('HEAD answers no body; unknown paths answer a JSON envelope; the body is read as UTF-8', async ({ target }) => {
    const customer = target.mock.data.create<Json & { id: string }>('customer', { email: 'a@example.com', password: 'pw' });
    const head = await fetch(`${target.api}${p(`/customers/${customer.id}`)}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const missingHead = await fetch(`${target.api}${p('/customers/missing')}`, { method: 'HEAD' });
    expect(missingHead.status).toBe(404);
    expect(await missingHead.text()).toBe('');
    const unknown = await send(target, 'GET', '/test-project/nothing-here');
    expectEnvelope(unknown, 404, 'ResourceNotFound');
    const unicode = await send(
      target,
      'POST',
      p('/customers'),
      JSON.stringify({ email: 'ü@example.com', password: 'pw', firstName: 'Zoë 😀' }),
    );
    expect(unicode.status).toBe(201);
    expect(target.mock.data.get<Json>('customer', unicode.body?.customer.id)?.firstName).toBe('Zoë 😀');
  });
});
