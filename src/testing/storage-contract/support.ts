/** What every part of the contract suite shares: the Playwright test with its fixtures, and small helpers. */
import {
  expect,
  type PlaywrightTestArgs,
  type PlaywrightTestOptions,
  type PlaywrightWorkerArgs,
  type PlaywrightWorkerOptions,
  test,
  type TestType,
} from '@playwright/test';
import type { StorageBackend, StoredDocument } from '../../storage/backend.js';

export type BackendFactory = () => StorageBackend | Promise<StorageBackend>;

/** The backend a contract run checks, as `runStorageContract` was given it. */
export interface BackendUnderTest {
  name: string;
  create: BackendFactory;
}

export interface ContractFixtures {
  backend: BackendUnderTest;
  /** A new, empty backend for each test, closed after it when it has `close()`. */
  storage: StorageBackend;
}

export type ContractTest = TestType<
  PlaywrightTestArgs & PlaywrightTestOptions & ContractFixtures,
  PlaywrightWorkerArgs & PlaywrightWorkerOptions
>;

/** Playwright's `test` with the contract's fixtures for one backend. */
export function contractTest(backend: BackendUnderTest): ContractTest {
  return test.extend<ContractFixtures>({
    // An object, not a function: Playwright would take a function for the fixture's setup.
    backend,
    storage: async ({ backend }, use) => {
      const storage = await backend.create();
      await use(storage);
      storage.close?.();
    },
  });
}

export const P = 'contract-project';
export const T = 'thing';

export const doc = (id: string, version = 1, extra: Record<string, unknown> = {}): StoredDocument => ({ id, version, ...extra });

/** Writes `id` at version 1 (an insert). */
export const insert = (storage: StorageBackend, id: string, extra: Record<string, unknown> = {}, key?: string, project = P, typeId = T) =>
  storage.write(project, typeId, doc(id, 1, extra), { expectedVersion: 0, ...(key !== undefined ? { key } : {}) });

export const ids = (documents: Iterable<StoredDocument>) => [...documents].map((d) => d.id);

/** Ids in an order that is neither sorted nor reverse sorted, so insertion order is what a scan must show. */
export const shuffledIds = (count: number) =>
  Array.from({ length: count }, (_, i) => `id-${String((i * 7919) % count).padStart(4, '0')}-${(i * 31) % 17}`);

export function expectThrown<E extends Error>(work: () => unknown, type: new (...args: never[]) => E): E {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(type);
    return error as E;
  }
  throw new Error(`expected ${type.name} to be thrown`);
}

export class Abort extends Error {}
