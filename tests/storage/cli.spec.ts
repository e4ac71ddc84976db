/** `commerce-mock serve --storage sqlite --data-file <path>` and the environment variables behind them. */
import { test, expect } from '@playwright/test';
import { existsSync } from 'node:fs';
import { failingCli, startCli } from './run-cli.js';
import { removeDatabase, scratchFile } from './backends.js';
import { needsBuild } from '../support/build.js';

const bin = ['node', 'bin/commerce-mock.js'];
const baseEnv = () => {
  const env = { ...process.env };
  delete env.COMMERCE_MOCK_STORAGE;
  delete env.COMMERCE_MOCK_DATA_FILE;
  return env;
};

test.describe('CLI: storage selection', () => {
  needsBuild();

  let file: string;
  test.beforeEach(() => {
    file = scratchFile('cli');
  });
  test.afterEach(() => removeDatabase(file));

  test('--storage sqlite --data-file keeps the data across a restart; /__mock/state/clear empties the file', async () => {
    const args = [...bin, 'serve', '--port', '0', '--storage', 'sqlite', '--data-file', file];
    const first = await startCli(args, baseEnv());
    try {
      expect(first.output()).toContain(`(storage: sqlite ${file}, project: test-project)`);
      const created = await fetch(`${first.url}/test-project/categories`, {
        method: 'POST',
        body: JSON.stringify({ name: { en: 'Shoes' }, slug: { en: 'shoes' }, key: 'shoes' }),
      });
      expect(created.status).toBe(201);
    } finally {
      expect(await first.stop()).toBe(0);
    }

    const second = await startCli(args, baseEnv());
    try {
      const found = await fetch(`${second.url}/test-project/categories/key=shoes`);
      expect(await found.json()).toMatchObject({ key: 'shoes', version: 1, name: { en: 'Shoes' } });
      expect((await fetch(`${second.url}/__mock/state/clear`, { method: 'POST' })).status).toBe(200);
      expect((await fetch(`${second.url}/test-project/categories/key=shoes`)).status).toBe(404);
    } finally {
      expect(await second.stop()).toBe(0);
    }

    const third = await startCli(args, baseEnv());
    try {
      expect(((await (await fetch(`${third.url}/test-project/categories`)).json()) as { total: number }).total).toBe(0);
    } finally {
      await third.stop();
    }
  });

  test('COMMERCE_MOCK_STORAGE and COMMERCE_MOCK_DATA_FILE choose the same; flags win over them', async () => {
    const env = { ...baseEnv(), COMMERCE_MOCK_STORAGE: 'sqlite', COMMERCE_MOCK_DATA_FILE: file, COMMERCE_MOCK_PORT: '0' };
    const viaEnv = await startCli([...bin, 'serve'], env);
    try {
      expect(await (await fetch(`${viaEnv.url}/__mock/health`)).json()).toEqual({ status: 'ok', storage: 'sqlite' });
    } finally {
      await viaEnv.stop();
    }
    expect(existsSync(file)).toBe(true);

    const flagWins = await startCli([...bin, 'serve', '--storage', 'memory'], env);
    try {
      expect(await (await fetch(`${flagWins.url}/__mock/health`)).json()).toEqual({ status: 'ok', storage: 'memory' });
    } finally {
      await flagWins.stop();
    }
  });

  test('an unknown storage stops the server with the list of backends', async () => {
    const { code, output } = await failingCli([...bin, 'serve', '--port', '0', '--storage', 'redis'], baseEnv());
    expect(code).toBe(1);
    expect(output).toContain("unknown storage 'redis' (available: memory, sqlite).");
    const misspelt = await failingCli([...bin, 'serve', '--port', '0', '--storage', 'sqlit'], baseEnv());
    expect(misspelt.code).toBe(1);
    expect(misspelt.output).toContain(
      "commerce-mock: --storage: unknown storage 'sqlit' (available: memory, sqlite) — did you mean 'sqlite'?",
    );
  });

  test('--help lists the storage flags and variables', async () => {
    const { output } = await failingCli([...bin, '--help'], baseEnv());
    expect(output).toMatch(/--storage <name>.*memory or sqlite.*COMMERCE_MOCK_STORAGE/);
    expect(output).toMatch(/--data-file <path>.*COMMERCE_MOCK_DATA_FILE/);
  });
});
