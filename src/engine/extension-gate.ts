/**
 * API Extensions: services the platform calls during a create or an update of a cart, an order, a
 * payment... after the request's changes are made and before they are stored. Their answer adds
 * update actions or refuses the request. This module is the gate the engine passes each write
 * through, and the stored extension it reads (the resource, its draft validated as the platform
 * validates it, is src/resources/extensions.ts); calling a destination is asynchronous, so the mock
 * does it (src/core/extension-calls.ts) and runs the request again with the answers (docs/events.md,
 * "API extensions").
 */
import { PlatformError } from '../http/errors.js';
import { compilePredicate, fieldExistsIn } from '../query/index.js';
import type { StorageBackend, StoredDocument } from '../storage/backend.js';
import { jsonClone } from '../util/json.js';

export const EXTENSION_TYPE_ID = 'extension';

/** The platform's limits on `timeoutInMs`: 2 seconds (10 for an extension of payments only: src/resources/extensions.ts). */
export const DEFAULT_TIMEOUT_MS = 2000;
export const MAX_TIMEOUT_MS = 2000;

export type ExtensionAction = 'Create' | 'Update';

/** Where an extension is called; the draft's schema (src/resources/extensions.ts) checks the formats. */
export type ExtensionDestination =
  | { type: 'HTTP'; url: string; authentication?: ExtensionAuthentication }
  | { type: 'AWSLambda'; arn: string; accessKey: string; accessSecret: string }
  | { type: 'GoogleCloudFunction'; url: string };

export type ExtensionAuthentication = { type: 'AuthorizationHeader'; headerValue: string } | { type: 'AzureFunctions'; key: string };

/** Which writes call an extension: creates or updates of a resource type, where the condition holds. */
export interface ExtensionTrigger {
  resourceTypeId: string;
  actions: ExtensionAction[];
  condition?: string;
}

/** A stored extension, as the gate reads it and the mock calls it. */
export interface Extension extends StoredDocument {
  key?: string;
  destination: ExtensionDestination;
  triggers: ExtensionTrigger[];
  timeoutInMs?: number;
}

// The gate: which extensions a write triggers, and what their answers make of it ------------------

/** The body the platform sends an extension (its ExtensionInput). */
export interface ExtensionInput {
  action: ExtensionAction;
  resource: { typeId: string; id: string; obj: object };
}

/** One extension to call for one write of a request. */
export interface ExtensionCall {
  extension: Extension;
  input: ExtensionInput;
  /** Where its answer is filed for the request's next run. */
  answerKey: string;
}

/** An extension's answer: update actions to apply (maybe none), or the error that refuses the request. */
export type ExtensionVerdict = { actions: Array<{ action: string }> } | { refusal: PlatformError };

/** The actions one extension answered for a write, to apply before it is stored. */
export interface ExtensionActions {
  extension: Extension;
  actions: Array<{ action: string }>;
}

/**
 * Thrown by the engine at a write that triggers extensions whose answers the request does not have
 * yet: the transaction rolls back, the mock calls them and runs the request again with the answers.
 */
export class ExtensionsPending extends Error {
  constructor(readonly calls: ExtensionCall[]) {
    super(`The request triggers the API extension ${calls.map((call) => `'${call.extension.key ?? call.extension.id}'`).join(', ')}.`);
    this.name = 'ExtensionsPending';
  }
}

/** The platform's reference to an extension in its errors: `extensionId`, and `extensionKey` when it has one. */
export function extensionIdentity(extension: Extension): { extensionId: string; extensionKey?: string } {
  return extension.key !== undefined ? { extensionId: extension.id, extensionKey: extension.key } : { extensionId: extension.id };
}

/** The update actions of an extension's answer failed: the platform's ExtensionUpdateActionsFailed, with each cause. */
export function extensionUpdateActionsFailed(extension: Extension, cause: PlatformError): PlatformError {
  const identity = extensionIdentity(extension);
  return new PlatformError(400, [
    {
      code: 'ExtensionUpdateActionsFailed',
      message: 'The extension returned update actions that could not be executed.',
      extensionErrors: cause.errors.map((error) => ({ ...error, ...identity })),
    },
  ]);
}

/**
 * Whether the trigger's condition holds for the resource. A condition naming a field the resource
 * does not have cannot be evaluated: the platform refuses the request (ExtensionPredicateEvaluationFailed).
 */
function conditionHolds(extension: Extension, trigger: ExtensionTrigger, resource: StoredDocument): boolean {
  if (trigger.condition === undefined) return true;
  try {
    // The fields that exist are this resource's: a field it lacks is the platform's evaluation failure.
    const options = { strictFields: true, fieldExists: fieldExistsIn([resource]) };
    return compilePredicate(trigger.condition, new Map(), options)(resource);
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    const field = /The field '([^']+)' does not exist/.exec(error.message)?.[1];
    throw new PlatformError(400, [
      {
        code: 'ExtensionPredicateEvaluationFailed',
        message: field ? `The compared field ${field} is not present.` : error.message,
        errorByExtension: extension.key !== undefined ? { id: extension.id, key: extension.key } : { id: extension.id },
      },
    ]);
  }
}

function triggers(extension: Extension, typeId: string, action: ExtensionAction, resource: StoredDocument): boolean {
  return extension.triggers.some(
    (trigger) => trigger.resourceTypeId === typeId && trigger.actions.includes(action) && conditionHolds(extension, trigger, resource),
  );
}

/**
 * What the engine asks before it stores a create or an update. Only a request being served asks
 * (`serving`); the programmatic API (seeding, a test's own writes) calls no extension.
 */
export class ExtensionGate {
  private answers: Map<string, ExtensionVerdict> | undefined;

  constructor(private readonly storage: StorageBackend) {}

  /** Whether a request is being served (rather than a programmatic write: seeding, a test's own changes). */
  get servingRequest(): boolean {
    return this.answers !== undefined;
  }

  /** Runs one run of a request with the answers its earlier runs collected. */
  serving<T>(answers: Map<string, ExtensionVerdict>, work: () => T): T {
    const previous = this.answers;
    this.answers = answers;
    try {
      return work();
    } finally {
      this.answers = previous;
    }
  }

  /**
   * The answers of the extensions the write triggers (none: `undefined`, a lookup when the project
   * has no extension). Throws the first refusal, or `ExtensionsPending` for answers still missing.
   */
  actionsFor(typeId: string, action: ExtensionAction, resource: StoredDocument, project: string): ExtensionActions[] | undefined {
    const answers = this.answers;
    if (!answers || this.storage.count(project, EXTENSION_TYPE_ID) === 0) return undefined;
    const found: ExtensionActions[] = [];
    const missing: ExtensionCall[] = [];
    for (const extension of this.storage.scan(project, EXTENSION_TYPE_ID) as Iterable<Extension>) {
      if (!triggers(extension, typeId, action, resource)) continue;
      const answerKey = `${extension.id} ${extension.version} ${action} ${typeId} ${resource.id}`;
      const verdict = answers.get(answerKey);
      if (verdict === undefined) {
        missing.push({ extension, answerKey, input: { action, resource: { typeId, id: resource.id, obj: jsonClone(resource) } } });
      } else if ('refusal' in verdict) {
        throw verdict.refusal;
      } else {
        found.push({ extension, actions: verdict.actions });
      }
    }
    if (missing.length > 0) throw new ExtensionsPending(missing);
    return found.length > 0 ? found : undefined;
  }
}
