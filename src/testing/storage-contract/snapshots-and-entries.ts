/** The optional capabilities: snapshot() with restore(), and entries(); skipped for a backend without them. */
import { expect } from '@playwright/test';
import { KeyConflict, VersionConflict } from '../../storage/backend.js';
import { Abort, type ContractTest, doc, expectThrown, ids, insert, P, T } from './support.js';

export function describeSnapshots(test: ContractTest): void {
  test.describe('snapshots (optional: backends with snapshot() and restore())', () => {
    test.beforeEach(({ storage, backend }) => {
      test.skip(!storage.snapshot || !storage.restore, `${backend.name} takes no snapshots`);
    });

    test('restore brings back exactly what snapshot captured: documents, versions, keys, order, projects', ({ storage }) => {
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

    test('a snapshot is independent of later writes and can be restored again and again', ({ storage }) => {
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
}

export function describeEntries(test: ContractTest): void {
  test.describe('entries (optional: backends that export)', () => {
    test.beforeEach(({ storage, backend }) => {
      test.skip(!storage.entries, `${backend.name} has no entries()`);
    });

    test('entries list every document with its key, each collection in scan order; written back they rebuild the content', async ({
      storage,
      backend,
    }) => {
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

      const copy = await backend.create();
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
}
