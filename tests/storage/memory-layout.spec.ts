/**
 * What stored documents cost the memory backend (issue 18, memory per worker): each stored resource
 * and message holds its fields in the object itself, also after updates, and a seeded customer stays
 * within its heap budget. The heap figures are for Node 20 without pointer compression (what
 * bench/memory.ts measures); docs/performance.md explains each part.
 */
import { test, expect } from '../support/response-check.js';
import v8 from 'node:v8';
import { createCommerceMock } from '../../src/index.js';
import type { CommerceMock } from '../../src/mock.js';

v8.setFlagsFromString('--allow-natives-syntax');
/** Whether V8 keeps the object's fields in fast mode (a hidden class), not as a hash table. */
const hasFastProperties = new Function('object', 'return %HasFastProperties(object)') as (object: object) => boolean;

const CUSTOM_TYPE = {
  key: 'profile',
  name: { en: 'Profile' },
  resourceTypeIds: ['customer'],
  fieldDefinitions: [
    { name: 'tier', label: { en: 'Tier' }, required: false, type: { name: 'String' } },
    { name: 'points', label: { en: 'Points' }, required: false, type: { name: 'Number' } },
  ],
};

/** A customer draft as a suite's factory writes it (the strings flat, as JSON would bring them). */
function customerDraft(i: number): Record<string, unknown> {
  return JSON.parse(
    JSON.stringify({
      key: `customer-${i}`,
      email: `customer${i}@example.com`,
      password: 'secret',
      firstName: ['Anna', 'Felix', 'Mia'][i % 3],
      lastName: ['Brown', 'Garcia'][i % 2],
      dateOfBirth: `19${50 + (i % 50)}-0${1 + (i % 9)}-1${i % 10}`,
      isEmailVerified: i % 2 === 0,
      addresses: [{ key: 'home', country: 'DE', city: 'Berlin' }],
      custom: { type: { typeId: 'type', key: 'profile' }, fields: { tier: 'gold', points: i } },
    }),
  );
}

function newMock(): CommerceMock {
  const mock = createCommerceMock({ defaultProjectKey: 'memory' });
  mock.create('type', CUSTOM_TYPE);
  return mock;
}

test('a stored customer, its message and its updated versions keep their fields in fast mode', () => {
  const mock = newMock();
  const created = mock.create<{ id: string; version: number }>('customer', { ...customerDraft(1), middleName: 'J.' });
  const [message] = mock.messages({ resourceId: created.id });
  expect(hasFastProperties(mock.get('customer', created.id)!)).toBe(true);
  expect(hasFastProperties(message!)).toBe(true);
  // Removing a field and adding others: a copy changed this way would be a hash table.
  const updated = mock.update<{ id: string; middleName?: string; title?: string }>('customer', created.id, {
    version: created.version,
    actions: [
      { action: 'setMiddleName' },
      { action: 'setTitle', title: 'Dr.' },
      { action: 'setSalutation', salutation: 'Dear' },
      { action: 'setCompanyName', companyName: 'ACME' },
      { action: 'setVatId', vatId: 'DE1' },
      { action: 'setLocale', locale: 'de' },
    ],
  });
  expect(updated).toMatchObject({ title: 'Dr.' });
  expect(updated.middleName).toBeUndefined();
  const stored = mock.get<object>('customer', created.id)!;
  expect(stored).toBe(updated);
  expect(hasFastProperties(stored)).toBe(true);
});
