/** Whole collections and projects: scan order, count, projects(), clear, and isolation between projects and types. */
import { expect } from '@playwright/test';
import { type ContractTest, doc, ids, insert, P, shuffledIds, T } from './support.js';

export function describeScanAndCount(test: ContractTest): void {
  test.describe('scan and count', () => {
    test('scan yields documents in insertion order; replacing keeps the place, re-inserting goes last', ({ storage }) => {
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

    test('scan of an empty or unknown collection is empty; scan can be iterated again', ({ storage }) => {
      expect(ids(storage.scan(P, T))).toEqual([]);
      expect(ids(storage.scan('nowhere', 'nothing'))).toEqual([]);
      insert(storage, 'a');
      insert(storage, 'b');
      const result = storage.scan(P, T);
      expect(ids(result)).toEqual(['a', 'b']);
      expect(ids(storage.scan(P, T))).toEqual(['a', 'b']);
    });

    test('count follows inserts, replaces and deletes per collection', ({ storage }) => {
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
}

export function describeClearProjectsAndIsolation(test: ContractTest): void {
  test.describe('clear, projects and isolation', () => {
    test('projects() lists the projects holding data; a project whose documents are all deleted holds none', ({ storage }) => {
      expect(storage.projects()).toEqual([]);
      insert(storage, 'a', {}, undefined, 'p-one');
      insert(storage, 'a', {}, undefined, 'p-two', 'other-type');
      insert(storage, 'b', {}, undefined, 'p-three');
      expect([...storage.projects()].sort()).toEqual(['p-one', 'p-three', 'p-two']);
      storage.delete('p-three', T, 'b');
      expect([...storage.projects()].sort()).toEqual(['p-one', 'p-two']);
    });

    test('the same id and key in other projects and types are other documents', ({ storage }) => {
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

    test('project keys are compared exactly (no prefix or case folding)', ({ storage }) => {
      insert(storage, 'a', {}, 'k', 'shop');
      insert(storage, 'a', {}, 'k', 'shop-2');
      insert(storage, 'a', {}, 'k', 'Shop');
      storage.delete('shop', T, 'a');
      expect(storage.get('shop-2', T, 'a')).toBeDefined();
      expect(storage.get('Shop', T, 'a')).toBeDefined();
      expect(storage.getByKey('shop', T, 'k')).toBeUndefined();
    });

    test('clear(project) removes that project only; clear() removes everything; keys are free afterwards', ({ storage }) => {
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

    test('clearing an unknown project is a no-op', ({ storage }) => {
      insert(storage, 'a');
      storage.clear('nowhere');
      expect(storage.count(P, T)).toBe(1);
    });
  });
}
