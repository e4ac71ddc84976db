import type { Author, CallScope, Identifier, KeyReference, Reference, ResourceContext } from '../http/context.js';
import { errors } from '../http/errors.js';
import type { StorageBackend, StoredDocument } from '../storage/backend.js';
import { findUnique, groupMembers } from './indexes.js';

/**
 * The context of one request over one project. A class rather than an object of closures: a context
 * is made for every request and every programmatic create, and its methods then cost nothing per call.
 */
export class ProjectContext implements ResourceContext {
  constructor(
    private readonly storage: StorageBackend,
    readonly project: string,
    readonly author: Author,
    readonly now: string,
    readonly scope: CallScope | undefined,
  ) {}

  get(typeId: string, id: string): StoredDocument | undefined {
    return this.storage.get(this.project, typeId, id);
  }

  getByKey(typeId: string, key: string): StoredDocument | undefined {
    return this.storage.getByKey(this.project, typeId, key);
  }

  scan(typeId: string): Iterable<StoredDocument> {
    return this.storage.scan(this.project, typeId);
  }

  findUnique(typeId: string, index: string, value: string): StoredDocument | undefined {
    return findUnique(this.storage, this.project, typeId, index, value);
  }

  grouped(typeId: string, group: string, value: string): StoredDocument[] {
    return groupMembers(this.storage, this.project, typeId, group, value);
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
