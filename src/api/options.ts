/** The options a mock is created with, checked whole: a typo or a bad value fails at creation, naming it. */
import * as z from 'zod';
import { REFRESH_TOKENS_PER_PROJECT, TOKEN_LIFETIME_SECONDS } from '../auth/tokens.js';
import type { StorageBackend } from '../storage/backend.js';
import type { MockExport } from './export.js';
import { ProjectKey } from '../engine/validation.js';
import { didYouMean } from '../util/did-you-mean.js';
import { type ApiName, type OtherApi, regionalHost } from '../http/apis.js';
import { DELIVERIES_KEPT } from '../engine/outbox.js';
import { PERMISSION_DECISIONS_KEPT } from '../engine/permissions.js';
import { HISTORY_RECORDS_KEPT } from '../engine/history.js';

export const DEFAULT_API_URL = 'https://api.europe-west1.gcp.commercetools.com';
export const DEFAULT_AUTH_URL = 'https://auth.europe-west1.gcp.commercetools.com';

const isStorage = (value: unknown): value is StorageBackend =>
  typeof value === 'object' &&
  value !== null &&
  ['get', 'getByKey', 'write', 'delete', 'scan', 'transaction', 'clear'].every(
    (method) => typeof (value as Record<string, unknown>)[method] === 'function',
  );

/** The defaults of the `retention` option. */
export const DEFAULT_RETENTION = {
  refreshTokensPerProject: REFRESH_TOKENS_PER_PROJECT,
  deliveriesPerProject: DELIVERIES_KEPT,
  permissionDecisions: PERMISSION_DECISIONS_KEPT,
  historyRecordsPerProject: HISTORY_RECORDS_KEPT,
  snapshots: 100,
} as const;

/** A bare origin (scheme, host, port): a path or query would be mistaken for the project key. */
const Origin = z
  .url({ protocol: /^https?$/ })
  .refine((value) => {
    if (!URL.canParse(value)) return true; // z.url() has reported it already
    const url = new URL(value);
    return /^\/*$/.test(url.pathname) && !url.search && !url.hash;
  }, 'Expected a bare origin such as https://api.example.com, without a path or query.')
  .transform((value) => new URL(value).origin);

const JournalOptions = z
  .object({
    size: z.number().int().min(0).max(100_000).default(1000),
    bodyLimit: z.number().int().min(0).default(4096),
    maxCharacters: z.number().int().min(0).default(8_000_000),
  })
  .strict();

const RetentionOptions = z
  .object({
    refreshTokensPerProject: z.number().int().min(1).default(DEFAULT_RETENTION.refreshTokensPerProject),
    deliveriesPerProject: z.number().int().min(1).default(DEFAULT_RETENTION.deliveriesPerProject),
    permissionDecisions: z.number().int().min(1).default(DEFAULT_RETENTION.permissionDecisions),
    historyRecordsPerProject: z.number().int().min(0).default(DEFAULT_RETENTION.historyRecordsPerProject),
    snapshots: z.number().int().min(1).default(DEFAULT_RETENTION.snapshots),
  })
  .strict();

/** The options that are objects of options: an unknown name inside one is matched against its names. */
const NESTED_OPTIONS: Record<string, z.ZodObject> = { journal: JournalOptions, retention: RetentionOptions };

export const CommerceMockOptions = z
  .object({
    /** The project programmatic calls use when they name none. */
    defaultProjectKey: ProjectKey.default('test-project'),
    apiUrl: Origin.default(DEFAULT_API_URL),
    authUrl: Origin.default(DEFAULT_AUTH_URL),
    /** The Import API's origin; by default the platform's Import host in the Region of `apiUrl`. */
    importUrl: Origin.optional(),
    /** The Change History API's origin; by default the platform's History host in the Region of `apiUrl`. */
    historyUrl: Origin.optional(),
    /** The Checkout API's origin; by default the platform's Checkout host in the Region of `apiUrl`. */
    checkoutUrl: Origin.optional(),
    /** Check API requests for a bearer token. Alone it refuses nothing: a token stays optional and unverified. */
    enableAuthentication: z.boolean().default(false),
    /** With `enableAuthentication`: require a token the mock issued (401 `invalid_token` otherwise). Alone it enforces nothing. */
    validateCredentials: z.boolean().default(false),
    /** Refuse an access token whose lifetime is over (401 `invalid_token`); the spec never does, so off by default. */
    enforceTokenExpiry: z.boolean().default(false),
    /**
     * The scope of a client-credentials token asked for without one: `todo`, the spec's placeholder,
     * or `project`, the platform's answer, `manage_project:{defaultProjectKey}` (for clients that read
     * their permissions from the token's scope, as commerce-mcp does).
     */
    defaultClientScope: z.enum(['todo', 'project']).default('todo'),
    /** The lifetime of the tokens the mock issues (`expires_in`): two days, as on the platform, unless set. */
    tokenLifetimeSeconds: z.number().int().min(1).max(TOKEN_LIFETIME_SECONDS).default(TOKEN_LIFETIME_SECONDS),
    /** Reject `where` predicates on fields no resource has, as the platform does (the spec's default tolerates them). */
    strictWhere: z.boolean().default(false),
    /** The request journal: how many requests to keep (0: none), how much of each body, and how many characters of bodies and URLs in all. */
    journal: JournalOptions.default({ size: 1000, bodyLimit: 4096, maxCharacters: 8_000_000 }),
    /**
     * What a long-running mock keeps of what only grows, at most; past it the oldest go first
     * (docs/server.md#memory-of-a-long-running-server). Refresh tokens per project (the least
     * recently used go, as on the platform), deliveries per project, permission decisions, the
     * Change History API's records per project, and the snapshots a server or mock client keeps by id.
     */
    retention: RetentionOptions.default(DEFAULT_RETENTION),
    /** Answer like a remote service: every response this many milliseconds late, or a random delay in `[min, max]`. */
    latencyMs: z
      .union([
        z.number().min(0).max(60_000),
        z
          .tuple([z.number().min(0).max(60_000), z.number().min(0).max(60_000)])
          .refine(([min, max]) => min <= max, 'Expected [min, max] with min <= max.'),
      ])
      .default(0),
    /** The state to start from: what `export()` gave (validated as `import()` validates it). */
    initialData: z.custom<MockExport | string>(() => true).optional(),
    storage: z
      .custom<StorageBackend | 'memory'>(
        (value) => value === 'memory' || isStorage(value),
        'Expected "memory" or a storage backend object.',
      )
      .default('memory'),
  })
  .strict();

export type CommerceMockOptions = z.input<typeof CommerceMockOptions>;
/** The options as parsed, each API's origin settled. */
export type ParsedOptions = z.output<typeof CommerceMockOptions> & Record<`${OtherApi}Url`, string>;
export type ResolvedOptions = Omit<ParsedOptions, 'storage' | 'initialData'>;

export function parseOptions(input: CommerceMockOptions | undefined): ParsedOptions {
  // Options are parsed once a mock: zod's compiled parser of an object would cost more to make than it saves.
  const result = CommerceMockOptions.safeParse(input ?? {}, { jitless: true });
  if (result.success) {
    const { import: importUrl, history: historyUrl, checkout: checkoutUrl } = originsOf(result.data);
    return { ...result.data, importUrl, historyUrl, checkoutUrl };
  }
  const problems = result.error.issues.flatMap((issue) => {
    if (issue.code !== 'unrecognized_keys') return [`option '${issue.path.join('.')}': ${issue.message}`];
    const parent = typeof issue.path[0] === 'string' && Object.hasOwn(NESTED_OPTIONS, issue.path[0]) ? issue.path[0] : undefined;
    if (parent === undefined) return issue.keys.map((key) => unknownOption(key, MOCK_OPTION_NAMES));
    const known = Object.keys(NESTED_OPTIONS[parent]!.shape).map((name) => `${parent}.${name}`);
    return issue.keys.map((key) => unknownOption(`${parent}.${key}`, known));
  });
  throw new TypeError(`commerce-mock: invalid options: ${problems.join('; ')}`);
}

/**
 * The origin of each API and of the token server: as the options give it, or its default (the other
 * APIs': the platform's host in the Region of `apiUrl`). The options need not have been parsed.
 */
export function originsOf(options: Partial<Record<`${ApiName}Url`, string>>): Record<ApiName, string> {
  const apiUrl = options.apiUrl ?? DEFAULT_API_URL;
  const other = (api: OtherApi) => options[`${api}Url`] ?? regionalHost(api, apiUrl, DEFAULT_API_URL);
  return {
    api: apiUrl,
    auth: options.authUrl ?? DEFAULT_AUTH_URL,
    import: other('import'),
    history: other('history'),
    checkout: other('checkout'),
  };
}

/** The names `createCommerceMock` takes. */
export const MOCK_OPTION_NAMES: readonly string[] = Object.keys(CommerceMockOptions.shape);

/** `unknown option 'serverURL' — did you mean 'serverUrl'?`: the words for an option name no one knows. */
export function unknownOption(name: string, known: readonly string[]): string {
  return `unknown option '${name}'${didYouMean(name, known)}`;
}
