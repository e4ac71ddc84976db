/** Test support for the Change History API: the official history SDK pointed at a mock (its History host) or a server (its `/__history`). */
import { createApiBuilderFromCtpClient, type ByProjectKeyRequestBuilder } from '@commercetools/history-sdk';
import type { CommerceMock } from '../../src/index.js';
import { otherApiClient, PROJECT_KEY } from '../support/sdk.js';

/** The History API's root for a mock in process, or for a server given its `apis` of `/__mock/info`. */
export function historyApiRoot(
  target: CommerceMock | { auth: string; history: string },
  projectKey = PROJECT_KEY,
): ByProjectKeyRequestBuilder {
  const { authUrl, historyUrl } = 'options' in target ? target.options : { authUrl: target.auth, historyUrl: target.history };
  const client = otherApiClient(authUrl, historyUrl, [`view_audit_log:${projectKey}`], projectKey);
  return createApiBuilderFromCtpClient(client).withProjectKeyValue({ projectKey });
}
