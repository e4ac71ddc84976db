/**
 * Update action schemas built on first use (`action` in resources/define.ts): a schema given as a
 * function is not built when the action is declared, nor when a wrapper copies the action (`emits`,
 * `emitsOneOf`, `extendAction`, the cart's `cartActions`), but on the first read of `schema`, once.
 * Over the real resource definitions: every action still reads its schema through the getter (no
 * wrapper built it by spreading the action), every schema builds, and a payload a lazily built
 * schema refuses is the platform's InvalidJsonInput as before.
 */
import { z } from 'zod';
import { cartAction, cartActions } from '../../src/resources/cart/state.js';
import { action, emits, emitsOneOf, extendAction } from '../../src/engine/define.js';
import { resourceDefinitions } from '../../src/resources/index.js';
import { expect, invalidJson, PROJECT_KEY, test } from '../support/sdk.js';

/** A schema behind a function that counts how often it is called. */
function countedSchema() {
  const schema = z.object({ key: z.string() });
  let calls = 0;
  return {
    schema,
    build: () => {
      calls++;
      return schema;
    },
    calls: () => calls,
  };
}

test('action(() => schema, apply): built on the first read of schema, not before, and only once', () => {
  const counted = countedSchema();
  const declared = action(counted.build, (resource: { key?: string }, a) => {
    resource.key = a.key;
  });
  expect(counted.calls()).toBe(0);
  expect(declared.schema).toBe(counted.schema);
  expect(declared.schema).toBe(counted.schema);
  expect(counted.calls()).toBe(1);
  const resource: { key?: string } = {};
  declared.apply(resource, declared.schema.parse({ action: 'setKey', key: 'k' }), undefined as never);
  expect(resource).toEqual({ key: 'k' });
});

test('action(schema, apply): a schema given as it is is the action schema', () => {
  const schema = z.object({});
  expect(action(schema, () => {}).schema).toBe(schema);
});

test('emits, emitsOneOf and extendAction copy the action without building its schema; every copy has the one built', () => {
  const counted = countedSchema();
  const declared = action(counted.build, () => {});
  const emitting = emits(declared, 'ThingKeySet');
  const either = emitsOneOf(emitting, ['ThingKeyAdded', 'ThingKeyRemoved'], () => undefined);
  const kept = extendAction(either, { keepsVersion: true });
  expect(counted.calls()).toBe(0);
  // Each copy has what was added to it, the one it was copied from does not.
  expect(declared.message).toBeUndefined();
  expect(emitting.message?.types).toEqual(['ThingKeySet']);
  expect(either.message?.types).toEqual(['ThingKeyAdded', 'ThingKeyRemoved']);
  expect(kept.message).toBe(either.message);
  expect([emitting.keepsVersion, either.keepsVersion, kept.keepsVersion]).toEqual([undefined, undefined, true]);
  expect(counted.calls()).toBe(0);
  for (const copy of [kept, emitting, either, declared]) expect(copy.schema).toBe(counted.schema);
  expect(counted.calls()).toBe(1);
});

test('cartAction and the cartActions wrapper keep the schema unbuilt until it is read', () => {
  const counted = countedSchema();
  const declared = emits(
    cartAction(counted.build, () => {}),
    'CartKeySet',
  );
  const wrapped = cartActions({ setKey: declared }).setKey!;
  expect(counted.calls()).toBe(0);
  expect(wrapped.message?.types).toEqual(['CartKeySet']);
  expect(declared.rules).toEqual({});
  expect(wrapped.schema).toBe(counted.schema);
  expect(declared.schema).toBe(counted.schema);
  expect(counted.calls()).toBe(1);
});

/** Every update action of every resource type, public and internal, by `typeId.name`. */
function everyAction() {
  return resourceDefinitions.flatMap((definition) =>
    Object.entries({ ...definition.actions, ...definition.internalActions }).map(([name, declared]) => ({
      name: `${definition.typeId}.${name}`,
      declared,
    })),
  );
}

test('every resource type reads its actions schemas through the getter: no wrapper spread an action, which builds it', () => {
  const actions = everyAction();
  expect(actions.length).toBeGreaterThan(500);
  const spread = actions.filter(({ declared }) => typeof Object.getOwnPropertyDescriptor(declared, 'schema')?.get !== 'function');
  expect(spread.map(({ name }) => name)).toEqual([]);
});

test('every action schema builds, to the same schema on every read', () => {
  const broken = everyAction().filter(({ declared }) => {
    const schema = declared.schema;
    return !(schema instanceof z.ZodType) || declared.schema !== schema;
  });
  expect(broken.map(({ name }) => name)).toEqual([]);
});

test('a payload a lazily built schema refuses: 400 InvalidJsonInput naming the action, through emits and cartActions', async ({
  apiRoot,
  mock,
}) => {
  const cart = (
    await apiRoot
      .carts()
      .post({ body: { currency: 'EUR' } })
      .execute()
  ).body;
  const response = await fetch(`${mock.options.apiUrl}/${PROJECT_KEY}/carts/${cart.id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      version: cart.version,
      actions: [
        { action: 'setCountry', country: 'DE' },
        { action: 'freezeCart', strategy: 'Frozen' },
        { action: 'setCustomerEmail', email: 42 },
      ],
    }),
  });
  expect(response.status).toBe(400);
  const body = (await response.json()) as { errors: unknown[] };
  expect(body.errors).toEqual([
    invalidJson('actions[1] -> strategy: Unknown value "Frozen"; expected one of "SoftFreeze", "HardFreeze".'),
    invalidJson('actions[2] -> email: JSON string expected.'),
  ]);
  const stored = (await apiRoot.carts().withId({ ID: cart.id }).get().execute()).body;
  expect(stored.version).toBe(cart.version);
  expect(stored.country).toBeUndefined();
});
