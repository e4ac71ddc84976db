/**
 * `commerce-mock serve` runs its one-file bundle with V8's code cache (src/adapters/code-cache.ts):
 * written once the server is first idle, under `commerce-mock/` in Node's compile cache directory
 * (`NODE_COMPILE_CACHE`, or `node-compile-cache` in the temporary directory), read by the next start;
 * `NODE_DISABLE_COMPILE_CACHE=1` turns it off. On Node 22.1 and later the CLI also turns on Node's own
 * compile cache, for what it requires (graphql-js). CI runs this file on Node 20 and on Node 24.
 */
import { test, expect } from '@playwright/test';
import module from 'node:module';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { needsBuild } from '../support/build.js';
import { cliEnv, type RunningCli, startCli } from '../storage/run-cli.js';

/** Files under `directory`, at any depth, by path relative to it. */
function filesUnder(directory: string): string[] {
  if (!existsSync(directory)) return [];
  return readdirSync(directory, { recursive: true, encoding: 'utf8' }).filter((name) => statSync(join(directory, name)).isFile());
}

/** Waits until the server's output matches (its debug lines come on stderr), or fails after 10 s. */
async function outputMatches(server: RunningCli, pattern: RegExp): Promise<void> {
  for (let waited = 0; !pattern.test(server.output()); waited += 50) {
    if (waited > 10_000) throw new Error(`no ${pattern} in the output within 10 s:\n${server.output()}`);
    await sleep(50);
  }
}

/** Starts the CLI, checks that it answers, runs `during`, stops it (exit code 0); returns the output. */
async function serve(
  env: Record<string, string>,
  during: (server: RunningCli) => Promise<void> = async () => {},
  bin = 'bin/commerce-mock.js',
): Promise<string> {
  const server = await startCli(['node', bin, 'serve'], cliEnv({ COMMERCE_MOCK_PORT: '0', NODE_DEBUG: 'commerce-mock', ...env }));
  try {
    const answer = await fetch(`${server.url}/test-project`);
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { key: string }).key).toBe('test-project');
    await during(server);
  } finally {
    expect(await server.stop()).toBe(0);
  }
  return server.output();
}

/** Waits until the start has said what it did with its cache: read it (at once), or written it or failed to (once idle). */
const cacheSettled = (server: RunningCli) => outputMatches(server, /code cache \S+ (written|not written|accepted)/);

test.describe('CLI: code cache', () => {
  needsBuild();
  let temporary: string;
  test.beforeEach(() => {
    temporary = mkdtempSync(join(tmpdir(), 'commerce-mock-cache-'));
  });
  test.afterEach(() => rmSync(temporary, { recursive: true, force: true }));

  const cacheFiles = () => filesUnder(join(temporary, 'node-compile-cache', 'commerce-mock'));

  test('the first start writes the cache once idle, under commerce-mock/ in node-compile-cache; the next start reads it', async () => {
    const first = await serve({ TMPDIR: temporary }, (server) => outputMatches(server, /code cache \S+ written/));
    expect(first).not.toMatch(/accepted|rejected/);
    const [cache, ...others] = cacheFiles();
    expect(others).toEqual([]);
    // One file per bundle path, Node version and architecture; its first line names the build it was made for.
    expect(cache).toMatch(new RegExp(`^cli\\.cjs-${process.version}-${process.arch}-[0-9a-f]{8}\\.cache$`));
    const { size, mtimeMs } = statSync('dist/bundle/cli.cjs');
    const content = readFileSync(join(temporary, 'node-compile-cache', 'commerce-mock', cache!));
    expect(content.toString('latin1', 0, content.indexOf(10))).toBe(`${size} ${mtimeMs}`);
    const written = statSync(join(temporary, 'node-compile-cache', 'commerce-mock', cache!)).mtimeMs;

    const second = await serve({ TMPDIR: temporary }, async (server) => {
      // A GraphQL request is served from code the cache did not hold.
      const graphql = await fetch(`${server.url}/test-project/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ categories { total } }' }),
      });
      expect(await graphql.json()).toEqual({ data: { categories: { total: 0 } } });
    });
    expect(second).toMatch(/code cache \S+ accepted/);
    expect(second).not.toMatch(/written/);
    expect(cacheFiles()).toEqual([cache]);
    expect(statSync(join(temporary, 'node-compile-cache', 'commerce-mock', cache!)).mtimeMs).toBe(written);
  });

  test('a cache V8 refuses is replaced, and the server serves all the same', async () => {
    await serve({ TMPDIR: temporary }, (server) => outputMatches(server, /written/));
    const [cache] = cacheFiles();
    const file = join(temporary, 'node-compile-cache', 'commerce-mock', cache!);
    const content = readFileSync(file);
    // The line of the build kept, V8's data damaged.
    const damaged = Buffer.concat([content.subarray(0, content.indexOf(10) + 1), Buffer.alloc(4096, 7)]);
    writeFileSync(file, damaged);
    const refused = await serve({ TMPDIR: temporary }, (server) => outputMatches(server, /written/));
    expect(refused).toMatch(/code cache \S+ rejected/);
    expect(readFileSync(file).equals(damaged)).toBe(false);
    expect(await serve({ TMPDIR: temporary }, cacheSettled)).toMatch(/code cache \S+ accepted/);
  });

  test('after a rebuild the cache of the build before is not used, and is replaced rather than added to', async () => {
    // A copy of what the CLI runs, so that its bundle can change under it.
    const copy = join(temporary, 'package');
    mkdirSync(join(copy, 'dist', 'bundle'), { recursive: true });
    cpSync('bin', join(copy, 'bin'), { recursive: true });
    cpSync('package.json', join(copy, 'package.json'));
    for (const file of ['cli.cjs', 'code-cache.cjs', 'graphql-js.cjs']) cpSync(join('dist/bundle', file), join(copy, 'dist/bundle', file));
    symlinkSync(resolve('vendor'), join(copy, 'vendor'));
    symlinkSync(resolve('node_modules'), join(copy, 'node_modules'));
    const bin = join(copy, 'bin/commerce-mock.js');

    await serve({ TMPDIR: temporary }, (server) => outputMatches(server, /written/), bin);
    const [cache, ...others] = cacheFiles();
    expect(others).toEqual([]);
    // The build writes a changed bundle as a new file: another modification time.
    const bundle = join(copy, 'dist/bundle/cli.cjs');
    const later = new Date(statSync(bundle).mtimeMs + 60_000);
    utimesSync(bundle, later, later);
    const rebuilt = await serve({ TMPDIR: temporary }, (server) => outputMatches(server, /written/), bin);
    expect(rebuilt).toMatch(/code cache \S+ is of another build/);
    expect(rebuilt).not.toMatch(/accepted|rejected/);
    expect(cacheFiles()).toEqual([cache]);
    expect(await serve({ TMPDIR: temporary }, cacheSettled, bin)).toMatch(/code cache \S+ accepted/);
  });

  test('NODE_COMPILE_CACHE moves it', async () => {
    const elsewhere = join(temporary, 'elsewhere');
    await serve({ TMPDIR: temporary, NODE_COMPILE_CACHE: elsewhere }, (server) => outputMatches(server, /written/));
    expect(filesUnder(join(elsewhere, 'commerce-mock'))).toHaveLength(1);
    expect(cacheFiles()).toEqual([]);
  });

  test('NODE_DISABLE_COMPILE_CACHE=1 keeps it off: nothing read or written', async () => {
    const output = await serve({ TMPDIR: temporary, NODE_DISABLE_COMPILE_CACHE: '1' }, async (server) => {
      // The idle work runs 100 ms after the last request; GraphQL is prepared by then.
      await sleep(600);
      expect(server.output()).not.toMatch(/code cache/);
    });
    expect(output).not.toMatch(/code cache/);
    expect(existsSync(join(temporary, 'node-compile-cache'))).toBe(false);
  });

  test('a directory the cache cannot be written to does not stop the server', async () => {
    const notADirectory = join(temporary, 'a-file');
    writeFileSync(notADirectory, '');
    const output = await serve({ TMPDIR: temporary, NODE_COMPILE_CACHE: join(notADirectory, 'cache') }, async (server) => {
      await outputMatches(server, /not written/);
      expect((await fetch(`${server.url}/test-project/categories`)).status).toBe(200);
    });
    expect(output).toMatch(/code cache \S+ not written: ENOTDIR/);
  });

  test('the one-file bundle keeps its modules strict, as they were in ES modules, and is ASCII', () => {
    const text = readFileSync('dist/bundle/cli.cjs', 'latin1');
    // A directive only counts as the file's first statement: a banner line before it would make the file sloppy.
    expect(text.startsWith('"use strict";\n')).toBe(true);
    expect(/[\u0080-\uffff]/.test(text)).toBe(false);
  });

  test("on Node 22.1 and later, Node's own compile cache keeps what the CLI requires: graphql-js", async () => {
    test.skip(
      typeof (module as { enableCompileCache?: unknown }).enableCompileCache !== 'function',
      'Node before 22.1 has no compile cache',
    );
    const prepared = async (server: RunningCli) => {
      const graphql = await fetch(`${server.url}/test-project/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ __typename }' }),
      });
      expect(graphql.status).toBe(200);
    };
    await serve({ TMPDIR: temporary }, prepared);
    const nodeFiles = filesUnder(join(temporary, 'node-compile-cache')).filter((name) => !name.startsWith('commerce-mock'));
    expect(nodeFiles.length).toBeGreaterThan(0);
    const output = await serve({ TMPDIR: temporary, NODE_DEBUG_NATIVE: 'COMPILE_CACHE' }, prepared);
    expect(output).toMatch(/V8 code cache for CommonJS \S+\/dist\/bundle\/graphql-js\.cjs was accepted/);
  });
});
