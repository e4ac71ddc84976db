/** The package's own `test` (the `commerce` fixture) and its `expect`, with the response check on. */
import { test as packageTest } from '../../src/playwright/index.js';
import { responseCheck } from './response-check.js';

export const test = packageTest.extend(responseCheck);
export { expect, TEST_CREDENTIALS, type Commerce } from '../../src/playwright/index.js';
