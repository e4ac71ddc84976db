/**
 * A request that triggers API extensions runs more than once: the engine stops at the write the
 * extensions must see, the mock calls them, and the request runs again with their answers. Each run
 * must make the same ids and stamp the same time, so that what an extension was shown (a new cart's
 * id, its line items' ids) is what gets stored. A `Repeatable` holds the ids and the time of the
 * first run; `uuid()` and `isoNow()` answer from the one in force.
 */
export class Repeatable {
  readonly ids: string[] = [];
  cursor = 0;
  now: string | undefined;
}

let current: Repeatable | undefined;

/** The run in force, if any. */
export function currentRun(): Repeatable | undefined {
  return current;
}

/** Runs `work` (synchronous) with `run`'s ids and time, from its first id on. */
export function repeatably<T>(run: Repeatable, work: () => T): T {
  const previous = current;
  current = run;
  run.cursor = 0;
  try {
    return work();
  } finally {
    current = previous;
  }
}
