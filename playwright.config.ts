import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import type { CommerceMockConfig } from './src/playwright/index.js';

/** Debian's Chromium (browser downloads are not possible here); `.ci/run` installs it. */
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The `app` project tests a storefront in its own process against `commerce-mock serve`, both started
 * by `webServer`, as a user's suite would (docs/playwright.md, "Testing an app that runs in its own
 * process"). Their ports are picked once per run unless given: the runner sets them in its
 * environment, which its workers inherit, so every process reading this file agrees; two runs at
 * once (or a server left over) do not collide.
 */
process.env.APP_MOCK_PORT ??= String(20_000 + Math.floor(Math.random() * 20_000));
process.env.APP_PORT ??= String(Number(process.env.APP_MOCK_PORT) + 1);
/** The AWS SDK (the SQS consumer tests' client) warns once per worker that its 2027 releases need Node 22: noise on Node 20. */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const mockPort = Number(process.env.APP_MOCK_PORT);
const appPort = Number(process.env.APP_PORT);
const mockUrl = `http://127.0.0.1:${mockPort}`;
const appUrl = `http://127.0.0.1:${appPort}`;

export default defineConfig<CommerceMockConfig>({
  testDir: './tests',
  // The package's bundle, where a test imports the package as users do: its parts are required as ES
  // modules on first use, which Playwright's transpiler would take for CommonJS (README, Requirements).
  build: { external: ['**/dist/bundle/**'] },
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: process.env.CI ? 2 : undefined,
  reporter: [['list'], ['./tests/support/summary-reporter.ts']],
  webServer: [
    {
      command: `node --import tsx tests/app/serve-mock.ts serve --port ${mockPort}`,
      url: `${mockUrl}/__mock/health`,
      reuseExistingServer: false,
      stdout: 'ignore',
    },
    {
      command: 'node --import tsx tests/app/storefront.ts',
      url: `${appUrl}/health`,
      reuseExistingServer: false,
      env: {
        PORT: String(appPort),
        CTP_API_URL: mockUrl,
        CTP_AUTH_URL: mockUrl,
        CTP_PROJECT_KEY: 'test-project',
        CTP_CLIENT_ID: 'storefront',
        CTP_CLIENT_SECRET: 'storefront-secret',
      },
    },
  ],
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
  projects: [
    { name: 'mock', testIgnore: 'app/**' },
    {
      name: 'app',
      testDir: './tests/app',
      // One worker, and only this project uses the server: the fixture may empty it before each test.
      workers: 1,
      use: { baseURL: appUrl, commerceMock: { serverUrl: mockUrl, exclusiveServer: true } },
    },
  ],
});
