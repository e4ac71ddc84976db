import { faker } from '@faker-js/faker';
import { Factory } from 'fishery';
import type { TaggedDraft } from '../src/api/seed.js';
import type { DraftOf } from '../src/resources/type-map.js';
import { byKey, customFieldsDraft, draftOf } from './support.js';

type ApprovalRuleDraft = DraftOf<'approval-rule'>;
type TierDraft = ApprovalRuleDraft['approvers']['tiers'][number];

/** What approval rules from the factory name unless their traits say otherwise. */
export const APPROVAL_RULE_DEFAULTS = {
  /** The business unit the rules belong to (`inBusinessUnit(key)`). */
  businessUnitKey: 'company',
  /** The associate role whose holders' orders need approval (`requestedBy(...)`). */
  requesterRoleKey: 'buyer',
  /** The associate role that approves them (`approvedBy(...)`). */
  approverRoleKey: 'approver',
} as const;

/**
 * One tier of approvers: a role key (an associate holding it approves), or a list whose entries must
 * all approve, each a role key or a list of alternative role keys: `['finance', ['ceo', 'cfo']]` is
 * "someone with finance, and someone with ceo or cfo".
 */
export type ApproverTierSpec = string | Array<string | string[]>;

export function approverTier(spec: ApproverTierSpec): TierDraft {
  const conjuncts = typeof spec === 'string' ? [spec] : spec;
  return {
    and: conjuncts.map((entry) => ({
      or: (typeof entry === 'string' ? [entry] : entry).map((key) => ({ associateRole: byKey('associate-role', key) })),
    })),
  };
}

export class ApprovalRuleFactory extends Factory<TaggedDraft<'approval-rule'>> {
  /**
   * Rules of the business unit with this key. (`businessUnit` is not in the platform's draft: seeding
   * needs it; the as-associate endpoint puts the unit of its path there.)
   */
  inBusinessUnit(businessUnitKey: string): this {
    return this.params({ businessUnit: byKey('business-unit', businessUnitKey) });
  }

  /** For the orders this Order predicate matches, e.g. `'totalPrice.centAmount > 50000'`. */
  where(predicate: string): this {
    return this.params({ predicate });
  }

  /** For the orders of associates holding one of these roles. */
  requestedBy(...roleKeys: string[]): this {
    return this.params({ requesters: roleKeys.map((key) => ({ associateRole: byKey('associate-role', key) })) });
  }

  /** Approved tier by tier (1 to 5 tiers), e.g. `approvedBy('team-lead', ['finance', ['ceo', 'cfo']])`. */
  approvedBy(...tiers: ApproverTierSpec[]): this {
    return this.params({ approvers: { tiers: tiers.map(approverTier) } });
  }

  /** `status: 'Inactive'`. */
  inactive(): this {
    return this.params({ status: 'Inactive' });
  }

  /** Custom fields of the Type with this key (a Type for `approval-rule`). */
  withCustom(typeKey: string, fields: Record<string, unknown> = {}): this {
    return this.params({ custom: customFieldsDraft(typeKey, fields) });
  }
}

/**
 * Active approval rules with a unique key (`approval-rule-<n>`) and name in the business unit
 * `APPROVAL_RULE_DEFAULTS.businessUnitKey`: orders of 1000.00 or more (`totalPrice.centAmount >= 100000`)
 * by associates with the role `requesterRoleKey` need one approval by the role `approverRoleKey`.
 */
export const approvalRuleFactory = ApprovalRuleFactory.define(({ sequence, afterBuild }) => {
  const draft: ApprovalRuleDraft = {
    key: `approval-rule-${sequence}`,
    name: `${faker.commerce.department()} approval ${sequence}`,
    description: faker.lorem.sentence(),
    status: 'Active',
    predicate: 'totalPrice.centAmount >= 100000',
    approvers: { tiers: [approverTier(APPROVAL_RULE_DEFAULTS.approverRoleKey)] },
    requesters: [{ associateRole: byKey('associate-role', APPROVAL_RULE_DEFAULTS.requesterRoleKey) }],
    businessUnit: byKey('business-unit', APPROVAL_RULE_DEFAULTS.businessUnitKey),
  };
  return draftOf('approval-rule', afterBuild, draft);
});
