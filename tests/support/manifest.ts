/**
 * The resource types' manifest as the modules make it: scripts/manifest.ts writes it into
 * src/resources/manifest.ts, and tests/core/registry.spec.ts compares the two.
 */
import { routedGroups } from '../../src/core/type-routes.js';
import type { ResourceDefinition } from '../../src/engine/define.js';
import { typeModules } from '../../src/resources/load.js';

export interface ManifestEntry {
  module: string;
  definition: string;
  path: string;
  routed: ReturnType<typeof routedGroups>;
  recordsChanges?: true;
}

/** Each type's entry, from load.ts's text (where its module is) and its module (which export is its definition). */
export function typeManifestOf(loadSource: string): Record<string, ManifestEntry> {
  const paths = new Map([...loadSource.matchAll(/^import \* as (\w+) from '\.\/([^']+)\.js';$/gm)].map((match) => [match[1]!, match[2]!]));
  const names = new Map([...loadSource.matchAll(/^ {2}(?:'?([\w-]+)'?: )?(\w+),$/gm)].map((match) => [match[1] ?? match[2]!, match[2]!]));
  const manifest: Record<string, ManifestEntry> = {};
  for (const [typeId, module] of Object.entries(typeModules)) {
    const exports = Object.entries(module as Record<string, unknown>).filter(
      ([, value]) =>
        (value as Partial<ResourceDefinition> | null)?.typeId === typeId && typeof (value as ResourceDefinition).create === 'function',
    );
    if (exports.length !== 1) throw new Error(`${typeId}: its module exports ${exports.length} definitions of it, not one`);
    const [name, value] = exports[0]!;
    const definition = value as ResourceDefinition;
    const path = paths.get(names.get(typeId)!);
    if (path === undefined) throw new Error(`${typeId}: no module path in load.ts`);
    manifest[typeId] = {
      module: path,
      definition: name,
      path: definition.path,
      routed: routedGroups(definition),
      ...(definition.recordsChanges ? { recordsChanges: true as const } : {}),
    };
  }
  return manifest;
}
