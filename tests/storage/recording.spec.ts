/** The worked example of docs/storage.md does what the documentation says. */
import { test, expect } from '../support/response-check.js';
import { createCommerceMock, RecordingStorage } from '../../src/index.js';
import { temporarySqlite } from './backends.js';

type Json = Record<string, any>;

for (const [label, make] of [
  ['over memory', () => new RecordingStorage()],
  ['over sqlite', () => new RecordingStorage(temporarySqlite())],
] as const) {
  test(`recording backend ${label}: records committed writes and deletes in order, drops what a failed transaction undid`, () => {
    const storage = make();
    expect(storage.name).toMatch(/^recording\((memory|sqlite)\)$/);
    const mock = createCommerceMock({ storage });
    const customer = mock.data.create<Json>('customer', { email: 'a@example.com', password: 'pw' });
    const [created] = mock.events.messages({ resourceId: customer.id });
    expect(storage.changes).toEqual([
      { operation: 'write', project: 'test-project', typeId: 'customer', id: customer.id, version: 1 },
      { operation: 'write', project: 'test-project', typeId: 'customer#email', id: 'a@example.com', version: 1 },
      { operation: 'write', project: 'test-project', typeId: 'message', id: created!.id, version: 1 },
    ]);
    // A duplicate email fails before anything is written; a failed transaction leaves no record.
    expect(() => mock.data.create('customer', { email: 'a@example.com', password: 'pw' })).toThrow();
    expect(() =>
      storage.transaction(() => {
        storage.write('test-project', 'note', { id: 'n', version: 1 }, { expectedVersion: 0 });
        throw new Error('undo');
      }),
    ).toThrow('undo');
    expect(storage.changes).toHaveLength(3);
    mock.data.update('customer', customer.id, { version: 1, actions: [{ action: 'changeEmail', email: 'b@example.com' }] });
    const response = mock.handle({ method: 'DELETE', url: `/test-project/customers/${customer.id}?version=2` });
    expect(response.status).toBe(200);
    const [, emailChanged, deleted] = mock.events.messages({ resourceId: customer.id });
    // The served request (not the programmatic update) also records its change for the Change History API, last.
    const historyRecord = storage.changes.at(-1)!;
    expect(storage.changes.slice(3).map((c) => `${c.operation} ${c.typeId} ${c.id} ${c.version}`)).toEqual([
      `write customer ${customer.id} 2`,
      'delete customer#email a@example.com 1',
      'write customer#email b@example.com 1',
      `write message ${emailChanged!.id} 1`,
      `write message#sequence ${customer.id} 2`,
      `delete customer ${customer.id} 2`,
      'delete customer#email b@example.com 1',
      `write message ${deleted!.id} 1`,
      `write message#sequence ${customer.id} 3`,
      `write change-history ${historyRecord.id} 3`,
    ]);
    storage.close();
  });
}
