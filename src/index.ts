export { CommerceMock, createCommerceMock, CommerceMockOptions, DEFAULT_API_URL, DEFAULT_AUTH_URL } from './api/mock.js';
export type { MockEvents, MockSnapshot, ResolvedOptions, ExtensionsNoun } from './api/mock.js';
export type { ProjectData, ProjectEvents, ProjectView } from './api/project.js';
export type { MockState } from './api/state.js';
export type { MockClock } from './api/clock.js';
export type {
  ClockNoun,
  CommerceSurface,
  CreateOptions,
  DataNoun,
  EventsNoun,
  FaultsNoun,
  JournalNoun,
  Mode,
  Out,
  PermissionsNoun,
  ProjectSurface,
  SeedArguments,
  SnapshotId,
  StateNoun,
  TokensNoun,
} from './api/vocabulary.js';
export type { MockRequest, MockResponse } from './http/exchange.js';
export { PlatformError, errors, type ErrorObject } from './http/errors.js';
export type { TokenRecord, TokenFilter, TokenKind } from './auth/tokens.js';
export type { StorageBackend, StorageChange, StorageEntry, StorageSnapshot, StoredDocument, WriteOptions } from './storage/backend.js';
export { EXPORT_FORMAT, EXPORT_VERSION, ImportError, type ExportedEntry, type ExportOptions, type MockExport } from './api/export.js';
export { VersionConflict, KeyConflict } from './storage/backend.js';
export { MemoryStorage } from './storage/memory.js';
export { sqliteStorage, SqliteStorage, type SqliteStorageOptions } from './storage/sqlite.js';
export { RecordingStorage, type RecordedChange } from './storage/recording.js';
export { defineResource, action } from './engine/define.js';
export type { ResourceDefinition, ResourceContext, Reference, Author, SdkTypes } from './engine/define.js';
export type { PagedResult } from './query/index.js';
export type { Delivery, DeliveryFilter, DeliveryListener } from './engine/outbox.js';
export type { ExtensionHandler, ExtensionResponse } from './core/extension-calls.js';
export type { ExtensionInput } from './engine/extension-gate.js';
export { interceptFetch, type InterceptOptions, type Interception } from './adapters/transports/mock-agent.js';
export { interceptNodeHttp, type NodeHttpOptions, type NodeHttpInterception } from './adapters/transports/node-http.js';
export { intercept } from './adapters/transports/intercept.js';
export { startServer, type ServerOptions, type RunningServer } from './adapters/transports/node-server.js';
export { serveAdmin, ADMIN_PREFIX, type AdminOptions } from './adapters/admin.js';
export {
  connectCommerceMock,
  localClient,
  type MockClient,
  type MockInfo,
  type RemoteOptions,
  type TokenGrant,
} from './adapters/client.js';
export type { JournalEntry, JournalFilter, JournalCaller, JournalOptions } from './core/journal.js';
export { RESOURCE_TYPE, tagDraft, draftType, SeedError, type TaggedDraft } from './api/seed.js';
export type { ResourceTypes, TypeId, DraftOf, ResourceOf } from './resources/type-map.js';
export type { SeedItem, SeedInput, SeededType, QueryParams, QueryValue, UpdateBody } from './api/mock.js';
export type { Permission, PermissionDecision } from './core/scoped-mounts.js';
export { createMockFetch, type MockFetchOptions } from './adapters/transports/fetch.js';
export { graphqlInput } from './core/graphql-input.js';
export { Faults, FaultRule } from './core/faults.js';
