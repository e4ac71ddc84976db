import { randomBytes } from 'node:crypto';
import { isoNow } from '../util/time.js';
import { copyWithout, withFields } from '../util/json.js';

export type TokenKind = 'client' | 'customer' | 'anonymous';

export interface TokenRecord {
  kind: TokenKind;
  accessToken: string;
  refreshToken?: string;
  tokenType: 'Bearer';
  clientId: string;
  scope: string;
  /** The project the token was issued for, when the endpoint or the scope names one. */
  projectKey?: string;
  customerId?: string;
  anonymousId?: string;
  /** For in-store customer tokens. */
  storeKey?: string;
  issuedAt: string;
  expiresIn: number;
}

export interface TokenFilter {
  kind?: TokenKind;
  customerId?: string;
  anonymousId?: string;
  clientId?: string;
  projectKey?: string;
}

/** A token a test has issued directly, without the credentials round trip (`tokens.issue`); a customer's must exist. */
export type TokenGrant = (
  | { kind: 'client'; clientId?: string; scope?: string }
  | { kind: 'customer'; customerId: string; clientId?: string; scope?: string; storeKey?: string }
  | { kind: 'anonymous'; anonymousId?: string; clientId?: string; scope?: string }
) & {
  /** The project the token is for: the mock's default project unless given. */
  projectKey?: string;
};

/** The auth-store accessor: what tests read to see which tokens the mock issued. */
export interface AuthStore {
  /** Every issued access token matching the filter, oldest first. */
  list(filter?: TokenFilter): TokenRecord[];
  /** The most recently issued token matching the filter. */
  find(filter: TokenFilter): TokenRecord | undefined;
  /** The record behind an access token, if the mock issued it. */
  get(accessToken: string): TokenRecord | undefined;
}

export const TOKEN_LIFETIME_SECONDS = 172_800;

/** URL-safe, as the platform's tokens are: `A-Za-z0-9_-` only. */
export const randomToken = (bytes = 24) => randomBytes(bytes).toString('base64url');

function matches(record: TokenRecord, filter: TokenFilter): boolean {
  return (
    (filter.kind === undefined || record.kind === filter.kind) &&
    (filter.customerId === undefined || record.customerId === filter.customerId) &&
    (filter.anonymousId === undefined || record.anonymousId === filter.anonymousId) &&
    (filter.clientId === undefined || record.clientId === filter.clientId) &&
    (filter.projectKey === undefined || record.projectKey === filter.projectKey)
  );
}

/** Whether an access token's lifetime (`issuedAt` + `expiresIn`) is over at `now`. */
export function isExpired(record: TokenRecord, now = Date.now()): boolean {
  return now >= Date.parse(record.issuedAt) + record.expiresIn * 1000;
}

/** Tokens live in memory only (per the spec), whatever storage backend holds the resources. */
export class TokenStore implements AuthStore {
  private readonly byAccessToken = new Map<string, TokenRecord>();
  private readonly byRefreshToken = new Map<string, TokenRecord>();

  constructor(private readonly lifetimeSeconds = TOKEN_LIFETIME_SECONDS) {}

  issue(
    fields: Omit<TokenRecord, 'accessToken' | 'tokenType' | 'issuedAt' | 'expiresIn' | 'refreshToken'>,
    withRefreshToken: boolean,
  ): TokenRecord {
    const record: TokenRecord = withFields(fields, {
      accessToken: randomToken(),
      tokenType: 'Bearer' as const,
      issuedAt: isoNow(),
      expiresIn: this.lifetimeSeconds,
    });
    if (withRefreshToken) record.refreshToken = `${fields.projectKey ?? 'mock'}-${randomToken()}`;
    this.byAccessToken.set(record.accessToken, record);
    if (record.refreshToken) this.byRefreshToken.set(record.refreshToken, record);
    return record;
  }

  /** A new access token with the same grant as the one the refresh token came with. */
  refresh(refreshToken: string, clientId: string): TokenRecord | undefined {
    const original = this.byRefreshToken.get(refreshToken);
    if (!original) return undefined;
    const record: TokenRecord = withFields(copyWithout(original, 'refreshToken'), {
      clientId,
      accessToken: randomToken(),
      issuedAt: isoNow(),
      expiresIn: this.lifetimeSeconds,
    });
    this.byAccessToken.set(record.accessToken, record);
    return record;
  }

  get(accessToken: string): TokenRecord | undefined {
    return this.byAccessToken.get(accessToken);
  }

  list(filter: TokenFilter = {}): TokenRecord[] {
    return [...this.byAccessToken.values()].filter((record) => matches(record, filter));
  }

  find(filter: TokenFilter): TokenRecord | undefined {
    return this.list(filter).at(-1);
  }

  clear(): void {
    this.byAccessToken.clear();
    this.byRefreshToken.clear();
  }

  /** Every issued token, for `restore`. Records are never changed once issued, so the maps' copies suffice. */
  snapshot(): TokenSnapshot {
    return { byAccessToken: new Map(this.byAccessToken), byRefreshToken: new Map(this.byRefreshToken) };
  }

  /**
   * Ends the lifetime of the matching access tokens now (their refresh tokens still work), and
   * returns how many. A record is replaced, never changed, so snapshots keep the one they hold.
   */
  expire(filter: TokenFilter = {}, now = Date.now()): number {
    const expiring = this.list(filter).filter((record) => !isExpired(record, now));
    for (const record of expiring) {
      const lived = Math.max(0, Math.floor((now - Date.parse(record.issuedAt)) / 1000));
      this.byAccessToken.set(record.accessToken, { ...record, expiresIn: lived });
    }
    return expiring.length;
  }

  /** Replaces every token by these records (an import's), each recognised by its access and refresh token. */
  load(records: readonly TokenRecord[]): void {
    this.clear();
    for (const record of records) {
      this.byAccessToken.set(record.accessToken, record);
      if (record.refreshToken) this.byRefreshToken.set(record.refreshToken, record);
    }
  }

  restore(snapshot: TokenSnapshot): void {
    this.clear();
    for (const [token, record] of snapshot.byAccessToken) this.byAccessToken.set(token, record);
    for (const [token, record] of snapshot.byRefreshToken) this.byRefreshToken.set(token, record);
  }
}

export interface TokenSnapshot {
  readonly byAccessToken: ReadonlyMap<string, TokenRecord>;
  readonly byRefreshToken: ReadonlyMap<string, TokenRecord>;
}
