import type { Author, CallScope, Identifier, KeyReference, Reference, ResourceContext, StoredOf } from '../http/context.js';
import { errors } from '../http/errors.js';
import type { StorageBackend, StoredDocument } from '../storage/backend.js';
import { findUnique, groupMembers } from './indexes.js';

/**
 * The context of one request over one project. A class rather than an object of closures: a context
 * is made for every request and every programmatic create, and its methods then cost nothing per call.
 *
 * Its reads are typed by type id (`StoredOf`) with a cast: storage keeps every type's documents
 * alike, and that a collection holds its type's stored shape is the engine's doing, which writes a
 * type's documents through that type's definition only.
 */
export class ProjectContext implements ResourceContext {
  constructor(
    private readonly storage: StorageBackend,
    readonly project: string,
    readonly author: Author,
    readonly now: string,
    readonly scope: CallScope | undefined,
  ) {}

  get<TypeId extends string>(typeId: TypeId, id: string): StoredOf<TypeId> | undefined {
    return this.storage.get(this.project, typeId, id) as StoredOf<TypeId> | undefined;
  }

  getByKey<TypeId extends string>(typeId: TypeId, key: string): StoredOf<TypeId> | undefined {
    return this.storage.getByKey(this.project, typeId, key) as StoredOf<TypeId> | undefined;
  }

  scan<TypeId extends string>(typeId: TypeId): Iterable<StoredOf<TypeId>> {
    return this.storage.scan(this.project, typeId) as Iterable<StoredOf<TypeId>>;
  }

  findUnique<TypeId extends string>(typeId: TypeId, index: string, value: string): StoredOf<TypeId> | undefined {
    return findUnique(this.storage, this.project, typeId, index, value) as StoredOf<TypeId> | undefined;
  }

  grouped<TypeId extends string>(typeId: TypeId, group: string, value: string): Array<StoredOf<TypeId>> {
    return groupMembers(this.storage, this.project, typeId, group, value) as Array<StoredOf<TypeId>>;
  }

  reference(typeId: string, identifier: Identifier): Reference {
    return { typeId, id: this.target(typeId, identifier).id };
  }

  keyReference(typeId: string, identifier: Identifier): KeyReference {
    return { typeId, key: this.target(typeId, identifier).key as string };
  }

  private target(typeId: string, identifier: Identifier): StoredDocument {
    const { storage, project } = this;
    const target =
      identifier.id !== undefined ? storage.get(project, typeId, identifier.id) : storage.getByKey(project, typeId, identifier.key ?? '');
    if (!target) {
      throw errors.referencedResourceNotFound(typeId, identifier.id !== undefined ? { id: identifier.id } : { key: identifier.key ?? '' });
    }
    return target;
  }
}
