/**
 * The package fixture with the state options: `initialData` is where every test starts (and a bad
 * file fails the worker before any test body runs), and `commerce.tokens.expire()` expires a test's
 * tokens when `enforceTokenExpiry` is on.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createCommerceMock, DEFAULT_API_URL } from '../../src/index.js';
import { expect, test } from '../support/commerce.js';

const source = createCommerceMock();
source.data.seed([['channel', { key: 'from-file', roles: ['InventorySupply'] }]]);

test.use({ commerceMock: { initialData: source.state.export(), enforceTokenExpiry: true } });

for (const name of ['first', 'second']) {
  test(`initialData is where every test starts (${name} test)`, async ({ commerce }) => {
    expect((await commerce.data.all('channel')).map((channel) => channel.key)).toEqual(['from-file']);
    await commerce.data.seed([['channel', { key: `added-by-${name}`, roles: ['Primary'] }]]);
    expect(await commerce.data.all('channel')).toHaveLength(2);
  });
}

test('commerce.tokens.expire(filter) expires the chosen tokens at once', async ({ commerce }) => {
  const [ann] = await commerce.data.seed([['customer', { email: 'ann@example.com', password: 'secret' }]]);
  const token = await commerce.tokens.issue({ kind: 'customer', customerId: ann!.id });
  const channels = () => fetch(`${DEFAULT_API_URL}/test-project/channels`, { headers: { authorization: `Bearer ${token.accessToken}` } });
  expect((await channels()).status).toBe(200);
  expect(await commerce.tokens.expire({ customerId: ann!.id })).toBe(1);
  const refused = await channels();
  expect(refused.status).toBe(401);
  expect(await refused.json()).toMatchObject({ errors: [{ code: 'invalid_token' }] });
});

test('a bad initialData fails the worker, naming the option and the first problem, before any test body runs', async () => {
  test.setTimeout(120_000);
  // bad-initial-data/: a suite of two tests whose initialData lacks a document id, run in a child process.
  const child = await promisify(execFile)(
    process.execPath,
    ['node_modules/@playwright/test/cli.js', 'test', '-c', 'tests/state/bad-initial-data/playwright.config.ts'],
    {
      env: {
        ...process.env,
        BAD_INITIAL_DATA_OUTPUT_DIR: mkdtempSync(join(tmpdir(), 'commerce-mock-initial-data-')),
        CI: '',
        FORCE_COLOR: '0',
      },
      maxBuffer: 10_000_000,
    },
  ).catch((error: { stdout: string; code: number }) => error);
  const output = child.stdout;
  expect('code' in child ? child.code : 0, output).toBe(1);
  expect(output).toMatch(/2 failed/);
  const refusal =
    'ImportError: commerce-mock: the commerceMock option initialData: import refused at projects.test-project.channel[0].document.id';
  expect(output.split(refusal), output).toHaveLength(3);
  expect(output).not.toContain('test body ran');
});
