/**
 * A network guard for tests: every TCP or TLS connection the process opens passes through
 * `net.Socket.prototype.connect` (net.connect, tls.connect, node:http's agents, undici), so wrapping
 * it sees each one. A connection to a host of the real platform is recorded and failed before any
 * lookup; the tests then assert that none was attempted.
 */
import net from 'node:net';
import { isPlatformHost } from '../../src/adapters/transports/platform-hosts.js';

export interface NetworkGuard {
  /** Hosts of the real platform a connection was attempted to, in order. */
  readonly platformConnections: string[];
  uninstall(): void;
}

function hostOf(args: unknown[]): string | undefined {
  const [first] = args;
  // net.Socket#connect(options, cb), or the normalized [options, cb] array Node passes internally.
  const options = (Array.isArray(first) ? first[0] : first) as { host?: unknown } | undefined;
  return typeof options === 'object' && options !== null && typeof options.host === 'string' ? options.host : undefined;
}

export function installNetworkGuard(): NetworkGuard {
  const original = net.Socket.prototype.connect;
  const platformConnections: string[] = [];
  net.Socket.prototype.connect = function guardedConnect(this: net.Socket, ...args: unknown[]) {
    const host = hostOf(args);
    if (host !== undefined && isPlatformHost(host)) {
      platformConnections.push(host);
      process.nextTick(() => this.destroy(new Error(`network guard: a connection to ${host} was attempted`)));
      return this;
    }
    return (original as (...rest: unknown[]) => net.Socket).apply(this, args);
  } as typeof original;
  return {
    platformConnections,
    uninstall: () => {
      net.Socket.prototype.connect = original;
    },
  };
}
