/**
 * The Import API's official SDK (`@commercetools/importapi-sdk`) pointed at a mock's Import API (its
 * own origin in process) or at a server's `apis.import`, with a client token asked for the
 * `manage_import_containers` scope.
 */
import { ClientBuilder } from '@commercetools/ts-client';
import { createApiBuilderFromCtpClient, type ByProjectKeyRequestBuilder } from '@commercetools/importapi-sdk';
import type { CommerceMock } from '../../src/index.js';
import { CREDENTIALS, PROJECT_KEY } from '../support/sdk.js';

export function importApiRoot(
  target: CommerceMock | { importUrl: string; authUrl: string },
  projectKey = PROJECT_KEY,
): ByProjectKeyRequestBuilder {
  const { importUrl, authUrl } = 'options' in target ? target.options : target;
  const client = new ClientBuilder()
    .withProjectKey(projectKey)
    .withClientCredentialsFlow({
      host: authUrl,
      projectKey,
      credentials: CREDENTIALS,
      scopes: [`manage_import_containers:${projectKey}`],
      httpClient: fetch,
    })
    .withHttpMiddleware({ host: importUrl, httpClient: fetch })
    .build();
  return createApiBuilderFromCtpClient(client, importUrl).withProjectKeyValue({ projectKey });
}
