import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CommerceMock } from '../../api/mock.js';
import { errors, type PlatformError } from '../../http/errors.js';
import { MAX_BODY_BYTES, requestBody } from '../../http/body.js';
import { lateness, type MockRequest, type MockResponse } from '../../http/exchange.js';
import { CORS_HEADERS } from '../../http/cors.js';
import { CORRELATION_HEADER, correlationId } from '../../http/correlation.js';
import { type AdminOptions, adminUrl, serveAdmin } from '../admin.js';
import { serveSqs } from '../sqs.js';

export interface ServerOptions {
  /** 0 picks a free port. Default 8989. */
  port?: number;
  /** Default 127.0.0.1; use 0.0.0.0 to serve other machines (as the container does). */
  host?: string;
  /**
   * The secret the admin routes (`/__mock/...`, but `health`) require as `Authorization: Bearer`.
   * Without one they are served only when the server listens on loopback.
   */
  adminToken?: string;
  /** Browser origins allowed to call the admin routes (none by default: they are for test code and tools). */
  adminAllowOrigins?: readonly string[];
  /** How long a client may take to send its request line and headers before it gets a 408. Default 60 s (Node's). */
  headersTimeoutMs?: number;
}

export interface RunningServer {
  readonly url: string;
  readonly port: number;
  readonly server: Server;
  close(): Promise<void>;
}

const MAX_HEADER_BYTES = 1024 * 1024;

const ADMIN_PREFLIGHT = JSON.stringify(
  errors.insufficientScope('The admin routes do not serve web pages: no cross-origin request to them is allowed.').toJSON(),
);

function send(response: ServerResponse, result: MockResponse, method: string, cors = true): void {
  // A JSON body goes as text: Node writes it in one piece with the head (bytes would be a second write).
  const body = method === 'HEAD' ? undefined : (result.bytes ?? (result.body === undefined ? undefined : JSON.stringify(result.body)));
  // Object.assign rather than spreads: a spread of objects of varying shapes costs about 1 µs on Node 20.
  const headers: Record<string, string | number> = Object.assign({}, cors ? CORS_HEADERS : undefined, result.headers);
  if (body !== undefined) headers['content-length'] = typeof body === 'string' ? Buffer.byteLength(body) : body.length;
  response.writeHead(result.status, headers);
  response.end(body);
}

/** A refusal of the transport itself, in the platform's envelope, with the request's correlation id as every answer has. */
function refusal(error: PlatformError, request: IncomingMessage): MockResponse {
  const headers = {
    'content-type': 'application/json; charset=utf-8',
    [CORRELATION_HEADER]: correlationId({ method: request.method ?? 'GET', url: request.url ?? '/', headers: request.headers }),
  };
  return { status: error.statusCode, headers, body: error.toJSON() };
}

function fail(response: ServerResponse, error: unknown, method: string): void {
  const failure = errors.general(error instanceof Error ? error.message : String(error));
  send(response, { status: 500, headers: { 'content-type': 'application/json; charset=utf-8' }, body: failure.toJSON() }, method);
}

/** A request with neither a length nor a chunked encoding has no body (RFC 9112, 6.3): nothing to wait for. */
const hasBody = (request: IncomingMessage) =>
  request.headers['transfer-encoding'] !== undefined ||
  (request.headers['content-length'] !== undefined && request.headers['content-length'] !== '0');

/** Reads the body up to the limit; `'too-large'` when it is larger (the rest is drained, not kept). */
function readBody(request: IncomingMessage): Promise<Buffer | undefined | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) tooLarge = true;
      if (!tooLarge) chunks.push(chunk);
    });
    request.on('end', () =>
      resolve(tooLarge ? 'too-large' : size === 0 ? undefined : chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)),
    );
    request.on('error', reject);
  });
}

/** Sends the mock's answer, once its delay (if any) is over; a dropped connection gets none. */
function reply(request: IncomingMessage, response: ServerResponse, answer: MockResponse): Promise<void> | undefined {
  if (answer.dropConnection) return void request.socket.destroy();
  const delay = lateness(answer);
  if (delay === undefined) return void send(response, answer, request.method ?? 'GET');
  return delay.then(() => send(response, answer, request.method ?? 'GET'));
}

export const isLoopback = (host: string) => host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);

/** The URL of a server bound to `host`: an any-address binding is reached on the loopback address. */
export function originOf(host: string, port: number): string {
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `http://${urlHost}:${port}`;
}

/** Serves the mock on a real port: the API and the token routes (`/oauth/...`) on one origin. */
export async function startServer(mock: CommerceMock, options: ServerOptions = {}): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  const adminOptions: AdminOptions = {
    loopbackOnly: isLoopback(host),
    ...(options.adminToken !== undefined ? { adminToken: options.adminToken } : {}),
    ...(options.adminAllowOrigins ? { allowedOrigins: options.adminAllowOrigins } : {}),
  };
  /** Serves one request whose body is read; a promise only when something is awaited (an extension, a delay). */
  const serve = (request: IncomingMessage, response: ServerResponse, body: Buffer | undefined | 'too-large') => {
    const method = request.method ?? 'GET';
    const mockRequest: MockRequest = { method, url: request.url ?? '/', headers: request.headers };
    if (body === 'too-large') return send(response, refusal(errors.contentTooLarge(MAX_BODY_BYTES), request), method);
    if (body !== undefined) Object.assign(mockRequest, requestBody(body, request.headers['content-type']));
    // Admin and SQS answers carry no CORS headers: a page may not read them (the API's stay open to pages).
    const sqs = serveSqs(mock, mockRequest);
    if (sqs)
      return sqs instanceof Promise ? sqs.then((settled) => send(response, settled, method, false)) : send(response, sqs, method, false);
    const admin = serveAdmin(mock, mockRequest, adminOptions);
    if (admin) return send(response, admin, method, false);
    const answer = mock.respond(mockRequest);
    return answer instanceof Promise ? answer.then((settled) => reply(request, response, settled)) : reply(request, response, answer);
  };
  // Long `where` predicates travel in the query string: allow far more than Node's 16 KB default.
  const headersTimeout = options.headersTimeoutMs ?? 60_000;
  const serverOptions = {
    maxHeaderSize: MAX_HEADER_BYTES,
    headersTimeout,
    requestTimeout: Math.max(300_000, headersTimeout),
    // How often Node looks for clients past their time: often enough for a short headersTimeout.
    connectionsCheckingInterval: Math.min(30_000, Math.max(50, headersTimeout / 4)),
  };
  // Loaded here, not imported: importing the package (for the in-process mock) should not load node:http.
  const server = process.getBuiltinModule('node:http').createServer(serverOptions, (request, response) => {
    try {
      // `GET * HTTP/1.1` (OPTIONS' server-wide form) and other targets that are no path are the client's mistake.
      if (!(request.url ?? '/').startsWith('/') && !/^https?:\/\//i.test(request.url ?? '')) {
        return send(
          response,
          refusal(errors.invalidInput(`The request target '${request.url}' is not a path.`), request),
          request.method ?? 'GET',
        );
      }
      if (request.method === 'OPTIONS') {
        // No preflight passes for the admin routes: a page may not send them what needs one.
        if (adminUrl(request.url ?? '/'))
          response.writeHead(403, { 'content-type': 'application/json; charset=utf-8' }).end(ADMIN_PREFLIGHT);
        else response.writeHead(204, CORS_HEADERS).end();
        return;
      }
      // A body announced as too large is refused from its length, without waiting for it.
      if (Number(request.headers['content-length'] ?? 0) > MAX_BODY_BYTES) {
        response.setHeader('connection', 'close');
        return send(response, refusal(errors.contentTooLarge(MAX_BODY_BYTES), request), request.method ?? 'GET');
      }
      // Most requests (every GET) carry no body: they are served at once, with no promise in between.
      const served = hasBody(request)
        ? readBody(request).then((body) => serve(request, response, body))
        : serve(request, response, undefined);
      served?.catch((error: unknown) => fail(response, error, request.method ?? 'GET'));
    } catch (error) {
      fail(response, error, request.method ?? 'GET');
    }
  });
  // Requests Node itself rejects (headers too large, malformed) still get a JSON body: the SDK parses every body.
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return socket.destroy();
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const tooSlow = error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
    const failure = tooLarge
      ? errors.invalidInput(`The request line and headers exceed ${MAX_HEADER_BYTES} bytes.`)
      : tooSlow
        ? errors.invalidInput(`The request line and headers did not arrive within ${headersTimeout} ms.`)
        : errors.invalidInput(`Malformed HTTP request: ${error.message}`);
    const body = JSON.stringify({ ...failure.toJSON(), ...(tooSlow ? { statusCode: 408 } : {}) });
    const status = tooLarge ? '431 Request Header Fields Too Large' : tooSlow ? '408 Request Timeout' : '400 Bad Request';
    socket.end(
      `HTTP/1.1 ${status}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8989, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: originOf(host, port),
    port,
    server,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
