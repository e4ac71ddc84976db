import { expect as baseExpect } from '@playwright/test';
import { commerceMatchers } from './matchers.js';

export {
  test,
  type CommerceMockConfig,
  type CommerceMockFixtureOptions,
  type CommerceTestFixtures,
  type CommerceWorkerFixtures,
} from './fixtures.js';
export type { AssociateDecisionFilter, HistoryRecordFilter, ImportExpectation, ReceivedRequest, StoredExpectation } from './matchers.js';
export { Commerce, type GraphqlResult, type SdkAuth, TEST_CREDENTIALS, type UrlOptions } from './commerce.js';
export const expect = baseExpect.extend(commerceMatchers);
