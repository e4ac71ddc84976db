/**
 * Type ids to the platform's draft and resource types, as the official SDK declares them
 * (`@commercetools/platform-sdk`, an optional peer, imported for types only): factory output is the
 * SDK's draft, so it posts through the SDK without a cast, and seeded and read resources are the
 * SDK's resources. Derived from the registry: each type's module names its SDK types
 * (`defineResource<Draft, Stored, SdkTypes<SdkDraft, SdkResource>>`).
 */
import type { NoSdkTypes } from '../engine/define.js';
import type { RegisteredTypes } from './index.js';

type SdkTypesOf<D> = D extends { readonly sdk?: infer S } ? NonNullable<S> : never;

/**
 * Every registered type that names its SDK types (the project settings and projections do not).
 * Without the SDK installed its types are `any`, which never matches `NoSdkTypes`: the type ids stay.
 */
export type ResourceTypes = {
  [K in keyof RegisteredTypes as SdkTypesOf<RegisteredTypes[K]> extends NoSdkTypes ? never : K]: SdkTypesOf<RegisteredTypes[K]>;
};

export type TypeId = keyof ResourceTypes;
export type DraftOf<T extends TypeId> = ResourceTypes[T]['draft'];
export type ResourceOf<T extends TypeId> = ResourceTypes[T]['resource'];
