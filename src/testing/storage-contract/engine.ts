import { expect } from '@playwright/test';
import { createCommerceMock } from '../../api/mock.js';
import type { StoredDocument } from '../../storage/backend.js';
import type { ContractTest } from './support.js';

/** The backend under the real engine, as the mock uses it. */
export function testUnderTheEngine(test: ContractTest): void {
  test('under the engine: create, update, query, a failing update changes nothing, delete', ({ storage }) => {
    const mock = createCommerceMock({ storage, defaultProjectKey: 'engine-project' });
    const customer = mock.data.create<StoredDocument>('customer', { email: 'contract@example.com', password: 'pw', key: 'contract' });
    const updated = mock.data.update<StoredDocument>('customer', customer.id, {
      version: 1,
      actions: [{ action: 'setFirstName', firstName: 'Ada' }],
    });
    expect(updated).toMatchObject({ version: 2, firstName: 'Ada' });
    expect(mock.data.query('customer', { where: 'firstName = "Ada"' }).results.map((c) => c.id)).toEqual([customer.id]);
    expect(mock.data.getByKey<StoredDocument>('customer', 'contract')?.version).toBe(2);
    expect(() =>
      mock.data.update('customer', customer.id, { version: 1, actions: [{ action: 'setFirstName', firstName: 'Bea' }] }),
    ).toThrow();
    expect(mock.data.get<StoredDocument>('customer', customer.id)?.firstName).toBe('Ada');
    const duplicate = mock.handle({
      method: 'POST',
      url: '/engine-project/customers',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'contract@example.com', password: 'pw' }),
    });
    expect(duplicate.status).toBe(400);
    expect(mock.data.all('customer')).toHaveLength(1);
    const removed = mock.handle({ method: 'DELETE', url: `/engine-project/customers/${customer.id}?version=2` });
    expect(removed.status).toBe(200);
    expect(mock.data.all('customer')).toHaveLength(0);
  });
}

/** What a long-running mock drops from storage: the engine deletes through the contract, so every backend honours it. */
export function testRetentionUnderTheEngine(test: ContractTest): void {
  test('under the engine: messages past deleteDaysAfterCreation and deliveries past their limit are deleted', ({ storage }) => {
    const mock = createCommerceMock({ storage, defaultProjectKey: 'engine-project', retention: { deliveriesPerProject: 10 } });
    mock.data.create('subscription', {
      key: 'contract',
      destination: { type: 'GoogleCloudPubSub', projectId: 'contract', topic: 'customers' },
      changes: [{ resourceTypeId: 'customer' }],
    });
    for (let i = 0; i < 20; i++) mock.data.create('customer', { email: `c${i}@example.com`, password: 'pw' });
    expect(storage.count('engine-project', 'delivery')).toBeLessThanOrEqual(10);
    expect(storage.count('engine-project', 'message')).toBe(20);
    // 16 days on, past the default 15, the next write deletes the old messages.
    mock.clock.advance('P16D');
    mock.data.create('customer', { email: 'late@example.com', password: 'pw' });
    expect([...storage.scan('engine-project', 'message')].map((message) => message.type)).toEqual(['CustomerCreated']);
    expect(mock.events.deliveries().at(-1)?.resource).toMatchObject({ typeId: 'customer' });
  });
}
