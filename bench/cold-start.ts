/**
 * Cold starts, each in fresh processes, with its floor measured the same way in the same run:
 * - the first GraphQL request of a process (the mock already created), against building the
 *   platform's SDL with graphql-js, the way the schema used to be made;
 * - importing the package (its entry, as users import it: the bundle in dist/bundle) and creating a
 *   mock, against importing `@commercetools/platform-sdk` alone, and beside it importing zod alone;
 * - the standalone server, spawn to first answer, against a bare `node:http` server spawned the same way.
 * Medians of RUNS processes each (default 9), the kinds interleaved so that a busy machine weighs on all alike.
 */
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const RUNS = Math.max(3, Number(process.env.RUNS ?? 9));
const root = fileURLToPath(new URL('../../', import.meta.url));

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
  // What no change of ours can take off the import: zod, which the package's schemas are made with.
  importZod: `
    const started = performance.now();
    await import('zod');
    console.log(performance.now() - started);`,
} as const;

/** Spawn to the first answer of a server the child starts, measured by the parent. */
async function serverFirstAnswer(args: string[]): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
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
    return performance.now() - started;
  } finally {
    child.kill();
  }
}

const BARE_SERVER = `import { createServer } from 'node:http';
const server = createServer((request, response) => response.end('{}'));
server.listen(0, '127.0.0.1', () => console.log('listening on http://127.0.0.1:' + server.address().port));`;

const samples: Record<string, number[]> = {};
const add = (name: string, value: number) => (samples[name] ??= []).push(value);
for (let run = 0; run < RUNS; run++) {
  for (const [name, code] of Object.entries(CHILDREN)) add(name, timedChild(code));
  add('server', await serverFirstAnswer(['bin/commerce-mock.js', 'serve', '--port', '0']));
  add('bareServer', await serverFirstAnswer(['--input-type=module', '--eval', BARE_SERVER]));
}
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
  '  import zod alone (a dependency the import loads)',
  median('importZod'),
  `${(median('importZod') / sdk).toFixed(2)}x importing platform-sdk`,
);
const server = median('server');
const bare = median('bareServer');
row('standalone server: spawn to first answer', server, `${(server / bare).toFixed(2)}x a bare node:http server (aim <= 1.5x)`);
row('  bare node:http server: spawn to first answer', bare, '');
