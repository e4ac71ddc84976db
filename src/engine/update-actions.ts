/**
 * Update actions, public and internal: which one a request names, their validation, and running
 * them on a copy of a resource with the messages they emit, including the actions API extensions
 * answer a create or an update with.
 */
import { type ErrorObject, errors, fieldErrors, PlatformError } from '../http/errors.js';
import type { StoredDocument } from '../storage/backend.js';
import { jsonClone } from '../util/json.js';
import type { AppliedAction, MessagePayload, ResourceContext, ResourceDefinition, UpdateAction } from './define.js';
import { type ExtensionAction, type ExtensionActions, type ExtensionGate, extensionUpdateActionsFailed } from './extension-gate.js';
import type { MessageWriter } from './messages.js';
import { validate } from './validation.js';

/** A name from the request looked up in a table of the definition: own properties only, never `Object.prototype`. */
function own<T>(table: Record<string, T> | undefined, name: string): T | undefined {
  return table !== undefined && Object.hasOwn(table, name) ? table[name] : undefined;
}

/** The action an update request names: a public one, or an internal one the endpoint's `allowed` list offers. */
function requestedAction(definition: ResourceDefinition, name: string, allowed: readonly string[] | undefined) {
  if (allowed === undefined) return own(definition.actions, name);
  if (!allowed.includes(name)) return undefined;
  return own(definition.actions, name) ?? own(definition.internalActions, name);
}

/** The declared action (public or internal) of a validated step. */
export function declaredAction(definition: ResourceDefinition, name: string): UpdateAction<StoredDocument> {
  const declared = own(definition.actions, name) ?? own(definition.internalActions, name);
  if (!declared) throw errors.general(`The ${definition.typeId} has no action '${name}'.`);
  return declared;
}

/** Validates each action of an update request against its declared schema; every problem is reported together. */
export function validateActions(
  definition: ResourceDefinition,
  actions: Array<{ action: string }>,
  allowed?: readonly string[],
): AppliedAction[] {
  const problems: ErrorObject[] = [];
  const steps = actions.map((raw, index) => {
    const declared = requestedAction(definition, raw.action, allowed);
    if (!declared) {
      problems.push({
        code: 'InvalidInput',
        message: `Unknown update action '${raw.action}' for resource type '${definition.typeId}'${allowed ? ' on this endpoint' : ''}.`,
        field: `actions[${index}].action`,
      });
      return { name: raw.action, payload: raw };
    }
    try {
      return { name: raw.action, payload: validate(declared.schema, raw, ['actions', index]) };
    } catch (error) {
      if (error instanceof PlatformError) problems.push(...error.errors);
      else throw error;
      return { name: raw.action, payload: raw };
    }
  });
  if (problems.length > 0) throw fieldErrors(problems);
  return steps;
}

/**
 * Runs validated actions on `next`, a working copy nothing stores by itself (then the type's
 * `afterActions`), adding their messages to `messages` unless it is `undefined`; whether every one
 * of them keeps the version. The engine's writes run it before they store; a preview (an order
 * edit's staged order) runs it on a copy it only shows.
 */
export function runActions(
  definition: ResourceDefinition,
  next: StoredDocument,
  steps: AppliedAction[],
  ctx: ResourceContext,
  messages: MessagePayload[] | undefined,
): boolean {
  let keepsVersion = steps.length > 0;
  for (const step of steps) {
    const declared = declaredAction(definition, step.name);
    const message = messages ? declared.message : undefined;
    const old = message?.before?.(next, step.payload);
    declared.apply(next, step.payload, ctx);
    keepsVersion &&= declared.keepsVersion === true;
    // A copy: later actions of the request go on changing what the payload points into.
    const payload = message?.payload(next, step.payload, old, ctx);
    if (payload) messages!.push(...jsonClone([payload].flat()));
  }
  definition.afterActions?.(next, ctx, steps);
  return keepsVersion;
}

/** Runs validated actions on a copy of a resource: the engine's and the ones API extensions answer with. */
export class ActionRunner {
  constructor(
    private readonly messages: MessageWriter,
    /** The API extensions a served request's creates and updates pass through before they are stored. */
    private readonly extensions: ExtensionGate,
  ) {}

  /**
   * Runs validated actions on `next` (then the type's `afterActions`), adding their messages;
   * whether every one of them keeps the version.
   */
  run(
    definition: ResourceDefinition,
    next: StoredDocument,
    steps: AppliedAction[],
    ctx: ResourceContext,
    messages: MessagePayload[],
  ): boolean {
    return runActions(definition, next, steps, ctx, this.messages.wanted(ctx.project) ? messages : undefined);
  }

  /**
   * Shows a create or an update about to be stored to the API extensions it triggers and applies the
   * update actions they answered (a refusal or a missing answer is thrown: see ExtensionGate).
   */
  passExtensions(
    definition: ResourceDefinition,
    action: ExtensionAction,
    next: StoredDocument,
    ctx: ResourceContext,
    messages: MessagePayload[],
  ): void {
    const answered: ExtensionActions[] | undefined = this.extensions.actionsFor(definition.typeId, action, next, ctx.project);
    for (const { extension, actions } of answered ?? []) {
      if (actions.length === 0) continue;
      try {
        this.run(definition, next, validateActions(definition, actions), ctx, messages);
      } catch (error) {
        if (error instanceof PlatformError) throw extensionUpdateActionsFailed(extension, error);
        throw error;
      }
    }
  }
}
