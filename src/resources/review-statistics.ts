/**
 * The rating statistics the platform keeps on a reviewed Product or Channel
 * (`reviewRatingStatistics`), from the target's reviews that are included in statistics and have a
 * rating; a target with no such review has none. The target types declare the refresh as an
 * internal action that keeps their version (the platform derives the field asynchronously, without
 * a new version); reviews.ts applies it whenever a review changes.
 */
import * as z from 'zod';
import { action, extendAction, type Reference, type ResourceContext, type UpdateAction } from '../engine/define.js';

export interface ReviewRatingStatistics {
  averageRating: number;
  highestRating: number;
  lowestRating: number;
  count: number;
  ratingsDistribution: Record<string, number>;
}

/** The fields of a review the statistics read. */
interface Rated {
  includedInStatistics?: boolean;
  rating?: number;
  target?: Reference;
}

/** The statistics of one target over its reviews: included in statistics and rated. */
export function ratingStatistics(ctx: ResourceContext, target: Reference): ReviewRatingStatistics | undefined {
  const ratings: number[] = [];
  for (const document of ctx.scan('review')) {
    const review = document as Rated;
    if (
      review.includedInStatistics &&
      review.rating !== undefined &&
      review.target?.id === target.id &&
      review.target.typeId === target.typeId
    ) {
      ratings.push(review.rating);
    }
  }
  if (ratings.length === 0) return undefined;
  const distribution: Record<string, number> = {};
  for (const rating of ratings) distribution[String(rating)] = (distribution[String(rating)] ?? 0) + 1;
  const sum = ratings.reduce((total, rating) => total + rating, 0);
  return {
    averageRating: Math.round((sum / ratings.length) * 1e5) / 1e5,
    highestRating: Math.max(...ratings),
    lowestRating: Math.min(...ratings),
    count: ratings.length,
    ratingsDistribution: distribution,
  };
}

export const REFRESH_REVIEW_RATING_STATISTICS = 'refreshReviewRatingStatistics';

/** The internal action of a reviewable type (`typeId`): its statistics recomputed from the reviews. */
export function reviewStatisticsActions(typeId: 'product' | 'channel'): Record<string, UpdateAction<any>> {
  const refresh = action(
    () => z.object({}),
    (target: { id: string; reviewRatingStatistics?: ReviewRatingStatistics }, _a, ctx) => {
      const statistics = ratingStatistics(ctx, { typeId, id: target.id });
      if (statistics) target.reviewRatingStatistics = statistics;
      else delete target.reviewRatingStatistics;
    },
  );
  return { [REFRESH_REVIEW_RATING_STATISTICS]: extendAction(refresh, { keepsVersion: true }) };
}
