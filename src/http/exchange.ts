/** The transport-neutral request every adapter builds: plain data, no Node or undici types. */
export interface MockRequest {
  method: string;
  /** Absolute URL, or a path with query string (`/shop/customers?limit=5`). */
  url: string;
  headers?: Record<string, string | string[] | undefined>;
  /** The body as text: JSON, forms, text, or a body without a content type. */
  body?: string;
  /**
   * The body as bytes, when its content type is not text (an uploaded image) or not given at all
   * (then `body` holds it as text as well). The transports fill it (see `requestBody`).
   */
  bytes?: Uint8Array;
  /** Set by `requestBody` when a text body's bytes are not valid UTF-8: a JSON body is then refused, not read with replacement characters. */
  invalidText?: true;
}

export interface MockResponse {
  status: number;
  headers: Record<string, string>;
  /** A JSON value, or undefined for HEAD. Adapters serialize it. */
  body?: unknown;
  /** A binary body instead of JSON (an image the mock serves); `headers` carries its content type. */
  bytes?: Uint8Array;
  /** How long the transport waits before answering (a fault rule's `delayMs`, the `latencyMs` option). */
  delayMs?: number;
  /** Answer nothing: the transport fails the connection (a fault rule's `dropConnection`); `status` is 0. */
  dropConnection?: true;
}

/** What an in-process transport throws for a dropped connection: fetch wraps it, as it wraps a reset socket. */
export function connectionDropped(url: string): Error {
  return Object.assign(new Error(`commerce-mock: the connection to ${url} was dropped by a fault rule (dropConnection).`), {
    code: 'ECONNRESET',
  });
}

/** Waits out the response's `delayMs`, if any: every transport calls it before answering. */
export function lateness(response: MockResponse): Promise<void> | undefined {
  const ms = response.delayMs;
  return ms ? new Promise((resolve) => setTimeout(resolve, ms)) : undefined;
}

export function header(request: MockRequest, name: string): string | undefined {
  const headers = request.headers;
  if (!headers) return undefined;
  const value = headers[name] ?? headers[name.toLowerCase()] ?? findCaseInsensitive(headers, name);
  return Array.isArray(value) ? value[0] : value;
}

function findCaseInsensitive(headers: Record<string, string | string[] | undefined>, name: string) {
  const lower = name.toLowerCase();
  // Most lookups are for a header the request does not have: names of another length are passed over without lower-casing them.
  for (const key in headers) if (key.length === lower.length && key.toLowerCase() === lower) return headers[key];
  return undefined;
}
