/**
 * The in-process examples of README.md and docs/in-process.md run as written, each in a process of
 * its own against the compiled package, and print what their comments say.
 */
import { test, expect } from '@playwright/test';
import { promisedOutput, runExample, tsBlocks } from '../support/doc-examples.js';
import { needsBuild } from '../support/build.js';

needsBuild();

const examples = [
  ...tsBlocks('README.md')
    .filter((code) => code.includes("from 'commerce-mock';"))
    .map((code) => ({ page: 'README.md', code })),
  ...tsBlocks('docs/in-process.md').map((code) => ({ page: 'docs/in-process.md', code })),
];

test('the pages hold the examples this file runs', () => {
  expect(examples.filter((example) => example.page === 'README.md')).toHaveLength(1);
  expect(examples.length).toBeGreaterThanOrEqual(5);
});

for (const [index, { page, code }] of examples.entries()) {
  test(`${page}, example ${index + 1}: runs as written and prints what it says`, async () => {
    const run = await runExample(code);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout.split('\n').filter((line) => line !== '')).toEqual(promisedOutput(code));
  });
}
