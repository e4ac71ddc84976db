/**
 * The code examples of the docs, so they cannot drift from the code: extract the ```ts blocks of a
 * page, run one as a module of this package, or find it again in a spec that runs it.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The ```ts blocks of a markdown file, in order. */
export function tsBlocks(markdownFile: string): string[] {
  return [...readFileSync(markdownFile, 'utf8').matchAll(/```ts\n([\s\S]*?)\n```/g)].map((match) => match[1]!);
}

/** The regions of a spec between `// doc-example:start` and `// doc-example:end`, in order. */
export function markedRegions(specFile: string): string[] {
  return [...readFileSync(specFile, 'utf8').matchAll(/\/\/ doc-example:start\n([\s\S]*?)\n\s*\/\/ doc-example:end/g)].map(
    (match) => match[1]!,
  );
}

const SPECIFIERS: Array<[RegExp, string]> = [
  [/'(?:\.\.\/)+src\/playwright\/index\.js'/g, "'commerce-mock/playwright'"],
  [/'(?:\.\.\/)+factories\/index\.js'/g, "'commerce-mock/factories'"],
  [/'(?:\.\.\/)+src\/index\.js'/g, "'commerce-mock'"],
];

/**
 * Code reduced to what a reader sees: the package's import specifiers for the sources' relative ones,
 * no `!` non-null assertions (this project's tsconfig has noUncheckedIndexedAccess; a reader's may not),
 * no whitespace (the formatter may wrap a long line differently from the page).
 */
export function asWritten(code: string): string {
  let text = code;
  for (const [relative, specifier] of SPECIFIERS) text = text.replace(relative, specifier);
  return text.replace(/(?<=[\w)\]])!(?=[.,;)\]\s])/g, '').replace(/\s+/g, '');
}

/** What each `console.log(...) // text` of an example promises to print, in order. */
export function promisedOutput(code: string): string[] {
  return [...code.matchAll(/^\s*console\.log\(.*\); \/\/ (.*)$/gm)].map((match) => match[1]!);
}

/**
 * Runs an example as a module inside this package, as written: `commerce-mock` resolves through the
 * package's own `exports` to dist/ (build it first), other packages from node_modules; tsx strips types.
 */
export function runExample(code: string): Promise<{ status: number | null; stdout: string; stderr: string }> {
  mkdirSync('.scratch', { recursive: true });
  const directory = mkdtempSync(join('.scratch', 'doc-example-'));
  const file = resolve(directory, 'example.mts');
  writeFileSync(file, code);
  return new Promise((done, fail) => {
    // Plain output, as a reader's terminal shows it (Playwright's workers force colours on).
    const env = { ...process.env, FORCE_COLOR: '0' };
    const child = spawn(process.execPath, ['--import', 'tsx', file], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', fail);
    child.once('close', (status) => {
      rmSync(directory, { recursive: true, force: true });
      done({ status, stdout, stderr });
    });
  });
}
