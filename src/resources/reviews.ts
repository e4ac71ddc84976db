/**
 * Reviews of products and channels, with every platform update action, and the rating statistics
 * the platform keeps on the target (`reviewRatingStatistics` on the Product or Channel).
 *
 * - `includedInStatistics`: true without a state, or with a state that has the role
 *   `ReviewIncludedInStatistics`; recomputed on `transitionState` only (as the platform does, a later
 *   change of the state's roles is not reflected).
 * - The statistics are recomputed whenever a review is created, updated or deleted through the API
 *   (the platform does it asynchronously; here they are current when the response is sent) by the
 *   target's internal action of ./review-statistics.ts, which keeps the target's version (a derived
 *   field, like the platform's eventual update).
 */
import * as z from 'zod';
import { errors } from '../http/errors.js';
import { created, ok, type ApiCall } from '../http/context.js';
import type { StoredDocument } from '../storage/backend.js';
import { REFRESH_REVIEW_RATING_STATISTICS } from './review-statistics.js';
import {
  action,
  defineResource,
  type CustomRoute,
  type Reference,
  type ResourceContext,
  type Locator,
  type Engine,
  emits,
  type SdkTypes,
} from '../engine/define.js';
import { customerSetter, customFieldActions, customFields, type CustomFields, setter } from '../engine/common-actions.js';
import { stateTransition } from './payments.js';
import { CustomFieldsDraft, FreeKey, resourceIdentifier, LanguageTag } from '../engine/draft-fields.js';
import type { Review as SdkReview, ReviewDraft as SdkReviewDraft } from '@commercetools/platform-sdk';

export interface Review extends StoredDocument {
  key?: string;
  uniquenessValue?: string;
  locale?: string;
  authorName?: string;
  title?: string;
  text?: string;
  target?: Reference;
  includedInStatistics: boolean;
  rating?: number;
  state?: Reference;
  customer?: Reference;
  custom?: CustomFields;
}

const TARGET_TYPES = ['product', 'channel'] as const;
const Target = z
  .object({ typeId: z.enum(TARGET_TYPES), id: z.string().optional(), key: z.string().optional() })
  .refine((r) => r.id !== undefined || r.key !== undefined, { message: 'Either id or key must be given.' });
const Rating = z.number().int().min(-100).max(100);

export const ReviewDraft = z.object({
  key: FreeKey.optional(),
  uniquenessValue: z.string().optional(),
  locale: LanguageTag.optional(),
  authorName: z.string().optional(),
  title: z.string().optional(),
  text: z.string().optional(),
  target: Target.optional(),
  state: resourceIdentifier('state').optional(),
  rating: Rating.optional(),
  customer: resourceIdentifier('customer').optional(),
  custom: CustomFieldsDraft.optional(),
});
export type ReviewDraft = z.infer<typeof ReviewDraft>;

function targetReference(target: z.infer<typeof Target>, ctx: ResourceContext): Reference {
  return ctx.reference(target.typeId, target);
}

/** Whether a review in this state counts for the target's statistics. */
function includedInStatistics(state: Reference | undefined, ctx: ResourceContext): boolean {
  if (!state) return true;
  const roles = ctx.get('state', state.id)?.roles;
  return roles?.includes('ReviewIncludedInStatistics') ?? false;
}

export const reviews = defineResource<ReviewDraft, Review, SdkTypes<SdkReviewDraft, SdkReview>>({
  typeId: 'review',
  path: 'reviews',
  draft: ReviewDraft,
  messages: { created: { type: 'ReviewCreated', payload: (review) => ({ review }) } },
  create(draft, ctx) {
    const review = {} as Review;
    for (const field of ['key', 'uniquenessValue', 'locale', 'authorName', 'title', 'text'] as const) {
      if (draft[field] !== undefined) review[field] = draft[field];
    }
    if (draft.target) review.target = targetReference(draft.target, ctx);
    if (draft.rating !== undefined) review.rating = draft.rating;
    if (draft.state) {
      const reference = ctx.reference('state', draft.state);
      const state = ctx.get('state', reference.id)!;
      if (state.type !== 'ReviewState')
        throw errors.invalidOperation(`The state '${String(state.key)}' is of type '${String(state.type)}', not 'ReviewState'.`);
      review.state = reference;
    }
    review.includedInStatistics = includedInStatistics(review.state, ctx);
    if (draft.customer) review.customer = ctx.reference('customer', draft.customer);
    const custom = customFields(draft.custom, ctx);
    if (custom) review.custom = custom;
    return review;
  },
  unique: {
    uniquenessValue: {
      values: (review) => (review.uniquenessValue !== undefined ? [review.uniquenessValue] : []),
      duplicate: (value) => errors.duplicateField('uniquenessValue', value),
    },
  },
  actions: {
    setKey: setter('key', FreeKey),
    setAuthorName: setter('authorName', z.string()),
    setTitle: setter('title', z.string()),
    setText: setter('text', z.string()),
    setLocale: setter('locale', z.string()),
    setRating: emits(
      setter('rating', Rating),
      'ReviewRatingSet',
      (review: Review, _a, oldRating?: number) => ({
        oldRating,
        newRating: review.rating,
        includedInStatistics: review.includedInStatistics,
        target: review.target,
      }),
      (review: Review) => review.rating,
    ),
    setTarget: action(
      () => z.object({ target: Target }),
      (review, a, ctx) => {
        review.target = targetReference(a.target, ctx);
      },
    ),
    setCustomer: customerSetter,
    transitionState: emits(
      action(
        () => z.object({ state: resourceIdentifier('state'), force: z.boolean().optional() }),
        (review, a, ctx) => {
          review.state = stateTransition(review.state, a, 'ReviewState', ctx);
          review.includedInStatistics = includedInStatistics(review.state, ctx);
        },
      ),
      'ReviewStateTransition',
      (review: Review, a, old: Pick<Review, 'state' | 'includedInStatistics'>) => ({
        oldState: old.state,
        newState: review.state,
        oldIncludedInStatistics: old.includedInStatistics,
        newIncludedInStatistics: review.includedInStatistics,
        target: review.target,
        force: a.force ?? false,
      }),
      (review: Review) => ({ state: review.state, includedInStatistics: review.includedInStatistics }),
    ),
    ...customFieldActions,
  },
  routes: statisticsRoutes(),
});

// Rating statistics --------------------------------------------------------------------------

/** Refreshes `reviewRatingStatistics` on each target that still exists (./review-statistics.ts). */
function refreshStatistics(engine: Engine, ctx: ResourceContext, targets: Array<Reference | undefined>): void {
  const seen = new Set<string>();
  for (const target of targets) {
    if (!target || seen.has(`${target.typeId}/${target.id}`)) continue;
    seen.add(`${target.typeId}/${target.id}`);
    const document = ctx.get(target.typeId, target.id);
    if (!document) continue;
    engine.apply(engine.definition(target.typeId), document, [{ name: REFRESH_REVIEW_RATING_STATISTICS, payload: {} }], ctx);
  }
}

/** The generic create, update and delete routes, each followed by the statistics of the targets concerned. */
function statisticsRoutes(): CustomRoute[] {
  const definition = (engine: Engine) => engine.definition('review');
  const locators: Array<[string, (call: ApiCall) => Locator]> = [
    [':id', (call) => ({ id: call.params.id! })],
    ['key=:key', (call) => ({ key: call.params.key! })],
  ];
  const routes: CustomRoute[] = [
    {
      method: 'POST',
      path: '',
      handle: (call, engine) => {
        const review = engine.transaction(() => {
          const made = engine.create(definition(engine), call.json(), call.ctx);
          refreshStatistics(engine, call.ctx, [made.target]);
          return made;
        });
        return created(call.expand(review));
      },
    },
  ];
  for (const [path, locate] of locators) {
    routes.push(
      {
        method: 'POST',
        path,
        handle: (call, engine) => {
          const review = engine.transaction(() => {
            const before = engine.find(definition(engine), call.ctx.project, locate(call));
            const after = engine.update(definition(engine), locate(call), call.json(), call.ctx);
            if (after !== before) refreshStatistics(engine, call.ctx, [before?.target, after.target]);
            return after;
          });
          return ok(call.expand(review));
        },
      },
      {
        method: 'DELETE',
        path,
        handle: (call, engine) => {
          const review = engine.transaction(() => {
            const removed = engine.remove(definition(engine), locate(call), call.version(), call.ctx);
            refreshStatistics(engine, call.ctx, [removed.target]);
            return removed;
          });
          return ok(call.expand(review));
        },
      },
    );
  }
  return routes;
}

declare module '../http/context.js' {
  interface StoredTypes {
    review: Review;
  }
}
