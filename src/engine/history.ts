/**
 * The Change History API's records, as the engine writes them: one per change a served request
 * stores of a type the recording type follows (src/resources/history/ makes each record and serves
 * them). Written in the transaction of the change, beside its messages, so a refused request, a
 * rolled back one, or a run stopped for API extensions records nothing. Programmatic writes (seeding,
 * a test's own changes) are not changes made through the API, and are not recorded; the writes of an
 * import (attributed to it) are, even when a programmatic write set off the import's processing.
 */
import type { StorageBackend } from '../storage/backend.js';
import { droppedAtOnce } from '../util/bounds.js';
import { jsonEqual } from '../util/json.js';
import type { ChangeRecorder, RecordedChange } from './define.js';

/** The records a project keeps by default (the `retention.historyRecordsPerProject` option). */
export const HISTORY_RECORDS_KEPT = 10_000;

export class HistoryWriter {
  constructor(
    private readonly storage: StorageBackend,
    /**
     * The type whose documents are the records and what it records (its `recordsChanges`), if any:
     * asked at the first change that may be recorded, which loads that type.
     */
    private readonly recording: () => { typeId: string; recorder: ChangeRecorder } | undefined,
    /** Whether a request is being served: only its changes are recorded. */
    private readonly serving: () => boolean,
    /** The records kept per project; past it the oldest go, a tenth of the limit at a time. 0 records none. */
    private readonly perProject = HISTORY_RECORDS_KEPT,
  ) {}

  /** Records one stored change; call inside the transaction that stores it. */
  write(change: RecordedChange): void {
    if (this.perProject === 0) return;
    // An import's writes are changes made through the Import API, whichever write set off its processing.
    if (!this.serving() && change.ctx.author.attributedTo?.source !== 'Import') return;
    const recording = this.recording();
    if (!recording?.recorder.tracks(change.definition.typeId)) return;
    const { typeId, recorder } = recording;
    // A change that keeps the version is recorded only when it changed the resource (a product's
    // review statistics), not when it was stored for its messages alone (a customer's token issued).
    const { previous, next } = change;
    if (previous && next && previous.version === next.version && jsonEqual(previous, next)) return;
    const { project } = change.ctx;
    this.storage.write(project, typeId, recorder.record(change), { expectedVersion: 0 });
    this.dropOldest(project, typeId);
  }

  /** Past the project's limit, drops its oldest records: `scan` gives them in the order they were written. */
  private dropOldest(project: string, typeId: string): void {
    const count = this.storage.count(project, typeId);
    if (count <= this.perProject) return;
    const dropping = count - this.perProject + droppedAtOnce(this.perProject);
    const oldest: string[] = [];
    for (const record of this.storage.scan(project, typeId)) {
      if (oldest.push(record.id) === dropping) break;
    }
    for (const id of oldest) this.storage.delete(project, typeId, id);
  }
}
