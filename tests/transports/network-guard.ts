/**
 * A network guard for tests: a connection to a host name needs its address first, and every client
 * (net.connect, tls.connect, node:http's agents, undici) asks `dns.lookup` for it when it connects,
 * so wrapping it sees each real connection attempt. One to a host of the real platform is recorded
 * and failed before any lookup; the tests then assert that none was attempted.
 *
 * It guards the lookup rather than `net.Socket.prototype.connect`: msw 3 intercepts there, and its
 * mocked connections pass the original `connect` with the requested host while never dialling it.
 */
import dns from 'node:dns';
import { isPlatformHost } from '../../src/adapters/transports/platform-hosts.js';

export interface NetworkGuard {
  /** Hosts of the real platform a connection was attempted to, in order. */
  readonly platformConnections: string[];
  uninstall(): void;
}

type Lookup = (hostname: string, ...rest: unknown[]) => unknown;

export function installNetworkGuard(): NetworkGuard {
  const original = dns.lookup as unknown as Lookup;
  const platformConnections: string[] = [];
  const guarded: Lookup = (hostname, ...rest) => {
    if (typeof hostname === 'string' && isPlatformHost(hostname)) {
      platformConnections.push(hostname);
      const callback = rest.at(-1);
      const error = Object.assign(new Error(`network guard: a connection to ${hostname} was attempted`), { code: 'ENOTFOUND', hostname });
      if (typeof callback === 'function') process.nextTick(() => callback(error));
      return undefined;
    }
    return original(hostname, ...rest);
  };
  (dns as { lookup: unknown }).lookup = guarded;
  return {
    platformConnections,
    uninstall: () => {
      (dns as { lookup: unknown }).lookup = original;
    },
  };
}
