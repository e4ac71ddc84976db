/** The matcher on the Change History the project recorded: `toHaveHistoryRecord`. */
import type { ExpectMatcherState } from '@playwright/test';
import type { ChangeRecord } from '../../resources/history/records.js';
import { loadTypeModule } from '../../resources/load.js';
import { didYouMean } from '../../util/did-you-mean.js';
import {
  type CommerceReceiver,
  type Context,
  hintOptions,
  isRecord,
  isText,
  type Judged,
  requireKnownKeys,
  usageError,
} from './arguments.js';
import { listed, searchCollection } from './collection.js';

/** Which record `toHaveHistoryRecord` looks for: of a resource type; of one resource, kind and change when given. */
export interface HistoryRecordFilter {
  /** The changed resource's type, as the History API names it: `customer`, `zone`, `key-value-document`, ... */
  resourceType: string;
  resourceId?: string;
  resourceKey?: string;
  /** `ResourceCreated`, `ResourceUpdated` or `ResourceDeleted`. */
  type?: 'ResourceCreated' | 'ResourceUpdated' | 'ResourceDeleted';
  /** A change the record shows, by the update action that names it: `setDescription`. */
  change?: string;
  /** A change the record shows, by its type: `SetDescriptionChange`. */
  changeType?: string;
}

const FILTER_KEYS = ['resourceType', 'resourceId', 'resourceKey', 'type', 'change', 'changeType'] as const;
const RECORD_TYPES = ['ResourceCreated', 'ResourceUpdated', 'ResourceDeleted'];

/** Failures list the newest records: those the test made last. */
const NEWEST = { limit: 20, keep: 'newest', rest: (count: number) => `${count} earlier` } as const;

function describeRecord(record: ChangeRecord): string {
  const { typeId, id, key } = record.resource;
  const changes = record.changes.map((change) => `${change.change} (${change.type})`).join(', ');
  return `${record.type} of ${typeId} ${id}${key === undefined ? '' : ` (key ${JSON.stringify(key)})`}, version ${record.version}${changes ? `: ${changes}` : ''}`;
}

function checkedFilter(context: Context, hint: string, filter: unknown): HistoryRecordFilter {
  if (!isRecord(filter)) {
    throw usageError(
      context,
      hint,
      'filter must be an object with at least a resourceType: { resourceType: "customer" }',
      'filter',
      filter,
    );
  }
  requireKnownKeys(context, hint, 'filter', filter, FILTER_KEYS);
  const resourceTypes: readonly string[] = loadTypeModule('change-history').CHANGE_HISTORY_RESOURCE_TYPES;
  if (!resourceTypes.includes(filter.resourceType as string)) {
    const suggestion =
      typeof filter.resourceType === 'string' ? didYouMean(filter.resourceType, resourceTypes, (t) => JSON.stringify(t)) : '';
    throw usageError(
      context,
      hint,
      `filter.resourceType must be a resource type the History API records ("customer", "order", "zone", ...)${suggestion}`,
      'filter',
      filter,
    );
  }
  for (const name of FILTER_KEYS) {
    if (name in filter && !isText(filter[name])) {
      throw usageError(context, hint, `filter.${name} must be a non-empty string; leave it out to match any`, 'filter', filter);
    }
  }
  if (filter.type !== undefined && !RECORD_TYPES.includes(filter.type as string)) {
    throw usageError(context, hint, `filter.type must be one of ${RECORD_TYPES.join(', ')}`, 'filter', filter);
  }
  return filter as unknown as HistoryRecordFilter;
}

function matchesFilter(record: ChangeRecord, filter: HistoryRecordFilter): boolean {
  const { resourceId, resourceKey, type, change, changeType } = filter;
  return (
    (resourceId === undefined || record.resource.id === resourceId) &&
    (resourceKey === undefined || record.resource.key === resourceKey) &&
    (type === undefined || record.type === type) &&
    (change === undefined || record.changes.some((c) => c.change === change)) &&
    (changeType === undefined || record.changes.some((c) => c.type === changeType))
  );
}

export const historyMatchers = {
  /**
   * The Change History holds a record of a change to a resource of this type; of this resource
   * (`resourceId` or `resourceKey`), kind (`type`) and change (`change`, `changeType`) when given.
   */
  toHaveHistoryRecord: function (this: ExpectMatcherState, received: CommerceReceiver, filter: HistoryRecordFilter): Judged {
    const hint = this.utils.matcherHint('toHaveHistoryRecord', 'commerce', 'filter', hintOptions(this));
    const wanted = checkedFilter(this, hint, filter);
    return searchCollection(this, received, {
      name: 'toHaveHistoryRecord',
      hint,
      read: (source) => source.all('change-history') as ChangeRecord[] | Promise<ChangeRecord[]>,
      ofKind: (record) => record.resource.typeId === wanted.resourceType,
      matches: (record) => matchesFilter(record, wanted),
      wanted: `a history record matching ${this.utils.printExpected(wanted)}`,
      received: ({ all, matching, pass }) => {
        const found = `the records of the project:\n${listed(all, describeRecord, NEWEST)}`;
        return pass ? `${matching.length} matching\n\n${found}` : `none matches; ${found}`;
      },
      expected: wanted,
    });
  },
};
