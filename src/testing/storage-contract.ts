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
import { expect, test } from '@playwright/test';
import { createCommerceMock } from '../api/mock.js';
import { KeyConflict, type StorageBackend, type StoredDocument, VersionConflict } from '../storage/backend.js';

export type BackendFactory = () => StorageBackend | Promise<StorageBackend>;

const P = 'contract-project';
const T = 'thing';

const doc = (id: string, version = 1, extra: Record<string, unknown> = {}): StoredDocument => ({ id, version, ...extra });

/** Writes `id` at version 1 (an insert). */
const insert = (storage: StorageBackend, id: string, extra: Record<string, unknown> = {}, key?: string, project = P, typeId = T) =>
  storage.write(project, typeId, doc(id, 1, extra), { expectedVersion: 0, ...(key !== undefined ? { key } : {}) });

const ids = (documents: Iterable<StoredDocument>) => [...documents].map((d) => d.id);

/** Ids in an order that is neither sorted nor reverse sorted, so insertion order is what a scan must show. */
const shuffledIds = (count: number) =>
  Array.from({ length: count }, (_, i) => `id-${String((i * 7919) % count).padStart(4, '0')}-${(i * 31) % 17}`);

function expectThrown<E extends Error>(work: () => unknown, type: new (...args: never[]) => E): E {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(type);
    return error as E;
  }
  throw new Error(`expected ${type.name} to be thrown`);
}

class Abort extends Error {}

/**
 * Registers the contract tests for one backend under `storage contract: <name>`. Call it from a
 * Playwright Test spec file, at the top level.
 */
export function runStorageContract(name: string, createBackend: BackendFactory): void {
  test.describe(`storage contract: ${name}`, () => {
    let storage: StorageBackend;

    test.beforeEach(async () => {
      storage = await createBackend();
    });
    test.afterEach(() => {
      storage?.close?.();
    });

    test.describe('put and get', () => {
      test('a written document comes back as written, by id and by key; a missing one is undefined', () => {
        const written = doc('a', 1, { name: { en: 'A' }, tags: ['x', 'y'], nested: { n: 1.5, flag: true, none: null } });
        storage.write(P, T, written, { expectedVersion: 0, key: 'key-a' });
        expect(storage.get(P, T, 'a')).toEqual(written);
        expect(storage.getByKey(P, T, 'key-a')).toEqual(written);
        expect(storage.get(P, T, 'missing')).toBeUndefined();
        expect(storage.getByKey(P, T, 'missing')).toBeUndefined();
        expect(storage.get(P, 'other-type', 'a')).toBeUndefined();
        expect(storage.get('other-project', T, 'a')).toBeUndefined();
      });

      test('a document written without a key is not found by any key', () => {
        insert(storage, 'a', { key: 'only-a-field' });
        expect(storage.getByKey(P, T, 'only-a-field')).toBeUndefined();
        expect(storage.getByKey(P, T, '')).toBeUndefined();
      });

      test('the empty string is a key like any other', () => {
        insert(storage, 'a', {}, '');
        expect(storage.getByKey(P, T, '')?.id).toBe('a');
      });

      test('the backend name is a non-empty string', () => {
        expect(typeof storage.name).toBe('string');
        expect(storage.name.length).toBeGreaterThan(0);
      });
    });

    test.describe('versioned write', () => {
      test('expectedVersion 0 inserts; 0 again for the same id is a VersionConflict naming the stored version', () => {
        insert(storage, 'a', { n: 1 });
        const conflict = expectThrown(() => storage.write(P, T, doc('a', 1, { n: 2 }), { expectedVersion: 0 }), VersionConflict);
        expect(conflict).toMatchObject({ id: 'a', expectedVersion: 0, actualVersion: 1 });
        expect(storage.get(P, T, 'a')).toEqual(doc('a', 1, { n: 1 }));
      });

      test('a replace needs the stored version; a stale or a future one conflicts and changes nothing', () => {
        insert(storage, 'a', { n: 1 }, 'k');
        storage.write(P, T, doc('a', 2, { n: 2 }), { expectedVersion: 1, key: 'k' });
        expect(storage.get(P, T, 'a')).toEqual(doc('a', 2, { n: 2 }));
        const stale = expectThrown(() => storage.write(P, T, doc('a', 2, { n: 3 }), { expectedVersion: 1, key: 'k' }), VersionConflict);
        expect(stale).toMatchObject({ id: 'a', expectedVersion: 1, actualVersion: 2 });
        const future = expectThrown(() => storage.write(P, T, doc('a', 4, { n: 4 }), { expectedVersion: 3, key: 'k' }), VersionConflict);
        expect(future).toMatchObject({ expectedVersion: 3, actualVersion: 2 });
        expect(storage.get(P, T, 'a')).toEqual(doc('a', 2, { n: 2 }));
        expect(storage.getByKey(P, T, 'k')).toEqual(doc('a', 2, { n: 2 }));
      });

      test('writing a missing document with a version other than 0 is a VersionConflict at version 0', () => {
        const conflict = expectThrown(() => storage.write(P, T, doc('a', 2), { expectedVersion: 1 }), VersionConflict);
        expect(conflict).toMatchObject({ id: 'a', expectedVersion: 1, actualVersion: 0 });
        expect(storage.get(P, T, 'a')).toBeUndefined();
        expect(storage.count(P, T)).toBe(0);
      });

      test('a key held by another document is a KeyConflict naming the holder; nothing is written', () => {
        insert(storage, 'a', {}, 'shared');
        const conflict = expectThrown(() => insert(storage, 'b', {}, 'shared'), KeyConflict);
        expect(conflict).toMatchObject({ key: 'shared', existingId: 'a' });
        expect(storage.get(P, T, 'b')).toBeUndefined();
        expect(storage.count(P, T)).toBe(1);

        insert(storage, 'b', {}, 'own');
        expectThrown(() => storage.write(P, T, doc('b', 2), { expectedVersion: 1, key: 'shared' }), KeyConflict);
        expect(storage.get(P, T, 'b')).toEqual(doc('b', 1));
        expect(storage.getByKey(P, T, 'own')?.id).toBe('b');
        expect(storage.getByKey(P, T, 'shared')?.id).toBe('a');
      });

      test('a document keeps its own key across versions', () => {
        insert(storage, 'a', {}, 'k');
        storage.write(P, T, doc('a', 2), { expectedVersion: 1, key: 'k' });
        storage.write(P, T, doc('a', 3), { expectedVersion: 2, key: 'k' });
        expect(storage.getByKey(P, T, 'k')).toEqual(doc('a', 3));
      });

      test('changing the key frees the old one; dropping the key frees it too', () => {
        insert(storage, 'a', {}, 'old');
        storage.write(P, T, doc('a', 2), { expectedVersion: 1, key: 'new' });
        expect(storage.getByKey(P, T, 'old')).toBeUndefined();
        expect(storage.getByKey(P, T, 'new')?.id).toBe('a');
        insert(storage, 'b', {}, 'old');
        expect(storage.getByKey(P, T, 'old')?.id).toBe('b');

        storage.write(P, T, doc('a', 3), { expectedVersion: 2 });
        expect(storage.getByKey(P, T, 'new')).toBeUndefined();
        insert(storage, 'c', {}, 'new');
        expect(storage.getByKey(P, T, 'new')?.id).toBe('c');
        expect(storage.get(P, T, 'a')).toEqual(doc('a', 3));
      });

      test('two documents may swap keys through a free one', () => {
        insert(storage, 'a', {}, 'x');
        insert(storage, 'b', {}, 'y');
        storage.write(P, T, doc('a', 2), { expectedVersion: 1, key: 'tmp' });
        storage.write(P, T, doc('b', 2), { expectedVersion: 1, key: 'x' });
        storage.write(P, T, doc('a', 3), { expectedVersion: 2, key: 'y' });
        expect(storage.getByKey(P, T, 'x')?.id).toBe('b');
        expect(storage.getByKey(P, T, 'y')?.id).toBe('a');
        expect(storage.getByKey(P, T, 'tmp')).toBeUndefined();
      });

      test('keys are unique per project and type only', () => {
        insert(storage, 'a', {}, 'k');
        insert(storage, 'b', {}, 'k', P, 'other-type');
        insert(storage, 'c', {}, 'k', 'other-project', T);
        expect(storage.getByKey(P, T, 'k')?.id).toBe('a');
        expect(storage.getByKey(P, 'other-type', 'k')?.id).toBe('b');
        expect(storage.getByKey('other-project', T, 'k')?.id).toBe('c');
      });

      test('the backend keeps working after a conflict', () => {
        insert(storage, 'a', {}, 'k');
        expectThrown(() => insert(storage, 'a'), VersionConflict);
        expectThrown(() => insert(storage, 'b', {}, 'k'), KeyConflict);
        insert(storage, 'b', {}, 'k2');
        storage.write(P, T, doc('a', 2), { expectedVersion: 1, key: 'k' });
        expect(ids(storage.scan(P, T))).toEqual(['a', 'b']);
      });
    });

    test.describe('delete', () => {
      test('without a version: removes and returns the document and frees its key', () => {
        insert(storage, 'a', { n: 1 }, 'k');
        insert(storage, 'b');
        expect(storage.delete(P, T, 'a')).toEqual(doc('a', 1, { n: 1 }));
        expect(storage.get(P, T, 'a')).toBeUndefined();
        expect(storage.getByKey(P, T, 'k')).toBeUndefined();
        expect(storage.count(P, T)).toBe(1);
        expect(ids(storage.scan(P, T))).toEqual(['b']);
        insert(storage, 'c', {}, 'k');
        expect(storage.getByKey(P, T, 'k')?.id).toBe('c');
      });

      test('with the stored version it deletes; with another it is a VersionConflict and keeps the document', () => {
        insert(storage, 'a', {}, 'k');
        storage.write(P, T, doc('a', 2), { expectedVersion: 1, key: 'k' });
        const conflict = expectThrown(() => storage.delete(P, T, 'a', 1), VersionConflict);
        expect(conflict).toMatchObject({ id: 'a', expectedVersion: 1, actualVersion: 2 });
        expect(storage.get(P, T, 'a')).toEqual(doc('a', 2));
        expect(storage.getByKey(P, T, 'k')?.id).toBe('a');
        expect(storage.delete(P, T, 'a', 2)).toEqual(doc('a', 2));
        expect(storage.get(P, T, 'a')).toBeUndefined();
      });

      test('a missing document: undefined, with or without a version, in a known or unknown collection', () => {
        expect(storage.delete(P, T, 'nope')).toBeUndefined();
        insert(storage, 'a');
        expect(storage.delete(P, T, 'nope')).toBeUndefined();
        expect(storage.delete(P, T, 'nope', 1)).toBeUndefined();
        expect(storage.delete('nowhere', 'nothing', 'a')).toBeUndefined();
        expect(storage.count(P, T)).toBe(1);
      });

      test('a deleted id can be inserted again (expectedVersion 0)', () => {
        insert(storage, 'a', { n: 1 });
        storage.write(P, T, doc('a', 2), { expectedVersion: 1 });
        storage.delete(P, T, 'a');
        insert(storage, 'a', { n: 'again' });
        expect(storage.get(P, T, 'a')).toEqual(doc('a', 1, { n: 'again' }));
      });
    });

    test.describe('scan and count', () => {
      test('scan yields documents in insertion order; replacing keeps the place, re-inserting goes last', () => {
        const order = shuffledIds(60);
        for (const id of order) insert(storage, id, { at: id });
        expect(ids(storage.scan(P, T))).toEqual(order);

        storage.write(P, T, doc(order[10]!, 2, { at: 'replaced' }), { expectedVersion: 1 });
        expect(ids(storage.scan(P, T))).toEqual(order);
        expect([...storage.scan(P, T)][10]).toEqual(doc(order[10]!, 2, { at: 'replaced' }));

        storage.delete(P, T, order[0]!);
        insert(storage, order[0]!);
        expect(ids(storage.scan(P, T))).toEqual([...order.slice(1), order[0]]);
      });

      test('scan of an empty or unknown collection is empty; scan can be iterated again', () => {
        expect(ids(storage.scan(P, T))).toEqual([]);
        expect(ids(storage.scan('nowhere', 'nothing'))).toEqual([]);
        insert(storage, 'a');
        insert(storage, 'b');
        const result = storage.scan(P, T);
        expect(ids(result)).toEqual(['a', 'b']);
        expect(ids(storage.scan(P, T))).toEqual(['a', 'b']);
      });

      test('count follows inserts, replaces and deletes per collection', () => {
        expect(storage.count(P, T)).toBe(0);
        for (const id of ['a', 'b', 'c']) insert(storage, id);
        insert(storage, 'a', {}, undefined, P, 'other-type');
        expect(storage.count(P, T)).toBe(3);
        storage.write(P, T, doc('a', 2), { expectedVersion: 1 });
        expect(storage.count(P, T)).toBe(3);
        storage.delete(P, T, 'b');
        expect(storage.count(P, T)).toBe(2);
        expect(storage.count(P, 'other-type')).toBe(1);
        expect(storage.count('nowhere', T)).toBe(0);
      });
    });

    test.describe('transactions', () => {
      test('return the value of the work; all writes and deletes take effect together', () => {
        insert(storage, 'gone', {}, 'gone-key');
        const result = storage.transaction(() => {
          insert(storage, 'a', {}, 'ka');
          insert(storage, 'b', {}, 'kb');
          storage.delete(P, T, 'gone');
          // Reads inside a transaction see its own writes.
          expect(storage.get(P, T, 'a')).toEqual(doc('a'));
          expect(storage.getByKey(P, T, 'kb')?.id).toBe('b');
          expect(storage.get(P, T, 'gone')).toBeUndefined();
          expect(storage.count(P, T)).toBe(2);
          return 42;
        });
        expect(result).toBe(42);
        expect(ids(storage.scan(P, T))).toEqual(['a', 'b']);
        expect(storage.getByKey(P, T, 'gone-key')).toBeUndefined();
      });

      test('a throw undoes every write and delete, restores keys and scan order, and propagates', () => {
        for (const id of ['a', 'b', 'c', 'd']) insert(storage, id, { v: 1 }, `key-${id}`);
        const before = [...storage.scan(P, T)];
        expect(() =>
          storage.transaction(() => {
            storage.write(P, T, doc('a', 2, { v: 2 }), { expectedVersion: 1, key: 'key-moved' });
            storage.delete(P, T, 'b');
            storage.delete(P, T, 'c', 1);
            insert(storage, 'e', {}, 'key-b');
            insert(storage, 'x', {}, undefined, P, 'other-type');
            insert(storage, 'y', {}, undefined, 'other-project', T);
            storage.write(P, T, doc('e', 2), { expectedVersion: 1, key: 'key-e' });
            storage.delete(P, T, 'e');
            throw new Abort('undo all of it');
          }),
        ).toThrow(Abort);
        expect([...storage.scan(P, T)]).toEqual(before);
        for (const id of ['a', 'b', 'c', 'd']) expect(storage.getByKey(P, T, `key-${id}`)?.id).toBe(id);
        expect(storage.getByKey(P, T, 'key-moved')).toBeUndefined();
        expect(storage.getByKey(P, T, 'key-e')).toBeUndefined();
        expect(storage.get(P, T, 'e')).toBeUndefined();
        expect(storage.count(P, T)).toBe(4);
        expect(storage.count(P, 'other-type')).toBe(0);
        expect(storage.count('other-project', T)).toBe(0);
        expect(storage.projects()).toEqual([P]);
        // The keys are really free again and the backend is usable.
        expectThrown(() => insert(storage, 'z', {}, 'key-a'), KeyConflict);
        insert(storage, 'z', {}, 'key-moved');
        expect(ids(storage.scan(P, T))).toEqual(['a', 'b', 'c', 'd', 'z']);
      });

      test('a document deleted and written again in one transaction goes last; a rollback puts it back in its place', () => {
        for (const id of ['a', 'b', 'c']) insert(storage, id, { key: `key-${id}` }, `key-${id}`);
        expect(() =>
          storage.transaction(() => {
            storage.delete(P, T, 'b');
            expect(storage.count(P, T)).toBe(2);
            expect(ids(storage.scan(P, T))).toEqual(['a', 'c']);
            insert(storage, 'b', { key: 'key-b2' }, 'key-b2');
            expect(ids(storage.scan(P, T))).toEqual(['a', 'c', 'b']);
            throw new Abort('undo the delete and the new write');
          }),
        ).toThrow(Abort);
        expect(ids(storage.scan(P, T))).toEqual(['a', 'b', 'c']);
        expect(storage.get(P, T, 'b')).toEqual(doc('b', 1, { key: 'key-b' }));
        expect(storage.getByKey(P, T, 'key-b')?.id).toBe('b');
        expect(storage.getByKey(P, T, 'key-b2')).toBeUndefined();
        expect(storage.count(P, T)).toBe(3);

        storage.transaction(() => {
          storage.delete(P, T, 'a');
          insert(storage, 'a', { key: 'key-a' }, 'key-a');
        });
        expect(ids(storage.scan(P, T))).toEqual(['b', 'c', 'a']);
        expect(storage.count(P, T)).toBe(3);
        expect(storage.getByKey(P, T, 'key-a')?.id).toBe('a');
      });

      test('a committed delete is gone for good: count, scan, keys and the version of a new write agree', () => {
        insert(storage, 'a', { key: 'own' }, 'own');
        insert(storage, 'b', { key: 'own-b' }, 'other');
        storage.transaction(() => {
          storage.delete(P, T, 'a');
          storage.delete(P, T, 'b');
        });
        expect(storage.count(P, T)).toBe(0);
        expect(ids(storage.scan(P, T))).toEqual([]);
        expect(storage.getByKey(P, T, 'own')).toBeUndefined();
        expect(storage.getByKey(P, T, 'other')).toBeUndefined();
        expectThrown(() => storage.write(P, T, doc('a', 2), { expectedVersion: 1 }), VersionConflict);
        insert(storage, 'c', {}, 'own');
        insert(storage, 'd', {}, 'other');
        expect(storage.getByKey(P, T, 'other')?.id).toBe('d');
      });

      test('a conflict thrown by a write inside undoes the writes before it', () => {
        insert(storage, 'a', {}, 'taken');
        expectThrown(
          () =>
            storage.transaction(() => {
              insert(storage, 'b', {}, 'kb');
              storage.write(P, T, doc('a', 2), { expectedVersion: 1, key: 'taken' });
              insert(storage, 'c', {}, 'taken');
            }),
          KeyConflict,
        );
        expect(storage.get(P, T, 'b')).toBeUndefined();
        expect(storage.get(P, T, 'a')).toEqual(doc('a'));
        expect(storage.getByKey(P, T, 'kb')).toBeUndefined();
      });

      test('nested: inner transactions commit with the outer one; a throw in the outer undoes the inner work too', () => {
        const value = storage.transaction(() => {
          insert(storage, 'a');
          const inner = storage.transaction(() => {
            insert(storage, 'b');
            return storage.transaction(() => {
              insert(storage, 'c');
              return 'deep';
            });
          });
          insert(storage, 'd');
          return inner;
        });
        expect(value).toBe('deep');
        expect(ids(storage.scan(P, T))).toEqual(['a', 'b', 'c', 'd']);

        expect(() =>
          storage.transaction(() => {
            storage.delete(P, T, 'a');
            storage.transaction(() => {
              insert(storage, 'e', {}, 'ke');
              storage.transaction(() => storage.write(P, T, doc('b', 2), { expectedVersion: 1 }));
            });
            throw new Abort('outer fails after the inner ones committed');
          }),
        ).toThrow(Abort);
        expect(ids(storage.scan(P, T))).toEqual(['a', 'b', 'c', 'd']);
        expect(storage.get(P, T, 'b')).toEqual(doc('b'));
        expect(storage.getByKey(P, T, 'ke')).toBeUndefined();
      });

      test('nested: a throw caught by the outer transaction undoes only the inner work', () => {
        insert(storage, 'keep', {}, 'keep-key');
        storage.transaction(() => {
          insert(storage, 'before', {}, 'kb');
          try {
            storage.transaction(() => {
              insert(storage, 'inner', {}, 'ki');
              storage.delete(P, T, 'keep');
              storage.write(P, T, doc('before', 2), { expectedVersion: 1, key: 'kb2' });
              throw new Abort('inner only');
            });
          } catch (error) {
            if (!(error instanceof Abort)) throw error;
          }
          // A conflict in an inner transaction, caught, leaves the outer one going too.
          try {
            storage.transaction(() => {
              insert(storage, 'inner2');
              insert(storage, 'keep');
            });
          } catch (error) {
            if (!(error instanceof VersionConflict)) throw error;
          }
          expect(storage.get(P, T, 'inner')).toBeUndefined();
          expect(storage.get(P, T, 'inner2')).toBeUndefined();
          insert(storage, 'after', {}, 'ki');
        });
        expect(ids(storage.scan(P, T))).toEqual(['keep', 'before', 'after']);
        expect(storage.get(P, T, 'before')).toEqual(doc('before'));
        expect(storage.getByKey(P, T, 'kb')?.id).toBe('before');
        expect(storage.getByKey(P, T, 'kb2')).toBeUndefined();
        expect(storage.getByKey(P, T, 'ki')?.id).toBe('after');
        expect(storage.getByKey(P, T, 'keep-key')?.id).toBe('keep');
      });

      test('after a failed transaction the next one commits normally', () => {
        expect(() =>
          storage.transaction(() => {
            insert(storage, 'a');
            throw new Abort();
          }),
        ).toThrow(Abort);
        storage.transaction(() => insert(storage, 'a', { second: true }));
        expect(storage.get(P, T, 'a')).toEqual(doc('a', 1, { second: true }));
      });
    });

    test.describe('clear, projects and isolation', () => {
      test('projects() lists the projects holding data; a project whose documents are all deleted holds none', () => {
        expect(storage.projects()).toEqual([]);
        insert(storage, 'a', {}, undefined, 'p-one');
        insert(storage, 'a', {}, undefined, 'p-two', 'other-type');
        insert(storage, 'b', {}, undefined, 'p-three');
        expect([...storage.projects()].sort()).toEqual(['p-one', 'p-three', 'p-two']);
        storage.delete('p-three', T, 'b');
        expect([...storage.projects()].sort()).toEqual(['p-one', 'p-two']);
      });

      test('the same id and key in other projects and types are other documents', () => {
        storage.write('p-one', T, doc('same', 1, { owner: 'one' }), { expectedVersion: 0, key: 'k' });
        storage.write('p-two', T, doc('same', 1, { owner: 'two' }), { expectedVersion: 0, key: 'k' });
        storage.write('p-one', 'other-type', doc('same', 1, { owner: 'type' }), { expectedVersion: 0, key: 'k' });
        storage.write('p-one', T, doc('same', 2, { owner: 'one, v2' }), { expectedVersion: 1, key: 'k' });
        expect(storage.get('p-two', T, 'same')).toEqual(doc('same', 1, { owner: 'two' }));
        expect(storage.getByKey('p-one', 'other-type', 'k')).toEqual(doc('same', 1, { owner: 'type' }));
        storage.delete('p-one', T, 'same');
        expect(storage.getByKey('p-two', T, 'k')?.id).toBe('same');
        expect(storage.count('p-one', 'other-type')).toBe(1);
        expect(ids(storage.scan('p-two', T))).toEqual(['same']);
      });

      test('project keys are compared exactly (no prefix or case folding)', () => {
        insert(storage, 'a', {}, 'k', 'shop');
        insert(storage, 'a', {}, 'k', 'shop-2');
        insert(storage, 'a', {}, 'k', 'Shop');
        storage.delete('shop', T, 'a');
        expect(storage.get('shop-2', T, 'a')).toBeDefined();
        expect(storage.get('Shop', T, 'a')).toBeDefined();
        expect(storage.getByKey('shop', T, 'k')).toBeUndefined();
      });

      test('clear(project) removes that project only; clear() removes everything; keys are free afterwards', () => {
        insert(storage, 'a', {}, 'k', 'p-one');
        insert(storage, 'b', {}, 'k', 'p-one', 'other-type');
        insert(storage, 'a', {}, 'k', 'p-two');
        storage.clear('p-one');
        expect(storage.get('p-one', T, 'a')).toBeUndefined();
        expect(storage.getByKey('p-one', 'other-type', 'k')).toBeUndefined();
        expect(storage.count('p-one', T)).toBe(0);
        expect(storage.get('p-two', T, 'a')).toEqual(doc('a'));
        expect(storage.projects()).toEqual(['p-two']);
        insert(storage, 'c', {}, 'k', 'p-one');
        expect(storage.getByKey('p-one', T, 'k')?.id).toBe('c');

        storage.clear();
        expect(storage.projects()).toEqual([]);
        expect(storage.count('p-two', T)).toBe(0);
        expect(ids(storage.scan('p-one', T))).toEqual([]);
        insert(storage, 'a', {}, 'k', 'p-two');
        expect(storage.getByKey('p-two', T, 'k')?.id).toBe('a');
      });

      test('clearing an unknown project is a no-op', () => {
        insert(storage, 'a');
        storage.clear('nowhere');
        expect(storage.count(P, T)).toBe(1);
      });
    });

    test.describe('snapshots (optional: backends with snapshot() and restore())', () => {
      test.beforeEach(() => {
        test.skip(!storage.snapshot || !storage.restore, `${name} takes no snapshots`);
      });

      test('restore brings back exactly what snapshot captured: documents, versions, keys, order, projects', () => {
        insert(storage, 'b', { n: 1 }, 'kb');
        insert(storage, 'a', { n: 2 }, 'ka');
        insert(storage, 'x', {}, undefined, 'p-two', 'other-type');
        const snapshot = storage.snapshot!();
        storage.write(P, T, doc('b', 2, { n: 10 }), { expectedVersion: 1, key: 'kb-new' });
        storage.delete(P, T, 'a');
        insert(storage, 'c', {}, 'ka');
        storage.clear('p-two');
        insert(storage, 'y', {}, undefined, 'p-three');

        storage.restore!(snapshot);
        expect(ids(storage.scan(P, T))).toEqual(['b', 'a']);
        expect(storage.get(P, T, 'b')).toEqual(doc('b', 1, { n: 1 }));
        expect(storage.getByKey(P, T, 'kb')?.id).toBe('b');
        expect(storage.getByKey(P, T, 'kb-new')).toBeUndefined();
        expect(storage.getByKey(P, T, 'ka')?.id).toBe('a');
        expect(storage.get(P, T, 'c')).toBeUndefined();
        expect(storage.count(P, T)).toBe(2);
        expect([...storage.projects()].sort()).toEqual([P, 'p-two']);
        expect(storage.get('p-two', 'other-type', 'x')).toEqual(doc('x'));
      });

      test('a snapshot is independent of later writes and can be restored again and again', () => {
        insert(storage, 'a', {}, 'k');
        const snapshot = storage.snapshot!();
        for (const round of [1, 2, 3]) {
          storage.write(P, T, doc('a', 2, { round }), { expectedVersion: 1, key: `k-${round}` });
          insert(storage, `new-${round}`);
          storage.restore!(snapshot);
          expect(storage.get(P, T, 'a')).toEqual(doc('a'));
          expect(ids(storage.scan(P, T))).toEqual(['a']);
        }
        // After a restore the data behaves as ever: versions checked, keys unique, transactions undone.
        expectThrown(() => insert(storage, 'a'), VersionConflict);
        expectThrown(() => insert(storage, 'b', {}, 'k'), KeyConflict);
        expect(() =>
          storage.transaction(() => {
            insert(storage, 'b');
            throw new Abort();
          }),
        ).toThrow(Abort);
        expect(storage.get(P, T, 'b')).toBeUndefined();
        storage.restore!(snapshot);
        expect(storage.count(P, T)).toBe(1);
      });
    });

    // The engine's unique-index entries have this shape; a backend may hold them in a smaller form
    // (the memory backend keeps the owner's id alone), which must read back as the same document.
    test.describe('index-entry documents ({ id, version: 1, owner })', () => {
      const entry = (id: string, owner: string) => doc(id, 1, { owner });

      test('read back as written by id, scan, count and entries, in insertion order among other documents', () => {
        insert(storage, 'plain', { n: 1 });
        storage.write(P, T, entry('a@example.com', 'owner-a'), { expectedVersion: 0 });
        storage.write(P, T, doc('richer', 1, { owner: 'owner-r', extra: true }), { expectedVersion: 0 });
        storage.write(P, T, doc('later', 2, { owner: 'owner-l' }), { expectedVersion: 0 });
        expect(storage.get(P, T, 'a@example.com')).toEqual(entry('a@example.com', 'owner-a'));
        expect(storage.get(P, T, 'richer')).toEqual(doc('richer', 1, { owner: 'owner-r', extra: true }));
        expect(storage.get(P, T, 'later')).toEqual(doc('later', 2, { owner: 'owner-l' }));
        expect([...storage.scan(P, T)]).toEqual([
          doc('plain', 1, { n: 1 }),
          entry('a@example.com', 'owner-a'),
          doc('richer', 1, { owner: 'owner-r', extra: true }),
          doc('later', 2, { owner: 'owner-l' }),
        ]);
        expect(storage.count(P, T)).toBe(4);
        if (storage.entries) {
          const stored = [...storage.entries()].filter((each) => each.project === P && each.typeId === T);
          expect(stored.map((each) => each.document)).toEqual([...storage.scan(P, T)]);
        }
      });

      test('versions are checked, and delete, rollback and snapshots bring back the entry', () => {
        storage.write(P, T, entry('e', 'owner-1'), { expectedVersion: 0 });
        const conflict = expectThrown(() => storage.write(P, T, entry('e', 'owner-2'), { expectedVersion: 0 }), VersionConflict);
        expect(conflict).toMatchObject({ id: 'e', expectedVersion: 0, actualVersion: 1 });
        expect(storage.delete(P, T, 'e', 1)).toEqual(entry('e', 'owner-1'));
        storage.write(P, T, entry('e', 'owner-2'), { expectedVersion: 0 });
        expect(() =>
          storage.transaction(() => {
            storage.delete(P, T, 'e');
            storage.write(P, T, entry('e', 'owner-3'), { expectedVersion: 0 });
            storage.write(P, T, entry('f', 'owner-4'), { expectedVersion: 0 });
            throw new Abort();
          }),
        ).toThrow(Abort);
        expect([...storage.scan(P, T)]).toEqual([entry('e', 'owner-2')]);
        if (!storage.snapshot || !storage.restore) return;
        const snapshot = storage.snapshot();
        storage.delete(P, T, 'e');
        storage.write(P, T, entry('g', 'owner-5'), { expectedVersion: 0 });
        storage.restore(snapshot);
        expect([...storage.scan(P, T)]).toEqual([entry('e', 'owner-2')]);
        expect(storage.get(P, T, 'g')).toBeUndefined();
      });
    });

    test.describe('unicode and large documents', () => {
      const keys = [
        'ключ',
        '鍵-キー',
        '🔑🛒',
        'e\u0301',
        '\u00e9',
        'a b/c?d#e%20&f=g',
        'quote\'"back\\slash',
        'tab\there\nnewline',
        'x'.repeat(1000),
      ];

      test('unicode ids, keys, project and type names and values round-trip exactly', () => {
        keys.forEach((key, i) => {
          storage.write('projekt-ü', 'typ-🧪', doc(`id-${key}`, 1, { value: key, i }), { expectedVersion: 0, key });
        });
        keys.forEach((key, i) => {
          expect(storage.getByKey('projekt-ü', 'typ-🧪', key)).toEqual(doc(`id-${key}`, 1, { value: key, i }));
          expect(storage.get('projekt-ü', 'typ-🧪', `id-${key}`)?.value).toBe(key);
        });
        // 'é' precomposed and decomposed are different keys (no normalisation).
        expect(storage.getByKey('projekt-ü', 'typ-🧪', 'e\u0301')?.i).toBe(3);
        expect(storage.getByKey('projekt-ü', 'typ-🧪', '\u00e9')?.i).toBe(4);
        expect(ids(storage.scan('projekt-ü', 'typ-🧪'))).toEqual(keys.map((k) => `id-${k}`));
        expect(storage.projects()).toEqual(['projekt-ü']);
        expectThrown(() => storage.write('projekt-ü', 'typ-🧪', doc('other'), { expectedVersion: 0, key: '🔑🛒' }), KeyConflict);
      });

      test('values keep every JSON type and number exactly', () => {
        const values = doc('v', 1, {
          int: 9007199254740991,
          negative: -0.000001,
          float: 0.1 + 0.2,
          exp: 1e300,
          empty: '',
          emptyObject: {},
          emptyArray: [],
          nil: null,
          bools: [true, false],
          deep: { a: { b: { c: { d: ['e', { f: 'g' }] } } } },
          control: '\u0000\u0001\u001f',
          emoji: 'Grüße 👋🏽 — 你好',
        });
        storage.write(P, T, values, { expectedVersion: 0 });
        expect(storage.get(P, T, 'v')).toEqual(values);
      });

      test('documents of 5 MB and more are stored and read back whole', () => {
        const big = doc('big', 1, {
          text: 'ü€𝄞x'.repeat(1_100_000),
          list: Array.from({ length: 20_000 }, (_, i) => ({ i, s: `item ${i}` })),
        });
        expect(JSON.stringify(big).length).toBeGreaterThan(5 * 1024 * 1024);
        storage.write(P, T, big, { expectedVersion: 0, key: 'big' });
        insert(storage, 'small');
        expect(storage.get(P, T, 'big')).toEqual(big);
        expect(storage.getByKey(P, T, 'big')).toEqual(big);
        const bigger = { ...big, version: 2, text: `${big.text as string}${'z'.repeat(1_000_000)}` };
        storage.write(P, T, bigger, { expectedVersion: 1, key: 'big' });
        expect((storage.get(P, T, 'big')!.text as string).length).toBe((bigger.text as string).length);
        expect(ids(storage.scan(P, T))).toEqual(['big', 'small']);
        expect(storage.delete(P, T, 'big', 2)?.text).toBe(bigger.text);
      });
    });

    test.describe('entries (optional: backends that export)', () => {
      test.beforeEach(() => {
        test.skip(!storage.entries, `${name} has no entries()`);
      });

      test('entries list every document with its key, each collection in scan order; written back they rebuild the content', async () => {
        insert(storage, 'b', { n: 1 }, 'kb');
        insert(storage, 'x', {}, undefined, 'p-two', 'other-type');
        insert(storage, 'a', { n: 2 });
        storage.write(P, T, doc('b', 2, { n: 10 }), { expectedVersion: 1, key: 'kb-new' });
        insert(storage, 'c', {}, 'kc');
        storage.delete(P, T, 'c');

        const entries = [...storage.entries!()];
        expect(entries.filter((entry) => entry.project === P)).toEqual([
          { project: P, typeId: T, key: 'kb-new', document: doc('b', 2, { n: 10 }) },
          { project: P, typeId: T, document: doc('a', 1, { n: 2 }) },
        ]);
        expect(entries.filter((entry) => entry.project === 'p-two')).toEqual([
          { project: 'p-two', typeId: 'other-type', document: doc('x') },
        ]);

        const copy = await createBackend();
        try {
          for (const { project, typeId, key, document } of entries) {
            copy.write(project, typeId, document, key === undefined ? { expectedVersion: 0 } : { expectedVersion: 0, key });
          }
          expect([...copy.scan(P, T)]).toEqual([...storage.scan(P, T)]);
          expect(copy.getByKey(P, T, 'kb-new')?.id).toBe('b');
          expect(copy.get('p-two', 'other-type', 'x')).toEqual(doc('x'));
        } finally {
          copy.close?.();
        }
      });
    });

    test('under the engine: create, update, query, a failing update changes nothing, delete', () => {
      const mock = createCommerceMock({ storage, defaultProjectKey: 'engine-project' });
      const customer = mock.create<StoredDocument>('customer', { email: 'contract@example.com', password: 'pw', key: 'contract' });
      const updated = mock.update<StoredDocument>('customer', customer.id, {
        version: 1,
        actions: [{ action: 'setFirstName', firstName: 'Ada' }],
      });
      expect(updated).toMatchObject({ version: 2, firstName: 'Ada' });
      expect(mock.query('customer', { where: 'firstName = "Ada"' }).results.map((c) => c.id)).toEqual([customer.id]);
      expect(mock.getByKey<StoredDocument>('customer', 'contract')?.version).toBe(2);
      expect(() => mock.update('customer', customer.id, { version: 1, actions: [{ action: 'setFirstName', firstName: 'Bea' }] })).toThrow();
      expect(mock.get<StoredDocument>('customer', customer.id)?.firstName).toBe('Ada');
      const duplicate = mock.handle({
        method: 'POST',
        url: '/engine-project/customers',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'contract@example.com', password: 'pw' }),
      });
      expect(duplicate.status).toBe(400);
      expect(mock.all('customer')).toHaveLength(1);
      const removed = mock.handle({ method: 'DELETE', url: `/engine-project/customers/${customer.id}?version=2` });
      expect(removed.status).toBe(200);
      expect(mock.all('customer')).toHaveLength(0);
    });
  });
}
