import type { ResourceDefinition } from '../engine/define.js';
import { type TypeModules, typeModules } from './load.js';
import { typeManifest } from './manifest.js';

type Manifest = typeof typeManifest;

/**
 * Every resource type's definition, by type id, each from its module (load.ts lists them). The
 * SDK's types that seeding and reads are typed with (`type-map.ts`) are derived from it. Imports
 * every module: the engine reads the types through its catalog instead (catalog.ts), which loads each
 * on first use.
 */
export type RegisteredTypes = { [K in keyof Manifest]: TypeModules[K][Manifest[K]['definition'] & keyof TypeModules[K]] };

export const registeredTypes = Object.fromEntries(
  Object.entries(typeManifest).map(([typeId, entry]): [string, unknown] => [
    typeId,
    (typeModules[typeId as keyof Manifest] as Record<string, unknown>)[entry.definition],
  ]),
) as RegisteredTypes;

export const resourceDefinitions: ResourceDefinition[] = Object.values(registeredTypes) as ResourceDefinition[];
