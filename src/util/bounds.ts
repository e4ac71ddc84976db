/**
 * How many of the oldest entries go when a bounded record (permission decisions, deliveries) passes
 * its `limit`: the excess and a tenth of the limit besides, so that the work of dropping (a copy of a
 * log, a scan of a collection) is done once per `limit / 10` new entries rather than for each.
 */
export const droppedAtOnce = (limit: number) => Math.floor(limit / 10);
