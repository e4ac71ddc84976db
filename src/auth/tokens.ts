import { Clock } from '../util/time.js';
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

/**
 * How long the mock still remembers an access token after its lifetime ended, before it forgets it:
 * long enough for `enforceTokenExpiry` to answer an expired token as expired (401 `invalid_token`,
 * which the SDK's refresh flow waits for) rather than as a token it never issued.
 */
export const EXPIRED_TOKEN_KEPT_SECONDS = 3600;

/** The refresh tokens a project keeps by default: the platform keeps 10 million; a mock holds them in memory. */
export const REFRESH_TOKENS_PER_PROJECT = 10_000;

/** URL-safe, as the platform's tokens are: `A-Za-z0-9_-` only. */
export const randomToken = (bytes = 24) => process.getBuiltinModule('node:crypto').randomBytes(bytes).toString('base64url');

function matches(record: TokenRecord, filter: TokenFilter): boolean {
  return (
    (filter.kind === undefined || record.kind === filter.kind) &&
    (filter.customerId === undefined || record.customerId === filter.customerId) &&
    (filter.anonymousId === undefined || record.anonymousId === filter.anonymousId) &&
    (filter.clientId === undefined || record.clientId === filter.clientId) &&
    (filter.projectKey === undefined || record.projectKey === filter.projectKey)
  );
}

/** Whether an access token's lifetime (`issuedAt` + `expiresIn`) is over at `now` (ms). */
const expiredAt = (record: TokenRecord, now: number) => now >= Date.parse(record.issuedAt) + record.expiresIn * 1000;

/** When the mock forgets an access token: `EXPIRED_TOKEN_KEPT_SECONDS` after its lifetime ended. */
const forgottenAt = (record: TokenRecord) => Date.parse(record.issuedAt) + (record.expiresIn + EXPIRED_TOKEN_KEPT_SECONDS) * 1000;

export interface TokenStoreOptions {
  /** `expires_in` of the access tokens issued. Default two days, as on the platform. */
  lifetimeSeconds?: number;
  /** The refresh tokens kept per project; past it, the least recently used one is dropped (the platform's rule, at its limit). */
  refreshTokensPerProject?: number;
  /** The mock's clock: tokens are issued, expire and are forgotten by its time. */
  clock?: Clock;
}

/**
 * Tokens live in memory only (per the spec), whatever storage backend holds the resources. Bounded
 * as the platform bounds them: an access token is forgotten an hour after its lifetime ended (on
 * the next issue, list or lookup: no timer keeps the process alive), and each project keeps its
 * `refreshTokensPerProject` most recently used refresh tokens. Time is the mock's clock's.
 */
export class TokenStore implements AuthStore {
  /** In the order they were issued, which is the order their lifetimes end in (imports aside). */
  private readonly byAccessToken = new Map<string, TokenRecord>();
  /** Per project (`''`: none), least recently used first. */
  private readonly refreshTokens = new Map<string, Map<string, TokenRecord>>();
  private readonly lifetimeSeconds: number;
  private readonly refreshTokensPerProject: number;
  private readonly clock: Clock;

  constructor(options: TokenStoreOptions = {}) {
    this.clock = options.clock ?? new Clock();
    this.lifetimeSeconds = options.lifetimeSeconds ?? TOKEN_LIFETIME_SECONDS;
    this.refreshTokensPerProject = options.refreshTokensPerProject ?? REFRESH_TOKENS_PER_PROJECT;
  }

  issue(
    fields: Omit<TokenRecord, 'accessToken' | 'tokenType' | 'issuedAt' | 'expiresIn' | 'refreshToken'>,
    withRefreshToken: boolean,
  ): TokenRecord {
    const record: TokenRecord = withFields(fields, {
      accessToken: randomToken(),
      tokenType: 'Bearer' as const,
      issuedAt: this.clock.now(),
      expiresIn: this.lifetimeSeconds,
    });
    if (withRefreshToken) record.refreshToken = `${fields.projectKey ?? 'mock'}-${randomToken()}`;
    this.forgetExpired();
    this.byAccessToken.set(record.accessToken, record);
    if (record.refreshToken) this.keepRefreshToken(record);
    return record;
  }

  /** A new access token with the same grant as the one the refresh token came with; the refresh token becomes the most recently used. */
  refresh(refreshToken: string, clientId: string): TokenRecord | undefined {
    const bucket = this.refreshBucketOf(refreshToken);
    const original = bucket?.get(refreshToken);
    if (!bucket || !original) return undefined;
    bucket.delete(refreshToken);
    bucket.set(refreshToken, original);
    this.forgetExpired();
    const record: TokenRecord = withFields(copyWithout(original, 'refreshToken'), {
      clientId,
      accessToken: randomToken(),
      issuedAt: this.clock.now(),
      expiresIn: this.lifetimeSeconds,
    });
    this.byAccessToken.set(record.accessToken, record);
    return record;
  }

  get(accessToken: string): TokenRecord | undefined {
    const record = this.byAccessToken.get(accessToken);
    if (record && this.clock.millis() >= forgottenAt(record)) {
      this.byAccessToken.delete(accessToken);
      return undefined;
    }
    return record;
  }

  list(filter: TokenFilter = {}): TokenRecord[] {
    this.forgetExpired();
    const now = this.clock.millis();
    return [...this.byAccessToken.values()].filter((record) => now < forgottenAt(record) && matches(record, filter));
  }

  /** Whether the access token's lifetime is over by the mock's clock. */
  isExpired(record: TokenRecord): boolean {
    return expiredAt(record, this.clock.millis());
  }

  /** How many refresh tokens the project keeps (`undefined`: those of no project). */
  refreshTokenCount(projectKey?: string): number {
    return this.refreshTokens.get(projectKey ?? '')?.size ?? 0;
  }

  /**
   * Forgets the access tokens whose time is up, oldest first, stopping at the first one still
   * remembered: amortised, each token is looked at about once more than it is issued.
   */
  private forgetExpired(now = this.clock.millis()): void {
    for (const [token, record] of this.byAccessToken) {
      if (now < forgottenAt(record)) return;
      this.byAccessToken.delete(token);
    }
  }

  private refreshBucketOf(refreshToken: string): Map<string, TokenRecord> | undefined {
    for (const bucket of this.refreshTokens.values()) if (bucket.has(refreshToken)) return bucket;
    return undefined;
  }

  /** Keeps the record's refresh token as its project's most recent, dropping the least recently used past the cap. */
  private keepRefreshToken(record: TokenRecord): void {
    const project = record.projectKey ?? '';
    let bucket = this.refreshTokens.get(project);
    if (!bucket) this.refreshTokens.set(project, (bucket = new Map()));
    bucket.set(record.refreshToken!, record);
    for (const oldest of bucket.keys()) {
      if (bucket.size <= this.refreshTokensPerProject) break;
      bucket.delete(oldest);
    }
  }

  find(filter: TokenFilter): TokenRecord | undefined {
    return this.list(filter).at(-1);
  }

  clear(): void {
    this.byAccessToken.clear();
    this.refreshTokens.clear();
  }

  /** Every issued token, for `restore`. Records are never changed once issued, so the maps' copies suffice. */
  snapshot(): TokenSnapshot {
    return {
      byAccessToken: new Map(this.byAccessToken),
      byRefreshToken: new Map([...this.refreshTokens.values()].flatMap((bucket) => [...bucket])),
    };
  }

  /**
   * Ends the lifetime of the matching access tokens now (their refresh tokens still work), and
   * returns how many. A record is replaced, never changed, so snapshots keep the one they hold.
   */
  expire(filter: TokenFilter = {}): number {
    const now = this.clock.millis();
    const expiring = this.list(filter).filter((record) => !expiredAt(record, now));
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
      if (record.refreshToken) this.keepRefreshToken(record);
    }
  }

  restore(snapshot: TokenSnapshot): void {
    this.clear();
    for (const [token, record] of snapshot.byAccessToken) this.byAccessToken.set(token, record);
    for (const record of snapshot.byRefreshToken.values()) this.keepRefreshToken(record);
  }
}

export interface TokenSnapshot {
  readonly byAccessToken: ReadonlyMap<string, TokenRecord>;
  readonly byRefreshToken: ReadonlyMap<string, TokenRecord>;
}
