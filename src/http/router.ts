import type { ApiCall, Method, RawRequest, Reply, ResourceContext } from './context.js';
import { parseJsonBody } from './body.js';
import { errors } from './errors.js';

/** Where a route answers: a method and path segments after the prefix (literals, `:name`, or `key=:name`). */
export interface PathPattern {
  method: Exclude<Method, 'HEAD'>;
  pattern: string[];
}

export interface Route extends PathPattern {
  handle(call: ApiCall): Reply;
  /** Under `/me`: the route signs the caller in or up, so a token that names no caller yet is enough. */
  establishesCaller?: boolean;
}

export function route(
  method: Route['method'],
  path: string,
  handle: Route['handle'],
  options: { establishesCaller?: boolean } = {},
): Route {
  return { method, pattern: path === '' ? [] : path.split('/'), handle, ...options };
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
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    throw errors.invalidInput(`Malformed path segment '${segment}'.`);
  }
}

/** Routes grouped by their first segment, so dispatch is a map lookup plus a short scan. */
export class Router<R extends PathPattern = Route> {
  private readonly groups = new Map<string, R[]>();

  /**
   * @param prepare Called with a group (a path's first segment) before its routes are looked for:
   * it may add them then (the routes of a resource type loaded on first use). It runs at each look,
   * so it should cost a lookup once they are added.
   */
  constructor(private readonly prepare?: (group: string) => void) {}

  /**
   * Adds routes under `prefix`. A nested prefix (`orders/edits`) joins its first segment's group
   * ahead of the group's own routes: its literal segment is where those take a parameter
   * (`orders/:id`), and the literal must win. So do routes added `first` (a type's `mounted` ones),
   * whichever type's routes were added before them.
   */
  add(prefix: string, routes: R[], first = false): void {
    const [group = '', ...nested] = prefix.split('/');
    const list = this.groups.get(group) ?? [];
    if (nested.length === 0 && !first) list.push(...routes);
    else list.unshift(...routes.map((route) => ({ ...route, pattern: [...nested, ...route.pattern] })));
    this.groups.set(group, list);
  }

  /**
   * Finds the route for `segments` (first segment selects the group). HEAD runs the GET route and
   * drops the body. A known path with another method is 405; nothing known is 404.
   */
  resolve(method: Method, segments: string[]): { route: R; params: Record<string, string> } | 'method-not-allowed' | undefined {
    const found = this.resolveIn(this.group(segments[0] ?? ''), segments.slice(1), method);
    if (found !== undefined || segments.length === 0) return found;
    // Routes added under '' whose pattern starts with a parameter take any first segment (the History API's `:resourceType`).
    return this.resolveIn(this.group(''), segments, method);
  }

  private group(name: string): R[] | undefined {
    this.prepare?.(name);
    return this.groups.get(name);
  }

  private resolveIn(
    routes: R[] | undefined,
    rest: string[],
    method: Method,
  ): { route: R; params: Record<string, string> } | 'method-not-allowed' | undefined {
    if (!routes) return undefined;
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

/** `?version=` of a DELETE: required, an integer (one that is not the current version is a 409, as on update). */
export function versionParam(query: URLSearchParams): number {
  const raw = query.get('version');
  if (raw === null) throw errors.invalidInput("Missing required query parameter 'version'.");
  if (!/^-?\d+$/.test(raw) || !Number.isSafeInteger(Number(raw)))
    throw errors.invalidInput(`Malformed parameter: version: '${raw}' is not an integer.`);
  return Number(raw);
}

/** Expands a document's references along `paths` within one project (the engine's `expand`). */
export type Expander = <T extends object>(project: string, document: T, paths: string[]) => T;

/** A body that is a value already (a GraphQL field's input), not JSON text to parse. */
export interface ParsedBody {
  readonly value: unknown;
}

/** A request's body: its text as sent, or a value already parsed. */
export type CallBody = string | ParsedBody | undefined;

/** One routed request: its parameters, its lazily parsed body and its context. */
export class Call implements ApiCall {
  private parsed: ParsedBody | undefined;
  readonly rawBody: string | undefined;

  constructor(
    readonly method: Method,
    readonly params: Record<string, string>,
    readonly query: URLSearchParams,
    body: CallBody,
    readonly ctx: ResourceContext,
    private readonly expander: Expander,
    readonly raw: RawRequest = { apiOrigin: '' },
  ) {
    if (typeof body === 'object') this.parsed = body;
    else this.rawBody = body;
  }

  json(): unknown {
    return (this.parsed ??= { value: parseJsonBody(this.rawBody) }).value;
  }

  version(): number {
    return versionParam(this.query);
  }

  expand<T extends object>(document: T): T {
    const paths = this.query.getAll('expand');
    return paths.length === 0 ? document : this.expander(this.ctx.project, document, paths);
  }

  withBody(body: unknown, params: Record<string, string> = this.params): ApiCall {
    return new Call(this.method, params, this.query, JSON.stringify(body), this.ctx, this.expander, { apiOrigin: this.raw.apiOrigin });
  }
}
