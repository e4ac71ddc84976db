/**
 * Calling API extensions: an HTTP destination over `node:http` (never through a MockAgent or a
 * patched `fetch`, so the mock's own interception cannot catch the call), or a function registered
 * in process. The answer becomes what the engine applies, or the platform's error refusing the
 * request: ExtensionBadResponse, ExtensionNoResponse, or the extension's own errors.
 */
import { type ErrorObject, PlatformError } from '../http/errors.js';
import {
  type Extension,
  type ExtensionCall,
  type ExtensionInput,
  type ExtensionVerdict,
  extensionIdentity,
} from '../engine/extension-gate.js';
import { DEFAULT_TIMEOUT_MS } from '../engine/extension-gate.js';

/** What an extension answers: the HTTP status and the body (JSON text, or a value sent as JSON). */
export interface ExtensionResponse {
  statusCode: number;
  body?: unknown;
}

/**
 * An extension served in process, registered by the extension's key (`mock.extensions.register`): it
 * receives what an HTTP destination would receive and answers as one would.
 */
export type ExtensionHandler = (input: ExtensionInput, extension: Extension) => ExtensionResponse | Promise<ExtensionResponse>;

/** The headers the platform sends: JSON, and the destination's authentication. */
function headersFor(extension: Extension): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const { destination } = extension;
  if (destination.type === 'HTTP' && destination.authentication) {
    const authentication = destination.authentication;
    if (authentication.type === 'AuthorizationHeader') headers.authorization = authentication.headerValue;
    else headers['x-functions-key'] = authentication.key;
  }
  return headers;
}

function post(url: string, body: string, headers: Record<string, string>, signal: AbortSignal): Promise<ExtensionResponse> {
  return new Promise((resolve, reject) => {
    // Looked up per call: most processes never call an HTTP extension, and loading node:https (TLS) costs their start.
    const { request: send } = process.getBuiltinModule(url.startsWith('https:') ? 'node:https' : 'node:http');
    const request = send(url, { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, signal });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ statusCode: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

class NoResponse extends Error {}

/** The extension's response within its time limit; `NoResponse` when there is none. */
async function responseOf(call: ExtensionCall, handlers: ReadonlyMap<string, ExtensionHandler>): Promise<ExtensionResponse> {
  const { extension, input } = call;
  const signal = AbortSignal.timeout(extension.timeoutInMs ?? DEFAULT_TIMEOUT_MS);
  const handler = extension.key !== undefined ? handlers.get(extension.key) : undefined;
  const { destination } = extension;
  const pending = handler
    ? Promise.resolve().then(() => handler(jsonCopy(input), extension))
    : destination.type === 'AWSLambda'
      ? Promise.reject(
          new NoResponse(`No in-process handler is registered for the AWS Lambda extension '${extension.key ?? extension.id}'.`),
        )
      : post(destination.url, JSON.stringify(input), headersFor(extension), signal);
  const timeout = new Promise<never>((_, reject) => {
    signal.addEventListener('abort', () => reject(new NoResponse('Extension did not respond in time.')), { once: true });
  });
  try {
    return await Promise.race([pending, timeout]);
  } catch (error) {
    if (error instanceof NoResponse) throw error;
    // The aborted request fails too, and may say so first.
    if (signal.aborted) throw new NoResponse('Extension did not respond in time.');
    throw new NoResponse(`Extension could not be reached: ${error instanceof Error ? error.message : String(error)}`);
  }
}

const jsonCopy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

function noResponse(extension: Extension, message: string): PlatformError {
  return new PlatformError(504, [{ code: 'ExtensionNoResponse', message, ...extensionIdentity(extension) }]);
}

function badResponse(extension: Extension, response: ExtensionResponse, text: string, problem: string): PlatformError {
  const identity = extensionIdentity(extension);
  return new PlatformError(502, [
    {
      code: 'ExtensionBadResponse',
      message: `The extension did not return the expected JSON: ${problem}`,
      extensionErrors: [{ code: 'InvalidInput', message: problem, ...identity }],
      extensionBody: text,
      extensionStatusCode: response.statusCode,
      ...identity,
    },
  ]);
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isErrorObject = (value: unknown): value is ErrorObject =>
  isObject(value) && typeof value.code === 'string' && typeof value.message === 'string';

/** The platform's reading of an answer: 200/201 with update actions (or none), 400 with errors, anything else is bad. */
function verdictOf(extension: Extension, response: ExtensionResponse): ExtensionVerdict {
  const text = typeof response.body === 'string' ? response.body : response.body === undefined ? '' : JSON.stringify(response.body);
  let body: unknown;
  try {
    body = text.trim() === '' ? undefined : JSON.parse(text);
  } catch {
    return { refusal: badResponse(extension, response, text, 'the body is not JSON.') };
  }
  if (response.statusCode === 200 || response.statusCode === 201) {
    if (body === undefined) return { actions: [] };
    const actions = isObject(body) ? (body.actions ?? []) : undefined;
    if (!Array.isArray(actions) || !actions.every((one) => isObject(one) && typeof one.action === 'string')) {
      return { refusal: badResponse(extension, response, text, "'actions' must be a list of update actions.") };
    }
    return { actions: actions as Array<{ action: string }> };
  }
  if (response.statusCode === 400) {
    const refused = isObject(body) ? body.errors : undefined;
    if (!Array.isArray(refused) || refused.length === 0 || !refused.every(isErrorObject)) {
      return {
        refusal: badResponse(extension, response, text, "a 400 answer needs 'errors': a list of objects with 'code' and 'message'."),
      };
    }
    return { refusal: new PlatformError(400, refused) };
  }
  return { refusal: badResponse(extension, response, text, `the status ${response.statusCode} is neither 200, 201 nor 400.`) };
}

/** Calls one extension and reads its answer as the platform does. */
export async function callExtension(call: ExtensionCall, handlers: ReadonlyMap<string, ExtensionHandler>): Promise<ExtensionVerdict> {
  try {
    return verdictOf(call.extension, await responseOf(call, handlers));
  } catch (error) {
    if (error instanceof NoResponse) return { refusal: noResponse(call.extension, error.message) };
    // An in-process handler that throws is an extension that fails to answer.
    return { refusal: noResponse(call.extension, `The extension failed: ${error instanceof Error ? error.message : String(error)}`) };
  }
}
