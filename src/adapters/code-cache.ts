/**
 * How bin/commerce-mock.js runs the CLI: its one-file build (dist/bundle/cli.cjs, scripts/bundle.mjs)
 * as a CommonJS script with V8's code cache, so a start after the first skips compiling the code the
 * last one compiled. Node 20 has no compile cache for modules (Node 22.1 and later do, and the bin
 * turns it on for what the CLI requires, such as graphql-js), and compiling the CLI's code was a
 * quarter of the server's start there.
 *
 * The cache is kept where Node keeps its own: in `NODE_COMPILE_CACHE`, or `node-compile-cache` in the
 * temporary directory, under `commerce-mock/`; `NODE_DISABLE_COMPILE_CACHE=1` turns it off. One file
 * per bundle path, Node version and architecture, so two checkouts or two Nodes never take each
 * other's, and a rebuild replaces it rather than adding one. The file begins with the line of the
 * bundle's size and modification time it was made for (the build replaces a changed bundle, never
 * edits it): a cache of another build is not used. V8 refuses one made with other flags. Either way a
 * new one is written. The bundle's text is not hashed: loading node:crypto would cost a tenth of what
 * the cache saves. `NODE_DEBUG=commerce-mock` says what became of it.
 */
import { closeSync, fstatSync, mkdirSync, openSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
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

/** Runs the CommonJS `file` with the code cache kept for it (see above). */
export function runWithCodeCache<T>(file: string, env: NodeJS.ProcessEnv = process.env): CachedScript<T> {
  // One descriptor for the text and its size and time: a rebuild meanwhile cannot pair one with the other's.
  const descriptor = openSync(file, 'r');
  let source: string;
  let made: string;
  try {
    // The build makes the bundle ASCII (scripts/bundle.mjs), which latin1 reads as it is, faster than utf8.
    source = readFileSync(descriptor, 'latin1');
    const { size, mtimeMs } = fstatSync(descriptor);
    made = `${size} ${mtimeMs}\n`;
  } finally {
    closeSync(descriptor);
  }
  const cacheFile = codeCacheFile(file, env);
  const cachedData = cacheFile === undefined ? undefined : cacheFor(cacheFile, made);
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
        writeFileSync(temporary, Buffer.concat([Buffer.from(made, 'latin1'), script.createCachedData()]));
        renameSync(temporary, cacheFile);
        log('code cache %s written', cacheFile);
      } catch (error) {
        log('code cache %s not written: %s', cacheFile, error instanceof Error ? error.message : String(error));
      }
    },
  };
}

function codeCacheFile(file: string, env: NodeJS.ProcessEnv): string | undefined {
  if (env.NODE_DISABLE_COMPILE_CACHE === '1') return undefined;
  const directory = env.NODE_COMPILE_CACHE || join(tmpdir(), 'node-compile-cache');
  return join(directory, 'commerce-mock', `${basename(file)}-${process.version}-${process.arch}-${textKey(file)}.cache`);
}

/** V8's data in `cacheFile` when it was made for the bundle as it is now (`made`); nothing otherwise. */
function cacheFor(cacheFile: string, made: string): Buffer | undefined {
  let content: Buffer;
  try {
    content = readFileSync(cacheFile);
  } catch {
    return undefined;
  }
  if (content.toString('latin1', 0, made.length) === made) return content.subarray(made.length);
  log('code cache %s is of another build', cacheFile);
  return undefined;
}

/** A short key of a text (FNV-1a, 32 bits), for a file name: not for anything that must not collide. */
function textKey(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, '0');
}
