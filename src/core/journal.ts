/**
 * The request journal: what the mock served, newest last, for a test to read back or attach to its
 * report when it fails. Bounded (at most `size` entries, and `maxCharacters` of request bodies and
 * URLs) so a long-running server keeps constant memory; response bodies are kept by reference and serialized only when someone reads them, so
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
  /** The exact path, or a pattern tested against the path (in the caller's process: a server takes `pathGlob`). */
  path?: string | RegExp;
  /**
   * A glob the whole path must match: `*` any run of characters, `?` one. What a server's admin API
   * takes instead of a regular expression, which a request could make run for minutes.
   */
  pathGlob?: string;
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
  /**
   * The characters of request bodies and URLs kept in all, at most: the oldest entries go first
   * when a new one would pass it. Default 8,000,000 (about 16 MB). Response bodies are the served
   * documents, kept by reference and written out only when read.
   */
  maxCharacters?: number;
}

/** A URL longer than this is kept cut (a query can be long; a journal need not keep all of it). */
const URL_LIMIT = 8192;

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
  /** The characters of its request body and URL, counted against `maxCharacters`. */
  characters: number;
  /** Split from `url` on first read. */
  path?: string;
  query?: string;
}

export class RequestJournal {
  readonly size: number;
  readonly bodyLimit: number;
  readonly maxCharacters: number;
  /** The kept entries, oldest first, from `head` on (a queue: dropping the oldest moves `head`). */
  private entries: Recorded[] = [];
  private head = 0;
  private characters = 0;
  private sequence = 0;

  constructor(
    options: JournalOptions,
    /** Resolves a request's Authorization header to its caller (tokens are only added until `clear()`, which empties the journal too). */
    private readonly callerOf: (authorization: string | undefined) => JournalCaller,
  ) {
    this.size = options.size ?? 1000;
    this.bodyLimit = options.bodyLimit ?? 4096;
    this.maxCharacters = options.maxCharacters ?? 8_000_000;
  }

  /** The sequence number of the newest entry (0 before any). */
  get last(): number {
    return this.sequence;
  }

  record(served: ServedRequest): void {
    if (this.size === 0) return;
    const recorded = served as Recorded;
    recorded.sequence = ++this.sequence;
    // Cut now, and copy: a cut is a slice, and a slice keeps the whole string it was cut from.
    if (served.requestBody !== undefined && served.requestBody.length > this.bodyLimit)
      recorded.requestBody = cut(served.requestBody, this.bodyLimit);
    if (served.url.length > URL_LIMIT) recorded.url = cut(served.url, URL_LIMIT);
    recorded.characters = recorded.url.length + (recorded.requestBody?.length ?? 0);
    this.entries.push(recorded);
    this.characters += recorded.characters;
    while (this.entries.length - this.head > this.size || (this.characters > this.maxCharacters && this.entries.length - this.head > 1)) {
      this.characters -= this.entries[this.head]!.characters;
      this.entries[this.head++] = undefined as never;
    }
    if (this.head >= this.size) {
      this.entries = this.entries.slice(this.head);
      this.head = 0;
    }
  }

  /** The kept entries matching the filter, oldest first. */
  list(filter: JournalFilter = {}): JournalEntry[] {
    const ordered = this.head === 0 ? this.entries : this.entries.slice(this.head);
    const found = ordered.filter((entry) => matches(withPath(entry), filter));
    return (filter.limit === undefined ? found : found.slice(Math.max(0, found.length - filter.limit))).map((entry) => this.present(entry));
  }

  clear(): void {
    this.entries = [];
    this.head = 0;
    this.characters = 0;
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
  if (filter.pathGlob !== undefined && !globMatches(entry.path, filter.pathGlob)) return false;
  return true;
}

/**
 * Whether `text` matches the glob whole. Greedy, going back only to the last `*`: at most
 * text × pattern steps, so no pattern can stall the server the way a regular expression can.
 */
export function globMatches(text: string, glob: string): boolean {
  let t = 0;
  let g = 0;
  let starAt = -1;
  let resumeAt = 0;
  while (t < text.length) {
    if (g < glob.length && (glob[g] === '?' || (glob[g] !== '*' && glob[g] === text[t]))) {
      t++;
      g++;
    } else if (g < glob.length && glob[g] === '*') {
      starAt = g++;
      resumeAt = t;
    } else if (starAt >= 0) {
      g = starAt + 1;
      t = ++resumeAt;
    } else return false;
  }
  while (g < glob.length && glob[g] === '*') g++;
  return g === glob.length;
}

/** The first `limit` characters, as a string of their own (a round trip through bytes: no slice of `text` survives). */
function cut(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const kept = Buffer.from(text.slice(0, limit), 'utf8').toString('utf8');
  return `${kept}… (${text.length - limit} more characters)`;
}
