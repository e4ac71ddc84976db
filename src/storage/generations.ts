import type { StorageChange } from './backend.js';

/** How many changes a collection's log keeps: past that, a reader behind it scans the collection (costing no more than that many changes would). */
const LOG_LIMIT = 1024;

interface Stamps {
  /** The tick of the collection's last write or delete. */
  stamp: number;
  /** Its changes after `loggedFrom`, oldest first. */
  log: StorageChange[];
  loggedFrom: number;
}

/**
 * The write counters behind `StorageBackend.generation` and `changedSince`, shared by the backends this
 * package ships. One clock per backend that only moves forward: each write or delete in a collection
 * stamps the collection with the next tick (and logs which document it was), and what may change any
 * collection at once (a rolled back transaction, `clear`, `restore`) raises a floor under every
 * stamp. So a generation never comes back for other content, and reading one costs two map lookups.
 */
export class Generations {
  private clock = 0;
  private floor = 0;
  private readonly stamps = new Map<string, Map<string, Stamps>>();

  /** A write or delete in the collection. */
  touch(project: string, typeId: string, id: string, kind: StorageChange['kind']): void {
    let types = this.stamps.get(project);
    if (!types) this.stamps.set(project, (types = new Map()));
    let stamps = types.get(typeId);
    if (!stamps) types.set(typeId, (stamps = { stamp: 0, log: [], loggedFrom: 0 }));
    if (stamps.log.length >= LOG_LIMIT) {
      stamps.log = [];
      stamps.loggedFrom = stamps.stamp;
    }
    stamps.stamp = ++this.clock;
    stamps.log.push({ generation: stamps.stamp, id, kind });
  }

  /** Any collection may have changed (a rollback, a clear, a restore). */
  touchAll(): void {
    this.floor = ++this.clock;
  }

  of(project: string, typeId: string): number {
    const stamp = this.stamps.get(project)?.get(typeId)?.stamp ?? 0;
    return stamp > this.floor ? stamp : this.floor;
  }

  /** The collection's changes after generation `since`; undefined when they are not all known. */
  since(project: string, typeId: string, since: number): readonly StorageChange[] | undefined {
    if (since < this.floor) return undefined;
    const stamps = this.stamps.get(project)?.get(typeId);
    if (!stamps) return [];
    if (since < stamps.loggedFrom) return undefined;
    let first = stamps.log.length;
    while (first > 0 && stamps.log[first - 1]!.generation > since) first--;
    return stamps.log.slice(first);
  }
}
