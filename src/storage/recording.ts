/**
 * A worked example of a custom backend (see docs/storage.md): it wraps another backend (the
 * in-memory one by default), delegates everything, and records every committed write and delete.
 * Useful in tests that assert what the code under test stored, in which order.
 */
import { MemoryStorage } from './memory.js';
import type { StorageBackend, StoredDocument, WriteOptions } from './backend.js';

export interface RecordedChange {
  operation: 'write' | 'delete';
  project: string;
  typeId: string;
  id: string;
  /** The version written, or the version of the document deleted. */
  version: number;
}

export class RecordingStorage implements StorageBackend {
  readonly name: string;
  /** Every write and delete that took effect, oldest first. Changes undone by a failed transaction are dropped. */
  readonly changes: RecordedChange[] = [];

  constructor(readonly inner: StorageBackend = new MemoryStorage()) {
    this.name = `recording(${inner.name})`;
  }

  get(project: string, typeId: string, id: string): StoredDocument | undefined {
    return this.inner.get(project, typeId, id);
  }

  getByKey(project: string, typeId: string, key: string): StoredDocument | undefined {
    return this.inner.getByKey(project, typeId, key);
  }

  write(project: string, typeId: string, document: StoredDocument, options: WriteOptions): void {
    this.inner.write(project, typeId, document, options); // throws on a conflict: nothing to record
    this.changes.push({ operation: 'write', project, typeId, id: document.id, version: document.version });
  }

  delete(project: string, typeId: string, id: string, expectedVersion?: number): StoredDocument | undefined {
    const deleted = this.inner.delete(project, typeId, id, expectedVersion);
    if (deleted) this.changes.push({ operation: 'delete', project, typeId, id, version: deleted.version });
    return deleted;
  }

  scan(project: string, typeId: string): Iterable<StoredDocument> {
    return this.inner.scan(project, typeId);
  }

  count(project: string, typeId: string): number {
    return this.inner.count(project, typeId);
  }

  /** Nests as the inner backend does; a throw drops what this (inner) transaction recorded. */
  transaction<T>(work: () => T): T {
    const mark = this.changes.length;
    try {
      return this.inner.transaction(work);
    } catch (error) {
      this.changes.length = mark;
      throw error;
    }
  }

  projects(): string[] {
    return this.inner.projects();
  }

  clear(project?: string): void {
    this.inner.clear(project);
  }

  close(): void {
    this.inner.close?.();
  }
}
