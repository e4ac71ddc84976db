/**
 * The storage contract (src/testing/storage-contract/) against every backend this repository ships: the
 * in-memory default, SQLite (with its document cache, with a tiny cache, without one) and the
 * recording example of docs/storage.md, alone and wrapped around SQLite.
 */
import { runStorageContract } from '../../src/testing/storage-contract/index.js';
import { MemoryStorage } from '../../src/storage/memory.js';
import { RecordingStorage } from '../../src/storage/recording.js';
import { temporarySqlite } from './backends.js';

runStorageContract('memory', () => new MemoryStorage());
runStorageContract('sqlite', () => temporarySqlite());
runStorageContract('sqlite, cache of 2 documents', () => temporarySqlite({ cacheSize: 2 }));
runStorageContract('sqlite, no cache', () => temporarySqlite({ cacheSize: 0 }));
// The example of docs/storage.md, as written there.
// doc-example:start
runStorageContract('recording backend', () => new RecordingStorage());
// doc-example:end
runStorageContract('recording example over sqlite', () => new RecordingStorage(temporarySqlite()));
