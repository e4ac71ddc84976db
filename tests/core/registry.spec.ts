/**
 * The registry (`src/resources/index.ts`) is the list of resource types; the two type tables beside
 * it are checked against it, so a type registered without its typed reads, or a table line left
 * behind by a removed type, fails here rather than in a user's editor.
 */
import { readFileSync } from 'node:fs';
import { test, expect } from '@playwright/test';
import { resourceDefinitions } from '../../src/resources/index.js';
import { draftType } from '../../src/api/seed.js';

/** The keys of an interface's body as the source spells them (`zone:`, `'tax-category':`). */
function interfaceKeys(path: string, name: string): string[] {
  const text = readFileSync(path, 'utf8');
  const body = new RegExp(`interface ${name} \\{\\n([\\s\\S]*?)\\n\\s*\\}`).exec(text)?.[1];
  expect(body, `interface ${name} in ${path}`).toBeDefined();
  return [...body!.matchAll(/^\s*'?([\w-]+)'?:/gm)].map((match) => match[1]!).sort();
}

const registered = resourceDefinitions.map((definition) => definition.typeId).sort();

/** Registered types users do not seed or read as an SDK type, and why. */
const WITHOUT_SDK_TYPES: Record<string, string> = {
  project: 'the project settings: one document, read and updated through /{projectKey}',
  'product-projection': 'a view of products, not stored on its own',
};

test('every registered type has its stored shape for typed reads, and no shape outlives its type', () => {
  const stored = interfaceKeys('src/resources/stored-types.ts', 'StoredTypes');
  // A projection is computed from its product; messages are documents whose shape the engine keeps.
  const withoutShape = ['message', 'product-projection'];
  expect(stored).toEqual(registered.filter((typeId) => !withoutShape.includes(typeId)));
});

test("every registered type has the SDK's draft and resource types, or a reason it has none", () => {
  const sdk = interfaceKeys('src/resources/type-map.ts', 'ResourceTypes');
  expect(
    sdk.filter((typeId) => !registered.includes(typeId)),
    'type-map lines without a registered type',
  ).toEqual([]);
  expect(registered.filter((typeId) => !sdk.includes(typeId) && !(typeId in WITHOUT_SDK_TYPES))).toEqual([]);
  expect(Object.keys(WITHOUT_SDK_TYPES).filter((typeId) => sdk.includes(typeId) || !registered.includes(typeId))).toEqual([]);
});

/** The first two code cells of each row of the markdown table under `header`. */
function tableRows(path: string, header: string): Array<[string, string]> {
  const lines = readFileSync(path, 'utf8').split('\n');
  const start = lines.indexOf(header);
  expect(start, `${header} in ${path}`).toBeGreaterThan(-1);
  const rows: Array<[string, string]> = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const [first, second] = line
      .split('|')
      .slice(1, 3)
      .map((cell) => cell.trim());
    rows.push([first!, second!]);
  }
  return rows;
}

test("docs/resources.md's table lists every registered type with its path and type id, and nothing else", () => {
  const listed = tableRows('docs/resources.md', '| path | type id | notes |').map(([path, typeId]) => `${path} ${typeId}`);
  const served = resourceDefinitions
    .filter((definition) => definition.path !== '')
    .map((definition) => `\`${definition.path}\` \`${definition.typeId}\``);
  expect([...listed].sort()).toEqual([...served].sort());
});

test("docs/playwright.md's factory table lists every factory with the type it builds; every seedable type has one", async () => {
  const factories = (await import('../../factories/index.js')) as Record<string, unknown>;
  const built = Object.entries(factories)
    .filter(([name, value]) => /^[a-z]\w*Factory$/.test(name) && typeof (value as { build?: unknown }).build === 'function')
    .map(([name, factory]) => `\`${name}\` (\`${draftType((factory as { build(): unknown }).build())}\`)`);
  const listed = tableRows('docs/playwright.md', '| factory (type id) | builds | traits |').map(([cell]) => cell);
  expect([...listed].sort()).toEqual([...built].sort());
  const withFactory = new Set(built.map((cell) => /\(`([\w-]+)`\)/.exec(cell)![1]));
  // Made through their endpoints from other documents (docs/playwright.md says which), never by a
  // client, or drafts that name what only the test knows (a subscription's queue, an extension's URL).
  const notSeeded = [
    'approval-flow',
    'extension',
    'message',
    'staged-quote',
    'quote',
    'product-projection',
    'project',
    'subscription',
    'type',
  ];
  expect(registered.filter((typeId) => !withFactory.has(typeId) && !notSeeded.includes(typeId))).toEqual([]);
});
