/**
 * The suite of app-per-worker.spec.ts, run in a child process with two workers: each worker starts
 * the storefront against its own mock (storefront-fixture.ts). Its files end in `.case.ts` so the
 * project's own run does not collect them.
 */
import { defineConfig } from '@playwright/test';

const outputDir = process.env.APP_PER_WORKER_OUTPUT_DIR ?? 'test-results/app-per-worker';

export default defineConfig({
  testDir: '.',
  testMatch: '*.case.ts',
  // Not the project's test-results/: a run clears its output directory, and the parent run is using that one.
  outputDir,
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['json', { outputFile: `${outputDir}/report.json` }]],
});
