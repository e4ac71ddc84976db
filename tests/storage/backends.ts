/**
 * Test backends: fresh SQLite files in a temporary directory, and the backend the whole HTTP suite
 * runs on, picked by `COMMERCE_MOCK_TEST_STORAGE` (`memory`, the default, or `sqlite`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sqliteStorage, type SqliteStorage, type SqliteStorageOptions } from '../../src/storage/sqlite.js';
import type { StorageBackend } from '../../src/storage/backend.js';

let directory: string | undefined;
let counter = 0;

/** A directory of this worker's, removed when the worker exits. */
export function scratchDirectory(): string {
  if (!directory) {
    const created = mkdtempSync(join(tmpdir(), 'commerce-mock-storage-'));
    directory = created;
    process.once('exit', () => rmSync(created, { recursive: true, force: true }));
  }
  return directory;
}

/** A path for a new database file (not created). */
export function scratchFile(name = 'mock'): string {
  return join(scratchDirectory(), `${name}-${process.pid}-${++counter}.db`);
}

/** Removes a database file with its WAL and shared-memory files. */
export function removeDatabase(file: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(file + suffix, { force: true });
}

/** A SQLite backend on a new file; closing it removes the file. */
export function temporarySqlite(options: Omit<SqliteStorageOptions, 'file'> = {}): SqliteStorage {
  const file = scratchFile();
  const storage = sqliteStorage({ ...options, file });
  const close = storage.close.bind(storage);
  storage.close = () => {
    close();
    removeDatabase(file);
  };
  return storage;
}

export const TEST_STORAGE_VARIABLE = 'COMMERCE_MOCK_TEST_STORAGE';

/** The backend `COMMERCE_MOCK_TEST_STORAGE` asks for; `undefined` for the default (memory). */
export function storageFromEnvironment(env: NodeJS.ProcessEnv = process.env): StorageBackend | undefined {
  const name = env[TEST_STORAGE_VARIABLE] ?? '';
  if (name === '' || name === 'memory') return undefined;
  if (name === 'sqlite') return temporarySqlite();
  throw new Error(`${TEST_STORAGE_VARIABLE}: unknown storage '${name}' (memory or sqlite).`);
}
