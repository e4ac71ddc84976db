/**
 * The compiled package (dist/), for the few tests that use it as users do: the CLI through
 * bin/commerce-mock.js, the package's `exports` map, the container image's files. Only those tests
 * build it (`needsBuild()`), so a run of the other folders compiles nothing.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { test } from '@playwright/test';

const SOURCES = ['src', 'factories'];
const CLI = 'dist/src/adapters/cli.js';
/** What `bin/commerce-mock.js` and the package's `exports` run: the bundle of the compiled files (`npm run bundle`). */
const BUNDLED_CLI = 'dist/bundle/cli.cjs';
/** Touched at the end of each bundling, which writes only the files whose content changed (scripts/bundle.mjs). */
const BUNDLED_STAMP = 'dist/bundle/.built';
// A directory, because creating one is atomic: the worker that makes it builds, the others wait.
const LOCK = 'dist/.build-lock';
// A lock older than this belongs to a build that died without removing it.
const STALE_LOCK_MS = 5 * 60_000;

/** Registers a `beforeAll` hook (in the current file or describe block) that makes dist/ current. */
export function needsBuild(): void {
  test.beforeAll(async () => {
    // A build under the load of the other workers can outlast the default timeout.
    test.setTimeout(180_000);
    await ensureBuilt();
  });
}

/**
 * Compiles src/ and factories/ into dist/ unless every source's output is already newer than the
 * source (as after `npm start` or `npm run build`, or after another worker's build). Type
 * errors are the typecheck step's to report; here only a missing output fails.
 */
export async function ensureBuilt(): Promise<void> {
  // While another worker builds, its .js files can be new before its .d.ts files are written: wait for its lock to go.
  while (existsSync(LOCK) || !upToDate()) {
    mkdirSync('dist', { recursive: true });
    if (!takeLock()) {
      await sleep(200);
      continue;
    }
    try {
      if (upToDate()) return;
      const output = await compile();
      if (!existsSync(BUNDLED_CLI)) throw new Error(`build failed:\n${output}`);
      return;
    } finally {
      rmSync(LOCK, { recursive: true, force: true });
    }
  }
}

/** Whether each source has its compiled .js, at least as new as the source, and the bundle is newer still. */
function upToDate(): boolean {
  if (!existsSync(CLI) || !existsSync(BUNDLED_CLI) || !existsSync(BUNDLED_STAMP)) return false;
  const bundled = statSync(BUNDLED_STAMP).mtimeMs;
  for (const root of SOURCES) {
    for (const name of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
      if (!name.endsWith('.ts') || name.endsWith('.d.ts')) continue;
      const source = join(root, name);
      const output = join('dist', root, name.replace(/\.ts$/, '.js'));
      if (!existsSync(output)) return false;
      const compiled = statSync(output).mtimeMs;
      if (compiled < statSync(source).mtimeMs || bundled < compiled) return false;
    }
  }
  return true;
}

function takeLock(): boolean {
  try {
    mkdirSync(LOCK);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    if (lockIsStale()) rmSync(LOCK, { recursive: true, force: true });
    return false;
  }
  writeFileSync(join(LOCK, 'pid'), String(process.pid));
  return true;
}

function lockIsStale(): boolean {
  try {
    if (Date.now() - statSync(LOCK).mtimeMs > STALE_LOCK_MS) return true;
    const pid = Number(readFileSync(join(LOCK, 'pid'), 'utf8'));
    process.kill(pid, 0);
    return false;
  } catch (error) {
    // ESRCH: its process is gone. No pid file yet (ENOENT): the holder is about to write it.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** `npm run build`, its two steps run whatever the compiler says: the compiled files into dist/, then their bundle. */
async function compile(): Promise<string> {
  return (
    (await run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'])) +
    (await run('npm', ['run', '--silent', 'bundle']))
  );
}

function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('close', () => resolve(output));
  });
}
