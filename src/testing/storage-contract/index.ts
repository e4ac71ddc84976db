/**
 * The storage contract as a test suite. Every backend (memory, SQLite, yours) must pass it; it is
 * what "which backend runs is invisible" rests on.
 *
 * Call `runStorageContract` at the top level of a Playwright Test spec file (it registers tests,
 * as `test.describe` does, so it cannot run anywhere else):
 *
 *     // tests/my-backend.spec.ts
 *     import { runStorageContract } from 'commerce-mock/storage-contract';
 *     import { MyBackend } from '../src/my-backend.js';
 *     runStorageContract('my backend', () => new MyBackend());
 *
 * `createBackend` is called once per test and must return an empty backend; `close()` is called
 * after each test when the backend has one.
 */
import { describeClearProjectsAndIsolation, describeScanAndCount } from './collections.js';
import { describeDelete, describePutAndGet, describeVersionedWrite } from './documents.js';
import { testRetentionUnderTheEngine, testUnderTheEngine } from './engine.js';
import { describeGenerations } from './generations.js';
import { describeIndexEntryDocuments } from './index-entries.js';
import { describeEntries, describeSnapshots } from './snapshots-and-entries.js';
import { type BackendFactory, contractTest } from './support.js';
import { describeTransactions } from './transactions.js';
import { describeUnicodeAndLargeDocuments } from './values.js';

export type { BackendFactory } from './support.js';

/**
 * Registers the contract tests for one backend under `storage contract: <name>`. Call it from a
 * Playwright Test spec file, at the top level.
 */
export function runStorageContract(name: string, createBackend: BackendFactory): void {
  const test = contractTest({ name, create: createBackend });
  test.describe(`storage contract: ${name}`, () => {
    // In this order, which is the order of the tests in a report.
    describePutAndGet(test);
    describeVersionedWrite(test);
    describeDelete(test);
    describeScanAndCount(test);
    describeTransactions(test);
    describeClearProjectsAndIsolation(test);
    describeSnapshots(test);
    describeIndexEntryDocuments(test);
    describeUnicodeAndLargeDocuments(test);
    describeEntries(test);
    describeGenerations(test);
    testUnderTheEngine(test);
    testRetentionUnderTheEngine(test);
  });
}
