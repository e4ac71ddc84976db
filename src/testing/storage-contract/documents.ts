/** One document at a time: put and get by id and key, versioned writes with their key rules, delete. */
import { expect } from '@playwright/test';
import { KeyConflict, VersionConflict } from '../../storage/backend.js';
import { type ContractTest, doc, expectThrown, ids, insert, P, T } from './support.js';

export function describePutAndGet(test: ContractTest): void {
  test.describe('put and get', () => {
    test('a written document comes back as written, by id and by key; a missing one is undefined', ({ storage }) => {
      const written = doc('a', 1, { name: { en: 'A' }, tags: ['x', 'y'], nested: { n: 1.5, flag: true, none: null } });
      storage.write(P, T, written, { expectedVersion: 0, key: 'key-a' });
      expect(storage.get(P, T, 'a')).toEqual(written);
      expect(storage.getByKey(P, T, 'key-a')).toEqual(written);
      expect(storage.get(P, T, 'missing')).toBeUndefined();
      expect(storage.getByKey(P, T, 'missing')).toBeUndefined();
      expect(storage.get(P, 'other-type', 'a')).toBeUndefined();
      expect(storage.get('other-project', T, 'a')).toBeUndefined();
    });

    test('a document written without a key is not found by any key', ({ storage }) => {
      insert(storage, 'a', { key: 'only-a-field' });
      expect(storage.getByKey(P, T, 'only-a-field')).toBeUndefined();
      expect(storage.getByKey(P, T, '')).toBeUndefined();
    });

    test('the empty string is a key like any other', ({ storage }) => {
      insert(storage, 'a', {}, '');
      expect(storage.getByKey(P, T, '')?.id).toBe('a');
    });

    test('the backend name is a non-empty string', ({ storage }) => {
      expect(typeof storage.name).toBe('string');
      expect(storage.name.length).toBeGreaterThan(0);
    });
  });
}

export function describeVersionedWrite(test: ContractTest): void {
  test.describe('versioned write', () => {
    test('expectedVersion 0 inserts; 0 again for the same id is a VersionConflict naming the stored version', ({ storage }) => {
      insert(storage, 'a', { n: 1 });
      const conflict = expectThrown(() => storage.write(P, T, doc('a', 1, { n: 2 }), { expectedVersion: 0 }), VersionConflict);
      expect(conflict).toMatchObject({ id: 'a', expectedVersion: 0, actualVersion: 1 });
      expect(storage.get(P, T, 'a')).toEqual(doc('a', 1, { n: 1 }));
    });

    test('a replace needs the stored version; a stale or a future one conflicts and changes nothing', ({ storage }) => {
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

    test('writing a missing document with a version other than 0 is a VersionConflict at version 0', ({ storage }) => {
      const conflict = expectThrown(() => storage.write(P, T, doc('a', 2), { expectedVersion: 1 }), VersionConflict);
      expect(conflict).toMatchObject({ id: 'a', expectedVersion: 1, actualVersion: 0 });
      expect(storage.get(P, T, 'a')).toBeUndefined();
      expect(storage.count(P, T)).toBe(0);
    });

    test('a key held by another document is a KeyConflict naming the holder; nothing is written', ({ storage }) => {
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

    test('a document keeps its own key across versions', ({ storage }) => {
      insert(storage, 'a', {}, 'k');
      storage.write(P, T, doc('a', 2), { expectedVersion: 1, key: 'k' });
      storage.write(P, T, doc('a', 3), { expectedVersion: 2, key: 'k' });
      expect(storage.getByKey(P, T, 'k')).toEqual(doc('a', 3));
    });

    test('changing the key frees the old one; dropping the key frees it too', ({ storage }) => {
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

    test('two documents may swap keys through a free one', ({ storage }) => {
      insert(storage, 'a', {}, 'x');
      insert(storage, 'b', {}, 'y');
      storage.write(P, T, doc('a', 2), { expectedVersion: 1, key: 'tmp' });
      storage.write(P, T, doc('b', 2), { expectedVersion: 1, key: 'x' });
      storage.write(P, T, doc('a', 3), { expectedVersion: 2, key: 'y' });
      expect(storage.getByKey(P, T, 'x')?.id).toBe('b');
      expect(storage.getByKey(P, T, 'y')?.id).toBe('a');
      expect(storage.getByKey(P, T, 'tmp')).toBeUndefined();
    });

    test('keys are unique per project and type only', ({ storage }) => {
      insert(storage, 'a', {}, 'k');
      insert(storage, 'b', {}, 'k', P, 'other-type');
      insert(storage, 'c', {}, 'k', 'other-project', T);
      expect(storage.getByKey(P, T, 'k')?.id).toBe('a');
      expect(storage.getByKey(P, 'other-type', 'k')?.id).toBe('b');
      expect(storage.getByKey('other-project', T, 'k')?.id).toBe('c');
    });

    test('the backend keeps working after a conflict', ({ storage }) => {
      insert(storage, 'a', {}, 'k');
      expectThrown(() => insert(storage, 'a'), VersionConflict);
      expectThrown(() => insert(storage, 'b', {}, 'k'), KeyConflict);
      insert(storage, 'b', {}, 'k2');
      storage.write(P, T, doc('a', 2), { expectedVersion: 1, key: 'k' });
      expect(ids(storage.scan(P, T))).toEqual(['a', 'b']);
    });
  });
}

export function describeDelete(test: ContractTest): void {
  test.describe('delete', () => {
    test('without a version: removes and returns the document and frees its key', ({ storage }) => {
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

    test('with the stored version it deletes; with another it is a VersionConflict and keeps the document', ({ storage }) => {
      insert(storage, 'a', {}, 'k');
      storage.write(P, T, doc('a', 2), { expectedVersion: 1, key: 'k' });
      const conflict = expectThrown(() => storage.delete(P, T, 'a', 1), VersionConflict);
      expect(conflict).toMatchObject({ id: 'a', expectedVersion: 1, actualVersion: 2 });
      expect(storage.get(P, T, 'a')).toEqual(doc('a', 2));
      expect(storage.getByKey(P, T, 'k')?.id).toBe('a');
      expect(storage.delete(P, T, 'a', 2)).toEqual(doc('a', 2));
      expect(storage.get(P, T, 'a')).toBeUndefined();
    });

    test('a missing document: undefined, with or without a version, in a known or unknown collection', ({ storage }) => {
      expect(storage.delete(P, T, 'nope')).toBeUndefined();
      insert(storage, 'a');
      expect(storage.delete(P, T, 'nope')).toBeUndefined();
      expect(storage.delete(P, T, 'nope', 1)).toBeUndefined();
      expect(storage.delete('nowhere', 'nothing', 'a')).toBeUndefined();
      expect(storage.count(P, T)).toBe(1);
    });

    test('a deleted id can be inserted again (expectedVersion 0)', ({ storage }) => {
      insert(storage, 'a', { n: 1 });
      storage.write(P, T, doc('a', 2), { expectedVersion: 1 });
      storage.delete(P, T, 'a');
      insert(storage, 'a', { n: 'again' });
      expect(storage.get(P, T, 'a')).toEqual(doc('a', 1, { n: 'again' }));
    });
  });
}
