import { test as base } from '@playwright/test';
import { createCommerceMock, type CommerceMock, type CommerceMockOptions } from '../mock.js';
import type { StorageBackend } from '../storage/types.js';
import { interceptFetch } from '../transports/mock-agent.js';
import { startServer, type RunningServer } from '../transports/node-server.js';
import { routeBrowser } from '../transports/playwright-route.js';
import { Commerce, type SdkModules } from './commerce.js';

/** What `use: { commerceMock: {...} }` in playwright.config.ts accepts. */
export interface CommerceMockFixtureOptions extends Omit<CommerceMockOptions, 'storage'> {
  /** A backend, or a function making one per worker (so workers share nothing). Default: in memory. */
  storage?: 'memory' | StorageBackend | (() => StorageBackend);
  /** Let the test process reach other hosts (default true); hosts of the real platform other than the mock's are refused either way. */
  allowNetConnect?: boolean;
  /** Serve pages' requests to the API and token hosts through Playwright routing (default true). */
  routeBrowser?: boolean;
}

interface CommerceWorker {
  mock: CommerceMock;
  serverUrl(): Promise<string>;
  sdk: SdkModules | undefined;
}

async function loadSdk(): Promise<SdkModules | undefined> {
  try {
    const [platform, client] = await Promise.all([import('@commercetools/platform-sdk'), import('@commercetools/ts-client')]);
    return { createApiBuilderFromCtpClient: platform.createApiBuilderFromCtpClient, ClientBuilder: client.ClientBuilder };
  } catch {
    return undefined;
  }
}

export interface CommerceWorkerFixtures {
  /** Options for the worker's mock: set them in `use` of playwright.config.ts or with `test.use()` at file level. */
  commerceMock: CommerceMockFixtureOptions;
  /** The worker's mock, its fetch interception and its lazily started server. */
  commerceWorker: CommerceWorker;
}

export interface CommerceTestFixtures {
  /** The worker's mock, emptied before this test. */
  commerce: Commerce;
  /** Empties the worker's mock before every test, whether or not the test asks for `commerce`. */
  commerceReset: undefined;
}

export const test = base.extend<CommerceTestFixtures, CommerceWorkerFixtures>({
  commerceMock: [{}, { scope: 'worker', option: true }],

  commerceWorker: [
    async ({ commerceMock: options }, use) => {
      const { storage, allowNetConnect, routeBrowser: _routeBrowser, ...mockOptions } = options;
      const mock = createCommerceMock({
        ...mockOptions,
        ...(storage ? { storage: typeof storage === 'function' ? storage() : storage } : {}),
      });
      const interception = await interceptFetch(mock, { allowNetConnect: allowNetConnect ?? true });
      let server: Promise<RunningServer> | undefined;
      await use({
        mock,
        serverUrl: async () => (await (server ??= startServer(mock, { port: 0 }))).url,
        sdk: await loadSdk(),
      });
      if (server) await (await server).close();
      await interception.restore();
      mock.storage.close?.();
    },
    { scope: 'worker' },
  ],

  commerceReset: [
    async ({ commerceWorker }, use) => {
      commerceWorker.mock.clear();
      await use(undefined);
    },
    { auto: true },
  ],

  commerce: async ({ commerceWorker }, use) => {
    await use(new Commerce(commerceWorker.mock, commerceWorker.serverUrl, commerceWorker.sdk));
  },

  context: async ({ context, commerceWorker, commerceMock: options }, use) => {
    if (options.routeBrowser !== false) await routeBrowser(context, commerceWorker.mock);
    await use(context);
  },
});
