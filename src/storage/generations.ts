/**
 * The write counters behind `StorageBackend.generation`, shared by the backends this package ships.
 * One clock per backend that only moves forward: each write or delete in a collection stamps the
 * collection with the next tick, and what may change any collection at once (a rolled back
 * transaction, `clear`, `restore`) raises a floor under every stamp. So a generation never comes
 * back for other content, and reading one costs two map lookups.
 */
export class Generations {
  private clock = 0;
  private floor = 0;
  private readonly stamps = new Map<string, Map<string, number>>();

  /** A write or delete in the collection. */
  touch(project: string, typeId: string): void {
    let types = this.stamps.get(project);
    if (!types) this.stamps.set(project, (types = new Map()));
    types.set(typeId, ++this.clock);
  }

  /** Any collection may have changed (a rollback, a clear, a restore). */
  touchAll(): void {
    this.floor = ++this.clock;
  }

  of(project: string, typeId: string): number {
    const stamp = this.stamps.get(project)?.get(typeId) ?? 0;
    return stamp > this.floor ? stamp : this.floor;
  }
}
