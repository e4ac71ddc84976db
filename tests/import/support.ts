/**
 * The Import API's official SDK (`@commercetools/importapi-sdk`) pointed at a mock's Import API (its
 * own origin in process) or at a server's `apis.import`, with a client token asked for the
 * `manage_import_containers` scope.
 */
import { createApiBuilderFromCtpClient, type ByProjectKeyRequestBuilder } from '@commercetools/importapi-sdk';
import { expect } from '@playwright/test';
import type { CommerceMock } from '../../src/index.js';
import { otherApiClient, PROJECT_KEY } from '../support/sdk.js';

export function importApiRoot(
  target: CommerceMock | { importUrl: string; authUrl: string },
  projectKey = PROJECT_KEY,
): ByProjectKeyRequestBuilder {
  const { importUrl, authUrl } = 'options' in target ? target.options : target;
  const client = otherApiClient(authUrl, importUrl, [`manage_import_containers:${projectKey}`], projectKey);
  return createApiBuilderFromCtpClient(client, importUrl).withProjectKeyValue({ projectKey });
}

export const money = (centAmount: number, currencyCode = 'EUR') => ({
  type: 'centPrecision' as const,
  currencyCode,
  centAmount,
  fractionDigits: 2,
});

/**
 * Posts one import request of `type` (its route's path segment `path`) into the container `container`
 * (made when missing) and answers its operations as read back, in order. Patch types send `patches`.
 */
export async function importResources(
  mock: CommerceMock,
  path: string,
  type: string,
  resources: unknown[],
  container = 'cc',
): Promise<Array<Record<string, any>>> {
  const base = `${mock.options.importUrl}/${PROJECT_KEY}`;
  if (!mock.data.getByKey('import-container', container))
    await fetch(`${base}/import-containers`, { method: 'POST', body: JSON.stringify({ key: container }) });
  const items = type.endsWith('-patch') ? 'patches' : 'resources';
  const response = await fetch(`${base}/${path}/import-containers/${container}`, {
    method: 'POST',
    body: JSON.stringify({ type, [items]: resources }),
  });
  expect(response.status).toBe(201);
  const { operationStatus } = (await response.json()) as { operationStatus: Array<{ operationId: string }> };
  return Promise.all(operationStatus.map(({ operationId }) => readOperation(mock, operationId)));
}

/** An import operation as the Import API answers it now. */
export async function readOperation(mock: CommerceMock, id: string): Promise<Record<string, any>> {
  return (await fetch(`${mock.options.importUrl}/${PROJECT_KEY}/import-operations/${id}`)).json() as Promise<Record<string, any>>;
}
