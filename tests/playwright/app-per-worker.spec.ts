/**
 * One app per worker (docs/playwright.md): the suite in app-per-worker/ runs in a child process with
 * two workers, each starting the storefront of tests/app/ against its own mock on a port it chose
 * (`commerceUrl({ port })`). Its JSON report shows the two workers side by side, each app on its
 * worker's mock and data, and the mock emptied again for the next test.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { test, expect } from '@playwright/test';

interface ReportedTest {
  title: string;
  annotations: Array<{ type: string; description: string }>;
  results: Array<{ status: string; workerIndex: number; parallelIndex: number; startTime: string; duration: number }>;
}
interface ReportedSuite {
  title: string;
  specs: Array<{ title: string; tests: ReportedTest[] }>;
  suites?: ReportedSuite[];
}

/** Every test of the report with its describe's title: `the left worker › side by side: ...`. */
function testsOf(suite: ReportedSuite, path: string[] = []): Array<{ title: string } & ReportedTest> {
  const here = suite.specs.flatMap((spec) => spec.tests.map((one) => ({ ...one, title: [...path, spec.title].join(' › ') })));
  return [...here, ...(suite.suites ?? []).flatMap((inner) => testsOf(inner, [...path, inner.title]))];
}

const run = promisify(execFile);

test('two workers, each with its own storefront on its own mock: each sees only its own data, emptied between tests', async () => {
  test.setTimeout(180_000);
  const outputDir = mkdtempSync(join(tmpdir(), 'commerce-mock-app-per-worker-'));
  // Four ports from here (two per worker), away from those of other runs on this machine.
  const firstPort = 20_000 + 2 * Math.floor(Math.random() * 10_000);
  const child = await run(
    process.execPath,
    ['node_modules/@playwright/test/cli.js', 'test', '-c', 'tests/playwright/app-per-worker/playwright.config.ts'],
    { env: { ...process.env, FIRST_PORT: String(firstPort), APP_PER_WORKER_OUTPUT_DIR: outputDir, CI: '' }, maxBuffer: 10_000_000 },
  ).catch((error: { stdout: string; stderr: string; code: number }) => error);
  const report = JSON.parse(readFileSync(join(outputDir, 'report.json'), 'utf8')) as { suites: ReportedSuite[] };
  const tests = report.suites.flatMap((suite) => testsOf(suite));
  const failed = tests.filter((one) => one.results[0]?.status !== 'passed').map((one) => one.title);
  expect(failed, `every test passed; the run's output:\n${child.stdout}\n${child.stderr}`).toEqual([]);
  expect('code' in child ? child.code : 0).toBe(0);
  expect(tests).toHaveLength(5);

  const ran = (title: string) => {
    const found = tests.find((one) => one.title === title)!;
    const result = found.results[0]!;
    const start = Date.parse(result.startTime);
    const annotated = (type: string) => found.annotations.find((annotation) => annotation.type === type)?.description;
    return {
      worker: result.workerIndex,
      slot: result.parallelIndex,
      start,
      end: start + result.duration,
      mock: annotated('mock')!,
      seeded: Number(annotated('seeded')),
      looked: Number(annotated('looked')),
    };
  };
  const sideBySide = 'side by side: its storefront lists its own product, not the other worker’s';
  const seeding = { left: ran(`the left worker › ${sideBySide}`), right: ran(`the right worker › ${sideBySide}`) };
  const { left, right } = seeding;

  // Two workers at once, each on the port its slot chose: mock at FIRST_PORT + 2n.
  expect(left.worker).not.toBe(right.worker);
  // Each seeded before the other looked at its storefront. Not the report's start and duration: these
  // leave out the worker fixture's setup (the storefront's start), so under load they can seem apart.
  expect(left.seeded < right.looked && right.seeded < left.looked, 'the two tests overlapped in time').toBe(true);
  expect(new Set([left.mock, right.mock])).toEqual(
    new Set([left.slot, right.slot].map((slot) => `http://127.0.0.1:${firstPort + 2 * slot}`)),
  );

  // The test after each, in the same worker and on the same mock, found it empty again.
  for (const side of ['left', 'right'] as const) {
    const next = ran(`the ${side} worker › the next test starts from an empty catalog`);
    expect(next.worker).toBe(seeding[side].worker);
    expect(next.mock).toBe(seeding[side].mock);
    expect(next.start).toBeGreaterThanOrEqual(seeding[side].end);
  }
});
