/**
 * `commerce-mock serve` turns on Node's compile cache for its own process (Node 22.1 and later):
 * V8's compiled code of the CLI's bundle lands in the temporary directory, unless
 * NODE_DISABLE_COMPILE_CACHE=1 says no. On Node 20 there is no such cache; CI runs this file on Node 24.
 */
import { test, expect } from '@playwright/test';
import module from 'node:module';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { needsBuild } from '../support/build.js';
import { startCli } from '../storage/run-cli.js';

/** This process's environment without anything that sets the CLI's options or the compile cache, plus `extra`. */
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const kept = Object.entries(process.env).filter(
    ([name]) =>
      !name.startsWith('COMMERCE_MOCK_') &&
      !name.startsWith('NODE_COMPILE_CACHE') &&
      name !== 'NODE_DISABLE_COMPILE_CACHE' &&
      name !== 'PORT',
  );
  return { ...Object.fromEntries(kept), COMMERCE_MOCK_PORT: '0', ...extra };
}

/** Files under `directory`, at any depth. */
function filesUnder(directory: string): string[] {
  if (!existsSync(directory)) return [];
  return readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
}

/** Starts the CLI with `TMPDIR` of its own, answers one request, stops it; returns that directory and the output. */
async function serveOnce(extra: Record<string, string> = {}): Promise<{ temporary: string; output: string }> {
  const temporary = mkdtempSync(join(tmpdir(), 'commerce-mock-cache-'));
  const server = await startCli(['node', 'bin/commerce-mock.js', 'serve'], cleanEnv({ TMPDIR: temporary, ...extra }));
  try {
    const answer = await fetch(`${server.url}/test-project`);
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { key: string }).key).toBe('test-project');
  } finally {
    expect(await server.stop()).toBe(0);
  }
  return { temporary, output: server.output() };
}

test.describe('CLI: Node compile cache', () => {
  needsBuild();
  test.skip(typeof (module as { enableCompileCache?: unknown }).enableCompileCache !== 'function', 'Node before 22.1 has no compile cache');

  test('the server writes its compiled code to node-compile-cache in the temporary directory, and reads it on the next start', async () => {
    const { temporary } = await serveOnce();
    try {
      const cache = join(temporary, 'node-compile-cache');
      // The CLI's entry and the chunks it loads (zod bundled into one of them), graphql-js once prepared: one file each.
      expect(filesUnder(cache).length).toBeGreaterThan(3);
      // Started again on that cache (Node's debug log says what it did with each module), the CLI's code comes from it.
      const { output } = await serveOnce({ NODE_COMPILE_CACHE: cache, NODE_DEBUG_NATIVE: 'COMPILE_CACHE' });
      expect(output).toMatch(/V8 code cache for ESM file:\/\/\S+\/dist\/bundle\/src\/adapters\/cli\.js was accepted/);
    } finally {
      rmSync(temporary, { recursive: true, force: true });
    }
  });

  test('NODE_DISABLE_COMPILE_CACHE=1 keeps it off', async () => {
    const { temporary } = await serveOnce({ NODE_DISABLE_COMPILE_CACHE: '1' });
    try {
      expect(existsSync(join(temporary, 'node-compile-cache'))).toBe(false);
    } finally {
      rmSync(temporary, { recursive: true, force: true });
    }
  });
});
