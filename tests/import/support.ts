/**
 * The Import API's official SDK (`@commercetools/importapi-sdk`) pointed at a mock's Import API (its
 * own origin in process) or at a server's `apis.import`, with a client token asked for the
 * `manage_import_containers` scope.
 */
import { createApiBuilderFromCtpClient, type ByProjectKeyRequestBuilder } from '@commercetools/importapi-sdk';
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
