/**
 * Work that falls due as the mock's clock moves: the types that declare `due` (recurring orders)
 * name a time per resource, and when the clock reaches it the type's `run` does the work. The
 * earliest time any resource names is kept, so a request costs one comparison while nothing is due;
 * a write that names an earlier time lowers it, and a state that was replaced (clear, restore,
 * import) makes it unknown until the next look.
 */
import type { StorageBackend, StoredDocument } from '../storage/backend.js';
import type { Clock } from '../util/time.js';
import type { Engine, ResourceContext, ResourceDefinition } from './define.js';

/** Occurrences one resource may make up for in one look: a clock moved years on a daily schedule stops here. */
const MAX_RUNS_PER_LOOK = 1_000;

export class DueWork {
  /** The earliest time (ms) anything is due; `-Infinity`: not known, look. */
  #earliest = Number.NEGATIVE_INFINITY;
  #running = false;
  readonly #timed: ResourceDefinition[] = [];

  constructor(
    private readonly storage: StorageBackend,
    private readonly clock: Clock,
    /** The context due work runs in: the project, the time that fell due, no caller. */
    private readonly contextAt: (project: string, now: string) => ResourceContext,
  ) {}

  /** A type with `due`, now loaded: its stored resources may name any time. */
  follow(definition: ResourceDefinition): void {
    this.#timed.push(definition);
    this.forget();
  }

  /** A stored resource of a type with `due`: its time may be the earliest now. */
  noted(definition: ResourceDefinition, resource: StoredDocument): void {
    const at = definition.due?.at(resource);
    if (at !== undefined) this.#earliest = Math.min(this.#earliest, Date.parse(at));
  }

  /** The state was replaced: what is due is not known until the next look. */
  forget(): void {
    this.#earliest = Number.NEGATIVE_INFINITY;
  }

  /**
   * Does everything due by the clock's time, oldest first, each occurrence in a context whose `now` is
   * the time it fell due (a month on a weekly schedule places four orders, each at its time).
   */
  run(engine: Engine): void {
    if (this.#timed.length === 0 || this.#running) return;
    const now = this.clock.millis();
    if (now < this.#earliest) return;
    this.#running = true;
    try {
      let earliest = Number.POSITIVE_INFINITY;
      for (const project of this.storage.projects()) {
        for (const definition of this.#timed) {
          if (this.storage.count(project, definition.typeId) === 0) continue;
          for (const resource of [...this.storage.scan(project, definition.typeId)]) {
            earliest = Math.min(earliest, this.#runOne(engine, definition, project, resource, now));
          }
        }
      }
      this.#earliest = earliest;
    } finally {
      this.#running = false;
    }
  }

  /** Runs one resource's work for every time due by `now`; answers its next time (Infinity: none). */
  #runOne(engine: Engine, definition: ResourceDefinition, project: string, resource: StoredDocument, now: number): number {
    const due = definition.due!;
    let current: StoredDocument | undefined = resource;
    for (let runs = 0; current && runs < MAX_RUNS_PER_LOOK; runs++) {
      const at = due.at(current);
      if (at === undefined) return Number.POSITIVE_INFINITY;
      const atMs = Date.parse(at);
      if (atMs > now) return atMs;
      const ctx = this.contextAt(project, at);
      engine.transaction(() => due.run(current!, ctx, engine));
      current = this.storage.get(project, definition.typeId, resource.id);
      if (current && due.at(current) === at) return Number.POSITIVE_INFINITY; // it did not move on: never again
    }
    const next = current && due.at(current);
    return next === undefined ? Number.POSITIVE_INFINITY : Date.parse(next);
  }
}
