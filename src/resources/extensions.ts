/**
 * API Extensions, the resource: `/extensions`, its draft validated as the platform validates it
 * (destinations, triggers, their conditions, the time limits). What the engine does with a stored
 * extension at each write is the gate (src/engine/extension-gate.ts), which also holds the stored
 * shape the schemas here must produce; calling one is src/core/extension-calls.ts.
 */
import * as z from 'zod';
import { errors, fieldErrors, PlatformError, type ErrorObject } from '../http/errors.js';
import { compilePredicate } from '../query/index.js';
import { changer, setter } from '../engine/common-actions.js';
import { defineResource, type SdkTypes } from '../engine/define.js';
import { withHidden } from '../engine/secrets.js';
import { EXTENSION_TYPE_ID, type Extension, type ExtensionTrigger, MAX_TIMEOUT_MS } from '../engine/extension-gate.js';
import { Key } from '../engine/draft-fields.js';
import type { Extension as SdkExtension, ExtensionDraft as SdkExtensionDraft } from '@commercetools/platform-sdk';

/** The platform's limit on `timeoutInMs` of an extension of payments only (the others': `MAX_TIMEOUT_MS`). */
const MAX_PAYMENT_TIMEOUT_MS = 10_000;
/** The platform's limit of extensions a project. */
const MAX_EXTENSIONS = 25;

const Required = z.string().min(1);
const HttpUrl = z.string().regex(/^https?:\/\/[^\s/?#]+(\/\S*)?$/, 'An http or https URL.');

const Authentication = z.discriminatedUnion('type', [
  z.object({ type: z.literal('AuthorizationHeader'), headerValue: Required }),
  z.object({ type: z.literal('AzureFunctions'), key: Required }),
]);

export const ExtensionDestination = z.discriminatedUnion('type', [
  z.object({ type: z.literal('HTTP'), url: HttpUrl, authentication: Authentication.optional() }),
  z.object({
    type: z.literal('AWSLambda'),
    arn: z.string().regex(/^arn:aws:lambda:[a-z0-9-]+:\d{12}:function:[\w-]+(:[\w$-]+)?$/, 'An AWS Lambda function ARN.'),
    accessKey: Required,
    accessSecret: Required,
  }),
  z.object({ type: z.literal('GoogleCloudFunction'), url: HttpUrl }),
]) satisfies z.ZodType<Extension['destination']>;

/** The resource types an extension may be triggered by (the platform's ExtensionResourceTypeId). */
const ExtensionResourceTypeId = z.enum([
  'cart',
  'order',
  'payment',
  'payment-method',
  'customer',
  'customer-group',
  'quote-request',
  'staged-quote',
  'quote',
  'business-unit',
  'shopping-list',
]);

const Trigger = z.object({
  resourceTypeId: ExtensionResourceTypeId,
  actions: z.array(z.enum(['Create', 'Update'])).min(1),
  condition: z.string().min(1).optional(),
}) satisfies z.ZodType<ExtensionTrigger>;
const Triggers = z.array(Trigger).min(1);
const TimeoutInMs = z.number().int().min(1);

export const ExtensionDraft = z.object({
  key: Key.optional(),
  destination: ExtensionDestination,
  triggers: Triggers,
  timeoutInMs: TimeoutInMs.optional(),
});
type ExtensionDraft = z.infer<typeof ExtensionDraft>;

/** A condition that does not parse is refused when the extension is stored, as the platform does. */
function assertConditionsParse(triggers: readonly ExtensionTrigger[]): void {
  const problems: ErrorObject[] = [];
  triggers.forEach((trigger, index) => {
    if (trigger.condition === undefined) return;
    try {
      compilePredicate(trigger.condition);
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      problems.push(
        errors.invalidField(`triggers[${index}].condition`, trigger.condition, error.message.replace(/^Malformed parameter: where: /, '')),
      );
    }
  });
  if (problems.length > 0) throw fieldErrors(problems);
}

function assertTimeoutAllowed(extension: Pick<Extension, 'triggers' | 'timeoutInMs'>): void {
  if (extension.timeoutInMs === undefined) return;
  const paymentsOnly = extension.triggers.every((trigger) => trigger.resourceTypeId === 'payment');
  const limit = paymentsOnly ? MAX_PAYMENT_TIMEOUT_MS : MAX_TIMEOUT_MS;
  if (extension.timeoutInMs > limit) {
    const rule = paymentsOnly ? 'for an extension of payments' : 'unless the extension is triggered by payments only (10000)';
    throw fieldErrors([errors.invalidField('timeoutInMs', extension.timeoutInMs, `The maximum is ${limit} ms ${rule}.`)]);
  }
}

function assertValid(extension: Pick<Extension, 'triggers' | 'timeoutInMs'>): void {
  assertConditionsParse(extension.triggers);
  assertTimeoutAllowed(extension);
}

export const extensions = defineResource<ExtensionDraft, Extension, SdkTypes<SdkExtensionDraft, SdkExtension>>({
  typeId: EXTENSION_TYPE_ID,
  path: 'extensions',
  draft: ExtensionDraft,
  create(draft, ctx) {
    let stored = 0;
    for (const _ of ctx.scan(EXTENSION_TYPE_ID)) stored++;
    if (stored >= MAX_EXTENSIONS) throw errors.maxResourceLimitExceeded(MAX_EXTENSIONS, EXTENSION_TYPE_ID);
    const extension = {
      destination: draft.destination,
      triggers: draft.triggers,
      ...(draft.key !== undefined ? { key: draft.key } : {}),
      ...(draft.timeoutInMs !== undefined ? { timeoutInMs: draft.timeoutInMs } : {}),
    };
    assertValid(extension);
    return extension;
  },
  actions: {
    setKey: setter('key', Key),
    changeTriggers: changer('triggers', Triggers),
    changeDestination: changer('destination', ExtensionDestination),
    setTimeoutInMs: setter('timeoutInMs', TimeoutInMs),
  },
  afterActions: assertValid,
  responseBody: (extension) => ({ ...extension, destination: shownDestination(extension.destination) }),
});

/** The destination as responses show it: the secrets the platform partially hides on retrieval. */
function shownDestination(destination: Extension['destination']): Extension['destination'] {
  if (destination.type === 'AWSLambda') return withHidden(destination, ['accessKey', 'accessSecret']);
  if (destination.type !== 'HTTP' || !destination.authentication) return destination;
  const field = destination.authentication.type === 'AuthorizationHeader' ? 'headerValue' : 'key';
  return { ...destination, authentication: withHidden(destination.authentication, [field]) };
}

declare module '../http/context.js' {
  interface StoredTypes {
    extension: Extension;
  }
}
