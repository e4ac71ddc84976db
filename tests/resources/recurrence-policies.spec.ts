/**
 * Recurrence policies (the type added by following docs/architecture.md's walkthrough), through the
 * official SDK: both schedule kinds, every update action, a version conflict, bad drafts and actions
 * refused with nothing stored, the unique key, queries, and no messages (the platform has none).
 */
import type { ByProjectKeyRequestBuilder, RecurrencePolicy, RecurrencePolicyUpdateAction } from '@commercetools/platform-sdk';
import { recurrencePolicyFactory } from '../../factories/index.js';
import { graphql } from '../graphql/support.js';
import { expectPlatformActions } from '../support/resources.js';
import { expect, sdkFailure, test } from '../support/sdk.js';

const raw = <T>(value: unknown) => value as T;

async function update(apiRoot: ByProjectKeyRequestBuilder, policy: RecurrencePolicy, ...actions: RecurrencePolicyUpdateAction[]) {
  return apiRoot
    .recurrencePolicies()
    .withId({ ID: policy.id })
    .post({ body: { version: policy.version, actions } })
    .execute();
}

test('declares exactly the platform update actions', () => {
  expectPlatformActions('recurrence-policy', ['setDescription', 'setKey', 'setName', 'setSchedule']);
});

test('a draft becomes a policy with its schedule as given; read back by id and key, queried by schedule', async ({ apiRoot, mock }) => {
  const monthly = await apiRoot
    .recurrencePolicies()
    .post({
      body: { key: 'monthly', name: { en: 'Every month' }, schedule: { type: 'standard', value: 1, intervalUnit: 'Months' } },
    })
    .execute();
  expect(monthly.statusCode).toBe(201);
  expect(monthly.body).toMatchObject({
    version: 1,
    key: 'monthly',
    name: { en: 'Every month' },
    schedule: { type: 'standard', value: 1, intervalUnit: 'Months' },
  });
  expect(monthly.body).not.toHaveProperty('description');
  const firstOfMonth = await apiRoot
    .recurrencePolicies()
    .post({ body: { key: 'first-of-month', schedule: { type: 'dayOfMonth', day: 1 } } })
    .execute();
  expect(firstOfMonth.body.schedule).toEqual({ type: 'dayOfMonth', day: 1 });
  expect((await apiRoot.recurrencePolicies().withKey({ key: 'monthly' }).get().execute()).body).toEqual(monthly.body);
  expect((await apiRoot.recurrencePolicies().withId({ ID: firstOfMonth.body.id }).get().execute()).body).toEqual(firstOfMonth.body);
  const standard = await apiRoot
    .recurrencePolicies()
    .get({ queryArgs: { where: 'schedule(type = "standard")' } })
    .execute();
  expect(standard.body.results.map((policy) => policy.key)).toEqual(['monthly']);
  expect(mock.data.getByKey('recurrence-policy', 'first-of-month')?.schedule).toEqual({ type: 'dayOfMonth', day: 1 });
  expect(mock.events.messages({ resourceTypeId: 'recurrence-policy' })).toEqual([]);
});

test('bad drafts are refused naming the field, and store nothing', async ({ apiRoot, mock }) => {
  for (const [body, field] of [
    [{ schedule: { type: 'dayOfMonth', day: 1 } }, 'key'],
    [{ key: 'no-schedule' }, 'schedule'],
    [{ key: 'zero', schedule: { type: 'standard', value: 0, intervalUnit: 'Days' } }, 'value'],
    [{ key: 'yearly', schedule: { type: 'standard', value: 1, intervalUnit: 'Years' } }, 'schedule -> intervalUnit'],
    [{ key: 'day-32', schedule: { type: 'dayOfMonth', day: 32 } }, 'day'],
    [{ key: 'weekly', schedule: { type: 'weekly', value: 1 } }, 'schedule'],
  ] as const) {
    const failure = await sdkFailure(
      apiRoot
        .recurrencePolicies()
        .post({ body: raw(body) })
        .execute(),
    );
    expect(failure.statusCode, JSON.stringify(body)).toBe(400);
    expect(JSON.stringify(failure.body.errors), JSON.stringify(body)).toContain(field);
  }
  expect(mock.data.all('recurrence-policy')).toEqual([]);
});

test('every update action, one version each; a stale version is a 409 and changes nothing', async ({ apiRoot, mock }) => {
  let policy = (
    await apiRoot
      .recurrencePolicies()
      .post({ body: { key: 'weekly', schedule: { type: 'standard', value: 1, intervalUnit: 'Weeks' } } })
      .execute()
  ).body;
  const stale = policy;
  for (const action of [
    { action: 'setKey', key: 'fortnightly' },
    { action: 'setName', name: { en: 'Every other week' } },
    { action: 'setDescription', description: { en: 'Twice a month' } },
    { action: 'setSchedule', schedule: { type: 'standard', value: 2, intervalUnit: 'Weeks' } },
  ] as RecurrencePolicyUpdateAction[]) {
    const version = policy.version;
    policy = (await update(apiRoot, policy, action)).body;
    expect(policy.version, action.action).toBe(version + 1);
  }
  expect(policy).toMatchObject({
    key: 'fortnightly',
    name: { en: 'Every other week' },
    description: { en: 'Twice a month' },
    schedule: { type: 'standard', value: 2, intervalUnit: 'Weeks' },
  });
  policy = (await update(apiRoot, policy, { action: 'setName' }, { action: 'setDescription' })).body;
  expect(policy).not.toHaveProperty('name');
  expect(policy).not.toHaveProperty('description');

  const conflict = await sdkFailure(update(apiRoot, stale, { action: 'setKey', key: 'stale' }));
  expect(conflict.statusCode).toBe(409);
  expect(conflict.body.errors[0]).toMatchObject({ code: 'ConcurrentModification', currentVersion: policy.version });
  const refused = await sdkFailure(update(apiRoot, policy, raw({ action: 'setSchedule', schedule: { type: 'dayOfMonth', day: 0 } })));
  expect(refused.statusCode).toBe(400);
  const unknown = await sdkFailure(update(apiRoot, policy, raw({ action: 'setIntervalUnit', intervalUnit: 'Days' })));
  expect(unknown.statusCode).toBe(400);
  expect(mock.data.get('recurrence-policy', policy.id)).toEqual(policy);
});

test('the key is unique in the project; delete takes the version', async ({ apiRoot, mock }) => {
  const [policy] = mock.data.seed(recurrencePolicyFactory.build({ key: 'daily' }));
  const duplicate = await sdkFailure(
    apiRoot
      .recurrencePolicies()
      .post({ body: { key: 'daily', schedule: { type: 'dayOfMonth', day: 15 } } })
      .execute(),
  );
  expect(duplicate.statusCode).toBe(400);
  expect(duplicate.body.errors[0]).toMatchObject({ code: 'DuplicateField', field: 'key' });
  const deleted = await apiRoot
    .recurrencePolicies()
    .withKey({ key: 'daily' })
    .delete({ queryArgs: { version: policy!.version } })
    .execute();
  expect(deleted.body.id).toBe(policy!.id);
  expect(mock.data.all('recurrence-policy')).toEqual([]);
});

test('GraphQL: created, updated and read through the root fields, one world with REST', async ({ apiRoot, mock }) => {
  const created = await graphql(
    apiRoot,
    `mutation ($draft: RecurrencePolicyDraft!) {
      createRecurrencePolicy(draft: $draft) { id version key schedule { type ... on DayOfMonthSchedule { day } } }
    }`,
    { draft: { key: 'mid-month', name: [{ locale: 'en', value: 'Mid-month' }], schedule: { dayOfMonth: { day: 15 } } } },
  );
  expect(created.errors).toBeUndefined();
  expect(created.data.createRecurrencePolicy).toMatchObject({ version: 1, key: 'mid-month', schedule: { type: 'dayOfMonth', day: 15 } });
  const { id } = created.data.createRecurrencePolicy;
  expect(mock.data.get('recurrence-policy', id)).toMatchObject({ name: { en: 'Mid-month' }, schedule: { type: 'dayOfMonth', day: 15 } });
  const updated = await graphql(
    apiRoot,
    `mutation ($id: String!) {
      updateRecurrencePolicy(id: $id, version: 1, actions: [{ setSchedule: { schedule: { standard: { value: 3, intervalUnit: Days } } } }]) {
        version schedule { type ... on StandardSchedule { value intervalUnit } }
      }
    }`,
    { id },
  );
  expect(updated.errors).toBeUndefined();
  expect(updated.data.updateRecurrencePolicy).toEqual({ version: 2, schedule: { type: 'standard', value: 3, intervalUnit: 'Days' } });
  const read = await graphql(apiRoot, `{ recurrencePolicies(where: "key = \\"mid-month\\"") { total results { key version } } }`);
  expect(read.data.recurrencePolicies).toEqual({ total: 1, results: [{ key: 'mid-month', version: 2 }] });
  expect((await apiRoot.recurrencePolicies().withId({ ID: id }).get().execute()).body.schedule).toEqual({
    type: 'standard',
    value: 3,
    intervalUnit: 'Days',
  });
});
