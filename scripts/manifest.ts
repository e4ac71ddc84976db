/**
 * `npm run manifest`: writes src/resources/manifest.ts, what the engine knows of each resource type
 * before loading its module (src/engine/type-catalog.ts), from the modules src/resources/load.ts
 * lists: each module's path and the export that is its definition, the type's path, where its routes
 * are, and whether it records the other types' changes. tests/core/registry.spec.ts checks the file is current.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { typeManifestOf } from '../tests/support/manifest.js';

const target = 'src/resources/manifest.ts';
const manifest = typeManifestOf(readFileSync('src/resources/load.ts', 'utf8'));
writeFileSync(
  target,
  `/**
 * What the engine knows of each resource type before its module is loaded (src/engine/type-catalog.ts).
 * Written by \`npm run manifest\` (scripts/manifest.ts) from the modules src/resources/load.ts lists:
 * do not edit. tests/core/registry.spec.ts checks that it is current.
 */
export const typeManifest = ${JSON.stringify(manifest)} as const;
`,
);
execFileSync('npx', ['biome', 'format', '--write', target], { stdio: 'inherit' });
