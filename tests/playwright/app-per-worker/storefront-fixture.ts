/**
 * One app per worker, as a user writes it (docs/playwright.md, "One app per worker", shows this code):
 * a worker fixture starts the storefront of tests/app/ in its own process against this worker's mock.
 */
// doc-example:start
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { expect, test as base } from '../../../src/playwright/index.js';

/** Worker n's ports: its mock on FIRST_PORT + 2n, its storefront on the next one. */
const firstPort = Number(process.env.FIRST_PORT ?? 9100);

export const test = base.extend<Record<never, never>, { storefrontUrl: string }>({
  storefrontUrl: [
    async ({ commerceUrl }, use, workerInfo) => {
      const mockPort = firstPort + 2 * workerInfo.parallelIndex;
      const mockUrl = await commerceUrl({ port: mockPort });
      const storefrontUrl = `http://127.0.0.1:${mockPort + 1}`;
      // The app's own start command, its platform URLs pointed at this worker's mock.
      const storefront = spawn(process.execPath, ['--import', 'tsx', 'tests/app/storefront.ts'], {
        env: {
          ...process.env,
          PORT: String(mockPort + 1),
          CTP_API_URL: mockUrl,
          CTP_AUTH_URL: mockUrl,
          CTP_PROJECT_KEY: 'test-project',
          CTP_CLIENT_ID: 'storefront',
          CTP_CLIENT_SECRET: 'storefront-secret',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      const exited = once(storefront, 'exit');
      // Ready once its health route answers.
      await expect(async () => expect((await fetch(`${storefrontUrl}/health`)).ok).toBe(true)).toPass({ timeout: 20_000 });
      await use(storefrontUrl);
      // After the worker's last test; the mock's port closes after this, with the worker.
      storefront.kill();
      await exited;
    },
    { scope: 'worker', timeout: 30_000 },
  ],
  // page.goto('/') and request.get('/') go to this worker's storefront.
  baseURL: async ({ storefrontUrl }, use) => use(storefrontUrl),
});

export { expect };
// doc-example:end
