/**
 * The code examples of the docs, so they cannot drift from the code: extract the ```ts blocks of a
 * page with their markers, compile them, run one as a module of this package, or find it again in a
 * spec that runs it (tests/README.md, "The docs' examples").
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The ```ts (and ```typescript) blocks of a markdown file, in order. */
export function tsBlocks(markdownFile: string): string[] {
  return [...readFileSync(markdownFile, 'utf8').matchAll(/```(?:ts|typescript)\n([\s\S]*?)\n```/g)].map((match) => match[1]!);
}

/** The regions of a spec between `// doc-example:start` and `// doc-example:end`, in order. */
export function markedRegions(specFile: string): string[] {
  return [...readFileSync(specFile, 'utf8').matchAll(/\/\/ doc-example:start\n([\s\S]*?)\n\s*\/\/ doc-example:end/g)].map(
    (match) => match[1]!,
  );
}

/** An import statement, on one line or several. */
const IMPORT = /^import\s[\s\S]*?\sfrom\s+'[^']+';?[ \t]*$/gm;

/**
 * Code reduced to what a reader sees: no import statements (a page shows the package's specifiers, and
 * fragments' imports, which a spec has at its top; typecheckExamples checks them), no `!` non-null
 * assertions (this project's tsconfig has noUncheckedIndexedAccess; a reader's may not), no whitespace
 * (the formatter may wrap a long line differently from the page).
 */
export function asWritten(code: string): string {
  return code
    .replace(IMPORT, '')
    .replace(/(?<=[\w)\]])!(?=[.,;)\]\s])/g, '')
    .replace(/\s+/g, '');
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
    // In its own directory, where a file it writes (a SQLite database) is removed with it.
    const child = spawn(process.execPath, ['--import', 'tsx', file], { cwd: directory, env, stdio: ['ignore', 'pipe', 'pipe'] });
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

/** A ```ts (or ```typescript) block of a page, with the `<!-- example: ... -->` marker before it. */
export interface DocExample {
  page: string;
  /** The line of the block's first line of code (1-based), as an editor shows it. */
  line: number;
  code: string;
  marker: ExampleMarker;
}

/**
 * How a block is checked (tests/README.md, "The docs' examples"):
 *   - `module` (no marker): a whole file, compiled as is; run unless it is a spec that a spec region already runs.
 *   - `fragment(name, ...)`: statements from inside a test; compiled in an async function whose parameters are the
 *     names given (typed by `GIVEN`), after imports of everything `commerce-mock`, `commerce-mock/factories` and
 *     `commerce-mock/playwright` (`test`, `expect`, `Commerce`) export. Not run, unless a spec region runs it.
 *   - `not run: why`: a whole file, compiled, not run, for the reason given.
 *   - `outline of Name`: a file declaring `Name`, compiled and checked to be the `Name` that `commerce-mock` exports.
 *   - `quoted from path`: a quote of a source file of this project (compiled there), checked to be in it.
 */
export type ExampleMarker =
  | { kind: 'module' }
  | { kind: 'fragment'; given: string[] }
  | { kind: 'not run'; reason: string }
  | { kind: 'outline'; name: string }
  | { kind: 'quoted'; from: string };

/** The types of the names a fragment may be given. */
export const GIVEN: Record<string, string> = {
  commerce: "import('commerce-mock/playwright').Commerce",
  mock: "import('commerce-mock').CommerceMock",
  page: "import('@playwright/test').Page",
  request: "import('@playwright/test').APIRequestContext",
  apiRoot: "import('@commercetools/platform-sdk').ByProjectKeyRequestBuilder",
  shop: "import('@commercetools/platform-sdk').ByProjectKeyRequestBuilder",
  customer: "import('@commercetools/platform-sdk').Customer",
  buyer: "import('@commercetools/platform-sdk').Customer",
  viewer: "import('@commercetools/platform-sdk').Customer",
  gold: "import('@commercetools/platform-sdk').CustomerGroup",
  silver: "import('@commercetools/platform-sdk').CustomerGroup",
  order: "import('@commercetools/platform-sdk').Order",
  id: 'string',
  customerId: 'string',
  accessToken: 'string',
  credentials: '{ clientId: string; clientSecret: string }',
  server: '{ url: string }',
};

const BLOCK = /^```(?:ts|typescript)\n([\s\S]*?)\n```$/gm;
const MARKER = /^<!-- example: (.*) -->$/;

/** Every ```ts and ```typescript block of a markdown page, with its marker; a marker that says nothing known throws. */
export function docExamples(page: string, text = readFileSync(page, 'utf8')): DocExample[] {
  const examples: DocExample[] = [];
  for (const match of text.matchAll(BLOCK)) {
    const before = text.slice(0, match.index).split('\n');
    const line = before.length + 1;
    const previous = before.slice(0, -1).findLast((candidate) => candidate.trim() !== '') ?? '';
    const declared = MARKER.exec(previous.trim())?.[1];
    examples.push({
      page,
      line,
      code: match[1]!,
      marker: declared === undefined ? { kind: 'module' } : parseMarker(declared, `${page}:${line - 2}`),
    });
  }
  const markers = text.split('\n').filter((candidate) => candidate.trim().startsWith('<!-- example:')).length;
  const attached = examples.filter((example) => example.marker.kind !== 'module').length;
  if (markers !== attached) throw new Error(`${page}: ${markers - attached} <!-- example: ... --> marker(s) not right before a ts block`);
  return examples;
}

function parseMarker(text: string, where: string): ExampleMarker {
  const fragment = /^fragment(?:\((.*)\))?$/.exec(text);
  if (fragment) {
    const given = fragment[1] ? fragment[1].split(',').map((name) => name.trim()) : [];
    const unknown = given.filter((name) => !(name in GIVEN));
    if (unknown.length > 0)
      throw new Error(`${where}: a fragment cannot be given ${unknown.join(', ')} (known: ${Object.keys(GIVEN).join(', ')})`);
    return { kind: 'fragment', given };
  }
  const notRun = /^not run: (.+)$/.exec(text);
  if (notRun) return { kind: 'not run', reason: notRun[1]! };
  const outline = /^outline of (\w+)$/.exec(text);
  if (outline) return { kind: 'outline', name: outline[1]! };
  const quoted = /^quoted from (\S+)$/.exec(text);
  if (quoted) return { kind: 'quoted', from: quoted[1]! };
  throw new Error(`${where}: unknown example marker "${text}" (fragment(...), not run: why, outline of Name, quoted from path)`);
}

/** A problem of an example: where in its page, and what. */
export interface ExampleFinding {
  where: string;
  problem: string;
}

/** The local names an import statement binds. */
function importedNames(statement: string): string[] {
  const names: string[] = [];
  const braces = /\{([^}]*)\}/.exec(statement)?.[1];
  for (const part of braces?.split(',') ?? []) {
    const name = part
      .trim()
      .replace(/^type\s+/, '')
      .split(/\s+as\s+/)
      .at(-1);
    if (name) names.push(name);
  }
  const head = /^import\s+(?:type\s+)?(?:\*\s+as\s+)?(\w+)/.exec(statement)?.[1];
  if (head && head !== 'type') names.push(head);
  return names;
}

/** What every fragment may use without importing it: the package's exports. */
export type FragmentPrelude = Record<'commerce-mock' | 'commerce-mock/factories' | 'commerce-mock/playwright', string[]>;

/**
 * The file a block is compiled as, and how many lines precede the block's first line there. A fragment's
 * own imports stay on their lines (blanked) and move above the wrapping function.
 */
function compilationUnit(example: DocExample, prelude: FragmentPrelude): { text: string; offset: number } {
  const { marker, code } = example;
  if (marker.kind === 'outline') {
    const name = marker.name;
    const check = [
      '',
      `type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;`,
      `export const sameShape: Same<${name}, import('commerce-mock').${name}> = true;`,
      `export const sameMembers: Same<keyof ${name}, keyof import('commerce-mock').${name}> = true;`,
    ];
    return { text: `${code}\n${check.join('\n')}\n`, offset: 0 };
  }
  if (marker.kind !== 'fragment') return { text: `${code}\n`, offset: 0 };
  const imports = [...code.matchAll(IMPORT)].map((match) => match[0]);
  const own = new Set(imports.flatMap(importedNames));
  const head = [
    ...Object.entries(prelude).map(
      ([specifier, names]) => `import { ${names.filter((name) => !own.has(name)).join(', ')} } from '${specifier}';`,
    ),
    ...imports.map((statement) => statement.replace(/\s*\n\s*/g, ' ')),
    `export async function example(${marker.given.map((name) => `${name}: ${GIVEN[name]}`).join(', ')}) {`,
  ];
  const body = code.replace(IMPORT, (statement) => '\n'.repeat(statement.split('\n').length - 1));
  return { text: `${head.join('\n')}\n${body}\n}\n`, offset: head.length };
}

/**
 * Compiles every example but the quoted ones in one `tsc` run, strictly, as a reader's project would
 * (`strict`, without noUncheckedIndexedAccess); `commerce-mock` and its subpaths resolve through the
 * package's own `exports` to dist/ (build it first), as installed. Packages this project does not
 * install (testcontainers) are typed `any`. Each error is reported at its page and line.
 */
export async function typecheckExamples(examples: DocExample[], prelude: FragmentPrelude): Promise<ExampleFinding[]> {
  mkdirSync('.scratch', { recursive: true });
  const directory = mkdtempSync(join('.scratch', 'doc-typecheck-'));
  try {
    const units = new Map<string, { example: DocExample; offset: number }>();
    for (const [index, example] of examples.entries()) {
      if (example.marker.kind === 'quoted') continue;
      const name = `${String(index).padStart(3, '0')}-${example.page.replace(/[^\w]+/g, '-')}-${example.line}.ts`;
      const { text, offset } = compilationUnit(example, prelude);
      writeFileSync(join(directory, name), text);
      units.set(name, { example, offset });
    }
    writeFileSync(join(directory, 'not-installed.d.ts'), "declare module 'testcontainers';\n");
    const tsconfig = {
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        lib: ['ES2023'],
        types: ['node'],
        strict: true,
        skipLibCheck: true,
        noEmit: true,
      },
      include: ['*.ts'],
    };
    writeFileSync(join(directory, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
    const output = await new Promise<string>((done, fail) => {
      const child = spawn(
        process.execPath,
        ['node_modules/typescript/bin/tsc', '-p', join(directory, 'tsconfig.json'), '--pretty', 'false'],
        {
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.once('error', fail);
      child.once('close', () => done(text));
    });
    const findings: ExampleFinding[] = [];
    for (const entry of output.split(/\n(?=\S)/).filter((text) => text.trim() !== '')) {
      const located = /^(?:.*[/\\])?([^/\\(]+)\((\d+),(\d+)\): (.*)$/s.exec(entry.trim());
      const unit = located && units.get(located[1]!);
      if (!unit) {
        findings.push({ where: 'tsc', problem: entry.trim() });
        continue;
      }
      const line = Number(located[2]) - unit.offset;
      const { example } = unit;
      const inBlock = line >= 1 && line <= example.code.split('\n').length;
      findings.push({
        where: `${example.page}:${inBlock ? example.line + line - 1 : example.line}`,
        problem: inBlock ? located[4]! : `${located[4]!} (in the check that the outline is commerce-mock's)`,
      });
    }
    return findings;
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The quoted examples that are not (whitespace aside) in the file they say they quote. */
export function misquoted(examples: DocExample[]): ExampleFinding[] {
  return examples.flatMap((example) => {
    if (example.marker.kind !== 'quoted') return [];
    const from = example.marker.from;
    const source = existsSync(from) ? squeeze(readFileSync(from, 'utf8')) : '';
    return source.includes(squeeze(example.code)) ? [] : [{ where: `${example.page}:${example.line}`, problem: `not in ${from}` }];
  });
}

/**
 * What is wrong with running a script example, if anything: it must exit with 0, write nothing to
 * stderr, and print what its `console.log(...); // text` comments promise, in order.
 */
export async function scriptProblems(example: DocExample): Promise<string[]> {
  const run = await runExample(example.code);
  const printed = run.stdout.split('\n').filter((line) => line !== '');
  const promised = promisedOutput(example.code);
  const problems: string[] = [];
  if (run.status !== 0) problems.push(`exited with ${run.status}`);
  if (run.stderr !== '') problems.push(`wrote to stderr:\n${run.stderr}`);
  if (JSON.stringify(printed) !== JSON.stringify(promised)) {
    problems.push(`printed\n${printed.join('\n')}\ninstead of what its comments say:\n${promised.join('\n')}`);
  }
  return problems.map((problem) => `${example.page}:${example.line}: ${problem}`);
}
