import { errors } from './errors.js';
import { parseJsonBody } from './body.js';
import type { ResourceContext } from '../resources/define.js';
import type { TokenRecord } from '../auth/tokens.js';
import type { CallScope } from '../scopes/scope.js';

export type Method = 'GET' | 'POST' | 'DELETE' | 'HEAD';

/** One API request as route handlers see it. */
export interface ApiCall {
  method: Method;
  project: string;
  /** Named path parameters (`:id`, `key=:key`), URL-decoded. */
  params: Record<string, string>;
  query: URLSearchParams;
  rawBody: string | undefined;
  /** The body parsed as JSON (InvalidJsonInput otherwise); parsed once, on first use. */
  json(): unknown;
  ctx: ResourceContext;
  /** The service-issued token the request carried, if any. */
  token: TokenRecord | undefined;
  /** Set under `/me`, `/in-store/key=`, `/as-associate/`: the store, caller or associate to scope to (src/scopes). */
  scope?: CallScope;
}

export interface Reply {
  status: number;
  body?: unknown;
}

export const ok = (body: unknown): Reply => ({ status: 200, body });
export const created = (body: unknown): Reply => ({ status: 201, body });

export interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  /** Path segments after the prefix: literals, `:name`, or `key=:name`. */
  pattern: string[];
  handle(call: ApiCall): Reply;
}

export function route(method: Route['method'], path: string, handle: Route['handle']): Route {
  return { method, pattern: path === '' ? [] : path.split('/'), handle };
}

/** Matches segments against a pattern, collecting parameters; `undefined` when it does not match. */
function match(pattern: string[], segments: string[]): Record<string, string> | undefined {
  if (pattern.length !== segments.length) return undefined;
  let params: Record<string, string> | undefined;
  for (let i = 0; i < pattern.length; i++) {
    const part = pattern[i]!;
    const segment = segments[i]!;
    const colon = part.indexOf(':');
    if (colon === -1) {
      if (part !== segment) return undefined;
      continue;
    }
    const prefix = part.slice(0, colon);
    if (!segment.startsWith(prefix) || segment.length === prefix.length) return undefined;
    // `:id` must not swallow `key=...`: a bare parameter never holds a literal-prefixed form.
    if (prefix === '' && segment.includes('=')) return undefined;
    (params ??= {})[part.slice(colon + 1)] = decodeSegment(segment.slice(prefix.length));
  }
  return params ?? {};
}

/** Decodes a percent-encoded path segment; a malformed encoding is the caller's 400, never a 500. */
export function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw errors.invalidInput(`Malformed path segment '${segment}'.`);
  }
}

/** Routes grouped by their first segment, so dispatch is a map lookup plus a short scan. */
export class Router {
  private readonly groups = new Map<string, Route[]>();

  add(prefix: string, routes: Route[]): void {
    const list = this.groups.get(prefix) ?? [];
    list.push(...routes);
    this.groups.set(prefix, list);
  }

  /**
   * Finds the route for `segments` (first segment selects the group). HEAD runs the GET route and
   * drops the body. A known path with another method is 405; nothing known is 404.
   */
  resolve(method: Method, segments: string[]): { route: Route; params: Record<string, string> } | 'method-not-allowed' | undefined {
    const routes = this.groups.get(segments[0] ?? '');
    if (!routes) return undefined;
    const rest = segments.slice(1);
    const wanted = method === 'HEAD' ? 'GET' : method;
    let pathKnown = false;
    for (const candidate of routes) {
      const params = match(candidate.pattern, rest);
      if (!params) continue;
      if (candidate.method === wanted) return { route: candidate, params };
      pathKnown = true;
    }
    return pathKnown ? 'method-not-allowed' : undefined;
  }
}

export function lazyJson(rawBody: string | undefined): () => unknown {
  let parsed: { value: unknown } | undefined;
  return () => (parsed ??= { value: parseJsonBody(rawBody) }).value;
}
