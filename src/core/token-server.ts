import { uuid } from '../util/ids.js';
import { errors } from '../http/errors.js';
import { parseFormBody } from '../http/body.js';
import { type PathPattern, Router } from '../http/router.js';
import type { Method, Reply } from '../http/context.js';
import type { TokenRecord, TokenStore } from '../auth/tokens.js';

export interface TokenRequest {
  method: string;
  /** Path segments after `/oauth`. */
  segments: string[];
  query: URLSearchParams;
  body: string | undefined;
  authorization: string | undefined;
}

/** How the token server finds a customer for the password grant (the customers module answers). */
export type CustomerAuthenticator = (project: string, email: string, password: string, storeKey?: string) => { id: string } | undefined;

/** `Basic base64(id:secret)` with both parts non-empty; the credentials themselves are never checked. */
function basicClientId(authorization: string | undefined): string {
  const match = /^Basic\s+(.+)$/i.exec(authorization?.trim() ?? '');
  if (!match) throw errors.invalidClient();
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0 || colon === decoded.length - 1) throw errors.invalidClient();
  return decoded.slice(0, colon);
}

/** The project a client token is for, read from scopes like `manage_project:shop`. */
function projectFromScope(scope: string | undefined): string | undefined {
  for (const part of scope?.split(/\s+/) ?? []) {
    const colon = part.indexOf(':');
    if (colon > 0 && !part.startsWith('customer_id:') && !part.startsWith('anonymous_id:')) return part.slice(colon + 1);
  }
  return undefined;
}

function tokenResponse(record: TokenRecord): Reply {
  return {
    status: 200,
    body: {
      access_token: record.accessToken,
      token_type: record.tokenType,
      expires_in: record.expiresIn,
      scope: record.scope,
      ...(record.refreshToken ? { refresh_token: record.refreshToken } : {}),
    },
  };
}

/** How the token server behaves beyond issuing: the options that concern it, and who hears of an issued token. */
export interface TokenServerOptions {
  /** With the `enforceTokenExpiry` option: an expired token is no longer active. */
  enforceExpiry?: boolean;
  /** What a client token asked for without a scope gets: the spec's `todo`, or (the `defaultClientScope` option) another scope. */
  defaultClientScope?: string;
  /** A token was issued for `clientId`, for the project it names (none for a client token whose scope names none). */
  clientUsed?: (projectKey: string | undefined, clientId: string) => void;
}

/** The OAuth token server at `authUrl`: client credentials, password, anonymous, refresh, introspection. */
export class TokenServer {
  private readonly enforceExpiry: boolean;
  private readonly defaultClientScope: string;

  constructor(
    private readonly tokens: TokenStore,
    private readonly authenticateCustomer: CustomerAuthenticator,
    private readonly options: TokenServerOptions = {},
  ) {
    this.enforceExpiry = options.enforceExpiry ?? false;
    this.defaultClientScope = options.defaultClientScope ?? 'todo';
  }

  /** Issues a token and tells who listens that its client was used. */
  private issue(grant: Parameters<TokenStore['issue']>[0], withRefreshToken: boolean): TokenRecord {
    const record = this.tokens.issue(grant, withRefreshToken);
    this.options.clientUsed?.(record.projectKey, record.clientId);
    return record;
  }

  handle(request: TokenRequest): Reply {
    const method = request.method.toUpperCase() as Method;
    const found = TOKEN_ROUTES.resolve(method, ['oauth', ...request.segments]);
    const path = `/oauth/${request.segments.join('/')}`;
    // Every token route is a POST: any other method is refused before the client is asked for.
    if (found === 'method-not-allowed' || (found === undefined && method !== 'POST')) throw errors.methodNotAllowed(request.method, path);
    const clientId = basicClientId(request.authorization);
    if (found === undefined) throw errors.routeNotFound(request.method, path);
    const params = parseFormBody(request.body);
    for (const [name, value] of request.query) if (!params.has(name)) params.set(name, value);
    const grant: Grant = {
      clientId,
      type: params.get('grant_type') ?? '',
      scope: params.get('scope')?.trim() || undefined,
      params,
      projectKey: found.params.projectKey,
      storeKey: found.params.storeKey,
    };
    return found.route.handle(this, grant);
  }

  /** A client-credentials token; with no scope asked for, the default scope (`todo` unless the options say otherwise). */
  issueClientToken(clientId: string, scope: string = this.defaultClientScope): TokenRecord {
    const projectKey = projectFromScope(scope);
    return this.issue({ kind: 'client', clientId, scope, ...(projectKey ? { projectKey } : {}) }, false);
  }

  /** A customer token, as the password grant issues it once the credentials matched. */
  issueCustomerToken(clientId: string, projectKey: string, customerId: string, scope?: string, storeKey?: string): TokenRecord {
    return this.issue(
      {
        kind: 'customer',
        clientId,
        projectKey,
        customerId,
        scope: `${scope ?? `manage_project:${projectKey}`} customer_id:${customerId}`,
        ...(storeKey ? { storeKey } : {}),
      },
      true,
    );
  }

  /** An anonymous-session token; a given `anonymousId` continues that session. */
  issueAnonymousToken(clientId: string, projectKey: string, anonymousId: string = uuid(), scope?: string): TokenRecord {
    return this.issue(
      {
        kind: 'anonymous',
        clientId,
        projectKey,
        anonymousId,
        scope: `${scope ?? `manage_project:${projectKey}`} anonymous_id:${anonymousId}`,
      },
      true,
    );
  }

  tokenEndpoint({ clientId, type, scope, params }: Grant): Reply {
    if (type === 'refresh_token') {
      const refreshToken = params.get('refresh_token');
      if (!refreshToken) throw errors.invalidRequest("Missing required parameter 'refresh_token'.");
      const record = this.tokens.refresh(refreshToken, clientId);
      if (!record) throw errors.invalidGrant('The refresh token was not found. It may have expired.');
      return tokenResponse(record);
    }
    requireGrantType(type, 'client_credentials');
    return tokenResponse(this.issueClientToken(clientId, scope));
  }

  passwordGrant({ clientId, type, scope, params, projectKey, storeKey }: Grant): Reply {
    requireGrantType(type, 'password');
    const username = params.get('username');
    const password = params.get('password');
    if (!username) throw errors.invalidRequest("Missing required parameter 'username'.");
    if (!password) throw errors.invalidRequest("Missing required parameter 'password'.");
    const customer = this.authenticateCustomer(projectKey!, username, password, storeKey);
    if (!customer) throw errors.invalidCustomerAccountCredentials();
    return tokenResponse(this.issueCustomerToken(clientId, projectKey!, customer.id, scope, storeKey));
  }

  anonymousGrant({ clientId, type, scope, params, projectKey }: Grant): Reply {
    requireGrantType(type, 'client_credentials');
    return tokenResponse(this.issueAnonymousToken(clientId, projectKey!, params.get('anonymous_id') || undefined, scope));
  }

  introspect({ params }: Grant): Reply {
    const token = params.get('token');
    if (!token) throw errors.invalidRequest("Missing required parameter 'token'.");
    const record = this.tokens.get(token);
    if (!record || (this.enforceExpiry && this.tokens.isExpired(record))) return { status: 200, body: { active: false } };
    const exp = Math.floor(Date.parse(record.issuedAt) / 1000) + record.expiresIn;
    return { status: 200, body: { active: true, scope: record.scope, exp, client_id: record.clientId } };
  }
}

/** What a token route reads of its request: the client, the grant's parameters and the path's keys. */
interface Grant {
  clientId: string;
  /** `grant_type`, from the form body or the query. */
  type: string;
  scope: string | undefined;
  params: URLSearchParams;
  projectKey?: string | undefined;
  storeKey?: string | undefined;
}

function requireGrantType(given: string, wanted: string): void {
  if (given === wanted) return;
  if (!given) throw errors.invalidRequest("Missing required parameter 'grant_type'.");
  throw errors.unsupportedGrantType(given);
}

interface TokenRoute extends PathPattern {
  handle(server: TokenServer, grant: Grant): Reply;
}

const tokenRoute = (path: string, handle: TokenRoute['handle']): TokenRoute => ({ method: 'POST', pattern: path.split('/'), handle });

/** The token server's routes, under `/oauth` (the router groups by a first segment: `oauth` is it). */
const TOKEN_ROUTES = new Router<TokenRoute>();
TOKEN_ROUTES.add('oauth', [
  tokenRoute('token', (server, grant) => server.tokenEndpoint(grant)),
  tokenRoute('introspect', (server, grant) => server.introspect(grant)),
  tokenRoute(':projectKey/customers/token', (server, grant) => server.passwordGrant(grant)),
  tokenRoute(':projectKey/anonymous/token', (server, grant) => server.anonymousGrant(grant)),
  tokenRoute(':projectKey/in-store/key=:storeKey/customers/token', (server, grant) => server.passwordGrant(grant)),
]);
