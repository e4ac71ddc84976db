import type { ResourceDefinition } from '../engine/define.js';
import { loadDefinition, SERVED_TYPE_IDS } from './catalog.js';
import type { TypeModules } from './load.js';
import type { typeManifest } from './manifest.js';

type Manifest = typeof typeManifest;

/**
 * Every resource type's definition, by type id, each from its module (load.ts lists them). The
 * SDK's types that seeding and reads are typed with (`type-map.ts`) are derived from it. Loads
 * every module: the engine reads the types through its catalog instead (catalog.ts), which loads each
 * on first use.
 */
export type RegisteredTypes = { [K in keyof Manifest]: TypeModules[K][Manifest[K]['definition'] & keyof TypeModules[K]] };

export const registeredTypes = Object.fromEntries(SERVED_TYPE_IDS.map((typeId) => [typeId, loadDefinition(typeId)])) as RegisteredTypes;

export const resourceDefinitions: ResourceDefinition[] = Object.values(registeredTypes) as ResourceDefinition[];
