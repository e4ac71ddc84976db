/** The request target a mock serves: the path's non-empty segments (still percent-encoded) and the query. */
export interface RequestTarget {
  segments: string[];
  query: URLSearchParams;
}

/** An absolute http(s) URL's origin, to be cut off. */
const HTTP_ORIGIN = /^https?:\/\/[^/?#]*/i;
/**
 * A path the URL parser leaves exactly as written: characters it neither encodes nor rewrites, and
 * no `.` after a slash (a dot segment, also written `%2e`, is resolved by the parser).
 */
const PLAIN_PATH = /^\/[A-Za-z0-9\-_~!$&'()*+,;=:@%/.]*$/;
const DOT_SEGMENT = /\/(\.|%2e)/i;
/** Whether the URL parser would strip something from `url`: tabs and newlines anywhere, control characters and spaces at either end. */
const hasStripped = (url: string) =>
  url.charCodeAt(0) <= 0x20 || url.charCodeAt(url.length - 1) <= 0x20 || url.includes('\t') || url.includes('\n') || url.includes('\r');

/**
 * The segments and query of a request's URL (absolute, or a path with a query), as `new URL` gives
 * them. Most requests are plain (`/shop/carts/<id>?expand=...`) and are split as text, which costs a
 * tenth of the URL parser; anything the parser would rewrite is left to it.
 */
export function requestTarget(url: string): RequestTarget {
  let rest = url;
  if (rest[0] !== '/') {
    const origin = HTTP_ORIGIN.exec(rest);
    if (!origin) return parsed(url);
    rest = rest.slice(origin[0].length);
  }
  const hash = rest.indexOf('#');
  if (hash !== -1) rest = rest.slice(0, hash);
  const question = rest.indexOf('?');
  const path = question === -1 ? rest : rest.slice(0, question);
  if (!PLAIN_PATH.test(path) || DOT_SEGMENT.test(path) || hasStripped(url)) return parsed(url);
  return {
    segments: path.split('/').filter((segment) => segment !== ''),
    query: new URLSearchParams(question === -1 ? '' : rest.slice(question + 1)),
  };
}

function parsed(url: string): RequestTarget {
  const parsedUrl = new URL(url.startsWith('/') ? `http://localhost${url}` : url);
  return { segments: parsedUrl.pathname.split('/').filter((segment) => segment !== ''), query: parsedUrl.searchParams };
}
