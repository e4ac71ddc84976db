import { casualUuid } from '../util/ids.js';
import { header, type MockRequest } from './exchange.js';

export const CORRELATION_HEADER = 'x-correlation-id';

/** The first path segment of an absolute URL or a path: the project key of an API request. */
const FIRST_SEGMENT = /^(?:[a-z][a-z0-9+.-]*:\/\/[^/?#]*)?\/+([^/?#]+)/i;

/**
 * The `X-Correlation-ID` of the response to `request`: the request's own, echoed, or a new one
 * shaped like the platform's (`projects-<projectKey>-<uuid>` on the API, a UUID on the token routes).
 */
export function correlationId(request: MockRequest): string {
  const given = header(request, CORRELATION_HEADER);
  if (given) return given;
  const first = FIRST_SEGMENT.exec(request.url)?.[1];
  // Not repeated by a run again of the request (so not `uuid()`, see util/ids.ts).
  return first === undefined || first === 'oauth' ? casualUuid() : `projects-${first}-${casualUuid()}`;
}
