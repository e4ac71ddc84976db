import { errors } from './errors.js';
import type { MockRequest } from './exchange.js';

/** Chosen by the mock (the platform documents no single figure): larger bodies get a 413. */
export const MAX_BODY_BYTES = 16 * 1024 * 1024;
/** Deeper JSON than any platform document needs; checked before parsing so that nothing recurses on it. */
export const MAX_JSON_DEPTH = 64;

/**
 * Scans raw JSON text for its bracket depth, skipping strings, without building anything. Text with
 * no more opening brackets than the limit cannot nest deeper: counted first by the engine's own
 * search, which spares most bodies (a GraphQL document's is its whole text) the scan character by character.
 */
function jsonDepthExceeds(text: string, limit: number): boolean {
  if (openingBrackets(text, limit + 1) <= limit) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > limit) return true;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return false;
}

/** The `{` and `[` of the text, counted up to `atMost`. */
function openingBrackets(text: string, atMost: number): number {
  let count = 0;
  for (const bracket of ['{', '[']) {
    for (let i = text.indexOf(bracket); i !== -1 && count < atMost; i = text.indexOf(bracket, i + 1)) count++;
  }
  return count;
}

// `application/graphql` is what the official SDK sends its (JSON) GraphQL requests as.
const TEXT_TYPE = /^\s*(?:text\/|application\/(?:[\w.+-]*\+)?json\b|application\/graphql\b|application\/x-www-form-urlencoded\b)/i;
const utf8 = new TextDecoder('utf-8', { fatal: true });

const lossy = new TextDecoder();

/** Text from bytes; bytes that are not UTF-8 are read with replacement characters and mark the request. */
function decoded(bytes: Uint8Array): Pick<MockRequest, 'body' | 'invalidText'> {
  try {
    return { body: utf8.decode(bytes) };
  } catch {
    return { body: lossy.decode(bytes), invalidText: true };
  }
}

/**
 * The body fields of a MockRequest from the bytes a transport read: text for JSON, forms and text
 * (every API and token request), bytes for any other content type (an image upload), both when no
 * content type says which.
 */
export function requestBody(bytes: Uint8Array, contentType: string | undefined): Pick<MockRequest, 'body' | 'bytes' | 'invalidText'> {
  if (contentType !== undefined && TEXT_TYPE.test(contentType)) return decoded(bytes);
  if (contentType !== undefined && contentType.trim() !== '') return { bytes };
  // Without a content type the bytes may be anything (an image): they are text only if they are UTF-8.
  const text = decoded(bytes);
  return text.invalidText ? { bytes } : { ...text, bytes };
}

export function byteLength(body: string): number {
  return Buffer.byteLength(body, 'utf8');
}

/** Parses a JSON request body, mapping every failure to the platform's InvalidJsonInput. */
export function parseJsonBody(body: string | undefined): unknown {
  if (body === undefined || body.trim() === '') throw errors.invalidJsonInput('The request body is empty.');
  if (jsonDepthExceeds(body, MAX_JSON_DEPTH)) {
    throw errors.invalidJsonInput(`The JSON document is nested deeper than ${MAX_JSON_DEPTH} levels.`);
  }
  try {
    return JSON.parse(body);
  } catch (error) {
    throw errors.invalidJsonInput(error instanceof Error ? error.message : String(error));
  }
}

/** Form bodies (token server, search POST) as URLSearchParams; the SDK may wrap them in JSON quotes. */
export function parseFormBody(body: string | undefined): URLSearchParams {
  if (!body) return new URLSearchParams();
  let text = body.trim();
  if (text.startsWith('"') && text.endsWith('"')) {
    try {
      const unwrapped: unknown = JSON.parse(text);
      if (typeof unwrapped === 'string') text = unwrapped;
    } catch {
      // not JSON-quoted after all: read as it is
    }
  }
  return new URLSearchParams(text);
}
