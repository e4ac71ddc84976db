import * as z from 'zod';
import { errors } from '../http/errors.js';
import { created, ok, type ApiCall } from '../http/context.js';
import type { StoredDocument } from '../storage/backend.js';
import { defineResource, type BaseFields, type ResourceDefinition, type SdkTypes } from '../engine/define.js';
import { ExpectedVersion, validate } from '../engine/validation.js';
import type { CustomObject as SdkCustomObject, CustomObjectDraft as SdkCustomObjectDraft } from '@commercetools/platform-sdk';

const TYPE_ID = 'key-value-document';

export interface CustomObject extends StoredDocument {
  container: string;
  key: string;
  value: unknown;
}

const Container = z.string().regex(/^[-_~.a-zA-Z0-9]+$/, 'Containers consist of letters, digits, -, _, ~ and . only.');
const ObjectKey = z
  .string()
  .regex(/^[-_~.a-zA-Z0-9]{1,256}$/, 'Keys of custom objects consist of 1 to 256 letters, digits, -, _, ~ and . only.');

/** Any JSON value but null: missing or null, the draft cannot be read (InvalidJsonInput). */
const Value = z.unknown().superRefine((value, ctx) => {
  if (value === undefined || value === null) {
    ctx.addIssue({ code: 'invalid_type', expected: 'unknown' as never, input: value, message: 'A value is required.' });
  }
});

export const CustomObjectDraft = z.object({
  container: Container,
  key: ObjectKey,
  value: Value,
  version: ExpectedVersion.optional(),
});
export type CustomObjectDraft = z.infer<typeof CustomObjectDraft>;

/** The platform does not save fields of `value` whose value is null (at any depth). */
function withoutNullFields(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNullFields);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [field, inner] of Object.entries(value)) {
    if (inner !== null && inner !== undefined) out[field] = withoutNullFields(inner);
  }
  return out;
}

const storageKey = (container: string, key: string) => `${container}/${key}`;

/** `?version=` of a DELETE by container and key: optional, read like any DELETE's when given. */
const optionalVersion = (call: ApiCall): number | undefined => (call.query.has('version') ? call.version() : undefined);

function found(call: ApiCall): CustomObject {
  const { container, key } = call.params as { container: string; key: string };
  const object = call.ctx.getByKey(TYPE_ID, storageKey(container, key)) as CustomObject | undefined;
  if (!object) throw errors.resourceNotFound({ key: storageKey(container, key) });
  return object;
}

export const customObjects: ResourceDefinition<
  CustomObjectDraft,
  CustomObject,
  SdkTypes<SdkCustomObjectDraft, SdkCustomObject>
> = defineResource<CustomObjectDraft, CustomObject, SdkTypes<SdkCustomObjectDraft, SdkCustomObject>>({
  typeId: TYPE_ID,
  path: 'custom-objects',
  draft: CustomObjectDraft,
  create(draft) {
    const object: Omit<CustomObject, BaseFields> = {
      container: draft.container,
      key: draft.key,
      value: withoutNullFields(draft.value),
    };
    return object;
  },
  keyOf: (object) => storageKey(object.container, object.key),
  actions: {},
  without: ['update', 'byKey', 'create'],
  routes: [
    {
      // Create or replace: 201 with the new object, 200 with the replaced one.
      method: 'POST',
      path: '',
      handle(call, engine) {
        const draft = validate(CustomObjectDraft, call.json());
        const existing = call.ctx.getByKey(TYPE_ID, storageKey(draft.container, draft.key)) as CustomObject | undefined;
        if (!existing) return created(call.expand(engine.create(customObjects, draft, call.ctx)));
        if (draft.version !== undefined && draft.version !== existing.version) {
          throw errors.concurrentModification(existing.id, draft.version, existing.version);
        }
        // The upsert replaces the value: always a new version, even when the value is the same.
        const next = engine.replace(customObjects, existing, { ...existing, value: withoutNullFields(draft.value) }, call.ctx);
        return ok(call.expand(next));
      },
    },
    {
      // All objects of one container, as a paged query (where, sort, limit, offset, expand apply).
      method: 'GET',
      path: ':container',
      handle(call, engine) {
        const params = new URLSearchParams(call.query);
        params.append('where', `container = ${JSON.stringify(call.params.container)}`);
        return ok(engine.query(customObjects, call.ctx.project, params));
      },
    },
    {
      method: 'GET',
      path: ':container/:key',
      handle: (call) => ok(call.expand(found(call))),
    },
    {
      method: 'DELETE',
      path: ':container/:key',
      handle(call, engine) {
        const object = found(call);
        const removed = engine.remove(customObjects, { id: object.id }, optionalVersion(call), call.ctx);
        return ok(call.expand(removed));
      },
    },
  ],
});

declare module '../http/context.js' {
  interface StoredTypes {
    'key-value-document': CustomObject;
  }
}
