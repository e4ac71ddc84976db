/** What a backend must store exactly: unicode in every name and value, every JSON type, documents of several MB. */
import { expect } from '@playwright/test';
import { KeyConflict } from '../../storage/backend.js';
import { type ContractTest, doc, expectThrown, ids, insert, P, T } from './support.js';

export function describeUnicodeAndLargeDocuments(test: ContractTest): void {
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

    test('unicode ids, keys, project and type names and values round-trip exactly', ({ storage }) => {
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

    test('values keep every JSON type and number exactly', ({ storage }) => {
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

    test('documents of 5 MB and more are stored and read back whole', ({ storage }) => {
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
}
