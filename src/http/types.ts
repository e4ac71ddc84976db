/** The transport-neutral request every adapter builds: plain data, no Node or undici types. */
export interface MockRequest {
  method: string;
  /** Absolute URL, or a path with query string (`/shop/customers?limit=5`). */
  url: string;
  headers?: Record<string, string | string[] | undefined>;
  /** The raw body text, if any. */
  body?: string;
}

export interface MockResponse {
  status: number;
  headers: Record<string, string>;
  /** A JSON value, or undefined for HEAD. Adapters serialize it. */
  body?: unknown;
}

export function header(request: MockRequest, name: string): string | undefined {
  const headers = request.headers;
  if (!headers) return undefined;
  const value = headers[name] ?? headers[name.toLowerCase()] ?? findCaseInsensitive(headers, name);
  return Array.isArray(value) ? value[0] : value;
}

function findCaseInsensitive(headers: Record<string, string | string[] | undefined>, name: string) {
  const lower = name.toLowerCase();
  for (const key in headers) if (key.toLowerCase() === lower) return headers[key];
  return undefined;
}
