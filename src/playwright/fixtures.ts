import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, type TestInfo, type WorkerInfo } from '@playwright/test';
import type { JournalEntry } from '../core/journal.js';
import { connectCommerceMock, inProject, localClient, type MockClient, type SnapshotId } from '../adapters/client.js';
import { ImportError } from '../api/export.js';
import { type CommerceMock, createCommerceMock, type CommerceMockOptions, mockInternals } from '../api/mock.js';
import { MOCK_OPTION_NAMES, originsOf, unknownOption } from '../api/options.js';
import { apisAt } from '../http/apis.js';
import type { StorageBackend } from '../storage/backend.js';
import { intercept } from '../adapters/transports/intercept.js';
import { startServer, type RunningServer } from '../adapters/transports/node-server.js';
import { routeBrowser, routeBrowserTo } from '../adapters/transports/playwright-route.js';
import { Commerce, type CommerceTarget, type SdkModules, type UrlOptions, urlOf } from './commerce.js';
import { formatJournal, type JournalSource, summarizeJournal } from './journal-report.js';
import { unawaitedAssertions } from './web-first.js';

/** What `use: { commerceMock: {...} }` in playwright.config.ts accepts. */
export interface CommerceMockFixtureOptions extends Omit<CommerceMockOptions, 'storage'> {
  /** A backend, or a function making one per worker (so workers share nothing). Default: in memory. */
  storage?: 'memory' | StorageBackend | (() => StorageBackend);
  /** Let the test process reach other hosts (default true); hosts of the real platform other than the mock's are refused either way. */
  allowNetConnect?: boolean;
  /** Serve pages' requests to the API and token hosts through Playwright routing (default true). */
  routeBrowser?: boolean;
  /**
   * Remote mode: the URL of a running `commerce-mock serve` (typically started by Playwright's
   * `webServer`). The fixture, its matchers and browser routing then use that server instead of an
   * in-process mock; the mock options above are the server's own and are not sent.
   */
  serverUrl?: string;
  /** The server's `--admin-token`, when it was started with one (remote mode). */
  adminToken?: string;
  /**
   * Remote mode: no other worker uses the server while this worker's tests run (each worker starts
   * its own, e.g. a container in a worker fixture; or only a project limited to `workers: 1` uses
   * it), so the fixture empties it before each test whatever the run's number of workers.
   */
  exclusiveServer?: boolean;
  /**
   * Seeds the data every test starts from, once per worker: the fixture then restores it (a snapshot,
   * cheap on the memory backend) before each test instead of emptying the mock. Needs a mock this
   * worker owns: in process, or in remote mode one server per worker or a single worker.
   */
  baseline?: (mock: MockClient) => void | Promise<void>;
}

/** The names only the fixture takes, beside those of `createCommerceMock`: the type keeps the list whole. */
const FIXTURE_ONLY_OPTIONS: Record<Exclude<keyof CommerceMockFixtureOptions, keyof CommerceMockOptions>, true> = {
  allowNetConnect: true,
  routeBrowser: true,
  serverUrl: true,
  adminToken: true,
  exclusiveServer: true,
  baseline: true,
};

/**
 * Refuses a misspelt option in either mode: in remote mode the mock options are not sent anywhere, so
 * `exclusivServer` or `serverURL` would otherwise be ignored without a word.
 */
function checkOptionNames(options: CommerceMockFixtureOptions): void {
  const known = [...MOCK_OPTION_NAMES, ...Object.keys(FIXTURE_ONLY_OPTIONS)];
  const unknown = Object.keys(options).filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    throw new TypeError(`commerce-mock: invalid commerceMock options: ${unknown.map((name) => unknownOption(name, known)).join('; ')}`);
  }
}

interface CommerceWorker {
  target: CommerceTarget;
  /** In process always; in remote mode only when no other worker can be using the server. */
  clearsBeforeEachTest: boolean;
  /** The `baseline` option's data, restored before each test in place of emptying the mock. */
  baseline: SnapshotId | undefined;
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
  /**
   * `commerce.url()` for worker fixtures: the URL of a real localhost port serving this worker's mock,
   * started on first use (on `port`, or a free one), e.g. for an app a worker fixture starts.
   */
  commerceUrl: (options?: UrlOptions) => Promise<string>;
  /** The worker's mock, its fetch interception and its lazily started server. */
  _commerceWorker: CommerceWorker;
}

/** What `use` of playwright.config.ts takes for the mock: `defineConfig<CommerceMockConfig>({ use: { commerceMock: {...} } })`. */
export type CommerceMockConfig = Pick<CommerceWorkerFixtures, 'commerceMock'>;

export interface CommerceTestFixtures {
  /** The worker's mock for this test: emptied before it where that is safe (see docs/playwright.md). */
  commerce: Commerce;
  /**
   * Runs around every test, whether or not it asks for `commerce`: empties the mock before it (in
   * remote mode only with one worker), notes where the request journal stood, and attaches the
   * journal to the report of a test that failed.
   */
  _commerceSession: { journalStart: number };
}

export const test = base.extend<CommerceTestFixtures, CommerceWorkerFixtures>({
  commerceMock: [{}, { scope: 'worker', option: true }],

  _commerceWorker: [
    async ({ commerceMock: options }, use, workerInfo) => {
      checkOptionNames(options);
      const sdk = await loadSdk();
      if (options.serverUrl !== undefined) {
        const worker = await remoteWorker(options, workerInfo, sdk);
        if (options.baseline && !worker.clearsBeforeEachTest) {
          throw new Error(
            `commerce-mock: the baseline option needs a mock this worker has to itself, and the server at ${options.serverUrl} is shared by several workers: set exclusiveServer (one server per worker) or run these tests with one worker.`,
          );
        }
        await use({ ...worker, baseline: await seedBaseline(worker.target.client, options, false) });
        return;
      }
      const {
        storage,
        allowNetConnect,
        routeBrowser: _routeBrowser,
        serverUrl: _serverUrl,
        adminToken: _adminToken,
        exclusiveServer: _exclusiveServer,
        baseline: _baseline,
        ...mockOptions
      } = options;
      const mock = createWorkerMock(mockOptions, storage);
      const interception = await intercept(mock, { allowNetConnect: allowNetConnect ?? true });
      const server = portServer(mock);
      const client = localClient(mock);
      const baseline = await seedBaseline(client, options, true);
      await use({ target: { kind: 'in-process', mock, client, serverUrl: server.url }, clearsBeforeEachTest: true, baseline, sdk });
      await server.close();
      await interception.restore();
      mockInternals(mock).storage.close?.();
    },
    { scope: 'worker', box: true },
  ],

  commerceUrl: [async ({ _commerceWorker }, use) => use((options) => urlOf(_commerceWorker.target, options)), { scope: 'worker' }],

  _commerceSession: [
    async ({ _commerceWorker }, use, testInfo) => {
      const { client } = _commerceWorker.target;
      if (_commerceWorker.baseline) {
        await client.state.restore(_commerceWorker.baseline);
        // Fault rules, like data, start empty in every test, and the clock at real time (state.clear() does both with the rest).
        await client.faults.clear();
        await client.clock.reset();
      } else if (_commerceWorker.clearsBeforeEachTest) await client.state.clear();
      const journalStart = await client.journal.lastSequence();
      await use({ journalStart });
      if (testInfo.status !== testInfo.expectedStatus) await attachJournal(testInfo, _commerceWorker.target, journalStart);
    },
    { auto: true, box: true },
  ],

  commerce: async ({ _commerceWorker, _commerceSession }, use) => {
    const commerce = new Commerce(_commerceWorker.target, _commerceWorker.sdk, _commerceSession.journalStart);
    await use(commerce);
    const unawaited = await unawaitedAssertions(commerce);
    if (unawaited.length > 0) {
      const list = unawaited.map(
        ({ matcher, failure }) => `expect(commerce).${matcher}(…)${failure ? ` failed:\n\n${failure}` : ' held in the end.'}`,
      );
      throw new Error(
        `commerce-mock: ${unawaited.length === 1 ? 'an assertion was' : `${unawaited.length} assertions were`} not awaited. Matchers on commerce ` +
          'retry until they hold (always, on a remote mock), so write `await expect(commerce)...`: without await the test goes on before ' +
          `the result is known.\n\n${list.join('\n\n')}`,
      );
    }
  },

  context: async ({ context, _commerceWorker, commerceMock: options }, use) => {
    if (options.routeBrowser !== false) {
      const { target } = _commerceWorker;
      if (target.kind === 'in-process') await routeBrowser(context, target.mock);
      else await routeBrowserTo(context, serverBases(options, target.serverUrl));
    }
    await use(context);
  },
});

/** Remote mode: each API's origin in the options, and its base URL on the server (several origins may share one). */
function serverBases(options: CommerceMockFixtureOptions, serverUrl: string): Map<string, string> {
  const origins = originsOf(options);
  const bases = apisAt(new URL(serverUrl).origin);
  const map = new Map<string, string>();
  // The main API's origin wins where another API shares it: its base URL serves the Import and Checkout APIs too.
  for (const api of ['history', 'checkout', 'import', 'auth', 'api'] as const) map.set(origins[api], bases[api]);
  return map;
}

/**
 * The worker's in-process mock. A bad `initialData` fails the worker before any test body runs,
 * naming the option and the file's first problem.
 */
function createWorkerMock(options: CommerceMockOptions, storage: CommerceMockFixtureOptions['storage']): CommerceMock {
  const backend = typeof storage === 'function' ? storage() : storage;
  try {
    return createCommerceMock({ ...options, ...(backend ? { storage: backend } : {}) });
  } catch (error) {
    if (backend && backend !== 'memory') backend.close?.();
    if (error instanceof ImportError) throw new ImportError(error.path, error.problem, 'the commerceMock option initialData');
    throw error;
  }
}

/**
 * The worker's one server for `commerce.url()`: started on the first call, on the port it asks for
 * (a free one without). A later call asking for another port is refused rather than answered with a
 * URL that port does not serve; a port another process holds fails that call, and the next may retry.
 */
function portServer(mock: CommerceMock): { url: (options?: UrlOptions) => Promise<string>; close: () => Promise<void> } {
  let server: Promise<RunningServer> | undefined;
  const start = async (port: number) => {
    try {
      return await startServer(mock, { port });
    } catch (error) {
      server = undefined;
      throw new Error(
        `commerce-mock: this worker's mock cannot serve on port ${port} (${(error as Error).message}): give each worker a port of its own (e.g. a first port + workerInfo.parallelIndex), or leave port out for a free one.`,
      );
    }
  };
  return {
    url: async ({ port } = {}) => {
      const running = await (server ??= start(port ?? 0));
      if (port !== undefined && port !== 0 && port !== running.port) {
        throw new Error(
          `commerce-mock: url({ port: ${port} }) asks for a port this worker's mock does not serve: it serves ${running.url} since its first url() call. A worker has one server; ask for its port at the first call.`,
        );
      }
      return running.url;
    },
    close: async () => {
      const running = await server?.catch(() => undefined);
      await running?.close();
    },
  };
}

/**
 * Runs the `baseline` option and keeps its result as a snapshot: on the worker's new in-process mock
 * over its `initialData` (alone, that data is the baseline), on a server after emptying it.
 */
async function seedBaseline(client: MockClient, options: CommerceMockFixtureOptions, fresh: boolean): Promise<SnapshotId | undefined> {
  const initialData = fresh && options.initialData !== undefined;
  if (!options.baseline) return initialData ? client.state.snapshot() : undefined;
  if (!fresh) await client.state.clear();
  await options.baseline(client);
  return client.state.snapshot();
}

/**
 * The request journal of a failed test, twice: a short list the terminal reporters print (they show
 * the first 300 characters of a text attachment), and the table with bodies as a file the HTML report
 * shows and the terminal names.
 */
async function attachJournal(testInfo: TestInfo, target: CommerceTarget, since: number): Promise<void> {
  const { client } = target;
  const source: JournalSource =
    target.kind === 'remote' ? { apiUrl: target.serverUrl, remote: true } : { apiUrl: target.mock.options.apiUrl, remote: false };
  let requests: JournalEntry[];
  try {
    requests = await client.journal.requests({ since });
  } catch (error) {
    await testInfo.attach('commerce-mock requests', {
      body: `The request journal could not be read: ${String(error)}\n`,
      contentType: 'text/plain',
    });
    return;
  }
  await testInfo.attach('commerce-mock requests', { body: summarizeJournal(requests, source), contentType: 'text/plain' });
  const file = testInfo.outputPath('commerce-mock-journal.txt');
  await writeFile(file, formatJournal(requests, source));
  await testInfo.attach('commerce-mock journal', { path: file, contentType: 'text/plain' });
}

/**
 * The clearing rule of remote mode: a worker may empty the server only when no other worker can be
 * using it: the run has one worker, or the user says so (`exclusiveServer`). A project's own
 * `workers` limit is not visible to its workers, so it cannot count here.
 */
export function hasServerToItself(
  options: Pick<CommerceMockFixtureOptions, 'exclusiveServer'>,
  workerInfo: { config: { workers: number } },
): boolean {
  return options.exclusiveServer === true || workerInfo.config.workers === 1;
}

/**
 * Says once per run, at the start, that a server shared by several workers is not emptied before each
 * test, why, and how to get isolation, rather than leaving a later `DuplicateField` to tell.
 *
 * Every worker decides this for itself, and a worker that a failure replaced starts over, so "once"
 * is a marker file: the first worker of the run to create it (atomically: `wx`) prints. Its name holds
 * the runner's process id, which every worker of the run has as its parent, and the server's URL.
 */
function noticeSharedServer(serverUrl: string, workers: number): void {
  const server = createHash('sha256').update(serverUrl).digest('hex').slice(0, 16);
  try {
    writeFileSync(join(tmpdir(), `commerce-mock-shared-server-${process.ppid}-${server}`), '', { flag: 'wx' });
  } catch (error) {
    // Another worker of this run has said it; a marker that cannot be written at all is no reason to stay silent.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return;
  }
  console.warn(
    `commerce-mock: the server at ${serverUrl} is shared by this run's ${workers} workers, so the fixture does not empty it ` +
      "before each test (that would wipe another worker's data mid-test): tests see each other's data, and seeding a fixed " +
      'key or email a second time fails with DuplicateField. For an empty server in every test, run the tests that use it with ' +
      'one worker (workers: 1), or give each worker a server (and app) of its own and set commerceMock: { exclusiveServer: true }. ' +
      'See "Testing an app that runs in its own process" in docs/playwright.md.',
  );
}

/** The worker's view of a server it does not own: checked reachable once, at worker start. */
async function remoteWorker(
  options: CommerceMockFixtureOptions,
  workerInfo: WorkerInfo,
  sdk: SdkModules | undefined,
): Promise<CommerceWorker> {
  const serverUrl = options.serverUrl!.replace(/\/+$/, '');
  const server = connectCommerceMock(serverUrl, options.adminToken !== undefined ? { adminToken: options.adminToken } : {});
  const info = await server.info();
  const alone = hasServerToItself(options, workerInfo);
  if (!alone) noticeSharedServer(serverUrl, workerInfo.config.workers);
  const projectKey = options.defaultProjectKey ?? info.defaultProjectKey;
  // Seeding, reads, tokens and matchers act on the fixture's project, whatever the server's default is.
  const client = inProject(server, projectKey);
  return {
    target: { kind: 'remote', client, serverUrl, projectKey, clearAllowed: alone },
    clearsBeforeEachTest: alone,
    baseline: undefined,
    sdk,
  };
}
