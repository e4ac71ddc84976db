/** Checks and setup shared by the resource test files. */
import { expect } from '@playwright/test';
import type { ByProjectKeyRequestBuilder, ResourceTypeId, Type } from '@commercetools/platform-sdk';
import { resourceDefinitions } from '../../src/resources/index.js';

/** The type declares exactly the platform's update actions for it, no more and no fewer. */
export function expectPlatformActions(typeId: string, platformActions: readonly string[]): void {
  const definition = resourceDefinitions.find((d) => d.typeId === typeId);
  expect(definition, typeId).toBeDefined();
  expect(Object.keys(definition!.actions).sort()).toEqual([...platformActions].sort());
}

/** A Type for the given resource types with one optional String field, `note` unless named otherwise. */
export async function typeWithStringField(
  apiRoot: ByProjectKeyRequestBuilder,
  key: string,
  resourceTypeIds: string[],
  field = 'note',
): Promise<Type> {
  const label = { en: field[0]!.toUpperCase() + field.slice(1) };
  const draft = {
    key,
    name: { en: key },
    resourceTypeIds: resourceTypeIds as ResourceTypeId[],
    fieldDefinitions: [{ name: field, label, required: false, type: { name: 'String' as const }, inputHint: 'SingleLine' as const }],
  };
  return (await apiRoot.types().post({ body: draft }).execute()).body;
}
