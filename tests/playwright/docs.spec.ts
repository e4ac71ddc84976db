/**
 * docs/playwright.md lists the whole surface of the integration, as the code defines it: every matcher
 * of `commerceMatchers`, every public member of the `commerce` fixture (`Commerce`), every option of
 * `commerceMock` and every fixture. Nothing listed there is missing from the code, either. And the
 * example of the associate matchers is the one associate-matchers.spec.ts runs.
 */
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { CommerceMockOptions } from '../../src/api/mock.js';
import { Commerce } from '../../src/playwright/commerce.js';
import { commerceMatchers } from '../../src/playwright/matchers.js';
import { createCommerceMock, localClient } from '../../src/index.js';
import { asWritten, markedRegions, tsBlocks } from '../support/doc-examples.js';

const doc = readFileSync('docs/playwright.md', 'utf8');
const source = (path: string) => readFileSync(path, 'utf8');

/** The first cells of the table whose header row is `header`. */
function firstCells(header: string): string[] {
  const lines = doc.split('\n');
  const start = lines.findIndex((line) => line.trim() === header);
  expect(start, `a table headed ${header}`).toBeGreaterThanOrEqual(0);
  const cells: string[] = [];
  for (let i = start + 2; i < lines.length && lines[i]!.startsWith('|'); i++) cells.push(lines[i]!.split('|')[1]!.trim());
  return cells;
}

/** The members an interface of a source file declares (`name:` or `name?:` at its first indentation). */
function interfaceMembers(text: string, name: string): string[] {
  const body = new RegExp(`interface ${name}\\b[^{]*\\{\\n([\\s\\S]*?)\\n\\}`).exec(text)?.[1];
  expect(body, `interface ${name}`).toBeDefined();
  return [...body!.matchAll(/^ {2}(?:readonly )?(\w+)\??:/gm)].map((match) => match[1]!);
}

const sorted = (names: Iterable<string>) => [...new Set(names)].sort();

test('every matcher is in the matcher table, and every row is a matcher', () => {
  const listed = firstCells('| matcher | receiver |').map((cell) => /^`(\w+)\(/.exec(cell)?.[1] ?? cell);
  expect(sorted(listed)).toEqual(sorted(Object.keys(commerceMatchers)));
  for (const name of Object.keys(commerceMatchers)) expect(doc, `a section on ${name}`).toMatch(new RegExp(`^### .*\`${name}\\(`, 'm'));
});

test('every public member of the commerce fixture is in its table, and every member listed exists', () => {
  // Methods and getters live on the prototype, fields on an instance; TypeScript's `private` ones are not the fixture's surface.
  const mock = createCommerceMock();
  const instance = new Commerce({ kind: 'in-process', mock, client: localClient(mock), serverUrl: async () => '' }, undefined);
  const privates = [...source('src/playwright/commerce.ts').matchAll(/\bprivate (?:readonly )?(\w+)/g)].map((match) => match[1]!);
  const members = [...Object.getOwnPropertyNames(Commerce.prototype), ...Object.keys(instance)].filter(
    (name) => name !== 'constructor' && !privates.includes(name),
  );
  expect(members).toContain('permissions');
  const listed = firstCells('| member | what it does |').flatMap((cell) =>
    [...cell.matchAll(/commerce\.(\w+)/g)].map((match) => match[1]!),
  );
  expect(sorted(listed)).toEqual(sorted(members));
});

test('every option of commerceMock is in the options table, and every option listed exists', () => {
  const options = [
    ...Object.keys(CommerceMockOptions.shape),
    ...interfaceMembers(source('src/playwright/fixtures.ts'), 'CommerceMockFixtureOptions'),
  ];
  const listed = firstCells('| option | default | meaning |').map((cell) => cell.replace(/`/g, ''));
  expect(sorted(listed)).toEqual(sorted(options));
});

test('every fixture the test object adds is named', () => {
  const fixtures = source('src/playwright/fixtures.ts');
  const names = [...interfaceMembers(fixtures, 'CommerceWorkerFixtures'), ...interfaceMembers(fixtures, 'CommerceTestFixtures')];
  expect(names).toEqual(expect.arrayContaining(['commerce', 'commerceMock']));
  for (const name of names) expect(doc, `the fixture ${name}`).toContain(`\`${name}\``);
});

test('docs/playwright.md: the example of the associate matchers runs in associate-matchers.spec.ts, as written', () => {
  const examples = tsBlocks('docs/playwright.md').filter((code) => code.includes('toHaveDeniedAssociate'));
  expect(examples).toHaveLength(1);
  expect(markedRegions('tests/playwright/associate-matchers.spec.ts').map(asWritten)).toEqual(examples.map(asWritten));
});

test('docs/playwright.md: the One app per worker fixture and test are the code app-per-worker.spec.ts runs, as written', () => {
  const section = doc.slice(doc.indexOf('## One app per worker'), doc.indexOf('## TypeScript notes'));
  const examples = [...section.matchAll(/```ts\n([\s\S]*?)\n```/g)].map((match) => match[1]!);
  expect(examples).toHaveLength(2);
  const regions = ['storefront-fixture.ts', 'storefront.case.ts'].flatMap((file) =>
    markedRegions(`tests/playwright/app-per-worker/${file}`),
  );
  expect(regions.map(asWritten)).toEqual(examples.map(asWritten));
});
