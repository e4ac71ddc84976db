/**
 * How bin/commerce-mock.js runs the CLI: its one-file build (dist/bundle/cli.cjs, scripts/bundle.mjs)
 * as a CommonJS script with V8's code cache, so a start after the first skips compiling the code the
 * last one compiled. Node 20 has no compile cache for modules (Node 22.1 and later do, and the bin
 * turns it on for what the CLI requires, such as graphql-js), and compiling the CLI's code was a
 * quarter of the server's start there.
 *
 * The cache is kept where Node keeps its own: in `NODE_COMPILE_CACHE`, or `node-compile-cache` in the
 * temporary directory, under `commerce-mock/`; `NODE_DISABLE_COMPILE_CACHE=1` turns it off. Its file
 * is named by the Node version, the architecture and the bundle's size and modification time (the
 * build replaces a changed file, never edits it), so a rebuild or another Node never reads another's;
 * V8 refuses one made with other flags, and then a new one is written. The name is not a hash of the
 * text: loading node:crypto would cost a tenth of what the cache saves.
 * `NODE_DEBUG=commerce-mock` says what became of it.
 */
import { type Stats, closeSync, fstatSync, mkdirSync, openSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { debuglog } from 'node:util';
import { Script } from 'node:vm';

const log = debuglog('commerce-mock');

export interface CachedScript<T> {
  /** What the script's CommonJS module exports. */
  exports: T;
  /**
   * Writes the code V8 has compiled so far as the cache, unless the start read a cache V8 accepted:
   * once, best called when the start is over (what it compiled is what the next start needs) and
   * before work a later start may never do. A cache that cannot be written is left out, silently.
   */
  saveCodeCache(): void;
}

/** Runs the CommonJS `file` with the code cache kept for its text (see above). */
export function runWithCodeCache<T>(file: string, env: NodeJS.ProcessEnv = process.env): CachedScript<T> {
  // One descriptor for the text and its size and time: a rebuild meanwhile cannot pair one with the other's.
  const descriptor = openSync(file, 'r');
  let source: string;
  let cacheFile: string | undefined;
  try {
    // The build makes the bundle ASCII (scripts/bundle.mjs), which latin1 reads as it is, faster than utf8.
    source = readFileSync(descriptor, 'latin1');
    cacheFile = codeCacheFile(file, fstatSync(descriptor), env);
  } finally {
    closeSync(descriptor);
  }
  const cachedData = cacheFile === undefined ? undefined : readIfPresent(cacheFile);
  const script = new Script(Module.wrap(source), { filename: file, ...(cachedData === undefined ? {} : { cachedData }) });
  const accepted = cachedData !== undefined && script.cachedDataRejected !== true;
  if (cachedData !== undefined) log('code cache %s %s', cacheFile, accepted ? 'accepted' : 'rejected');
  const module = { exports: {} as T };
  script.runInThisContext()(module.exports, createRequire(file), module, file, dirname(file));
  let due = cacheFile !== undefined && !accepted;
  return {
    exports: module.exports,
    saveCodeCache() {
      if (!due || cacheFile === undefined) return;
      due = false;
      try {
        mkdirSync(dirname(cacheFile), { recursive: true });
        // Renamed into place, so a server starting meanwhile never reads half of it.
        const temporary = `${cacheFile}.${process.pid}.tmp`;
        writeFileSync(temporary, script.createCachedData());
        renameSync(temporary, cacheFile);
        log('code cache %s written', cacheFile);
      } catch (error) {
        log('code cache %s not written: %s', cacheFile, error instanceof Error ? error.message : String(error));
      }
    },
  };
}

function codeCacheFile(file: string, { size, mtimeMs }: Stats, env: NodeJS.ProcessEnv): string | undefined {
  if (env.NODE_DISABLE_COMPILE_CACHE === '1') return undefined;
  const directory = env.NODE_COMPILE_CACHE || join(tmpdir(), 'node-compile-cache');
  return join(directory, 'commerce-mock', `${basename(file)}-${process.version}-${process.arch}-${size}-${mtimeMs}.cache`);
}

function readIfPresent(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}
