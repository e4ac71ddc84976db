/** Transactions: commit together, roll back on a throw, nest. */
import { expect } from '@playwright/test';
import { KeyConflict, VersionConflict } from '../../storage/backend.js';
import { Abort, type ContractTest, doc, expectThrown, ids, insert, P, T } from './support.js';

export function describeTransactions(test: ContractTest): void {
  test.describe('transactions', () => {
    test('return the value of the work; all writes and deletes take effect together', ({ storage }) => {
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

    test('a throw undoes every write and delete, restores keys and scan order, and propagates', ({ storage }) => {
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

    test('a document deleted and written again in one transaction goes last; a rollback puts it back in its place', ({ storage }) => {
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

    test('a committed delete is gone for good: count, scan, keys and the version of a new write agree', ({ storage }) => {
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

    test('a conflict thrown by a write inside undoes the writes before it', ({ storage }) => {
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

    test('nested: inner transactions commit with the outer one; a throw in the outer undoes the inner work too', ({ storage }) => {
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

    test('nested: a throw caught by the outer transaction undoes only the inner work', ({ storage }) => {
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

    test('after a failed transaction the next one commits normally', ({ storage }) => {
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
}
