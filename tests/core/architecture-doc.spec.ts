/**
 * docs/architecture.md stays true: its walkthrough quotes the real discount-groups module and
 * registry line, and every source file it names exists.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test } from '@playwright/test';

const doc = readFileSync('docs/architecture.md', 'utf8');
const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [relative('.', join(dir, entry.name))],
  );
}

test('every code block of the walkthrough is in the source it describes', () => {
  const sources = ['src/resources/discount-groups.ts', 'src/resources/index.ts'].map((path) => squeeze(readFileSync(path, 'utf8')));
  const blocks = [...doc.matchAll(/```ts\n([\s\S]*?)\n```/g)].map((match) => squeeze(match[1]!));
  expect(blocks.length).toBeGreaterThanOrEqual(3);
  for (const block of blocks) {
    expect(
      sources.some((source) => source.includes(block)),
      `docs/architecture.md block not in the source:\n${block}`,
    ).toBe(true);
  }
});

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
