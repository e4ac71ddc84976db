/**
 * What the package's bundle loads in place of load.ts (scripts/bundle.mjs swaps them): each type's
 * module is an entry of the bundle of its own, required when the type is first asked for.
 */
import { requirePart } from '../util/bundle-part.js';
import { oncePerKey } from '../util/once.js';
import type { ServedTypeId, TypeModules } from './load.js';
import { typeManifest } from './manifest.js';

const required = oncePerKey((typeId: ServedTypeId) => requirePart(`resources/${typeManifest[typeId].module}.js`));

export function loadTypeModule<T extends ServedTypeId>(typeId: T): TypeModules[T] {
  return required(typeId) as TypeModules[T];
}
