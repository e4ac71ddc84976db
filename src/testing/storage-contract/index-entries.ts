import { expect } from '@playwright/test';
import { VersionConflict } from '../../storage/backend.js';
import { Abort, type ContractTest, doc, expectThrown, insert, P, T } from './support.js';

/**
 * The engine's unique-index entries have this shape; a backend may hold them in a smaller form
 * (the memory backend keeps the owner's id alone), which must read back as the same document.
 */
export function describeIndexEntryDocuments(test: ContractTest): void {
  test.describe('index-entry documents ({ id, version: 1, owner })', () => {
    const entry = (id: string, owner: string) => doc(id, 1, { owner });

    test('read back as written by id, scan, count and entries, in insertion order among other documents', ({ storage }) => {
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

    test('versions are checked, and delete, rollback and snapshots bring back the entry', ({ storage }) => {
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
}
