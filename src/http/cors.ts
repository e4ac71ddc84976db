/** Lets browser pages on any origin call the mock (the server and page routing both answer with these). */
export const CORS_HEADERS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, PUT, DELETE, HEAD, OPTIONS',
  'access-control-allow-headers': 'authorization, content-type, x-correlation-id',
  'access-control-expose-headers': 'x-correlation-id',
};
