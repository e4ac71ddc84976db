/**
 * Writes change-types.json from a checkout of commercetools/commercetools-api-reference (MIT):
 *
 *   node --import tsx vendor/history/generate.ts ../commercetools-api-reference
 *
 * For every change type of the Change History API (api-specs/history/types/change/**.raml): the
 * update action it stands for (its `change`), the resource types it applies to, and the types of
 * its values and of its other fields. The resource types come from the update actions its
 * description names (the HTTP API's definition says whose actions they are: oas/api/openapi.yaml),
 * else from the folder it is filed in; a change type of the shared folder that names no action
 * applies to every resource type with that action (`null`).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const root = process.argv[2];
if (!root) throw new Error('usage: generate.ts <commercetools-api-reference checkout>');
const changesDir = join(root, 'api-specs/history/types/change');

/** The HTTP API's update actions: `TaxCategorySetDescriptionAction` → `tax-category`. */
const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
/** Order edits' staged actions (`StagedOrder...Action`) are how these changes reach an order. */
const OWNERS: Record<string, string> = { 'staged-order': 'order' };
const openapi = readFileSync(join(root, 'oas/api/openapi.yaml'), 'utf8');
const actionOwners = new Map<string, string>();
for (const match of openapi.matchAll(/^ {4}(\w+)UpdateAction:\n(?: {6}.*\n)*?(?: {8}mapping:\n)((?: {10}\w+: .*\n)+)/gm)) {
  for (const target of match[2]!.matchAll(/'#\/components\/schemas\/(\w+)'/g)) {
    const owner = kebab(match[1]!);
    actionOwners.set(target[1]!, OWNERS[owner] ?? owner);
  }
}

const FOLDERS: Record<string, string> = { inventory: 'inventory-entry', 'custom-object': 'key-value-document' };

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : entry.name.endsWith('.raml') ? [join(dir, entry.name)] : [],
  );

/** A change type: its update action, the resource types it applies to (`null`: any with that action), its fields' types. */
type Entry = [change: string, resources: string[] | null, fields: Record<string, string>];
const out: Record<string, Entry> = {};
/** The fields of the change values (`TransactionChangeValue`: `id`, `timestamp`, `interactionId`). */
const values: Record<string, string[]> = {};
for (const file of files(changesDir).sort()) {
  const folder = relative(changesDir, dirname(file));
  const raml = parse(readFileSync(file, 'utf8').replace(/!include \S+/g, '~')) as {
    displayName: string;
    description?: string;
    properties: Record<string, { type?: string; items?: string | { type: string }; enum?: string[] } | string>;
  };
  const name = raml.displayName ?? basename(file, '.raml');
  if (folder === 'change-value') {
    values[name] = Object.keys(raml.properties ?? {}).map((key) => key.replace(/\?$/, ''));
    continue;
  }
  if (name === 'Change') continue;
  const fields: Record<string, string> = {};
  let change = '';
  for (const [key, value] of Object.entries(raml.properties ?? {})) {
    const field = key.replace(/\?$/, '');
    if (field === 'type') continue;
    const spec = typeof value === 'string' ? { type: value } : value;
    if (field === 'change') {
      change = spec.enum?.[0] ?? '';
      continue;
    }
    const items = typeof spec.items === 'object' ? spec.items.type : spec.items;
    fields[field] = spec.type === 'array' ? `${items}[]` : (spec.type ?? 'any');
  }
  const named = [...(raml.description ?? '').matchAll(/ctp:api:type:(\w+Action)\b/g)].map((m) => actionOwners.get(m[1]!));
  let resources: string[] | null = [...new Set(named.filter((owner): owner is string => owner !== undefined))].sort();
  if (resources.length === 0) resources = folder === 'shared-types' || folder === '' ? null : [FOLDERS[folder] ?? folder];
  out[name] = [change, resources, fields];
}
const target = join(dirname(fileURLToPath(import.meta.url)), 'change-types.json');
const lines = (record: Record<string, unknown>) =>
  Object.entries(record)
    .map(([name, entry]) => `${JSON.stringify(name)}:${JSON.stringify(entry)}`)
    .join(',\n');
writeFileSync(target, `{"changeTypes":{\n${lines(out)}\n},\n"changeValues":{\n${lines(values)}\n}}\n`);
console.log(`${Object.keys(out).length} change types written to ${target}`);
