/**
 * What only the SQLite backend has to show: the file (WAL, schema), data surviving a restart and a
 * SIGKILL, and the cache never answering with something the file does not hold.
 */
import { mockInternals } from '../../src/api/mock.js';
import { test, expect } from '../support/response-check.js';
import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import v8 from 'node:v8';
import vm from 'node:vm';
import { createCommerceMock } from '../../src/index.js';
import { sqliteStorage } from '../../src/storage/sqlite.js';
import type { StoredDocument } from '../../src/storage/backend.js';
import { removeDatabase, scratchFile } from './backends.js';
import type BetterSqlite3 from 'better-sqlite3';

const Database = createRequire(import.meta.url)('better-sqlite3') as typeof BetterSqlite3;

type Json = Record<string, any>;

test.describe('sqlite backend: the file', () => {
  let file: string;
  test.beforeEach(() => {
    file = scratchFile();
  });
  test.afterEach(() => removeDatabase(file));

  test('one file in WAL mode with the documents table and its id, key and scan indexes', () => {
    const storage = sqliteStorage({ file });
    storage.write('p', 't', { id: 'a', version: 1 }, { expectedVersion: 0, key: 'k' });
    const db = new Database(file, { readonly: true });
    try {
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      const indexes = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'documents'").all() as Json[];
      expect(indexes.map((i) => i.name).sort()).toEqual(['documents_by_id', 'documents_by_key', 'documents_scan']);
      expect(indexes.find((i) => i.name === 'documents_by_id')!.sql).toMatch(/UNIQUE INDEX.*\(project, type_id, id\)/);
      expect(indexes.find((i) => i.name === 'documents_by_key')!.sql).toMatch(/UNIQUE INDEX.*\(project, type_id, key\)/);
      const row = db.prepare('SELECT project, type_id, id, key, version, body FROM documents').get() as Json;
      expect(row).toEqual({ project: 'p', type_id: 't', id: 'a', key: 'k', version: 1, body: '{"id":"a","version":1}' });
      // Lookups by id and key and the ordered scan use the indexes, never a table scan or a sort.
      const plan = (sql: string) => (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all('p', 't', 'x') as Json[]).map((r) => r.detail).join('; ');
      expect(plan('SELECT body FROM documents WHERE project = ? AND type_id = ? AND id = ?')).toMatch(/USING INDEX documents_by_id/);
      expect(plan('SELECT id FROM documents WHERE project = ? AND type_id = ? AND key = ?')).toMatch(
        /USING (COVERING )?INDEX documents_by_key/,
      );
      const scanPlan = (
        db.prepare('EXPLAIN QUERY PLAN SELECT id FROM documents WHERE project = ? AND type_id = ? ORDER BY seq').all('p', 't') as Json[]
      )
        .map((r) => r.detail)
        .join('; ');
      expect(scanPlan).toMatch(/USING COVERING INDEX documents_scan/);
      expect(scanPlan).not.toMatch(/TEMP B-TREE/);
    } finally {
      db.close();
      storage.close();
    }
  });

  test('everything survives closing and reopening: documents, versions, keys, order, projects', () => {
    const first = sqliteStorage({ file });
    const order = ['m', 'c', 'x', 'a', 'q'];
    for (const id of order) first.write('shop', 'thing', { id, version: 1, label: `${id}-ü🔑` }, { expectedVersion: 0, key: `key-${id}` });
    first.write('shop', 'thing', { id: 'c', version: 2, label: 'changed' }, { expectedVersion: 1, key: 'moved' });
    first.delete('shop', 'thing', 'x');
    first.write('other', 'thing', { id: 'o', version: 1 }, { expectedVersion: 0 });
    first.close();

    const second = sqliteStorage({ file });
    try {
      expect([...second.scan('shop', 'thing')].map((d) => d.id)).toEqual(['m', 'c', 'a', 'q']);
      expect(second.get('shop', 'thing', 'c')).toEqual({ id: 'c', version: 2, label: 'changed' });
      expect(second.getByKey('shop', 'thing', 'moved')?.id).toBe('c');
      expect(second.getByKey('shop', 'thing', 'key-c')).toBeUndefined();
      expect(second.getByKey('shop', 'thing', 'key-m')?.label).toBe('m-ü🔑');
      expect(second.projects().sort()).toEqual(['other', 'shop']);
      expect(() => second.write('shop', 'thing', { id: 'z', version: 1 }, { expectedVersion: 0, key: 'moved' })).toThrow(/taken/);
      second.write('shop', 'thing', { id: 'c', version: 3 }, { expectedVersion: 2, key: 'moved' });
      second.write('shop', 'thing', { id: 'n', version: 1 }, { expectedVersion: 0 });
      expect([...second.scan('shop', 'thing')].map((d) => d.id)).toEqual(['m', 'c', 'a', 'q', 'n']);
    } finally {
      second.close();
    }
  });

  test('a mock over the file keeps its resources across a restart; clear() empties the file', () => {
    const first = createCommerceMock({ storage: sqliteStorage({ file }) });
    const customer = first.data.create<Json>('customer', { email: 'persist@example.com', password: 'secret', key: 'persist' });
    first.data.update('customer', customer.id, { version: 1, actions: [{ action: 'setFirstName', firstName: 'Ada' }] });
    mockInternals(first).storage.close!();

    const second = createCommerceMock({ storage: sqliteStorage({ file }) });
    expect(second.data.getByKey<Json>('customer', 'persist')).toMatchObject({ id: customer.id, version: 2, firstName: 'Ada' });
    // The unique email index persisted too.
    const duplicate = second.handle({
      method: 'POST',
      url: '/test-project/customers',
      body: JSON.stringify({ email: 'persist@example.com', password: 'x' }),
    });
    expect(duplicate.status).toBe(400);
    // Logging in checks the stored password hash.
    const login = second.handle({
      method: 'POST',
      url: '/test-project/login',
      body: JSON.stringify({ email: 'persist@example.com', password: 'secret' }),
    });
    expect(login.status).toBe(200);
    second.state.clear();
    mockInternals(second).storage.close!();

    const third = sqliteStorage({ file });
    expect(third.projects()).toEqual([]);
    third.close();
  });

  test('a file written by a newer schema is refused, not rewritten', () => {
    const db = new Database(file);
    db.pragma('user_version = 99');
    db.close();
    expect(() => sqliteStorage({ file })).toThrow(/newer commerce-mock/);
  });

  test('bad options or an unwritable path fail at creation, before any file is made', () => {
    expect(() => sqliteStorage({} as never)).toThrow(/needs a `file`/);
    expect(() => sqliteStorage({ file, synchronous: 'extra; DROP TABLE documents' as never })).toThrow(/synchronous must be/);
    expect(() => sqliteStorage({ file, cacheSize: -1 })).toThrow(/cacheSize/);
    expect(existsSync(file)).toBe(false);
    expect(() => sqliteStorage({ file: '/nonexistent-directory/sub/mock.db' })).toThrow(/directory does not exist|unable to open/i);
  });

  test(':memory: gives a private, non-persistent database', () => {
    const storage = sqliteStorage({ file: ':memory:' });
    storage.write('p', 't', { id: 'a', version: 1 }, { expectedVersion: 0 });
    expect(storage.count('p', 't')).toBe(1);
    storage.close();
    expect(existsSync(':memory:')).toBe(false);
  });
});

test.describe('sqlite backend: the cache never disagrees with the file', () => {
  let file: string;
  test.beforeEach(() => {
    file = scratchFile();
  });
  test.afterEach(() => removeDatabase(file));

  for (const cacheSize of [0, 3, 100_000]) {
    test(`cache of ${cacheSize}: after rollbacks and evictions every read matches a fresh reader`, () => {
      const storage = sqliteStorage({ file, cacheSize });
      const doc = (id: string, version: number, n: number): StoredDocument => ({ id, version, n });
      for (let i = 0; i < 10; i++) storage.write('p', 't', doc(`d${i}`, 1, i), { expectedVersion: 0, key: `k${i}` });
      let version = 1;
      for (let round = 0; round < 5; round++) {
        try {
          storage.transaction(() => {
            storage.write('p', 't', doc('d1', version + 1, 100 + round), { expectedVersion: version, key: 'k1' });
            storage.transaction(() => storage.delete('p', 't', 'd2'));
            for (let i = 0; i < 10; i++) storage.get('p', 't', `d${i}`); // fills and evicts the cache mid-transaction
            if (round % 2 === 0) throw new Error('roll back');
            storage.write('p', 't', doc('d2', 1, -round), { expectedVersion: 0, key: 'k2' });
          });
          version++;
        } catch (error) {
          if ((error as Error).message !== 'roll back') throw error;
        }
      }
      const fresh = sqliteStorage({ file, cacheSize: 0 });
      try {
        const view = (s: typeof storage) => ({
          scan: [...s.scan('p', 't')],
          byId: Array.from({ length: 10 }, (_, i) => s.get('p', 't', `d${i}`)),
          byKey: Array.from({ length: 10 }, (_, i) => s.getByKey('p', 't', `k${i}`)),
        });
        expect(view(storage)).toEqual(view(fresh));
        expect(storage.get('p', 't', 'd1')).toEqual(doc('d1', 3, 103));
        expect(storage.get('p', 't', 'd2')).toEqual(doc('d2', 1, -3));
        expect([...storage.scan('p', 't')].map((d) => d.id).at(-1)).toBe('d2');
      } finally {
        fresh.close();
        storage.close();
      }
    });
  }

  test('the cache stays within cacheSize: a document evicted leaves nothing of it in memory, its key included', () => {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    const storage = sqliteStorage({ file, cacheSize: 10 });
    const write = (from: number, to: number) => {
      storage.transaction(() => {
        for (let i = from; i < to; i++)
          storage.write('p', 't', { id: `id-${i}`, version: 1 }, { expectedVersion: 0, key: `${'k'.repeat(400)}-${i}` });
      });
    };
    try {
      write(0, 100);
      gc();
      const before = process.memoryUsage().heapUsed;
      write(100, 5_100); // 5,000 keys of 400 characters: 2 MB and more if any stayed
      gc();
      expect(process.memoryUsage().heapUsed - before).toBeLessThan(1_000_000);
      expect(storage.getByKey('p', 't', `${'k'.repeat(400)}-7`)?.id).toBe('id-7');
    } finally {
      storage.close();
    }
  });

  test('after a restart, reads and scans fill the cache without changing the scan order', () => {
    const ids = Array.from({ length: 30 }, (_, i) => `id-${(i * 17) % 30}`);
    const first = sqliteStorage({ file });
    for (const id of ids) first.write('p', 't', { id, version: 1 }, { expectedVersion: 0, key: `key-${id}` });
    first.write('p', 't', { id: ids[3]!, version: 2 }, { expectedVersion: 1, key: `key-${ids[3]}` });
    first.close();

    const scanIds = (s: ReturnType<typeof sqliteStorage>) => [...s.scan('p', 't')].map((d) => d.id);
    // Mostly cached (one miss in thirty), then complete; a cold scan; a partly cached one.
    for (const warm of [29, 0, 10]) {
      const storage = sqliteStorage({ file });
      for (const id of [...ids].reverse().slice(0, warm)) storage.get('p', 't', id);
      expect(storage.count('p', 't')).toBe(30);
      expect(scanIds(storage)).toEqual(ids);
      expect(scanIds(storage)).toEqual(ids);
      storage.write('p', 't', { id: 'new', version: 1 }, { expectedVersion: 0, key: `key-${ids[0]}-new` });
      expect(() => storage.write('p', 't', { id: 'other', version: 1 }, { expectedVersion: 0, key: `key-${ids[5]}` })).toThrow(/taken/);
      expect(storage.getByKey('p', 't', `key-${ids[7]}`)?.id).toBe(ids[7]);
      expect(storage.get('p', 't', ids[3]!)?.version).toBe(2);
      expect(scanIds(storage)).toEqual([...ids, 'new']);
      expect(storage.delete('p', 't', 'new', 1)?.id).toBe('new');
      expect(storage.count('p', 't')).toBe(30);
      storage.close();
    }
  });

  test('returned documents are the stored ones: the engine copies before changing (no mutation leaks into the file)', () => {
    const mock = createCommerceMock({ storage: sqliteStorage({ file }) });
    const customer = mock.data.create<Json>('customer', { email: 'copy@example.com', password: 'pw' });
    const before = structuredClone(mock.data.get<Json>('customer', customer.id)!);
    mock.data.update('customer', customer.id, { version: 1, actions: [{ action: 'setLastName', lastName: 'Lovelace' }] });
    expect(before).toMatchObject({ version: 1 });
    expect(before.lastName).toBeUndefined();
    mockInternals(mock).storage.close!();
  });
});

test.describe('sqlite backend: crash safety', () => {
  test('a writer killed with SIGKILL under load loses no acknowledged write', async () => {
    test.setTimeout(60_000);
    const file = scratchFile('crash');
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/storage/fixtures/crash-writer.ts', file], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        // Kill it mid-stream once it has acknowledged a good number of writes.
        if ((output.match(/\n/g)?.length ?? 0) > 1500) resolve();
      });
      child.once('exit', () => reject(new Error(`the writer exited early: ${errors}`)));
    });
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    // Everything printed before the kill was read: the pipe keeps it after the writer is gone.
    await new Promise((resolve) => setImmediate(resolve));
    const lines = output.split('\n').filter((line) => line !== '' && line !== 'ready');
    const complete = output.endsWith('\n') ? lines : lines.slice(0, -1);

    const expected = new Map<string, { version: number; name?: string; key?: string } | 'deleted'>();
    for (const line of complete) {
      const [kind, id, version, extra] = line.split(' ') as [string, string, string, string];
      if (kind === 'created') expected.set(id, { version: Number(version), key: extra });
      else if (kind === 'updated') expected.set(id, { ...(expected.get(id) as object), version: Number(version), name: extra });
      else if (kind === 'deleted') expected.set(id, 'deleted');
    }
    expect(complete.length).toBeGreaterThanOrEqual(1500);
    expect([...expected.values()].some((v) => v === 'deleted')).toBe(true);
    expect([...expected.values()].some((v) => v !== 'deleted' && v.name !== undefined)).toBe(true);

    const db = new Database(file);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();
    const storage = sqliteStorage({ file });
    try {
      let checked = 0;
      for (const [id, want] of expected) {
        const stored = storage.get('crash', 'customer', id) as Json | undefined;
        if (want === 'deleted') {
          expect(stored, `deleted ${id}`).toBeUndefined();
          continue;
        }
        // A later write may have been made but not yet acknowledged: never an older version.
        expect(stored, `acknowledged ${id}`).toBeDefined();
        expect(stored!.version).toBeGreaterThanOrEqual(want.version);
        if (stored!.version === want.version && want.name) expect(stored!.firstName).toBe(want.name);
        expect(storage.getByKey('crash', 'customer', want.key!)?.id).toBe(id);
        checked++;
      }
      expect(checked).toBeGreaterThan(1000);
      // The unique email index is consistent with the customers that survived.
      expect(storage.count('crash', 'customer#email')).toBe(storage.count('crash', 'customer'));
    } finally {
      storage.close();
      removeDatabase(file);
    }
  });
});

test.describe('sqlite backend: loading the driver', () => {
  test('without better-sqlite3 installed, choosing sqlite fails with how to install it; memory still works', async () => {
    const dir = scratchFile('hooks').replace(/\.db$/, '');
    const hide = `${dir}-hide.cjs`;
    // Makes require('better-sqlite3') fail as it does where the package is not installed.
    writeFileSync(
      hide,
      `const Module = require('node:module');
       const resolve = Module._resolveFilename;
       Module._resolveFilename = function (request, ...rest) {
         if (request === 'better-sqlite3') { const e = new Error("Cannot find module 'better-sqlite3'"); e.code = 'MODULE_NOT_FOUND'; throw e; }
         return resolve.call(this, request, ...rest);
       };`,
    );
    const script = `
      import { createCommerceMock, sqliteStorage } from './src/index.ts';
      const memory = createCommerceMock();
      memory.data.create('customer', { email: 'm@example.com', password: 'x' });
      try { sqliteStorage({ file: ${JSON.stringify(`${dir}.db`)} }); console.log('loaded?!'); }
      catch (error) { console.log(error.message); }`;
    const child = spawn(process.execPath, ['--require', hide, '--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    await new Promise((resolve) => child.once('exit', resolve));
    expect(out).toContain('the sqlite storage needs the optional peer dependency better-sqlite3');
    expect(out).toContain('npm install --save-dev better-sqlite3');
    expect(existsSync(`${dir}.db`)).toBe(false);
  });
});
