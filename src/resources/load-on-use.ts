/**
 * What the package's bundle loads in place of load.ts (scripts/bundle.mjs swaps them): each type's
 * module is an entry of the bundle of its own, required when the type is first asked for. The mock
 * serves synchronously (a MockAgent reply cannot wait for an `import()`); Node 20.19 and later
 * `require` an ES module synchronously. The specifier goes through the package's `imports`
 * (`#bundle/*`, the bundle's own files), so it holds wherever the bundle's chunks are.
 */
import { createRequire } from 'node:module';
import type { ServedTypeId, TypeModules } from './load.js';
import { typeManifest } from './manifest.js';

const requireModule = createRequire(import.meta.url);

export function loadTypeModule<T extends ServedTypeId>(typeId: T): TypeModules[T] {
  return requireModule(`#bundle/resources/${typeManifest[typeId].module}.js`) as TypeModules[T];
}
