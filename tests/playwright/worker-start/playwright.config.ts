/**
 * A suite run by worker-start.spec.ts in a child process, for what a worker says as it starts: in
 * `shared`, several workers in remote mode on one server without exclusiveServer (the fixture never
 * empties it, and says so once for the run); in the `misspelt` projects, an option name with a typo,
 * in each mode. Its files end in `.case.ts` so the project's own run does not collect them.
 */
import { defineConfig } from '@playwright/test';
import type { CommerceMockConfig } from '../../../src/playwright/index.js';

const serverUrl = process.env.WORKER_START_SERVER_URL;

export default defineConfig<CommerceMockConfig>({
  testDir: '.',
  // Not the project's test-results/: a run clears its output directory, and the parent run is using that one.
  outputDir: process.env.WORKER_START_OUTPUT_DIR ?? 'test-results',
  fullyParallel: true,
  workers: 3,
  retries: 0,
  reporter: 'list',
  projects: [
    { name: 'shared', testMatch: 'shared.case.ts', use: { commerceMock: { serverUrl } } },
    { name: 'misspelt-in-process', testMatch: 'options.case.ts', use: { commerceMock: { serverURL: serverUrl } as never } },
    {
      name: 'misspelt-remote',
      testMatch: 'options.case.ts',
      use: { commerceMock: { serverUrl, exclusivServer: true } as never },
    },
  ],
});
