/**
 * A suite whose `initialData` option is a bad file, run by fixture-state.spec.ts in a child process:
 * the worker must refuse it, naming the problem, before any test body runs. Its files end in
 * `.case.ts` so the project's own run does not collect them.
 */
import { defineConfig } from '@playwright/test';
import type { CommerceMockConfig } from '../../../src/playwright/index.js';

export default defineConfig<CommerceMockConfig>({
  testDir: '.',
  testMatch: '*.case.ts',
  // Not the project's test-results/: a run clears its output directory, and the parent run is using that one.
  outputDir: process.env.BAD_INITIAL_DATA_OUTPUT_DIR ?? 'test-results',
  workers: 1,
  retries: 0,
  reporter: 'list',
});
