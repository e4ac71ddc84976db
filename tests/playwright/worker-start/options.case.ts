import { test } from '../../../src/playwright/index.js';

test('a test of a worker with a misspelt option', async ({ commerce }) => {
  console.log(`the test body ran on ${commerce.location}`);
});
