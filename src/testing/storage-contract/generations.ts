/** The optional write counter, generation(), and its change list, changedSince(); skipped for a backend without them. */
import { expect } from '@playwright/test';
import { Abort, type ContractTest, doc, insert, P, T } from './support.js';

export function describeGenerations(test: ContractTest): void {
  test.describe('generation (optional: backends with generation())', () => {
    test.beforeEach(({ storage, backend }) => {
      test.skip(!storage.generation, `${backend.name} counts no writes`);
    });

    test('moves with every write and delete in the collection, and only then', ({ storage }) => {
      const generation = () => storage.generation!(P, T);
      const seen = new Set([generation()]);
      const changed = () => {
        const now = generation();
        expect(seen.has(now), 'a generation seen before came back').toBe(false);
        seen.add(now);
      };
      insert(storage, 'a', {}, 'ka');
      changed();
      storage.write(P, T, doc('a', 2), { expectedVersion: 1, key: 'ka' });
      changed();
      insert(storage, 'b');
      changed();
      storage.delete(P, T, 'a');
      changed();

      // Reads, failed writes and other collections leave it alone.
      const now = generation();
      storage.get(P, T, 'b');
      storage.getByKey(P, T, 'ka');
      [...storage.scan(P, T)];
      storage.count(P, T);
      expect(() => storage.write(P, T, doc('b', 5), { expectedVersion: 3 })).toThrow();
      expect(storage.delete(P, T, 'nothing')).toBeUndefined();
      insert(storage, 'a', {}, undefined, P, 'other-type');
      insert(storage, 'a', {}, undefined, 'other-project', T);
      expect(generation()).toBe(now);
    });

    test('moves when a transaction is rolled back, and when a committed one wrote', ({ storage }) => {
      insert(storage, 'a');
      const before = storage.generation!(P, T);
      storage.transaction(() => storage.write(P, T, doc('a', 2), { expectedVersion: 1 }));
      const committed = storage.generation!(P, T);
      expect(committed).not.toBe(before);
      expect(() =>
        storage.transaction(() => {
          insert(storage, 'b');
          throw new Abort();
        }),
      ).toThrow(Abort);
      const rolledBack = storage.generation!(P, T);
      expect([before, committed]).not.toContain(rolledBack);
      expect(storage.get(P, T, 'b')).toBeUndefined();
    });

    test('moves on clear and restore, so content restored is never taken for content seen since', ({ storage }) => {
      insert(storage, 'a');
      const seen = [storage.generation!(P, T)];
      if (storage.snapshot && storage.restore) {
        const snapshot = storage.snapshot();
        storage.write(P, T, doc('a', 2), { expectedVersion: 1 });
        seen.push(storage.generation!(P, T));
        storage.restore(snapshot);
        expect(seen).not.toContain(storage.generation!(P, T));
        seen.push(storage.generation!(P, T));
      }
      storage.clear(P);
      expect(seen).not.toContain(storage.generation!(P, T));
      seen.push(storage.generation!(P, T));
      insert(storage, 'a');
      expect(seen).not.toContain(storage.generation!(P, T));
    });

    test('changedSince lists the writes and deletes after a generation, and nothing it cannot vouch for', ({ storage, backend }) => {
      test.skip(!storage.changedSince, `${backend.name} lists no changes`);
      const changes = (since: number) => storage.changedSince!(P, T, since)?.map(({ id, kind }) => `${kind} ${id}`);
      insert(storage, 'a');
      const start = storage.generation!(P, T);
      expect(changes(start)).toEqual([]);
      storage.write(P, T, doc('a', 2), { expectedVersion: 1 });
      insert(storage, 'b');
      const middle = storage.generation!(P, T);
      storage.delete(P, T, 'a');
      insert(storage, 'a');
      insert(storage, 'c', {}, undefined, P, 'other-type');
      expect(changes(start)).toEqual(['replaced a', 'created b', 'deleted a', 'created a']);
      expect(changes(middle)).toEqual(['deleted a', 'created a']);
      expect(storage.changedSince!(P, T, storage.generation!(P, T))).toEqual([]);
      expect(storage.changedSince!(P, T, middle)!.at(-1)!.generation).toBe(storage.generation!(P, T));

      // After a rollback, a clear or a restore the changes since an earlier generation are unknown.
      const committed = storage.generation!(P, T);
      expect(() =>
        storage.transaction(() => {
          storage.write(P, T, doc('b', 2), { expectedVersion: 1 });
          throw new Abort();
        }),
      ).toThrow(Abort);
      expect(changes(committed)).toBeUndefined();
      const afterRollback = storage.generation!(P, T);
      expect(changes(afterRollback)).toEqual([]);
      if (storage.snapshot && storage.restore) {
        const snapshot = storage.snapshot();
        const taken = storage.generation!(P, T);
        storage.restore(snapshot);
        expect(changes(taken)).toBeUndefined();
      }
      const beforeClear = storage.generation!(P, T);
      storage.clear(P);
      expect(changes(beforeClear)).toBeUndefined();
    });
  });
}
