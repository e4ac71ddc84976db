/**
 * What stored documents cost the memory backend (issue 18, memory per worker): each stored resource
 * and message holds its fields in the object itself, also after updates, and a seeded customer stays
 * within its heap budget. The heap figures are for Node 20 without pointer compression (what
 * bench/memory.ts measures); docs/performance.md explains each part.
 */
import { mockInternals } from '../../src/api/mock.js';
import { test, expect } from '../support/response-check.js';
import { spawnSync } from 'node:child_process';
import v8 from 'node:v8';
import vm from 'node:vm';
import { createCommerceMock } from '../../src/index.js';
import type { CommerceMock } from '../../src/api/mock.js';
import { compactCopy, jsonClone } from '../../src/util/json.js';

v8.setFlagsFromString('--expose-gc');
v8.setFlagsFromString('--allow-natives-syntax');
const collectGarbage = vm.runInNewContext('gc') as () => void;
/** Whether V8 keeps the object's fields in fast mode (a hidden class), not as a hash table. */
const hasFastProperties = new Function('object', 'return %HasFastProperties(object)') as (object: object) => boolean;

const field = (name: string, type: object) => ({ name, label: { en: name }, required: false, type });
const CUSTOM_TYPE = {
  key: 'profile',
  name: { en: 'Profile' },
  resourceTypeIds: ['customer'],
  fieldDefinitions: [
    field('tier', { name: 'String' }),
    field('points', { name: 'Number' }),
    field('newsletters', { name: 'Set', elementType: { name: 'String' } }),
  ],
};

/** A customer draft as a suite's factory writes it. */
function customerDraft(i: number): Record<string, unknown> {
  return {
    key: `customer-${i}`,
    email: `customer${i}@example.com`,
    password: 'secret',
    firstName: ['Anna', 'Felix', 'Mia'][i % 3],
    lastName: ['Brown', 'Garcia'][i % 2],
    dateOfBirth: `19${50 + (i % 50)}-0${1 + (i % 9)}-1${i % 10}`,
    isEmailVerified: i % 2 === 0,
    addresses: [{ key: 'home', country: 'DE', city: 'Berlin' }],
    custom: { type: { typeId: 'type', key: 'profile' }, fields: { tier: 'gold', points: i } },
  };
}

const heapUsed = () => {
  collectGarbage();
  collectGarbage();
  return process.memoryUsage().heapUsed;
};

/**
 * Heap per seeded customer (its document, email and key index entries, CustomerCreated message):
 * about 990 bytes in this test on Node 20; 1,390 before the compact documents, the shared password
 * hashes and type references, flat strings and slim Created messages (1,110 before the last).
 */
const CUSTOMER_BUDGET = 1050;

function newMock(): CommerceMock {
  const mock = createCommerceMock({ defaultProjectKey: 'memory' });
  mock.data.create('type', CUSTOM_TYPE);
  return mock;
}

test('a stored customer, its message and its updated versions keep their fields in fast mode', () => {
  const mock = newMock();
  const created = mock.data.create<{ id: string; version: number }>('customer', { ...customerDraft(1), middleName: 'J.' });
  const [message] = mock.events.messages({ resourceId: created.id });
  expect(hasFastProperties(mock.data.get('customer', created.id)!)).toBe(true);
  expect(hasFastProperties(message!)).toBe(true);
  // Removing a field and adding others: a copy changed this way would be a hash table.
  const updated = mock.data.update<{ id: string; middleName?: string; title?: string }>('customer', created.id, {
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
  const stored = mock.data.get<object>('customer', created.id)!;
  expect(stored).toBe(updated);
  expect(hasFastProperties(stored)).toBe(true);
});

test('documents of one custom type share one frozen type reference, also after setCustomType and setCustomField', () => {
  const mock = newMock();
  type Stored = { id: string; version: number; custom: { type: { typeId: string; id: string }; fields: Record<string, unknown> } };
  const type = mock.data.getByKey<{ id: string }>('type', 'profile')!;
  const first = mock.data.create<Stored>('customer', customerDraft(1));
  const second = mock.data.create<Stored>('customer', customerDraft(2));
  const plain = mock.data.create<Stored>('customer', { email: 'plain@example.com', password: 'x' });
  expect(first.custom.type).toEqual({ typeId: 'type', id: type.id });
  expect(second.custom.type).toBe(first.custom.type);
  expect(Object.isFrozen(first.custom.type)).toBe(true);
  const typed = mock.data.update<Stored>('customer', plain.id, {
    version: plain.version,
    actions: [
      { action: 'setCustomType', type: { typeId: 'type', key: 'profile' }, fields: { tier: 'silver' } },
      { action: 'setCustomField', name: 'points', value: 7 },
    ],
  });
  expect(typed.custom).toEqual({ type: { typeId: 'type', id: type.id }, fields: { tier: 'silver', points: 7 } });
  expect(typed.custom.type).toBe(first.custom.type);
  const changed = mock.data.update<Stored>('customer', first.id, {
    version: first.version,
    actions: [{ action: 'setCustomField', name: 'tier', value: 'platinum' }],
  });
  expect(changed.custom.fields.tier).toBe('platinum');
  expect(mock.data.get<Stored>('customer', second.id)!.custom.fields.tier).toBe('gold');
});

test("mock.data.create and mock.data.update take their input as JSON: changing the caller's objects afterwards changes nothing stored", () => {
  const mock = newMock();
  const draft = { container: 'settings', key: 'theme', value: { colors: ['red'], dark: false } };
  const created = mock.data.create<{ id: string; version: number; value: unknown }>('key-value-document', draft);
  draft.value.colors.push('blue');
  draft.value.dark = true;
  expect(mock.data.get<{ value: unknown }>('key-value-document', created.id)!.value).toEqual({ colors: ['red'], dark: false });

  const customer = mock.data.create<{ id: string; version: number }>('customer', customerDraft(1));
  const newsletters = ['weekly'];
  const body = { version: customer.version, actions: [{ action: 'setCustomField', name: 'newsletters', value: newsletters }] };
  mock.data.update('customer', customer.id, body);
  newsletters.push('daily');
  expect(mock.data.get<{ custom: { fields: { newsletters: unknown } } }>('customer', customer.id)!.custom.fields.newsletters).toEqual([
    'weekly',
  ]);
});

test('a seeded customer costs at most its heap budget, its CustomerCreated message included', () => {
  const count = 4000;
  const mock = newMock();
  mock.data.create('customer', customerDraft(count));
  const before = heapUsed();
  for (let i = 0; i < count; i++) mock.data.create('customer', customerDraft(i));
  const perCustomer = (heapUsed() - before) / count;
  expect(mock.events.messages({ type: 'CustomerCreated' })).toHaveLength(count + 1);
  expect(perCustomer).toBeLessThan(CUSTOMER_BUDGET);
});

test('a Created message is stored without what its resource holds and reads in full: by id, by list and where, in process, after export and import', () => {
  const mock = newMock();
  type Message = { id: string; [field: string]: unknown };
  const customer = mock.data.create<{ id: string; version: number; createdAt: string }>('customer', customerDraft(1));
  const actions = [
    { action: 'setKey', key: 'renamed' },
    { action: 'setFirstName', firstName: 'Ada' },
  ];
  mock.data.update('customer', customer.id, { version: 1, actions });
  const [created, named] = mock.events.messages({ resourceId: customer.id }) as unknown as Message[];
  expect(named).toMatchObject({ type: 'CustomerFirstNameSet', sequenceNumber: 2, resourceUserProvidedIdentifiers: { key: 'renamed' } });
  // Stored: the envelope's id, version and type, the resource's type id, the resource itself.
  const stored = mockInternals(mock).storage.get('memory', 'message', created!.id)!;
  expect(Object.keys(stored)).toEqual(['id', 'version', 'resource', 'type', 'customer']);
  expect(stored.customer).toBe(created!.customer);
  const full = {
    id: created!.id,
    version: 1,
    sequenceNumber: 1,
    resource: { typeId: 'customer', id: customer.id },
    resourceVersion: 1,
    resourceUserProvidedIdentifiers: { key: 'customer-1' },
    type: 'CustomerCreated',
    customer: expect.objectContaining({ id: customer.id, version: 1, key: 'customer-1' }),
    createdAt: customer.createdAt,
    lastModifiedAt: customer.createdAt,
    createdBy: { isPlatformClient: false },
    lastModifiedBy: { isPlatformClient: false },
  };
  expect(created).toEqual(full);
  const get = (path: string) => mock.handle({ method: 'GET', url: `/memory/${path}` });
  expect(get(`messages/${created!.id}`).body).toEqual(full);
  const where = encodeURIComponent(
    `resource(id="${customer.id}") and resourceVersion=1 and sequenceNumber=1 and createdAt="${customer.createdAt}"`,
  );
  expect(get(`messages?where=${where}`).body).toMatchObject({ count: 1, results: [full] });
  expect(get('messages?sort=sequenceNumber+desc').body).toMatchObject({
    results: [{ type: 'CustomerFirstNameSet' }, { type: 'CustomerCreated' }],
  });

  const copy = newMock();
  copy.state.clear();
  copy.state.import(mock.state.export());
  expect(copy.events.messages()).toEqual(mock.events.messages());
});

test('compactCopy: an equal copy in fast mode for any field names, a comma or __proto__ among them', () => {
  const wide = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`field${i}`, i]));
  const sources = [
    wide,
    { 'a,b': 1 },
    { a: 1, b: 2 },
    { a: 'x', b: { nested: true } },
    JSON.parse('{"__proto__": {"polluted": true}, "x": 2}'),
  ];
  for (const source of sources) {
    const copy = compactCopy(source);
    expect(copy).not.toBe(source);
    expect(Object.entries(copy)).toEqual(Object.entries(source));
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(hasFastProperties(copy)).toBe(true);
  }
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});

test('compactFields and compactCopyWhere: what Object.assign and a filtered copy make, in fast mode; a name given twice keeps its first place and its last value', () => {
  // In a process of its own: the field lists are shared by the whole process and bounded, and a
  // worker that ran other tests may have used them up (then copies are made the ordinary way).
  const script = `
    import { compactCopyWhere, compactFields } from './src/util/json.ts';
    const fast = new Function('object', 'return %HasFastProperties(object)');
    // A source of forty fields assigned one by one: a hash table, as a draft turned into an order is.
    const dictionary = {};
    for (let i = 0; i < 40; i++) dictionary['field' + i] = i;
    const combinations = [
      [{ id: 'a', version: 1 }, dictionary, { createdAt: 't', lastModifiedAt: 't' }],
      [{ id: 'a', version: 1 }, { name: 'x', version: 7, createdAt: 'given' }, { createdAt: 't' }],
      [{}, { a: 1 }, {}],
      [{ 'a,b': 1 }, { b: { nested: true } }],
    ];
    const merged = combinations.map((parts) => {
      const built = compactFields(...parts);
      return { entries: Object.entries(built), assigned: Object.entries(Object.assign({}, ...parts)), fast: fast(built), sourceFast: fast(parts[1]) };
    });
    // Every field of the forty but the odd ones and the undefined one, as an order takes a cart's.
    const source = { ...dictionary, gone: undefined };
    const kept = compactCopyWhere(source, (name, value) => value !== undefined && !/[13579]$/.test(name));
    const filtered = Object.entries(source).filter(([name, value]) => value !== undefined && !/[13579]$/.test(name));
    merged.push({ entries: Object.entries(kept), assigned: filtered, fast: fast(kept), sourceFast: false });
    // A field named __proto__ (as JSON.parse makes one) stays an own field, never the copy's prototype.
    const parsed = JSON.parse('{"__proto__": {"polluted": true}, "x": 2}');
    const withProto = compactCopyWhere(parsed, () => true);
    merged.push({ entries: Object.entries(withProto), assigned: Object.entries(parsed), fast: Object.getPrototypeOf(withProto) === Object.prototype, sourceFast: false });
    console.log(JSON.stringify(merged));
  `;
  const run = spawnSync(process.execPath, ['--allow-natives-syntax', '--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
  });
  expect(run.stderr).toBe('');
  const results = JSON.parse(run.stdout.trim()) as Array<{ entries: unknown; assigned: unknown; fast: boolean; sourceFast: boolean }>;
  expect(results).toHaveLength(6);
  for (const result of results) {
    expect(result.entries).toEqual(result.assigned);
    expect(result.fast).toBe(true);
  }
  // The forty-field source was a hash table: built anew, not kept as it was.
  expect(results[0]!.sourceFast).toBe(false);
});

test('ids are distinct version 4 UUIDs (written flat into one buffer, so each is its own copy)', () => {
  const mock = newMock();
  const ids = Array.from({ length: 600 }, (_, i) => mock.data.create<{ id: string }>('customer', customerDraft(i)).id);
  const messageIds = mock.events.messages({ type: 'CustomerCreated' }).map((message) => (message as { id: string }).id);
  const all = [...ids, ...messageIds];
  expect(new Set(all).size).toBe(1200);
  for (const id of all) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  // The digits are spread: every hex digit turns up in every random position across the ids.
  for (const position of [0, 7, 9, 15, 20, 35]) expect(new Set(ids.map((id) => id[position])).size).toBe(16);
});

test('jsonClone: a deep copy equal to a JSON round trip, every object of it in fast mode, undefined fields left out', () => {
  const source = {
    id: 'cart-1',
    lineItems: [{ id: 'li-1', name: { en: 'Mug' }, price: { value: { currencyCode: 'EUR', centAmount: 1200 } }, gone: undefined }],
    wide: Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`field${i}`, { n: i }])),
    custom: JSON.parse('{"__proto__": {"polluted": true}, "x": [1, {"y": null}]}'),
  };
  const copy = jsonClone(source);
  expect(copy).toEqual(JSON.parse(JSON.stringify(source)));
  expect(JSON.stringify(copy)).toBe(JSON.stringify(source));
  expect(copy.lineItems[0]).not.toHaveProperty('gone');
  expect(copy.lineItems[0]!.price).not.toBe(source.lineItems[0]!.price);
  expect(Object.getPrototypeOf(copy.custom)).toBe(Object.prototype);
  expect(Object.keys(copy.custom)).toEqual(['__proto__', 'x']);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  const objects: object[] = [];
  const collect = (value: unknown) => {
    if (typeof value !== 'object' || value === null) return;
    if (!Array.isArray(value)) objects.push(value);
    for (const child of Object.values(value)) collect(child);
  };
  collect(copy);
  expect(objects.length).toBeGreaterThan(35);
  for (const object of objects) expect(hasFastProperties(object)).toBe(true);
});

test('everything one token writes records one author object; another token, another author', () => {
  const mock = newMock();
  const token = (clientId: string) => {
    const answer = mock.handle({
      method: 'POST',
      url: '/oauth/token?grant_type=client_credentials&scope=manage_project:memory',
      headers: { authorization: `Basic ${Buffer.from(`${clientId}:secret`).toString('base64')}` },
    });
    return (answer.body as { access_token: string }).access_token;
  };
  const create = (bearer: string, key: string) =>
    mock.handle({
      method: 'POST',
      url: '/memory/categories',
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
      body: JSON.stringify({ key, name: { en: key }, slug: { en: key } }),
    }).body as { id: string; createdBy: unknown };
  const [one, other] = [token('client-one'), token('client-two')];
  const stored = (id: string) => mock.data.get<{ createdBy: object; lastModifiedBy: object }>('category', id)!;
  const first = stored(create(one, 'first').id);
  const second = stored(create(one, 'second').id);
  const third = stored(create(other, 'third').id);
  expect(first.createdBy).toEqual({ isPlatformClient: false, clientId: 'client-one' });
  expect(second.createdBy).toBe(first.createdBy);
  expect(second.lastModifiedBy).toBe(first.createdBy);
  expect(third.createdBy).toEqual({ isPlatformClient: false, clientId: 'client-two' });
  expect(third.createdBy).not.toBe(first.createdBy);
});
