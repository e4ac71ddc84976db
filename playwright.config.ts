import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

/** Debian's Chromium (browser downloads are not possible here); `.ci/run` installs it. */
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: process.env.CI ? 2 : undefined,
  reporter: [['list'], ['./tests/support/summary-reporter.ts']],
  use: {
    browserName: 'chromium',
    launchOptions: {
      ...(existsSync(chromium) ? { executablePath: chromium } : {}),
      // This machine has no outside network: keep Chromium from trying to reach it.
      args: [
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
