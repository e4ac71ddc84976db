/**
 * docs/architecture.md stays true: every source file it names exists. (That its walkthrough quotes the
 * real discount-groups module and registry line, each block marked `quoted from`, is doc-examples.spec.ts's.)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test } from '@playwright/test';

const doc = readFileSync('docs/architecture.md', 'utf8');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [relative('.', join(dir, entry.name))],
  );
}

test('every source file the page names exists', () => {
  const files = [...filesUnder('src'), ...filesUnder('tests'), ...filesUnder('factories')];
  // `x/index.ts` stands for any large type's folder.
  const named = new Set([...doc.matchAll(/[\w./-]+\.ts\b/g)].map((match) => match[0]).filter((name) => !name.startsWith('x/')));
  expect(named.size).toBeGreaterThan(20);
  for (const name of named) {
    expect(
      files.some((file) => file === name || file.endsWith(`/${name}`)),
      `docs/architecture.md names ${name}`,
    ).toBe(true);
  }
});
