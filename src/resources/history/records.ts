/**
 * Change History records: what one change of a resource becomes (the recorder the engine calls for
 * every change a served request stores: src/engine/history.ts), and the queries of the History API
 * over them, with the definition's filters and paging.
 */
import type { ChangeRecorder, RecordedChange, ResourceDefinition } from '../../engine/define.js';
import type { ResourceContext } from '../../http/context.js';
import { PlatformError } from '../../http/errors.js';
import type { StorageBackend, StoredDocument } from '../../storage/backend.js';
import { uuid } from '../../util/ids.js';
import { compactCopy } from '../../util/json.js';
import { type Change, changesBetween } from './changes.js';
import { type Label, labelOf } from './labels.js';

export const CHANGE_HISTORY_TYPE_ID = 'change-history';

/** The resource types the History API records (its ChangeHistoryResourceType): the mock's type ids, singular. */
export const CHANGE_HISTORY_RESOURCE_TYPES = [
  'associate-role',
  'business-unit',
  'cart-discount',
  'category',
  'channel',
  'customer',
  'customer-group',
  'discount-code',
  'inventory-entry',
  'key-value-document',
  'order',
  'payment',
  'product',
  'product-discount',
  'product-selection',
  'product-type',
  'quote-request',
  'quote',
  'review',
  'shipping-method',
  'shopping-list',
  'staged-quote',
  'standalone-price',
  'state',
  'store',
  'tax-category',
  'type',
  'zone',
] as const;

const TRACKED: ReadonlySet<string> = new Set(CHANGE_HISTORY_RESOURCE_TYPES);

/** The changes the platform makes by itself after a change someone made (PlatformInitiatedChange, `excludeAll` aside). */
const PLATFORM_INITIATED = [
  'addInheritedAssociate',
  'changeIncludedInStatistics',
  'changeInheritedAssociate',
  'changeLastVariantId',
  'changeLineItemName',
  'changeLineItemPublished',
  'changeReviewRatingStatistics',
  'changeTopLevelUnit',
  'removeInheritedAssociate',
  'setAncestors',
  'setApplicationVersion',
  'setInheritedAssociates',
  'setInheritedStores',
  'setIsValid',
  'setLineItemDeactivatedAt',
  'setProductCount',
  'setReservations',
  'setVariantAvailability',
];

const RECORD_TYPES = ['ResourceCreated', 'ResourceUpdated', 'ResourceDeleted'];
const SOURCES = ['MerchantCenter', 'ImpEx', 'ApiClient'];

/** The platform's ModifiedBy: who made the change. */
export interface ModifiedBy {
  isPlatformClient: boolean;
  type: string;
  id?: string;
  clientId?: string;
  anonymousId?: string;
  customer?: { typeId: 'customer'; id: string };
  associate?: { typeId: 'customer'; id: string };
}

type KeyReference = { typeId: string; key: string };

/** A record as stored: the record the History API shows, and its own `id`. Its `version` is the resource's after the change. */
export interface ChangeRecord extends StoredDocument {
  previousVersion: number;
  type: RecordedChange['kind'];
  modifiedBy: ModifiedBy;
  modifiedAt: string;
  label: Label;
  previousLabel: Label;
  changes: Change[];
  resource: { typeId: string; id: string; key?: string };
  stores: KeyReference[];
  businessUnit?: KeyReference;
  withoutChanges: boolean;
}

function modifiedBy({ author, scope }: ResourceContext): ModifiedBy {
  // An associate acts for a company through the as-associate endpoints: the platform names it.
  const associate = scope?.associate ? { typeId: 'customer' as const, id: scope.associate.id } : undefined;
  const { clientId, anonymousId, customer } = author;
  return compactCopy({
    isPlatformClient: false,
    type: associate ? 'associate' : 'external-user',
    clientId,
    anonymousId,
    customer,
    associate,
  });
}

/** The stores a change is linked to: the resource's store, or its stores, as KeyReferences. */
function storesOf(resource: StoredDocument): KeyReference[] {
  const stores = [resource.store, ...(Array.isArray(resource.stores) ? resource.stores : [])] as Array<{ key?: unknown } | undefined>;
  return stores.filter((store) => typeof store?.key === 'string').map((store) => ({ typeId: 'store', key: store!.key as string }));
}

function businessUnitOf(resource: StoredDocument): KeyReference | undefined {
  const unit = resource.businessUnit as { key?: unknown } | undefined;
  return typeof unit?.key === 'string' ? { typeId: 'business-unit', key: unit.key } : undefined;
}

/** The update actions each type declares, read once per type. */
const declaredActions = new WeakMap<ResourceDefinition, ReadonlySet<string>>();

function actionsOf(definition: ResourceDefinition): ReadonlySet<string> {
  let actions = declaredActions.get(definition);
  if (!actions) {
    actions = new Set(Object.keys(definition.actions));
    declaredActions.set(definition, actions);
  }
  return actions;
}

/** What the engine stores for each change of a tracked type a served request makes. */
export const changeRecorder: ChangeRecorder = {
  tracks: (typeId) => TRACKED.has(typeId),
  record({ definition, kind, previous, next, version, ctx }): ChangeRecord {
    const typeId = definition.typeId;
    // A creation has no version before it; a deletion has none after it and shows the last one.
    const after = (next ?? previous)!;
    const before = previous ?? after;
    const changes = previous && next ? changesBetween(typeId, previous, next, actionsOf(definition)) : [];
    const key = definition.keyOf ? definition.keyOf(after) : after.key;
    const record: ChangeRecord = {
      id: uuid(),
      version,
      previousVersion: previous ? previous.version : 0,
      type: kind,
      modifiedBy: modifiedBy(ctx),
      modifiedAt: ctx.now,
      label: labelOf(typeId, after),
      previousLabel: labelOf(typeId, before),
      changes,
      resource: typeof key === 'string' ? { typeId, id: after.id, key } : { typeId, id: after.id },
      stores: storesOf(after),
      withoutChanges: kind === 'ResourceUpdated' && changes.length === 0,
    };
    const businessUnit = businessUnitOf(after);
    if (businessUnit) record.businessUnit = businessUnit;
    // Its parts are copies already (labels, changes, modifiedBy): nothing in it is the resource's own.
    return record;
  },
};

// Queries ------------------------------------------------------------------------------------------

/** The History API's refusal of a parameter (its own error code for bad input, as its definition's example shows). */
export function badRequest(message: string): PlatformError {
  return new PlatformError(400, [{ code: 'BadRequest', message }]);
}

const HOUR_MS = 60 * 60 * 1000;
const DEFAULT_HOURS_BACK = 24;
const DEFAULT_LIMIT = 20;
/** The largest page (the platform's, since June 2026). */
const MAX_LIMIT = 500;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/;

/** `date.from`/`date.to`: `now`, a number of hours back from now, or a DateTime; as milliseconds. */
function pointInTime(name: string, value: string, now: number): number {
  if (value === 'now') return now;
  if (/^\d+(\.\d+)?$/.test(value)) return now - Number(value) * HOUR_MS;
  const parsed = DATE_TIME.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(parsed)) {
    throw badRequest(`Invalid value '${value}' for '${name}': expected a DateTime, a non-negative number of hours back, or 'now'.`);
  }
  return parsed;
}

function integerParam(params: URLSearchParams, name: string, fallback: number, max: number): number {
  const raw = params.get(name);
  if (raw === null) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) > max)
    throw badRequest(`Invalid value '${raw}' for '${name}': expected an integer from 0 to ${max}.`);
  return Number(raw);
}

function booleanParam(params: URLSearchParams, name: string): boolean {
  const raw = params.get(name);
  if (raw === null) return false;
  if (raw !== 'true' && raw !== 'false') throw badRequest(`Invalid value '${raw}' for '${name}': expected true or false.`);
  return raw === 'true';
}

/** Every value of a parameter given as a list (repeated, or comma-separated), checked against `allowed` when given. */
function listParam(params: URLSearchParams, name: string, allowed?: readonly string[]): string[] {
  const values = params
    .getAll(name)
    .flatMap((value) => value.split(','))
    .filter((value) => value !== '');
  for (const value of values) {
    if (allowed && !allowed.includes(value)) {
      throw badRequest(`Invalid value '${value}' for '${name}': expected one of ${allowed.map((entry) => `'${entry}'`).join(', ')}.`);
    }
  }
  return values;
}

function oneOf(params: URLSearchParams, name: string, allowed: readonly string[]): string | undefined {
  const raw = params.get(name);
  if (raw !== null && !allowed.includes(raw)) {
    throw badRequest(`Invalid value '${raw}' for '${name}': expected one of ${allowed.map((entry) => `'${entry}'`).join(', ')}.`);
  }
  return raw ?? undefined;
}

/** What a query's path fixes: the resource type, and the resource. */
export interface RecordScope {
  resourceType?: string;
  resourceId?: string;
}

/** A page of records, as the definition answers it (`RecordPagedQueryResponse`). */
export interface RecordPage {
  limit: number;
  offset: number;
  count: number;
  total?: number;
  results: object[];
}

type Filter = (record: ChangeRecord) => boolean;

/** The records of `project` that match the query's parameters, newest first, one page of them. */
export function queryRecords(
  storage: StorageBackend,
  project: string,
  params: URLSearchParams,
  scope: RecordScope,
  now: string,
): RecordPage {
  const nowMs = Date.parse(now);
  const from = pointInTime('date.from', params.get('date.from') ?? String(DEFAULT_HOURS_BACK), nowMs);
  const to = pointInTime('date.to', params.get('date.to') ?? 'now', nowMs);
  if (from > to) throw badRequest("'date.from' must be a point in time before 'date.to'.");
  const limit = integerParam(params, 'limit', DEFAULT_LIMIT, MAX_LIMIT);
  const offset = integerParam(params, 'offset', 0, Number.MAX_SAFE_INTEGER);
  const withTotal = booleanParam(params, 'withTotal');
  const expand = booleanParam(params, 'expand');
  const type = oneOf(params, 'type', RECORD_TYPES);
  const source = oneOf(params, 'source', SOURCES);
  const resourceTypes = listParam(params, 'resourceTypes', CHANGE_HISTORY_RESOURCE_TYPES);
  const changeNames = listParam(params, 'changes');
  const stores = listParam(params, 'stores');
  const excluded = listParam(params, 'excludePlatformInitiatedChanges', ['excludeAll', ...PLATFORM_INITIATED]);
  const excludedChanges = new Set(excluded.includes('excludeAll') ? PLATFORM_INITIATED : excluded);

  const filters: Filter[] = [
    (record) => {
      const at = Date.parse(record.modifiedAt);
      return at >= from && at <= to;
    },
  ];
  const equal = (value: string | null | undefined, read: (record: ChangeRecord) => unknown) => {
    if (value !== null && value !== undefined) filters.push((record) => read(record) === value);
  };
  equal(scope.resourceType, (record) => record.resource.typeId);
  equal(scope.resourceId ?? params.get('resourceId'), (record) => record.resource.id);
  equal(params.get('resourceKey'), (record) => record.resource.key);
  equal(params.get('userId'), (record) => record.modifiedBy.id);
  equal(params.get('clientId'), (record) => record.modifiedBy.clientId);
  equal(params.get('customerId'), (record) => record.modifiedBy.customer?.id);
  equal(params.get('associateId'), (record) => record.modifiedBy.associate?.id);
  equal(params.get('businessUnit'), (record) => record.businessUnit?.key);
  equal(type, (record) => record.type);
  // Changes made through the Merchant Center or ImpEx come from platform clients; the mock's come from API clients.
  equal(source, (record) => (record.modifiedBy.isPlatformClient ? 'MerchantCenter' : 'ApiClient'));
  if (resourceTypes.length > 0) filters.push((record) => resourceTypes.includes(record.resource.typeId));
  if (stores.length > 0) filters.push((record) => record.stores.some((store) => stores.includes(store.key)));

  // Narrowed to the changes asked for, and without the platform's own: a record left with none of its changes is left out.
  const narrow = (changes: Change[]) =>
    changes.filter((change) => (changeNames.length === 0 || changeNames.includes(change.change)) && !excludedChanges.has(change.change));
  const narrowing = changeNames.length > 0 || excludedChanges.size > 0;

  const matched: ChangeRecord[] = [];
  const records = [...(storage.scan(project, CHANGE_HISTORY_TYPE_ID) as Iterable<ChangeRecord>)];
  for (let i = records.length - 1; i >= 0; i--) {
    const record = records[i]!;
    if (!filters.every((keep) => keep(record))) continue;
    if (!narrowing) {
      matched.push(record);
      continue;
    }
    const changes = narrow(record.changes);
    const kept = changes.length > 0 || (changeNames.length === 0 && record.changes.length === 0);
    if (kept) matched.push(changes.length === record.changes.length ? record : { ...record, changes });
  }
  const results = matched.slice(offset, offset + limit).map((record) => shown(storage, project, record, expand));
  const page: RecordPage = { limit, offset, count: results.length, results };
  if (withTotal) page.total = matched.length;
  return page;
}

/** A record as the API shows it: without the mock's own id; with `expand`, custom field values with their names and labels. */
function shown(storage: StorageBackend, project: string, record: ChangeRecord, expand: boolean): object {
  const { id: _id, ...shownRecord } = record;
  if (!expand) return shownRecord;
  return { ...shownRecord, changes: record.changes.map((change) => expanded(storage, project, change)) };
}

type FieldDefinition = { name: string; label?: Record<string, string> };

/** A custom field's values as CustomFieldExpandedValue: the field's name and label (from its Type) beside the value. */
function expanded(storage: StorageBackend, project: string, change: Change): Change {
  if (!change.type.endsWith('SetCustomFieldChange') || typeof change.customTypeId !== 'string') return change;
  const type = storage.get(project, 'type', change.customTypeId);
  const field = (type?.fieldDefinitions as FieldDefinition[] | undefined)?.find((definition) => definition.name === change.name);
  const label = field?.label ?? {};
  const name = change.name as string;
  const result: Change = { ...change };
  if (change.previousValue !== undefined) result.previousValue = { name, value: change.previousValue, label };
  if (change.nextValue !== undefined) result.nextValue = { name, value: change.nextValue, label };
  return result;
}
