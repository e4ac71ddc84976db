/** What a user imports: the backends from the package root, the contract suite from its own entry point. */
import { test, expect } from '@playwright/test';
import { needsBuild } from '../support/build.js';

// Resolved through package.json "exports" (self-reference) against the build, as a dependent project would.
const entry = (name: string) => import(name) as Promise<Record<string, unknown>>;

needsBuild();

test('commerce-mock/storage-contract exports runStorageContract; commerce-mock exports the backends', async () => {
  const contract = await entry('commerce-mock/storage-contract');
  expect(typeof contract.runStorageContract).toBe('function');
  const root = await entry('commerce-mock');
  for (const name of ['MemoryStorage', 'sqliteStorage', 'SqliteStorage', 'RecordingStorage', 'VersionConflict', 'KeyConflict']) {
    expect(typeof root[name], name).toBe('function');
  }
});
