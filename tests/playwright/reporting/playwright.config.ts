/**
 * A small suite that is meant to fail, run by reporting.spec.ts in a child process to see what a user
 * sees: the request journal attached to a failing test, and the error for an un-awaited matcher. Its
 * files end in `.case.ts` so the project's own run does not collect them.
 */
import { defineConfig } from '@playwright/test';
import type { CommerceMockConfig } from '../../../src/playwright/index.js';

const serverUrl = process.env.REPORTING_SERVER_URL;

export default defineConfig<CommerceMockConfig>({
  testDir: '.',
  testMatch: '*.case.ts',
  // Not the project's test-results/: a run clears its output directory, and the parent run is using that one.
  outputDir: process.env.REPORTING_OUTPUT_DIR ?? 'test-results',
  workers: 1,
  retries: 0,
  reporter: 'list',
  projects: [{ name: 'in-process' }, ...(serverUrl ? [{ name: 'remote', use: { commerceMock: { serverUrl } } }] : [])],
});
