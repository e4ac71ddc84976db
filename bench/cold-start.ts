/**
 * Cold starts, each in fresh processes, with its floor measured the same way in the same run:
 * - the first GraphQL request of a process (the mock already created), against building the
 *   platform's SDL with graphql-js, the way the schema used to be made;
 * - importing the package (its entry, as users import it: the bundle in dist/bundle) and creating a
 *   mock, against importing `@commercetools/platform-sdk` alone, and beside it importing all of zod alone
 *   (the package bundles the parts of zod it uses);
 * - the standalone server, spawn to first answer, against a bare `node:http` server spawned the same way,
 *   and its first GraphQL request, sent a moment after that first answer; the server with its code
 *   cache (in a directory of this run's, written by a start before the first run) and without one (the
 *   first start after an install or a build).
 * Medians of RUNS processes each (default 9), the kinds interleaved so that a busy machine weighs on all alike.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const RUNS = Math.max(3, Number(process.env.RUNS ?? 9));
// BENCH_ROOT: another checkout's built package (its bin/, dist/ and package.json), to compare two commits in one run.
const root = process.env.BENCH_ROOT ?? fileURLToPath(new URL('../../', import.meta.url));

/** Runs a module in a fresh Node process; it prints one number, the milliseconds it measured. */
function timedChild(code: string): number {
  const child = spawnSync(process.execPath, ['--input-type=module', '--eval', code], { cwd: root, encoding: 'utf8' });
  const value = Number.parseFloat(child.stdout.trim().split('\n').at(-1) ?? '');
  if (child.status !== 0 || Number.isNaN(value)) throw new Error(`child failed: ${child.stderr || child.stdout}`);
  return value;
}

const CHILDREN = {
  graphqlFirst: `
    const { createCommerceMock } = await import('commerce-mock');
    const mock = createCommerceMock();
    const started = performance.now();
    const response = await mock.respond({ method: 'POST', url: '/test-project/graphql', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ products(limit: 20) { total results { id masterData { current { name(locale: "en") } } } } }' }) });
    if (response.status !== 200 || response.body.errors) throw new Error(JSON.stringify(response.body));
    console.log(performance.now() - started);`,
  sdlBuild: `
    const started = performance.now();
    const { createRequire } = await import('node:module');
    const { readFileSync } = await import('node:fs');
    const g = createRequire(import.meta.url)('graphql');
    const schema = g.buildSchema(readFileSync('vendor/graphql/schema.graphql', 'utf8'), { assumeValidSDL: true });
    const problems = g.validate(schema, g.parse('{ products(limit: 20) { total results { id masterData { current { name(locale: "en") } } } } }'));
    if (problems.length) throw new Error(String(problems));
    console.log(performance.now() - started);`,
  // The floor under the first GraphQL request: loading graphql-js, as the package does (its copy bundled
  // into one file by the build) and from graphql's own files, as the package did before.
  loadBundledGraphql: `
    const started = performance.now();
    const { createRequire } = await import('node:module');
    createRequire(import.meta.url)('./dist/bundle/graphql-js.cjs');
    console.log(performance.now() - started);`,
  loadGraphql: `
    const started = performance.now();
    const { createRequire } = await import('node:module');
    createRequire(import.meta.url)('graphql');
    console.log(performance.now() - started);`,
  importAndCreate: `
    const started = performance.now();
    const { createCommerceMock } = await import('commerce-mock');
    createCommerceMock();
    console.log(performance.now() - started);`,
  // The same, from the compiled files unbundled (about 350 ES modules), as the package shipped before its bundle.
  importUnbundled: `
    const started = performance.now();
    const { createCommerceMock } = await import('./dist/src/index.js');
    createCommerceMock();
    console.log(performance.now() - started);`,
  importSdk: `
    const started = performance.now();
    await import('@commercetools/platform-sdk');
    console.log(performance.now() - started);`,
  // zod from its own files, whole: what the package loaded before it bundled the parts of zod it uses.
  importZod: `
    const started = performance.now();
    await import('zod');
    console.log(performance.now() - started);`,
} as const;

const FIRST_GRAPHQL = JSON.stringify({
  query: '{ products(limit: 20) { total results { id masterData { current { name(locale: "en") } } } } }',
});

/**
 * Spawn to the first answer of a server the child starts, measured by the parent; with `graphqlAfterMs`,
 * then the server's first GraphQL request, sent that long after the first answer (the server prepares
 * GraphQL once idle).
 */
async function serverFirstAnswer(
  args: string[],
  graphqlAfterMs?: number,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ first: number; graphql?: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const found = /(?:127\.0\.0\.1|localhost):(\d+)/.exec(output);
        if (found) resolve(Number(found[1]));
      });
      child.once('exit', (code) => reject(new Error(`server exited (${code}): ${output}`)));
    });
    const response = await fetch(`http://127.0.0.1:${port}/test-project`);
    await response.arrayBuffer();
    const first = performance.now() - started;
    if (graphqlAfterMs === undefined) return { first };
    await new Promise((resolve) => setTimeout(resolve, graphqlAfterMs));
    const sent = performance.now();
    const graphql = await fetch(`http://127.0.0.1:${port}/test-project/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: FIRST_GRAPHQL,
    });
    const body = (await graphql.json()) as { errors?: unknown };
    if (graphql.status !== 200 || body.errors) throw new Error(JSON.stringify(body));
    return { first, graphql: performance.now() - sent };
  } finally {
    child.kill();
  }
}

const BARE_SERVER = `import { createServer } from 'node:http';
const server = createServer((request, response) => response.end('{}'));
server.listen(0, '127.0.0.1', () => console.log('listening on http://127.0.0.1:' + server.address().port));`;

/** Time enough for the server to prepare GraphQL after its first answer (it waits 100 ms for quiet). */
const SERVER_GRAPHQL_AFTER_MS = 500;

// A build before graphql-js was bundled (an older BENCH_ROOT) has no such file: its row is left out.
const bundledGraphql = existsSync(join(root, 'dist/bundle/graphql-js.cjs'));
const SERVE = ['bin/commerce-mock.js', 'serve', '--port', '0'];
// The server's code cache (and Node's compile cache on Node 22.1 and later) in a directory of this run's,
// written by one start before the runs; the first start after an install or a build has none.
const compileCache = mkdtempSync(join(tmpdir(), 'commerce-mock-bench-cache-'));
const cached = { ...process.env, NODE_COMPILE_CACHE: compileCache };
const uncached = { ...process.env, NODE_DISABLE_COMPILE_CACHE: '1' };
await serverFirstAnswer(SERVE, SERVER_GRAPHQL_AFTER_MS, cached);
const samples: Record<string, number[]> = {};
const add = (name: string, value: number) => (samples[name] ??= []).push(value);
for (let run = 0; run < RUNS; run++) {
  for (const [name, code] of Object.entries(CHILDREN)) if (name !== 'loadBundledGraphql' || bundledGraphql) add(name, timedChild(code));
  const server = await serverFirstAnswer(SERVE, SERVER_GRAPHQL_AFTER_MS, cached);
  add('server', server.first);
  add('serverGraphql', server.graphql!);
  add('serverUncached', (await serverFirstAnswer(SERVE, undefined, uncached)).first);
  add('bareServer', (await serverFirstAnswer(['--input-type=module', '--eval', BARE_SERVER])).first);
}
rmSync(compileCache, { recursive: true, force: true });
const median = (name: string) => {
  const sorted = [...samples[name]!].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const row = (label: string, ms: number, against: string) => console.log(`${label.padEnd(58)} ${ms.toFixed(1).padStart(8)} ms   ${against}`);

console.log(`Node ${process.version}, medians of ${RUNS} fresh processes each\n`);
const first = median('graphqlFirst');
row('first GraphQL request (schema made, 20 products listed)', first, `aim <= 100 ms: ${first <= 100 ? 'met' : 'NOT met'}`);
row(
  '  building the SDL with graphql-js instead (the old way)',
  median('sdlBuild'),
  `${(median('sdlBuild') / first).toFixed(1)}x the whole first request`,
);
if (bundledGraphql) row('  loading graphql-js, bundled into one file (the package)', median('loadBundledGraphql'), '');
row('  loading graphql-js from its own files', median('loadGraphql'), '');
const create = median('importAndCreate');
const sdk = median('importSdk');
row('import commerce-mock and create a mock', create, `${(create / sdk).toFixed(2)}x importing platform-sdk (aim <= 1.5x)`);
row(
  '  the same from the unbundled compiled files (dist/src)',
  median('importUnbundled'),
  `${(median('importUnbundled') / sdk).toFixed(2)}x importing platform-sdk`,
);
row('  import @commercetools/platform-sdk alone', sdk, '');
row(
  '  import zod alone, all of it, from its own files',
  median('importZod'),
  `${(median('importZod') / sdk).toFixed(2)}x importing platform-sdk`,
);
const server = median('server');
const bare = median('bareServer');
row('standalone server: spawn to first answer', server, `${(server / bare).toFixed(2)}x a bare node:http server (aim <= 1.5x)`);
const serverUncached = median('serverUncached');
row('  the same without a code cache (its first start)', serverUncached, `${(serverUncached / bare).toFixed(2)}x a bare node:http server`);
row('  bare node:http server: spawn to first answer', bare, '');
const serverGraphql = median('serverGraphql');
row(
  `the server's first GraphQL request, ${SERVER_GRAPHQL_AFTER_MS} ms after its first answer`,
  serverGraphql,
  `aim <= 100 ms: ${serverGraphql <= 100 ? 'met' : 'NOT met'}`,
);
