/**
 * What a worker says as it starts, read from the terminal output of the suite in worker-start/, run
 * in a child process: remote mode on a server several workers share (the fixture does not empty it,
 * and the run says so once, with the reason and the recipe), and a misspelt option name in either
 * mode (refused, with the name likely meant).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { test, expect } from '@playwright/test';
import { createCommerceMock, startServer } from '../../src/index.js';

const run = promisify(execFile);

test('a shared server is announced once per run; a misspelt option is refused with the likely name', async () => {
  test.setTimeout(180_000);
  const server = await startServer(createCommerceMock(), { port: 0 });
  try {
    const child = await run(
      process.execPath,
      ['node_modules/@playwright/test/cli.js', 'test', '-c', 'tests/playwright/worker-start/playwright.config.ts'],
      {
        env: {
          ...process.env,
          WORKER_START_SERVER_URL: server.url,
          WORKER_START_OUTPUT_DIR: mkdtempSync(join(tmpdir(), 'commerce-mock-worker-start-')),
          CI: '',
          FORCE_COLOR: '0',
        },
        maxBuffer: 10_000_000,
      },
    ).catch((error: { stdout: string; stderr: string; code: number }) => error);
    const output = `${child.stdout}\n${child.stderr}`;
    // shared: the deliberate failure and 6 passed; each misspelt project: its one test failed.
    expect(output).toMatch(/3 failed/);
    expect(output).toMatch(/6 passed/);

    // Three workers, one of them replaced after the failure: one notice.
    expect(output.match(/commerce-mock: the server at \S+ is shared by/g), output).toHaveLength(1);
    expect(output).toContain(
      `commerce-mock: the server at ${server.url} is shared by this run's 3 workers, so the fixture does not empty it before each test ` +
        "(that would wipe another worker's data mid-test): tests see each other's data, and seeding a fixed key or email a second time " +
        'fails with DuplicateField. For an empty server in every test, run the tests that use it with one worker (workers: 1), or give ' +
        'each worker a server (and app) of its own and set commerceMock: { exclusiveServer: true }. See "Testing an app that runs in ' +
        'its own process" in docs/playwright.md.',
    );
    // Not emptied: every group the shared tests seeded is on the server.
    const groups = (await (await fetch(`${server.url}/__mock/data/customer-group`)).json()) as { results: unknown[] };
    expect(groups.results).toHaveLength(6);

    // A misspelt name is refused before any test body runs, in process and in remote mode (where it would be ignored).
    expect(output).toContain(
      "TypeError: commerce-mock: invalid commerceMock options: unknown option 'serverURL' — did you mean 'serverUrl'?",
    );
    expect(output).toContain(
      "TypeError: commerce-mock: invalid commerceMock options: unknown option 'exclusivServer' — did you mean 'exclusiveServer'?",
    );
    expect(output).not.toContain('the test body ran');
  } finally {
    await server.close();
  }
});
