/** The update path of the engine: a versioned update request, or actions the engine applies itself, on a copy of the resource. */
import * as z from 'zod';
import { errors } from '../http/errors.js';
import type { StorageBackend, StoredDocument } from '../storage/backend.js';
import { compactCopy, jsonClone, jsonEqual } from '../util/json.js';
import type { AppliedAction, Locator, MessagePayload, ResourceContext, ResourceDefinition } from './define.js';
import { getResource } from './queries.js';
import { type ActionRunner, declaredAction, validateActions } from './update-actions.js';
import { ExpectedVersion, validate } from './validation.js';
import type { ResourceWriter } from './writes.js';

const MAX_ACTIONS = 500;

const UpdateEnvelope = z.object({
  version: ExpectedVersion,
  actions: z.array(z.object({ action: z.string() }).loose()).max(MAX_ACTIONS),
});

/**
 * Whether an update left the resource as it was (`jsonEqual`). Its own fields that are not objects
 * (a version count, a state, a total quantity) and how many fields it has are compared first: most
 * updates change one of them or add a field (a first shipping address), and are told apart without
 * walking everything the resource holds.
 */
function unchanged(next: StoredDocument, current: StoredDocument): boolean {
  let defined = 0;
  for (const field in next) {
    const value = next[field];
    if (value === undefined) continue;
    defined++;
    if (typeof value !== 'object' && value !== current[field]) return false;
  }
  for (const field in current) if (current[field] !== undefined) defined--;
  return defined === 0 && jsonEqual(next, current);
}

export class ResourceUpdater {
  constructor(
    private readonly storage: StorageBackend,
    private readonly actions: ActionRunner,
    private readonly writer: ResourceWriter,
  ) {}

  update(
    definition: ResourceDefinition,
    locator: Locator,
    body: unknown,
    ctx: ResourceContext,
    allowed: readonly string[] | undefined,
  ): StoredDocument {
    const envelope = validate(UpdateEnvelope, body);
    const steps = validateActions(definition, envelope.actions, allowed);
    const current = getResource(this.storage, definition, ctx.project, locator);
    if (current.version !== envelope.version) throw errors.concurrentModification(current.id, envelope.version, current.version);
    return this.change(definition, current, steps, ctx, true);
  }

  /**
   * Applies actions (public or internal) to a copy; the stored resource changes only if all of them
   * succeed and something changed, with a new version unless every action keeps it.
   */
  apply(definition: ResourceDefinition, current: StoredDocument, steps: AppliedAction[], ctx: ResourceContext): StoredDocument {
    return this.change(definition, current, steps, ctx, false);
  }

  /** `apply`, and for a client's update request (`requested`) the API extensions it triggers. */
  private change(
    definition: ResourceDefinition,
    current: StoredDocument,
    steps: AppliedAction[],
    ctx: ResourceContext,
    requested: boolean,
  ): StoredDocument {
    // API extensions may answer with any action, so a requested change works on a deep copy.
    const shallow = !requested && steps.every((step) => declaredAction(definition, step.name).shallow === true);
    const next = shallow ? compactCopy(current) : jsonClone(current);
    const messages: MessagePayload[] = [];
    const keepsVersion = this.actions.run(definition, next, steps, ctx, messages);
    if (requested) this.actions.passExtensions(definition, 'Update', next, ctx, messages);
    // An unchanged resource is stored again only for the messages of actions that keep its version (a customer's token issued).
    if (unchanged(next, current) && (!keepsVersion || messages.length === 0)) return current;
    if (!keepsVersion) return this.writer.store(definition, current, next, ctx, messages);
    return this.writer.save(definition, ctx, next, current, messages);
  }
}
