export { CommerceMock, createCommerceMock, CommerceMockOptions, DEFAULT_API_URL, DEFAULT_AUTH_URL } from './mock.js';
export type { MockSnapshot, ProjectScoped, ResolvedOptions } from './mock.js';
export type { MockRequest, MockResponse } from './http/types.js';
export { PlatformError, errors, type ErrorObject } from './http/errors.js';
export type { AuthStore, TokenRecord, TokenFilter, TokenKind } from './auth/tokens.js';
export type { StorageBackend, StorageEntry, StorageSnapshot, StoredDocument, WriteOptions } from './storage/types.js';
export { EXPORT_FORMAT, EXPORT_VERSION, ImportError, type ExportedEntry, type ExportOptions, type MockExport } from './export.js';
export { VersionConflict, KeyConflict } from './storage/types.js';
export { MemoryStorage } from './storage/memory.js';
export { sqliteStorage, SqliteStorage, type SqliteStorageOptions } from './storage/sqlite.js';
export { RecordingStorage, type RecordedChange } from './storage/recording.js';
export { defineResource, action } from './resources/define.js';
export type { ResourceDefinition, ResourceContext, Reference, Author } from './resources/define.js';
export type { PagedResult } from './query/index.js';
export type { Delivery, DeliveryFilter, DeliveryListener } from './resources/deliveries.js';
export type { ExtensionHandler, ExtensionResponse } from './extension-calls.js';
export type { ExtensionInput } from './resources/extensions.js';
export { interceptFetch, type InterceptOptions, type Interception } from './transports/mock-agent.js';
export { startServer, type ServerOptions, type RunningServer } from './transports/node-server.js';
export { serveAdmin, ADMIN_PREFIX, type AdminOptions } from './admin.js';
export {
  connectCommerceMock,
  localClient,
  type MockClient,
  type MockInfo,
  type RemoteOptions,
  type TokenGrant,
} from './client.js';
export type { JournalEntry, JournalFilter, JournalCaller, JournalOptions } from './journal.js';
export { RESOURCE_TYPE, tagDraft, draftType, type TaggedDraft } from './seed.js';
export type { ResourceTypes, TypeId, DraftOf, ResourceOf } from './resources/type-map.js';
export type { SeedItem, SeedInput, SeededType, QueryParams, QueryValue, UpdateBody } from './mock.js';
export type { Permission, PermissionDecision } from './scopes/index.js';
export { createMockFetch, type MockFetchOptions } from './transports/fetch.js';
export { graphqlInput } from './graphql/input.js';
export { Faults, FaultRule } from './faults.js';
