/**
 * The `mock` fixture runs on the backend COMMERCE_MOCK_TEST_STORAGE names, so the whole HTTP suite
 * can run again on SQLite (.ci/run does). This file runs in both passes and proves which one ran.
 */
import { mockInternals } from '../../src/api/mock.js';
import { test as base } from '@playwright/test';
import { expect, test } from '../support/sdk.js';
import { MemoryStorage } from '../../src/storage/memory.js';
import { storageFromEnvironment, TEST_STORAGE_VARIABLE } from './backends.js';

test('the mock fixture uses the backend the environment variable names (default: memory)', async ({ mock, apiRoot }) => {
  const wanted = process.env[TEST_STORAGE_VARIABLE] || 'memory';
  expect(mockInternals(mock).storage.name).toBe(wanted);
  const created = await apiRoot
    .categories()
    .post({ body: { name: { en: 'A' }, slug: { en: 'a-slug' } } })
    .execute();
  expect(mockInternals(mock).storage.get('test-project', 'category', created.body.id)).toMatchObject({ slug: { en: 'a-slug' } });
});

test.describe('a test that picks its backend keeps it', () => {
  const mine = new MemoryStorage();
  test.use({ mockOptions: { storage: mine } });
  test('mockOptions.storage wins over the environment', ({ mock }) => {
    expect(mockInternals(mock).storage).toBe(mine);
  });
});

base('COMMERCE_MOCK_TEST_STORAGE values', () => {
  expect(storageFromEnvironment({})).toBeUndefined();
  expect(storageFromEnvironment({ [TEST_STORAGE_VARIABLE]: 'memory' })).toBeUndefined();
  const sqlite = storageFromEnvironment({ [TEST_STORAGE_VARIABLE]: 'sqlite' });
  expect(sqlite?.name).toBe('sqlite');
  sqlite?.close?.();
  expect(() => storageFromEnvironment({ [TEST_STORAGE_VARIABLE]: 'mongo' })).toThrow(/unknown storage 'mongo'/);
});
