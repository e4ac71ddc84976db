/**
 * The registry (`src/resources/load.ts`) is the list of resource types' modules, keyed by type id;
 * each type's module declares its stored shape and its SDK types, and the docs' tables of types and
 * factories are checked against it, so a type registered without them fails here rather than in a
 * user's editor. The manifest (`src/resources/manifest.ts`, written by `npm run manifest`) is what
 * the engine knows of each type before loading it: it must be what the modules make of it.
 */
import { readFileSync } from 'node:fs';
import { test, expect } from '@playwright/test';
import { registeredTypes, resourceDefinitions } from '../../src/resources/index.js';
import { typeManifest } from '../../src/resources/manifest.js';
import { draftType } from '../../src/api/seed.js';
import { typeManifestOf } from '../support/manifest.js';

const registry = readFileSync('src/resources/load.ts', 'utf8');

/** Each registered definition's module source, as the manifest names it. */
function registeredModules(): Array<{ key: string; typeId: string; source: string }> {
  return Object.entries(registeredTypes).map(([key, definition]) => ({
    key,
    typeId: definition.typeId,
    source: readFileSync(`src/resources/${typeManifest[key as keyof typeof typeManifest].module}.ts`, 'utf8'),
  }));
}

test('the manifest is current: what the registered modules make of each type (npm run manifest writes it)', () => {
  expect(typeManifest).toEqual(typeManifestOf(registry));
});

const registered = resourceDefinitions.map((definition) => definition.typeId).sort();

test("the registry is keyed by type id: each key is its definition's", () => {
  for (const { key, typeId } of registeredModules()) expect(typeId, `registry key ${key}`).toBe(key);
  expect(new Set(registered).size).toBe(registered.length);
});

test('every registered module declares its stored shape for typed reads, and its SDK types', () => {
  // A projection is computed from its product; messages are documents whose shape the engine keeps.
  const withoutShape = ['message', 'product-projection', 'variant-projection'];
  // The project settings and projections are not seeded or read as a resource of the SDK.
  const withoutSdkTypes = ['project', 'product-projection', 'variant-projection'];
  for (const { typeId, source } of registeredModules()) {
    const key = typeId.includes('-') ? `'${typeId}'` : typeId;
    const declaresShape = new RegExp(`interface StoredTypes \\{\\s*${key}: \\w+;`).test(source);
    expect(declaresShape, `${typeId}: its StoredTypes line`).toBe(!withoutShape.includes(typeId));
    expect(/defineResource<[^(]*SdkTypes</.test(source), `${typeId}: SdkTypes in its defineResource`).toBe(
      !withoutSdkTypes.includes(typeId),
    );
  }
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
    // Its scopes name the project, which only the test knows.
    'api-client',
    'approval-flow',
    // A Payment Integration names its Application by id; a Checkout Transaction is what paying a cart did.
    'checkout-payment-integration',
    'checkout-transaction',
    // The Change History API's records: made by the engine from the changes requests make.
    'change-history',
    'extension',
    'message',
    // An edit names an order by id, which only the test knows.
    'order-edit',
    'staged-quote',
    'quote',
    // A recurring order names a cart and its version, which only the test knows.
    'recurring-order',
    'product-projection',
    'variant-projection',
    'project',
    'subscription',
    'type',
    // The Import API's: made through its routes (a container is one key; operations come from import requests).
    'import-container',
    'import-operation',
  ];
  expect(registered.filter((typeId) => !withFactory.has(typeId) && !notSeeded.includes(typeId))).toEqual([]);
});
