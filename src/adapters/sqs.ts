/**
 * The SQS endpoint of the standalone server: an app in its own process consumes its subscriptions'
 * deliveries with its own SQS client (`@aws-sdk/client-sqs` pointed at `/__mock/sqs`), as it would
 * consume the queue the platform writes to. It speaks the AWS JSON protocol the current SDKs use
 * (`POST` with `X-Amz-Target: AmazonSQS.<Operation>`, `application/x-amz-json-1.0`) for the
 * operations a consumer needs; the queues themselves are engine/delivery-queues.ts. Signatures are
 * not checked: an app signs with whatever credentials it has.
 */
import { DeliveryQueues, type Queue, QueueRefusal, queueNameOf, type Received } from '../engine/delivery-queues.js';
import type { Delivery } from '../engine/outbox.js';
import { header, type MockRequest, type MockResponse } from '../http/exchange.js';
import { uuid } from '../util/ids.js';
import { type CommerceMock, mockInternals } from '../api/mock.js';

export const SQS_PREFIX = '/__mock/sqs';
const TARGET_PREFIX = 'AmazonSQS.';
const DEFAULT_VISIBILITY_SECONDS = 30;
const MAX_VISIBILITY_SECONDS = 12 * 60 * 60;
const MAX_WAIT_SECONDS = 20;
const MAX_BATCH_ENTRIES = 10;

/** An AWS JSON error: `__type` names the SDK's exception, the query code (`x-amzn-query-error`) its `Code`. */
class SqsError extends Error {
  constructor(
    readonly type: string,
    readonly queryCode: string,
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const sqsErrors = {
  queueDoesNotExist: () =>
    new SqsError(
      'com.amazonaws.sqs#QueueDoesNotExist',
      'AWS.SimpleQueueService.NonExistentQueue',
      400,
      'The specified queue does not exist.',
    ),
  missingParameter: (name: string) =>
    new SqsError('com.amazonaws.sqs#MissingParameter', 'MissingParameter', 400, `The request must contain the parameter ${name}.`),
  invalidParameterValue: (message: string) =>
    new SqsError('com.amazonaws.sqs#InvalidParameterValue', 'InvalidParameterValue', 400, message),
  unknownOperation: (message: string) => new SqsError('com.amazon.coral.service#UnknownOperationException', 'InvalidAction', 400, message),
  serialization: (message: string) => new SqsError('com.amazon.coral.service#SerializationException', 'MalformedInput', 400, message),
  refused: (refusal: QueueRefusal) =>
    refusal.reason === 'ReceiptHandleIsInvalid'
      ? new SqsError('com.amazonaws.sqs#ReceiptHandleIsInvalid', 'ReceiptHandleIsInvalid', 404, refusal.message)
      : new SqsError('com.amazonaws.sqs#MessageNotInflight', 'AWS.SimpleQueueService.MessageNotInflight', 400, refusal.message),
};

type Input = Record<string, unknown>;

/** One SQS request, as an operation reads it. */
interface SqsCall {
  input: Input;
  queues: DeliveryQueues;
  mock: CommerceMock;
  /** Where the client reached the mock (`http://127.0.0.1:8989`): the queue URLs GetQueueUrl answers point back at it. */
  origin: string;
}

type Operation = (call: SqsCall) => object | Promise<object>;

const OPERATIONS: Record<string, Operation> = {
  GetQueueUrl: ({ input, queues, origin }) => {
    const name = requiredString(input, 'QueueName');
    const account = optionalString(input, 'QueueOwnerAWSAccountId');
    const queue = queues.find({ name, account });
    if (!queue) throw sqsErrors.queueDoesNotExist();
    return { QueueUrl: `${origin}${SQS_PREFIX}/${queue.account}/${queue.name}` };
  },
  ReceiveMessage: async (call) => {
    const { input } = call;
    const queue = queueOf(call);
    const max = integer(input, 'MaxNumberOfMessages', 1, MAX_BATCH_ENTRIES) ?? 1;
    const visibilityMs = 1000 * (integer(input, 'VisibilityTimeout', 0, MAX_VISIBILITY_SECONDS) ?? DEFAULT_VISIBILITY_SECONDS);
    const waitSeconds = integer(input, 'WaitTimeSeconds', 0, MAX_WAIT_SECONDS) ?? 0;
    const wanted = new Set([...stringList(input, 'AttributeNames'), ...stringList(input, 'MessageSystemAttributeNames')]);
    const received = await receiveWaiting(call, queue, max, visibilityMs, waitSeconds * 1000);
    return received.length === 0 ? {} : { Messages: received.map((one) => message(one, wanted)) };
  },
  DeleteMessage: (call) => {
    call.queues.delete(queueOf(call), requiredString(call.input, 'ReceiptHandle'));
    return {};
  },
  DeleteMessageBatch: (call) => {
    const queue = queueOf(call);
    return batch(call.input, (entry) => call.queues.delete(queue, requiredString(entry, 'ReceiptHandle')));
  },
  ChangeMessageVisibility: (call) => {
    const { input, queues } = call;
    const queue = queueOf(call);
    queues.changeVisibility(queue, requiredString(input, 'ReceiptHandle'), 1000 * visibilityTimeout(input), Date.now());
    return {};
  },
  ChangeMessageVisibilityBatch: (call) => {
    const queue = queueOf(call);
    const now = Date.now();
    return batch(call.input, (entry) =>
      call.queues.changeVisibility(queue, requiredString(entry, 'ReceiptHandle'), 1000 * visibilityTimeout(entry), now),
    );
  },
  GetQueueAttributes: (call) => {
    const queue = queueOf(call);
    const names = stringList(call.input, 'AttributeNames');
    const census = call.queues.census(queue, Date.now());
    const known: Record<string, string> = {
      QueueArn: `arn:aws:sqs:${queue.region}:${queue.account}:${queue.name}`,
      ApproximateNumberOfMessages: String(census.visible),
      ApproximateNumberOfMessagesNotVisible: String(census.inFlight),
      ApproximateNumberOfMessagesDelayed: '0',
      VisibilityTimeout: String(DEFAULT_VISIBILITY_SECONDS),
      ReceiveMessageWaitTimeSeconds: '0',
      DelaySeconds: '0',
    };
    const unknown = names.find((name) => name !== 'All' && !Object.hasOwn(known, name));
    if (unknown !== undefined) {
      throw new SqsError('com.amazonaws.sqs#InvalidAttributeName', 'InvalidAttributeName', 400, `Unknown Attribute ${unknown}.`);
    }
    const Attributes = names.includes('All') ? known : Object.fromEntries(names.map((name) => [name, known[name]!]));
    return Object.keys(Attributes).length === 0 ? {} : { Attributes };
  },
};

const queuesOf = new WeakMap<CommerceMock, DeliveryQueues>();

/** Whether the SQS endpoint serves the request: any under `/__mock/sqs`, and one to `/` that names an SQS operation. */
function isSqsRequest(request: MockRequest): boolean {
  const url = request.url;
  if (url.includes(SQS_PREFIX)) {
    const path = new URL(url, 'http://localhost').pathname;
    if (path === SQS_PREFIX || path.startsWith(`${SQS_PREFIX}/`)) return true;
  }
  // A client without an endpoint sends to its queue URL's origin, at `/`: the target header says it is SQS.
  // Every API request passes here, so the path is looked at before any header.
  const atRoot = url === '/' || url.startsWith('/?') || (!url.startsWith('/') && new URL(url, 'http://localhost').pathname === '/');
  return atRoot && (header(request, 'x-amz-target') ?? '').startsWith(TARGET_PREFIX);
}

/**
 * Serves an SQS request (see `isSqsRequest`); `undefined` for any other. A `ReceiveMessage` that waits
 * (`WaitTimeSeconds`) answers with a promise, settled when a delivery arrives or the wait is over.
 */
export function serveSqs(mock: CommerceMock, request: MockRequest): MockResponse | Promise<MockResponse> | undefined {
  if (!isSqsRequest(request)) return undefined;
  try {
    const target = header(request, 'x-amz-target') ?? '';
    const operation = target.startsWith(TARGET_PREFIX) ? OPERATIONS[target.slice(TARGET_PREFIX.length)] : undefined;
    if (request.method.toUpperCase() !== 'POST' || !operation) {
      const served = Object.keys(OPERATIONS).join(', ');
      throw sqsErrors.unknownOperation(
        `${request.method} ${target || '(no X-Amz-Target)'}: the SQS endpoint serves POST with X-Amz-Target: AmazonSQS.<operation>, one of ${served}.`,
      );
    }
    let queues = queuesOf.get(mock);
    if (!queues) queuesOf.set(mock, (queues = new DeliveryQueues(mockInternals(mock).storage)));
    const call: SqsCall = { input: inputOf(request), queues, mock, origin: `http://${header(request, 'host') ?? 'localhost'}` };
    const output = operation(call);
    return output instanceof Promise ? output.then(answer, failure) : answer(output);
  } catch (error) {
    return failure(error);
  }
}

function answer(output: object): MockResponse {
  return { status: 200, headers: headersOf(), body: output };
}

function failure(error: unknown): MockResponse {
  const refused = error instanceof QueueRefusal ? sqsErrors.refused(error) : error;
  if (!(refused instanceof SqsError)) throw error;
  return {
    status: refused.status,
    headers: { ...headersOf(), 'x-amzn-query-error': `${refused.queryCode};Sender` },
    body: { __type: refused.type, message: refused.message },
  };
}

const headersOf = () => ({ 'content-type': 'application/x-amz-json-1.0', 'x-amzn-requestid': uuid() });

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The request's JSON object (the SDK's content type is no text type, so the transports hand it over as bytes). */
function inputOf(request: MockRequest): Input {
  let value: unknown;
  try {
    const text = request.body ?? (request.bytes ? utf8.decode(request.bytes) : '{}');
    value = JSON.parse(text.trim() === '' ? '{}' : text);
  } catch (error) {
    throw sqsErrors.serialization(`The request body is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw sqsErrors.serialization('The request body is not a JSON object.');
  return value as Input;
}

/** The queue `QueueUrl` names: one a subscription delivers to, at any host (the platform's URL or the mock's). */
function queueOf({ input, queues }: SqsCall): Queue {
  const url = requiredString(input, 'QueueUrl');
  const name = queueNameOf(url);
  const queue = name && queues.find(name);
  if (!queue) throw sqsErrors.queueDoesNotExist();
  return queue;
}

function requiredString(input: Input, name: string): string {
  const value = optionalString(input, name);
  if (value === undefined || value === '') throw sqsErrors.missingParameter(name);
  return value;
}

function optionalString(input: Input, name: string): string | undefined {
  const value = input[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string')
    throw sqsErrors.invalidParameterValue(`Value ${JSON.stringify(value)} for parameter ${name} is invalid. Reason: Must be a string.`);
  return value;
}

function integer(input: Input, name: string, min: number, max: number): number | undefined {
  const value = input[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw sqsErrors.invalidParameterValue(
      `Value ${JSON.stringify(value)} for parameter ${name} is invalid. Reason: Must be between ${min} and ${max}, if provided.`,
    );
  }
  return value;
}

function visibilityTimeout(input: Input): number {
  const seconds = integer(input, 'VisibilityTimeout', 0, MAX_VISIBILITY_SECONDS);
  if (seconds === undefined) throw sqsErrors.missingParameter('VisibilityTimeout');
  return seconds;
}

function stringList(input: Input, name: string): string[] {
  const value = input[name];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
    throw sqsErrors.invalidParameterValue(`Value for parameter ${name} is invalid. Reason: Must be a list of strings.`);
  }
  return value;
}

/** A batch operation: each entry done on its own, its refusal reported in `Failed` (the request's own faults refuse it whole). */
function batch(input: Input, each: (entry: Input) => void): object {
  const entries = input.Entries;
  if (!Array.isArray(entries) || entries.length === 0) {
    throw new SqsError(
      'com.amazonaws.sqs#EmptyBatchRequest',
      'AWS.SimpleQueueService.EmptyBatchRequest',
      400,
      'There should be at least one entry in the request.',
    );
  }
  if (entries.length > MAX_BATCH_ENTRIES) {
    throw new SqsError(
      'com.amazonaws.sqs#TooManyEntriesInBatchRequest',
      'AWS.SimpleQueueService.TooManyEntriesInBatchRequest',
      400,
      `Maximum number of entries per request are ${MAX_BATCH_ENTRIES}. You have sent ${entries.length}.`,
    );
  }
  const ids = entries.map((entry: Input) => requiredString(entry ?? {}, 'Id'));
  const invalid = ids.find((id) => !/^[\w-]{1,80}$/.test(id));
  if (invalid !== undefined) {
    throw new SqsError(
      'com.amazonaws.sqs#InvalidBatchEntryId',
      'AWS.SimpleQueueService.InvalidBatchEntryId',
      400,
      `A batch entry id can only contain alphanumeric characters, hyphens and underscores: '${invalid}'.`,
    );
  }
  if (new Set(ids).size !== ids.length) {
    throw new SqsError(
      'com.amazonaws.sqs#BatchEntryIdsNotDistinct',
      'AWS.SimpleQueueService.BatchEntryIdsNotDistinct',
      400,
      'Two or more batch entries in the request have the same Id.',
    );
  }
  const Successful: Array<{ Id: string }> = [];
  const Failed: Array<{ Id: string; SenderFault: boolean; Code: string; Message: string }> = [];
  entries.forEach((entry: Input, index) => {
    const Id = ids[index]!;
    try {
      each(entry);
      Successful.push({ Id });
    } catch (error) {
      const refused = error instanceof QueueRefusal ? sqsErrors.refused(error) : error;
      if (!(refused instanceof SqsError)) throw error;
      Failed.push({ Id, SenderFault: true, Code: refused.type.split('#')[1]!, Message: refused.message });
    }
  });
  return { Successful, Failed };
}

/** A received delivery as an SQS message: its payload as the body, the system attributes asked for. */
function message({ delivery, receiveCount, firstReceivedAt, receiptHandle }: Received, wanted: ReadonlySet<string>) {
  const body = JSON.stringify(delivery.payload);
  const attributes: Record<string, string> = {
    ApproximateReceiveCount: String(receiveCount),
    ApproximateFirstReceiveTimestamp: String(firstReceivedAt),
    SentTimestamp: String(sentAt(delivery)),
  };
  const chosen = Object.entries(attributes).filter(([name]) => wanted.has('All') || wanted.has(name));
  return {
    MessageId: delivery.id,
    ReceiptHandle: receiptHandle,
    MD5OfBody: process.getBuiltinModule('node:crypto').createHash('md5').update(body).digest('hex'),
    Body: body,
    ...(chosen.length > 0 ? { Attributes: Object.fromEntries(chosen) } : {}),
  };
}

/** When the platform sent the notification: the time of the change it reports (a CloudEvent's `time`, a message's `createdAt`). */
function sentAt(delivery: Delivery): number {
  const { payload } = delivery;
  const at = payload.time ?? payload.modifiedAt ?? payload.createdAt;
  return typeof at === 'string' ? Date.parse(at) : 0;
}

/**
 * Receives at once when the queue has visible deliveries; otherwise waits up to `waitMs` for one (a new
 * delivery to the queue, or one in flight whose visibility ends), without holding up other requests.
 */
async function receiveWaiting(
  { queues, mock }: SqsCall,
  queue: Queue,
  max: number,
  visibilityMs: number,
  waitMs: number,
): Promise<Received[]> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const now = Date.now();
    const received = queues.receive(queue, max, visibilityMs, now);
    if (received.length > 0 || now >= deadline) return received;
    const reappears = queues.census(queue, now).nextVisibleAt;
    await nextChance(mock, queue, Math.min(deadline, reappears ?? deadline));
  }
}

/** Settles at `until`, or sooner when a delivery to the queue arrives. */
function nextChance(mock: CommerceMock, queue: Queue, until: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      stop();
      resolve();
    };
    // A waiting consumer must not keep a process alive that is shutting down.
    const timer = setTimeout(done, Math.max(0, until - Date.now())).unref();
    const stop = mock.events.onDelivery((delivery) => {
      const name = delivery.destination.type === 'SQS' ? queueNameOf(delivery.destination.queueUrl) : undefined;
      if (name?.account === queue.account && name.name === queue.name) done();
    });
  });
}
