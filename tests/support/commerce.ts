/** The package's own `test` (the `commerce` fixture) and its `expect`, with the response check on. */
import { test as packageTest } from '../../src/playwright/index.js';
import { responseCheck } from './response-check.js';
import { createCommerceMock, startServer, type CommerceMock } from '../../src/index.js';
import type { CommerceMockFixtureOptions } from '../../src/playwright/index.js';
import type { Page } from '@playwright/test';

export const test = packageTest.extend(responseCheck);
export { expect, TEST_CREDENTIALS, type Commerce } from '../../src/playwright/index.js';

// biome-ignore lint/suspicious/noControlCharactersInRegex: the terminal's colour codes start with ESC.
const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '');

/** The message of a matcher meant to fail (thrown at once, or rejected after retrying), without colour codes. */
export async function failureOf(assertion: () => unknown): Promise<string> {
  try {
    await assertion();
  } catch (error) {
    return plain((error as Error).message);
  }
  throw new Error('the assertion passed');
}

/** A server this worker starts and has to itself, and the mock behind it. */
export interface WorkerServer {
  url: string;
  mock: CommerceMock;
}

/** The package's `test` in remote mode against a server per worker (so the fixture empties it before each test). */
export function withServerPerWorker(options: Omit<CommerceMockFixtureOptions, 'serverUrl'> = {}) {
  return test.extend<Record<never, never>, { server: WorkerServer }>({
    server: [
      async ({}, use) => {
        const mock = createCommerceMock();
        const server = await startServer(mock, { port: 0 });
        await use({ url: server.url, mock });
        await server.close();
      },
      { scope: 'worker' },
    ],
    commerceMock: [async ({ server }, use) => use({ ...options, serverUrl: server.url, exclusiveServer: true }), { scope: 'worker' }],
  });
}

/** A JSON `POST` from a browser page with a bearer token, as an app's own code sends it: the status and the parsed body. */
export function postFromPage(page: Page, url: string, token: string, body: unknown): Promise<{ status: number; body: unknown }> {
  return page.evaluate(
    async ({ url, token, body }) => {
      const response = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: await response.json() };
    },
    { url, token, body },
  );
}
