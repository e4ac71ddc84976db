/**
 * Every ```ts block of README.md and docs/*.md compiles in a reader's strict project and runs, so no
 * example can go stale (tests/README.md, "The docs' examples"). One `tsc` run compiles them all against
 * the built package; the runnable ones run here as scripts or under the Playwright runner, unless a
 * spec already runs them as written (a `// doc-example:start` region); the others say why not.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import * as factories from '../../factories/index.js';
import * as commerceMock from '../../src/index.js';
import { needsBuild } from '../support/build.js';
import {
  asWritten,
  type DocExample,
  docExamples,
  type FragmentPrelude,
  markedRegions,
  misquoted,
  scriptProblems,
  typecheckExamples,
} from '../support/doc-examples.js';

needsBuild();

const PAGES = [
  'README.md',
  ...readdirSync('docs')
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
const examples = PAGES.flatMap((page) => docExamples(page));
const PRELUDE: FragmentPrelude = {
  'commerce-mock': Object.keys(commerceMock),
  'commerce-mock/factories': Object.keys(factories),
  'commerce-mock/playwright': ['test', 'expect', 'Commerce'],
};

/** The examples specs run as written, between `// doc-example:start` and `// doc-example:end`. */
const ranBySpecs = new Set(
  readdirSync('tests', { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => join('tests', name))
    .filter((file) => readFileSync(file, 'utf8').includes('// doc-example:start'))
    .flatMap((file) => markedRegions(file))
    .map(asWritten),
);

/** A module that needs the Playwright runner: it imports the runner, the fixture or the storage contract. */
const isSpec = (code: string) => /from '(?:@playwright\/test|commerce-mock\/playwright|commerce-mock\/storage-contract)'/.test(code);
const runsHere = (example: DocExample) => example.marker.kind === 'module' && !ranBySpecs.has(asWritten(example.code));
const scripts = examples.filter((example) => runsHere(example) && !isSpec(example.code));
const specs = examples.filter((example) => runsHere(example) && isSpec(example.code));
const where = (example: DocExample) => `${example.page}:${example.line}`;

test('the pages hold the examples this file checks', () => {
  expect(examples.length).toBeGreaterThanOrEqual(70);
  // The README's in-process script and docs/playwright.md's first test (line numbers move with edits).
  expect(scripts.filter((example) => example.page === 'README.md').map((example) => example.code)).toContainEqual(
    expect.stringContaining('createCommerceMock'),
  );
  expect(specs.filter((example) => example.page === 'docs/playwright.md').map((example) => example.code)).toContainEqual(
    expect.stringContaining("test('a signed-in customer checks out'"),
  );
});

test('every example compiles strictly, as a reader would write it in a file', async () => {
  test.setTimeout(120_000);
  const findings = [...(await typecheckExamples(examples, PRELUDE)), ...misquoted(examples)];
  expect(findings.map(({ where, problem }) => `${where}: ${problem}`).join('\n')).toBe('');
});

for (const example of scripts) {
  // better-sqlite3 is built for one Node version: the runs on another (.ci/run's Node 24 stage) leave these out.
  const tag = /sqlite/i.test(example.code) ? ['@sqlite'] : [];
  test(`${where(example)} runs and prints what its comments say`, { tag }, async () => {
    expect((await scriptProblems(example)).join('\n')).toBe('');
  });
}

test('the Playwright examples pass under the Playwright runner', async () => {
  test.setTimeout(120_000);
  mkdirSync('.scratch', { recursive: true });
  const directory = mkdtempSync(join('.scratch', 'doc-specs-'));
  try {
    for (const example of specs)
      writeFileSync(join(directory, `${example.page.replace(/\W+/g, '-')}-${example.line}.spec.ts`), example.code);
    // Its own output directory: a run empties it, and this run's is in use. The package resolves to this
    // checkout, outside node_modules: its bundle is left to Node (README, Requirements), as a user's install is.
    writeFileSync(
      join(directory, 'playwright.config.ts'),
      "import { defineConfig } from '@playwright/test';\nexport default defineConfig({ testDir: '.', outputDir: 'results', workers: 1, retries: 0, build: { external: ['**/dist/bundle/**'] } });\n",
    );
    const run = await promisify(execFile)(
      process.execPath,
      ['node_modules/@playwright/test/cli.js', 'test', '-c', join(directory, 'playwright.config.ts'), '--reporter=line'],
      { env: { ...process.env, CI: '', FORCE_COLOR: '0' }, maxBuffer: 10_000_000 },
    ).catch((error: { stdout: string; stderr: string; code: number }) => error);
    expect('code' in run ? run.code : 0, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toMatch(/\d+ passed/);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
});

test.describe('the checks fail on a broken example', () => {
  const PAGE = `# A page

<!-- example: fragment(commerce, customer) -->
\`\`\`ts
expect(customer).toHaveVersion(1);
expect(commerce.data.get('customer', customer.id)).toHaveVersion(2);
\`\`\`

\`\`\`ts
import { createCommerceMock } from 'commerce-mock';

const mock = createCommerceMock();
mock.data.get('customer', 42);
\`\`\`

<!-- example: outline of TokenRecord -->
\`\`\`ts
import type { TokenKind } from 'commerce-mock';

interface TokenRecord {
  kind: TokenKind;
  accessToken: string;
}
\`\`\`

<!-- example: quoted from src/resources/discount-groups.ts -->
\`\`\`ts
setName: setter('title', LocalizedString),
\`\`\`

\`\`\`ts
import { createCommerceMock } from 'commerce-mock';

const mock = createCommerceMock({ defaultProjectKey: 'shop' });
console.log(mock.options.defaultProjectKey); // test-project
\`\`\`
`;
  const broken = docExamples('broken.md', PAGE);

  test('a type error, a stale call, an outline that differs and a misquote are reported at their page and line', async () => {
    test.setTimeout(120_000);
    const findings = [...(await typecheckExamples(broken, PRELUDE)), ...misquoted(broken)].map(
      ({ where, problem }) => `${where}: ${problem}`,
    );
    // The stale example of issue 33: a read is a promise, and toHaveVersion does not take one.
    expect(findings).toContainEqual(expect.stringMatching(/^broken\.md:6: error TS/));
    expect(findings).toContainEqual(expect.stringMatching(/^broken\.md:13: error TS2769: No overload matches this call/));
    expect(findings).toContainEqual(expect.stringMatching(/^broken\.md:18: .*\(in the check that the outline is commerce-mock's\)$/));
    expect(findings).toContain('broken.md:28: not in src/resources/discount-groups.ts');
    expect(findings.filter((finding) => !/^broken\.md:(6|13|18|28): /.test(finding))).toEqual([]);
  });

  test('a script that prints something else than its comments say is reported', async () => {
    const problems = await scriptProblems(broken.at(-1)!);
    expect(problems).toEqual(['broken.md:32: printed\nshop\ninstead of what its comments say:\ntest-project']);
  });

  test('a marker that is unknown, names an unknown given, or stands before no block is refused', () => {
    expect(() => docExamples('x.md', '<!-- example: fragmnet -->\n```ts\nx;\n```\n')).toThrow('x.md:1: unknown example marker "fragmnet"');
    expect(() => docExamples('x.md', '<!-- example: fragment(cart) -->\n```ts\nx;\n```\n')).toThrow(
      'x.md:1: a fragment cannot be given cart',
    );
    expect(() => docExamples('x.md', '<!-- example: fragment -->\n\nSome text.\n\n```ts\nx;\n```\n')).toThrow(
      'x.md: 1 <!-- example: ... --> marker(s) not right before a ts block',
    );
  });
});
