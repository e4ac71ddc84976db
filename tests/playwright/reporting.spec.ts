/**
 * What a user sees when a test fails: the suite in reporting/ runs in a child process, in process and
 * against a server (remote mode), and its terminal report is read back.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { inflateRawSync } from 'node:zlib';
import { test, expect } from '@playwright/test';
import { createCommerceMock, startServer } from '../../src/index.js';

const run = promisify(execFile);

test('the report shows the request journal of a failing test and names un-awaited matchers', async () => {
  test.setTimeout(240_000);
  const server = await startServer(createCommerceMock(), { port: 0 });
  const outputDir = mkdtempSync(join(tmpdir(), 'commerce-mock-reporting-'));
  try {
    const child = await run(
      process.execPath,
      ['node_modules/@playwright/test/cli.js', 'test', '-c', 'tests/playwright/reporting/playwright.config.ts', '--trace', 'on'],
      {
        env: {
          ...process.env,
          REPORTING_SERVER_URL: server.url,
          REPORTING_OUTPUT_DIR: outputDir,
          CI: '',
          FORCE_COLOR: '0',
        },
        maxBuffer: 10_000_000,
      },
    ).catch((error: { stdout: string; stderr: string; code: number }) => error);
    const output = child.stdout;
    expect('code' in child ? child.code : 0, output).toBe(1);
    // Per project: 5 failed (the deliberate failures, the two un-awaited matchers, the test.fail() that
    // passed), 2 passed (the awaited matcher, the test.fail() that failed as expected).
    expect(output).toMatch(/10 failed/);
    expect(output).toMatch(/4 passed/);

    // Every test whose outcome is not the expected one has the journal attached: a list the terminal
    // prints, the table in a file it names. A test.fail() test that fails as expected gets none.
    const summaries = output.split('commerce-mock requests (text/plain)').slice(1);
    expect(summaries).toHaveLength(10);
    expect(output).not.toContain('key=expected-failure');
    expect(
      summaries.filter((text) => text.slice(0, 400).includes('/key=unexpected-pass → 404')),
      'the unexpected pass',
    ).toHaveLength(2);
    const deliberate = summaries.map((text) => text.slice(0, 400)).filter((text) => text.includes('journal-missing'));
    expect(deliberate, 'the deliberate failure, in each project').toHaveLength(2);
    for (const summary of deliberate) {
      expect(summary).toContain("3 requests; the table with bodies is the attachment 'commerce-mock journal':");
      expect(summary).toMatch(
        /POST \/oauth\/token → 200\s+POST \/test-project\/customer-groups → 201\s+GET \/test-project\/customer-groups\/key=journal-missing → 404/,
      );
    }
    const files = [...output.matchAll(/commerce-mock journal \(text\/plain\)[─\s]*\n\s*(\S+commerce-mock-journal[-0-9a-f]*\.txt)/g)].map(
      (match) => match[1]!,
    );
    expect(files).toHaveLength(10);
    const tables = files.map((file) => readFileSync(resolve(file), 'utf8')).filter((table) => table.includes('journal-vip'));
    expect(tables).toHaveLength(2);
    for (const table of tables) {
      expect(table).toMatch(/^3 requests to the mock, oldest first:/);
      expect(table).toMatch(/POST\s+\/test-project\/customer-groups\s+201\s+[\d.]+ ms\s+client commerce-mock-client/);
      expect(table).toContain('> {"key":"journal-vip","groupName":"Journal VIP"}');
      expect(table).toMatch(/GET\s+\/test-project\/customer-groups\/key=journal-missing\s+404/);
      expect(table).toContain('"code":"ResourceNotFound"');
    }

    // A test that sent the mock nothing (the un-awaited matchers' tests send none either): the likely
    // causes, for each mode, within the 300 characters the terminal shows of the attachment.
    const silent = summaries.map((text) => text.slice(0, 400)).filter((text) => text.includes('received no requests'));
    expect(silent).toHaveLength(6);
    const inProcess =
      'The mock received no requests in this test. Likely causes: the app runs in a process of its own (webServer, a child ' +
      'process), which needs commerceMock: { serverUrl } or await commerce.url() as its API URL; or it calls a host other than ' +
      'https://api.europe-west1.gcp.commercetools.com.';
    const remote =
      `The mock at ${server.url} received no requests in this test. Likely causes: the app is pointed elsewhere (its API and ` +
      `auth URL must be ${server.url}: check the env of its webServer), or it did not call the platform in this test.`;
    const flat = (text: string) => text.replace(/\s+/g, ' ');
    expect(silent.filter((text) => flat(text).includes(inProcess))).toHaveLength(3);
    expect(silent.filter((text) => flat(text).includes(remote))).toHaveLength(3);
    for (const message of [inProcess, remote]) expect(message.length, message).toBeLessThanOrEqual(300);
    const silentTables = files.map((file) => readFileSync(resolve(file), 'utf8')).filter((table) => table.includes('no requests'));
    expect(new Set(silentTables)).toEqual(new Set([`${inProcess}\n`, `${remote}\n`]));

    // With tracing on, the trace of the deliberate failure carries both attachments (the trace viewer lists them).
    const trace = traceEvents(
      join(outputDir, readdirSync(outputDir).find((name) => name.includes('journal-attached-in-process'))!, 'trace.zip'),
    );
    expect(trace).toContain('"name":"commerce-mock requests"');
    expect(trace).toContain('"name":"commerce-mock journal"');

    expect(output.match(/commerce-mock: an assertion was not awaited/g)).toHaveLength(4);
    expect(output).toContain('expect(commerce).toHaveStored(…) failed:');
    expect(output).toContain('Expected: a stored customer-group matching {"key": "never-stored"}');
    expect(output).toContain('expect(commerce).toHaveStored(…) held in the end.');
  } finally {
    await server.close();
  }
});

/** The `test.trace` entry of a Playwright trace (a zip), read with its central directory and zlib. */
function traceEvents(zipFile: string): string {
  const zip = readFileSync(zipFile);
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let entry = zip.readUInt32LE(end + 16);
  for (let left = zip.readUInt16LE(end + 10); left > 0; left--) {
    const nameLength = zip.readUInt16LE(entry + 28);
    const name = zip.toString('utf8', entry + 46, entry + 46 + nameLength);
    if (name === 'test.trace') {
      const local = zip.readUInt32LE(entry + 42);
      const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      const data = zip.subarray(start, start + zip.readUInt32LE(entry + 20));
      return (zip.readUInt16LE(entry + 10) === 0 ? data : inflateRawSync(data)).toString('utf8');
    }
    entry += 46 + nameLength + zip.readUInt16LE(entry + 30) + zip.readUInt16LE(entry + 32);
  }
  throw new Error(`no test.trace in ${zipFile}`);
}
