/** The matchers on the permission decisions the mock recorded for as-associate requests. */
import type { ExpectMatcherState } from '@playwright/test';
import { PERMISSIONS, type Permission, type PermissionDecision } from '../../engine/permissions.js';
import {
  type CommerceReceiver,
  type Context,
  hintOptions,
  isRecord,
  type Judged,
  requireKnownKeys,
  requireText,
  usageError,
} from './arguments.js';
import { listed, searchCollection } from './collection.js';

/** Which recorded as-associate decisions to look for; every given field must match. */
export interface AssociateDecisionFilter {
  associateId?: string;
  businessUnitKey?: string;
  /** A permission the decision named (for a denial: one of those that would have sufficed). */
  permission?: Permission;
  /** The attempted action, as recorded: `view cart`, `update business-unit`, ... */
  action?: string;
}

const DECISION_FILTER_KEYS = ['associateId', 'businessUnitKey', 'permission', 'action'] as const satisfies ReadonlyArray<
  keyof AssociateDecisionFilter
>;

/** The filter, checked: an object of known keys with string values, a permission the platform has. */
function decisionFilter(context: Context, hint: string, given: readonly unknown[]): AssociateDecisionFilter {
  if (given.length === 0) return {};
  const filter = given[0];
  const keys = DECISION_FILTER_KEYS.join(', ');
  if (!isRecord(filter)) {
    throw usageError(
      context,
      hint,
      `the filter must be an object with any of ${keys}; leave it out to match any decision`,
      'filter',
      filter,
    );
  }
  requireKnownKeys(context, hint, 'filter', filter, DECISION_FILTER_KEYS);
  for (const [key, value] of Object.entries(filter)) requireText(context, hint, `filter.${key}`, value);
  if (filter.permission !== undefined && !(PERMISSIONS as readonly unknown[]).includes(filter.permission)) {
    throw usageError(
      context,
      hint,
      "filter.permission must be one of the platform's associate permissions",
      'filter.permission',
      filter.permission,
    );
  }
  return filter as AssociateDecisionFilter;
}

const decisionMatches = (decision: PermissionDecision, filter: AssociateDecisionFilter): boolean =>
  (filter.associateId === undefined || decision.associateId === filter.associateId) &&
  (filter.businessUnitKey === undefined || decision.businessUnitKey === filter.businessUnitKey) &&
  (filter.action === undefined || decision.action === filter.action) &&
  (filter.permission === undefined || decision.permissions.includes(filter.permission));

function describeDecision(decision: PermissionDecision): string {
  const verdict = decision.allowed ? 'allowed' : 'denied';
  return `${verdict}: associate ${JSON.stringify(decision.associateId)} in ${JSON.stringify(decision.businessUnitKey)}, ${decision.action} (${decision.permissions.join(' or ') || 'no permission needed'})`;
}

const listDecisions = (decisions: PermissionDecision[]) => listed(decisions, describeDecision);

function associateDecision(
  context: Context,
  matcherName: string,
  received: CommerceReceiver,
  allowed: boolean,
  given: readonly unknown[],
): Judged {
  const hint = context.utils.matcherHint(matcherName, 'commerce', given.length === 0 ? '' : 'filter', hintOptions(context));
  const filter = decisionFilter(context, hint, given);
  return searchCollection(context, received, {
    name: matcherName,
    hint,
    read: (source) => source.permissionDecisions(),
    ofKind: (decision) => decision.allowed === allowed,
    matches: (decision) => decisionMatches(decision, filter),
    wanted: `${allowed ? 'an allowed' : 'a denied'} associate request${Object.keys(filter).length ? ` matching ${context.utils.printExpected(filter)}` : ''}`,
    received: ({ all, matching, pass }) =>
      pass
        ? `${matching.length} recorded:\n${listDecisions(matching)}`
        : `none; the decisions recorded in this test:\n${listDecisions(all)}`,
    expected: filter,
    actual: ({ all }) => all,
  });
}

export const associateMatchers = {
  /** The mock refused an as-associate request (403 AssociateMissingPermission) matching the filter. */
  toHaveDeniedAssociate: function (
    this: ExpectMatcherState,
    received: CommerceReceiver,
    ...given: [filter?: AssociateDecisionFilter]
  ): Judged {
    return associateDecision(this, 'toHaveDeniedAssociate', received, false, given);
  },

  /** The mock let an as-associate request through on the associate's permissions, matching the filter. */
  toHaveAllowedAssociate: function (
    this: ExpectMatcherState,
    received: CommerceReceiver,
    ...given: [filter?: AssociateDecisionFilter]
  ): Judged {
    return associateDecision(this, 'toHaveAllowedAssociate', received, true, given);
  },
};
