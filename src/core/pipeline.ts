/**
 * Everything around one request, in the order it meets it: the fault rules (a faulted request is
 * not served at all), the dispatcher (dispatcher.ts), run again for as long as the request waits for
 * API extensions, then the latency, the correlation id and the journal entry. Every transport
 * serves through `respond()`.
 */
import { errors, type PlatformError } from '../http/errors.js';
import { header, type MockRequest, type MockResponse } from '../http/exchange.js';
import { CORRELATION_HEADER, correlationId } from '../http/correlation.js';
import type { TokenStore } from '../auth/tokens.js';
import { Repeatable, repeatably } from '../util/repeatable.js';
import { type ExtensionCall, ExtensionsPending, type ExtensionVerdict } from '../engine/extension-gate.js';
import type { ResourceEngine } from '../engine/resource-engine.js';
import type { Dispatcher } from './dispatcher.js';
import { callExtension, type ExtensionHandler } from './extension-calls.js';
import { type FaultAnswer, Faults } from './faults.js';
import { type JournalCaller, type JournalOptions, RequestJournal } from './journal.js';
import { errorResponse } from './responses.js';

/** Extension calls one request may make (each write can trigger several): far more than any real request. */
const MAX_EXTENSION_CALLS = 50;

/** The options the pipeline reads: the journal's size, and the `latencyMs` of every response. */
export interface PipelineOptions {
  journal: JournalOptions;
  latencyMs: number | readonly [min: number, max: number];
}

export class RequestPipeline {
  /** Fault injection: matching requests fail before anything is served (see docs/state-and-faults.md). */
  readonly faults = new Faults();
  readonly journal: RequestJournal;
  /** In-process API extensions by key (`mock.extensions.register`). */
  private readonly extensionHandlers = new Map<string, ExtensionHandler>();

  constructor(
    private readonly dispatcher: Dispatcher,
    private readonly engine: ResourceEngine,
    tokens: TokenStore,
    private readonly options: PipelineOptions,
  ) {
    this.journal = new RequestJournal(options.journal, (authorization) => journalCaller(tokens, authorization));
  }

  /**
   * Serves one request and records it in the journal. Every response carries an `X-Correlation-ID`
   * (the request's, or a new one). Never throws (nor rejects). The answer is synchronous, unless the
   * request triggers an API extension: then it is a promise, settled once the extension answered and
   * the request was served with its answer.
   */
  respond(request: MockRequest): MockResponse | Promise<MockResponse> {
    return this.recorded(request, true);
  }

  /**
   * `respond()` for a caller that needs the answer at once. A request that triggers an API extension
   * cannot be answered synchronously: it is refused (500 General, naming `respond()`) and changes nothing.
   */
  handle(request: MockRequest): MockResponse {
    return this.recorded(request, false) as MockResponse;
  }

  /** Answers requests that trigger the extension with this key by `handler`; returns what unregisters it. */
  registerExtension(key: string, handler: ExtensionHandler): () => void {
    this.extensionHandlers.set(key, handler);
    return () => {
      if (this.extensionHandlers.get(key) === handler) this.extensionHandlers.delete(key);
    };
  }

  /** Forgets the fault rules, the in-process extensions and the journal. */
  clear(): void {
    this.faults.clear();
    this.extensionHandlers.clear();
    this.journal.clear();
  }

  /** Serves a request and records it in the journal once it is answered. */
  private recorded(request: MockRequest, mayAwait: boolean): MockResponse | Promise<MockResponse> {
    if (this.journal.size === 0) return this.serve(request, mayAwait);
    const time = this.engine.clock.now();
    const started = performance.now();
    const response = this.serve(request, mayAwait);
    if (response instanceof Promise) return response.then((settled) => this.record(request, settled, time, started));
    return this.record(request, response, time, started);
  }

  private record(request: MockRequest, response: MockResponse, time: string, started: number): MockResponse {
    this.journal.record({
      time,
      method: request.method.toUpperCase(),
      url: request.url,
      authorization: header(request, 'authorization'),
      status: response.status,
      durationMs: Math.round((performance.now() - started) * 1000) / 1000,
      // A binary body (an uploaded image) is recorded by its size, not as text.
      requestBody: request.body ?? (request.bytes ? `(${request.bytes.length} bytes)` : undefined),
      response: response.body,
    });
    return response;
  }

  private serve(request: MockRequest, mayAwait: boolean): MockResponse | Promise<MockResponse> {
    const fault = this.faults.isEmpty ? undefined : this.faultFor(request);
    // A faulted request is not served at all, so it changes nothing. A dropped one gets no answer (status 0, as browsers report it).
    if (fault?.dropConnection) return { status: 0, headers: {}, dropConnection: true };
    if (fault?.error) return this.finish(request, this.faultResponse(fault.error, fault.headers, request.method), fault);
    const response = this.answer(request, mayAwait);
    return response instanceof Promise
      ? response.then((settled) => this.finish(request, settled, fault))
      : this.finish(request, response, fault);
  }

  private finish(request: MockRequest, response: MockResponse, fault: FaultAnswer | undefined): MockResponse {
    const delayMs = (fault?.delayMs ?? 0) + this.latency();
    if (delayMs > 0) response.delayMs = delayMs;
    response.headers[CORRELATION_HEADER] = correlationId(request);
    return response;
  }

  private faultFor(request: MockRequest): FaultAnswer | undefined {
    const path = new URL(request.url, 'http://localhost').pathname;
    return this.faults.match(request.method.toUpperCase(), path, request.body);
  }

  private faultResponse(error: PlatformError, headers: Record<string, string>, method: string): MockResponse {
    const response = errorResponse(error, method.toUpperCase());
    Object.assign(response.headers, headers);
    return response;
  }

  /** The `latencyMs` option's delay for one response. */
  private latency(): number {
    const { latencyMs } = this.options;
    if (typeof latencyMs === 'number') return latencyMs;
    const [min, max] = latencyMs;
    return min + Math.random() * (max - min);
  }

  /**
   * One run of a request. A write that triggers API extensions stops it (`ExtensionsPending`: rolled
   * back, nothing stored); the extensions are called, and the request runs again with their answers
   * (the same ids and time: `Repeatable`), until it is served or refused.
   */
  private answer(
    request: MockRequest,
    mayAwait: boolean,
    run = new Repeatable(),
    answers = new Map<string, ExtensionVerdict>(),
  ): MockResponse | Promise<MockResponse> {
    const method = request.method.toUpperCase();
    const decisions = this.engine.decisions.size;
    try {
      // What fell due since the last request (a recurring order's next order) is done first, as the platform would have done it by now.
      this.engine.runDue();
      return repeatably(run, () => this.engine.extensions.serving(answers, () => this.dispatcher.answer(request, method)));
    } catch (error) {
      if (!(error instanceof ExtensionsPending)) return errorResponse(error, method);
      // The run is void, as its writes are: the next run decides again, and records its own decisions.
      this.engine.decisions.forgetSince(decisions);
      if (!mayAwait) {
        return errorResponse(
          errors.general(`${error.message} Extensions are called asynchronously: serve the request with mock.respond().`),
          method,
        );
      }
      if (answers.size + error.calls.length > MAX_EXTENSION_CALLS) {
        return errorResponse(errors.general(`The request triggered more than ${MAX_EXTENSION_CALLS} API extension calls.`), method);
      }
      // A refusal is answered by the next run, where the write meets it: a REST error, or the error of a GraphQL field.
      return this.callExtensions(error.calls, answers).then(() => this.answer(request, mayAwait, run, answers));
    }
  }

  /** Calls the extensions of one write, together, and files their answers. */
  private async callExtensions(calls: ExtensionCall[], answers: Map<string, ExtensionVerdict>): Promise<void> {
    const verdicts = await Promise.all(calls.map((call) => callExtension(call, this.extensionHandlers)));
    for (const [index, call] of calls.entries()) answers.set(call.answerKey, verdicts[index]!);
  }
}

/** Who sent a request, for the journal: its bearer token's holder, or on the token routes the Basic client id. */
function journalCaller(tokens: TokenStore, authorization = ''): JournalCaller {
  const bearer = /^Bearer\s+(\S+)/i.exec(authorization)?.[1];
  if (bearer) {
    const token = tokens.get(bearer);
    if (!token) return { kind: 'none' };
    if (token.customerId) return { kind: 'customer', id: token.customerId };
    if (token.anonymousId) return { kind: 'anonymous', id: token.anonymousId };
    return { kind: 'client', id: token.clientId };
  }
  const basic = /^Basic\s+(\S+)/i.exec(authorization)?.[1];
  const clientId = basic && Buffer.from(basic, 'base64').toString('utf8').split(':')[0];
  return clientId ? { kind: 'client', id: clientId } : { kind: 'none' };
}
