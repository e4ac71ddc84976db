/**
 * The resource types as the engine reads them: from the manifest, each type's definition loaded
 * from its module on first use (engine/type-catalog.ts says when).
 */
import type { ResourceDefinition } from '../engine/define.js';
import { TypeCatalog } from '../engine/type-catalog.js';
import { loadTypeModule, type ServedTypeId } from './load.js';
import { typeManifest } from './manifest.js';

/** Every served type id. */
export const SERVED_TYPE_IDS = Object.keys(typeManifest) as ServedTypeId[];

export const isServedTypeId = (typeId: string): typeId is ServedTypeId => Object.hasOwn(typeManifest, typeId);

/** A catalog of every served type, none loaded yet: one per engine. */
export function typeCatalog(): TypeCatalog {
  return new TypeCatalog(new Map(Object.entries(typeManifest)), (typeId) => loadDefinition(typeId as ServedTypeId));
}

/** A type's definition, from its module (loaded now if it was not). */
export function loadDefinition(typeId: ServedTypeId): ResourceDefinition {
  return (loadTypeModule(typeId) as Record<string, unknown>)[typeManifest[typeId].definition] as ResourceDefinition;
}

/** The type a type id or a collection's path names (`customer` or `customers`). */
export function servedTypeOf(typeIdOrPath: string): ServedTypeId | undefined {
  if (isServedTypeId(typeIdOrPath)) return typeIdOrPath;
  return SERVED_TYPE_IDS.find((typeId) => typeManifest[typeId].path !== '' && typeManifest[typeId].path === typeIdOrPath);
}
