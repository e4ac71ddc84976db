/**
 * Fault injection: rules that make matching requests fail before anything is served (with a status
 * in the platform's error envelope, or at the connection), so a faulted request changes no data.
 * Transport-neutral: the mock consults the rules in `handle()`, every adapter answers what it returns.
 */
import * as z from 'zod';
import { PlatformError } from '../http/errors.js';

/**
 * A rule, as `mock.faults.add` and the admin API take it. A lazy schema: its parts are made at the first
 * rule added, not when a server starts (`FaultRule.unwrap()` is the object schema).
 */
export const FaultRule = z.lazy(() =>
  z
    .object({
      /** The request method (any case); all methods when absent. */
      method: z.string().min(1).optional(),
      /** The URL path, `*` matching any characters (`/test-project/carts*`); all paths when absent. */
      path: z.string().startsWith('/').optional(),
      /** The status to answer: 500 General, 502 BadGateway, 503 OverCapacity, 504, 429 with Retry-After, 409 ConcurrentModification, ... */
      status: z.number().int().min(400).max(599).optional(),
      /**
       * Fail at the connection: no answer at all. Each transport fails the way a dropped connection
       * does there (a network error from fetch, a destroyed socket, an aborted browser request).
       */
      dropConnection: z.literal(true).optional(),
      /** Answer this much later (with the status, or without one: served normally, only late). */
      delayMs: z.number().int().min(0).max(600_000).optional(),
      /** The error code; by default the platform's for the status. */
      code: z.string().min(1).optional(),
      message: z.string().min(1).optional(),
      /** How many matching requests fail; every one when absent. */
      times: z.number().int().positive().optional(),
      /** The chance that a matching request fails, drawn from a random source seeded with `seed` (default 1): runs repeat. */
      probability: z.number().min(0).max(1).optional(),
      seed: z.number().int().optional(),
      /** With 429 (and 503): the `Retry-After` header, in seconds. Default 1 for 429. */
      retryAfterSeconds: z.number().int().min(0).optional(),
      /** With 409: the `currentVersion` the error names; by default the request body's `version` + 1 (another client wrote once). */
      currentVersion: z.number().int().positive().optional(),
    })
    .strict()
    .refine((rule) => rule.status !== undefined || rule.delayMs !== undefined || rule.dropConnection, {
      message: 'A rule needs a status, a delayMs (or both), or dropConnection.',
      path: ['status'],
    })
    .refine((rule) => !rule.dropConnection || (rule.status === undefined && rule.delayMs === undefined), {
      message: 'A dropped connection has no status and fails at once: give dropConnection without status and delayMs.',
      path: ['dropConnection'],
    }),
);
export type FaultRule = z.input<typeof FaultRule>;

const DEFAULT_ERRORS: Record<number, { code: string; message: string }> = {
  409: { code: 'ConcurrentModification', message: 'Object has a different version than expected.' },
  429: { code: 'General', message: 'Too Many Requests' },
  500: { code: 'General', message: 'Internal Server Error' },
  502: { code: 'BadGateway', message: 'Bad Gateway' },
  503: { code: 'OverCapacity', message: 'The service is having trouble handling the load.' },
  504: { code: 'General', message: 'Gateway Timeout' },
};

/** A small seeded generator (mulberry32): the same seed gives the same sequence on every run. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const globToRegExp = (glob: string) =>
  new RegExp(
    `^${glob
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );

interface ActiveRule {
  rule: z.output<typeof FaultRule>;
  path: RegExp | undefined;
  remaining: number;
  random: () => number;
}

/** What a faulted request meets: an error to answer with (and its extra headers), a delay, or both; or a dropped connection. */
export interface FaultAnswer {
  error?: PlatformError;
  dropConnection?: true;
  headers: Record<string, string>;
  delayMs?: number;
}

export class Faults {
  private rules: ActiveRule[] = [];

  /** Adds a rule (validated: a bad one throws a TypeError naming the problem); rules are tried in order. */
  add(input: FaultRule): void {
    const parsed = FaultRule.safeParse(input);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(rule)'}: ${issue.message}`);
      throw new TypeError(`commerce-mock: invalid fault rule: ${problems.join('; ')}`);
    }
    const rule = parsed.data;
    this.rules.push({
      rule,
      path: rule.path === undefined ? undefined : globToRegExp(rule.path),
      remaining: rule.times ?? Number.POSITIVE_INFINITY,
      random: seededRandom(rule.seed ?? 1),
    });
  }

  clear(): void {
    this.rules = [];
  }

  get isEmpty(): boolean {
    return this.rules.length === 0;
  }

  /** The rules still in force, as given. */
  list(): Array<z.output<typeof FaultRule>> {
    return this.rules.map(({ rule }) => rule);
  }

  /** The fault this request meets, if any; counts it against the rule's `times`. */
  match(method: string, path: string, body: string | undefined): FaultAnswer | undefined {
    for (const active of this.rules) {
      const { rule } = active;
      if (active.remaining <= 0) continue;
      if (rule.method !== undefined && rule.method.toUpperCase() !== method) continue;
      if (active.path && !active.path.test(path)) continue;
      if (rule.probability !== undefined && active.random() >= rule.probability) continue;
      active.remaining--;
      return answer(rule, body);
    }
    return undefined;
  }
}

function answer(rule: z.output<typeof FaultRule>, body: string | undefined): FaultAnswer {
  if (rule.dropConnection) return { dropConnection: true, headers: {} };
  const delay = rule.delayMs ? { delayMs: rule.delayMs } : {};
  if (rule.status === undefined) return { headers: {}, ...delay };
  const known = DEFAULT_ERRORS[rule.status];
  const code = rule.code ?? known?.code ?? 'General';
  const message = rule.message ?? known?.message ?? `Injected fault: ${rule.status}.`;
  const extra: Record<string, unknown> = {};
  if (code === 'ConcurrentModification') extra.currentVersion = rule.currentVersion ?? versionOf(body) + 1;
  const headers: Record<string, string> = {};
  const retryAfter = rule.retryAfterSeconds ?? (rule.status === 429 ? 1 : undefined);
  if (retryAfter !== undefined) headers['retry-after'] = String(retryAfter);
  return { error: new PlatformError(rule.status, [{ code, message, ...extra }]), headers, ...delay };
}

function versionOf(body: string | undefined): number {
  try {
    const version = (JSON.parse(body ?? '') as { version?: unknown }).version;
    return typeof version === 'number' ? version : 0;
  } catch {
    return 0;
  }
}
