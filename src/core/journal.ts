/**
 * The request journal: what the mock served, newest last, for a test to read back or attach to its
 * report when it fails. Bounded (a ring of `size` entries) so a long-running server keeps constant
 * memory; response bodies are kept by reference and serialized only when someone reads them, so
 * recording costs a request almost nothing.
 */

/** Who sent a request, read from its token (or, on the token routes, its client credentials). */
export interface JournalCaller {
  kind: 'client' | 'customer' | 'anonymous' | 'none';
  /** The client id, customer id or anonymous id. */
  id?: string;
}

export interface JournalEntry {
  /** Increases by one per recorded request, across `clear()`: read "everything after n" with `since`. */
  sequence: number;
  /** When the request arrived (ISO 8601). */
  time: string;
  method: string;
  /** The path, without the query. */
  path: string;
  /** The query string without `?`; '' when there is none. */
  query: string;
  status: number;
  durationMs: number;
  caller: JournalCaller;
  /** The request body as sent, cut to `bodyLimit` characters. */
  requestBody?: string;
  /** The response body as JSON text, cut to `bodyLimit` characters. */
  responseBody?: string;
}

export interface JournalFilter {
  method?: string;
  /** The exact path, or a pattern tested against the path. */
  path?: string | RegExp;
  status?: number;
  /** Only entries with a greater `sequence`. */
  since?: number;
  /** Only the newest this many of the matching entries. */
  limit?: number;
}

export interface JournalOptions {
  /** How many requests are kept; 0 records nothing. Default 1000. */
  size?: number;
  /** Bodies are cut to this many characters. Default 4096. */
  bodyLimit?: number;
}

/** What `record` is given: the request as it came, resolved into a JournalEntry only when read. */
export interface ServedRequest {
  time: string;
  method: string;
  /** Absolute URL, or path with query. */
  url: string;
  /** The Authorization header, to name the caller. */
  authorization: string | undefined;
  status: number;
  durationMs: number;
  requestBody: string | undefined;
  response: unknown;
}

interface Recorded extends ServedRequest {
  sequence: number;
  /** Split from `url` on first read. */
  path?: string;
  query?: string;
}

export class RequestJournal {
  readonly size: number;
  readonly bodyLimit: number;
  private ring: Recorded[] = [];
  private next = 0;
  private sequence = 0;

  constructor(
    options: JournalOptions,
    /** Resolves a request's Authorization header to its caller (tokens are only added until `clear()`, which empties the journal too). */
    private readonly callerOf: (authorization: string | undefined) => JournalCaller,
  ) {
    this.size = options.size ?? 1000;
    this.bodyLimit = options.bodyLimit ?? 4096;
  }

  /** The sequence number of the newest entry (0 before any). */
  get last(): number {
    return this.sequence;
  }

  record(served: ServedRequest): void {
    if (this.size === 0) return;
    const recorded = served as Recorded;
    recorded.sequence = ++this.sequence;
    // Cut now, not on reading: the journal must not hold on to a 10 MB body.
    if (served.requestBody !== undefined && served.requestBody.length > this.bodyLimit)
      recorded.requestBody = cut(served.requestBody, this.bodyLimit);
    if (this.ring.length < this.size) this.ring.push(recorded);
    else {
      this.ring[this.next] = recorded;
      this.next = (this.next + 1) % this.size;
    }
  }

  /** The kept entries matching the filter, oldest first. */
  list(filter: JournalFilter = {}): JournalEntry[] {
    const ordered = this.next === 0 ? this.ring : [...this.ring.slice(this.next), ...this.ring.slice(0, this.next)];
    const found = ordered.filter((entry) => matches(withPath(entry), filter));
    return (filter.limit === undefined ? found : found.slice(Math.max(0, found.length - filter.limit))).map((entry) => this.present(entry));
  }

  clear(): void {
    this.ring = [];
    this.next = 0;
  }

  private present(entry: Recorded): JournalEntry {
    return {
      sequence: entry.sequence,
      time: entry.time,
      method: entry.method,
      path: entry.path!,
      query: entry.query!,
      status: entry.status,
      durationMs: entry.durationMs,
      caller: this.callerOf(entry.authorization),
      ...(entry.requestBody !== undefined ? { requestBody: entry.requestBody } : {}),
      ...(entry.response !== undefined ? { responseBody: cut(JSON.stringify(entry.response), this.bodyLimit) } : {}),
    };
  }
}

function withPath(entry: Recorded): Recorded & { path: string } {
  if (entry.path === undefined) {
    const start = entry.url.startsWith('/') ? 0 : entry.url.indexOf('/', entry.url.indexOf('//') + 2);
    const end = entry.url.indexOf('?', Math.max(start, 0));
    entry.path = start < 0 ? '/' : entry.url.slice(start, end < 0 ? undefined : end);
    entry.query = start < 0 || end < 0 ? '' : entry.url.slice(end + 1);
  }
  return entry as Recorded & { path: string };
}

function matches(entry: Recorded & { path: string }, filter: JournalFilter): boolean {
  if (filter.method !== undefined && entry.method !== filter.method.toUpperCase()) return false;
  if (filter.status !== undefined && entry.status !== filter.status) return false;
  if (filter.since !== undefined && entry.sequence <= filter.since) return false;
  if (filter.path !== undefined) {
    if (typeof filter.path === 'string' ? entry.path !== filter.path : entry.path.search(filter.path) < 0) return false;
  }
  return true;
}

function cut(text: string, limit: number): string {
  return text.length <= limit ? text : `${text.slice(0, limit)}… (${text.length - limit} more characters)`;
}
