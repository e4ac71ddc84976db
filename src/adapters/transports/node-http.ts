import type { ClientRequest } from 'node:http';
import { syncBuiltinESMExports } from 'node:module';
import type { CommerceMock } from '../../api/mock.js';
import { connectionDropped } from '../../http/exchange.js';
import { mockRequestOf, serveAsFetch } from './fetch.js';
import { routeOf } from './platform-hosts.js';

export interface NodeHttpOptions {
  /**
   * Requests to other hosts: let them through (default) or refuse them. Hosts of the real platform
   * (`*.commercetools.com`, ...) other than the mock's are refused either way.
   */
  allowNetConnect?: boolean;
}

export interface NodeHttpInterception {
  /** Stops serving this mock's requests; later calls do nothing. */
  restore(): Promise<void>;
}

/** The part of `@mswjs/interceptors` this transport uses: its interceptor of `http.ClientRequest`. */
interface RequestEvent {
  request: Request;
  controller: { respondWith(response: Response): unknown; errorWith(reason: Error): unknown };
}
interface ClientRequestInterceptorLike {
  apply(): void;
  dispose(): void;
  on(event: 'request', listener: (event: RequestEvent) => Promise<void>): unknown;
}

/** The mocks serving node:http now, the newest last: it answers, as the newest global dispatcher answers fetch. */
const serving: Array<{ mock: CommerceMock; allowNetConnect: boolean }> = [];
/** The one interceptor of the process, applied while any mock is serving. */
let interceptor: Promise<ClientRequestInterceptorLike> | undefined;

async function applyInterceptor(): Promise<ClientRequestInterceptorLike> {
  const { ClientRequestInterceptor } = await import('@mswjs/interceptors/ClientRequest');
  const created = new ClientRequestInterceptor() as unknown as ClientRequestInterceptorLike;
  created.apply();
  created.on('request', onRequest);
  // The interceptor patches the modules' objects: this makes `import { request } from 'node:http'` see it too.
  syncBuiltinESMExports();
  return created;
}

/** A host that can never resolve: if the probe is answered, node:http goes through the interceptor. */
const PROBE_ORIGIN = 'http://commerce-mock-probe.invalid';

async function onRequest({ request, controller }: RequestEvent): Promise<void> {
  const url = new URL(request.url);
  if (url.origin === PROBE_ORIGIN) {
    controller.respondWith(new Response(null, { status: 204, headers: { 'x-commerce-mock-probe': 'ok' } }));
    return;
  }
  const current = serving.at(-1);
  if (!current) return;
  const route = routeOf(current.mock, url, current.allowNetConnect);
  if (route instanceof Error) {
    controller.errorWith(route);
    return;
  }
  if (route === 'pass') return;
  const client = (await import('@mswjs/interceptors')).getRawRequest(request) as ClientRequest | undefined;
  connected(client?.socket);
  // A client that asked to be told to go on (`Expect: 100-continue`) sends its body only after a 100.
  if (request.headers.get('expect')?.toLowerCase() === '100-continue') client?.emit('continue');
  const response = await serveAsFetch(current.mock, await mockRequestOf(request));
  // A socket reset: the ClientRequest fails with ECONNRESET, as when a server drops the connection.
  if (response === undefined) controller.errorWith(connectionDropped(request.url));
  else await controller.respondWith(response);
}

/**
 * The interceptor's socket connects only when it answers, but a socket to a server that is thinking
 * is connected: a request's `setTimeout` (armed on connect) must run while the mock's answer is late.
 */
function connected(socket: ClientRequest['socket'] | undefined): void {
  if (!socket?.connecting) return;
  (socket as { connecting: boolean }).connecting = false;
  socket.emit('connect');
}

/** Proves that node:http goes through the interceptor; fails fast with the reason otherwise. */
function probe(): Promise<boolean> {
  return new Promise((resolve) => {
    process
      .getBuiltinModule('node:http')
      .get(`${PROBE_ORIGIN}/probe`, (response) => {
        response.resume();
        resolve(response.statusCode === 204 && response.headers['x-commerce-mock-probe'] === 'ok');
      })
      .on('error', () => resolve(false));
  });
}

/**
 * Serves `node:http` and `node:https` requests (`http.request`, `http.get`, `new ClientRequest`, and
 * so axios, got, node-fetch 2, superagent, ...) to the mock's origins (`apiUrl`, `authUrl`, and the other APIs') in process,
 * through `@mswjs/interceptors`: no socket is opened for them, and none for a host of the real
 * platform the mock does not serve, which is refused.
 */
export async function interceptNodeHttp(mock: CommerceMock, options: NodeHttpOptions = {}): Promise<NodeHttpInterception> {
  const entry = { mock, allowNetConnect: options.allowNetConnect !== false };
  serving.push(entry);
  await (interceptor ??= applyInterceptor());
  let restored: Promise<void> | undefined;
  const restore = () =>
    (restored ??= (async () => {
      serving.splice(serving.indexOf(entry), 1);
      if (serving.length > 0 || !interceptor) return;
      const applied = interceptor;
      interceptor = undefined;
      (await applied).dispose();
      syncBuiltinESMExports();
    })());
  if (!(await probe())) {
    await restore();
    throw new Error(
      'commerce-mock: node:http requests are not intercepted (the probe to a .invalid host was not answered): ' +
        'another copy of @mswjs/interceptors of another version, or a library that replaced http.request, may be in the way.',
    );
  }
  return { restore };
}
