import { readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { isIP } from 'node:net';
import { parseArgs } from 'node:util';
import { CommerceMockOptions, createCommerceMock, mockInternals } from '../api/mock.js';
import { isLoopback, originOf, startServer, type RunningServer } from './transports/node-server.js';
import { MemoryStorage } from '../storage/memory.js';
import { sqliteStorage } from '../storage/sqlite.js';
import type { StorageBackend } from '../storage/backend.js';
import { didYouMean } from '../util/did-you-mean.js';
import { graphqlModule } from '../core/graphql-module.js';

const USAGE = `Usage: commerce-mock serve [options]

Serves the commerce API mock and its token server over HTTP (token routes under /oauth/ on the same origin).

Options (each also settable by the environment variable in brackets; a flag wins over its variable):
  --port <n>                 port to listen on, 0 for any free one       [COMMERCE_MOCK_PORT, PORT]  (8989)
  --host <address>           address to bind                              [COMMERCE_MOCK_HOST]        (127.0.0.1)
  --project-key <key>        default project key                          [COMMERCE_MOCK_PROJECT_KEY] (test-project)
  --enable-authentication    check API requests for a bearer token; alone it refuses nothing (a token is optional)
                                                                          [COMMERCE_MOCK_ENABLE_AUTHENTICATION=true]
  --validate-credentials     with --enable-authentication: require a token the mock issued (401 otherwise);
                             alone it enforces nothing                    [COMMERCE_MOCK_VALIDATE_CREDENTIALS=true]
  --strict-where             reject where predicates on unknown fields    [COMMERCE_MOCK_STRICT_WHERE=true]
  --storage <name>           storage backend: memory or sqlite            [COMMERCE_MOCK_STORAGE]     (memory)
  --data-file <path>         the SQLite file of --storage sqlite          [COMMERCE_MOCK_DATA_FILE]   (./commerce-mock.db)
  --import <file>            start from this export (GET /__mock/state/export, mock.state.export()); a bad file stops the
                             server, naming its first problem           [COMMERCE_MOCK_IMPORT]
  --export-on-exit <file>    on SIGTERM or SIGINT, write the whole state, tokens included, to this file
                                                                          [COMMERCE_MOCK_EXPORT_ON_EXIT]
  --latency <ms|min-max>     answer every request this many milliseconds late, or a random delay in a range
                                                                          [COMMERCE_MOCK_LATENCY_MS]  (0)
  --enforce-token-expiry     refuse expired access tokens (401 invalid_token), as the platform does
                                                                          [COMMERCE_MOCK_ENFORCE_TOKEN_EXPIRY=true]
  --default-client-scope <todo|project>  the scope of a client token asked for without one: todo (the spec's)
                             or project (manage_project:<project key>, as the platform gives)
                                                                          [COMMERCE_MOCK_DEFAULT_CLIENT_SCOPE] (todo)
  --token-lifetime-seconds <n>  expires_in of issued tokens, 1 to 172800  [COMMERCE_MOCK_TOKEN_LIFETIME_SECONDS] (172800)
  --admin-token <secret>     the admin routes (/__mock/...) then need Authorization: Bearer <secret>;
                             without one they are served only on a loopback --host
                                                                          [COMMERCE_MOCK_ADMIN_TOKEN]
  --admin-allow-origin <origins>  browser origins (comma-separated) allowed to call the admin routes;
                             none by default: web pages are refused     [COMMERCE_MOCK_ADMIN_ALLOW_ORIGIN]
  -h, --help                 this text

Boolean variables take true, false, 1 or 0 (empty: not set).
Admin routes (docs/server.md): GET /__mock/health, /__mock/info, POST /__mock/state/clear, POST /__mock/data/seed,
GET /__mock/data/..., GET|POST /__mock/tokens, GET /__mock/permissions/decisions, GET /__mock/journal/requests, GET /__mock/state/export,
POST /__mock/state/import.`;

const HELP_HINT = "Run 'commerce-mock serve --help' for the options.";

const OPTIONS = {
  port: { type: 'string' },
  host: { type: 'string' },
  'project-key': { type: 'string' },
  'enable-authentication': { type: 'boolean' },
  'validate-credentials': { type: 'boolean' },
  'strict-where': { type: 'boolean' },
  storage: { type: 'string' },
  'data-file': { type: 'string' },
  'admin-token': { type: 'string' },
  'admin-allow-origin': { type: 'string' },
  import: { type: 'string' },
  'export-on-exit': { type: 'string' },
  latency: { type: 'string' },
  'enforce-token-expiry': { type: 'boolean' },
  'token-lifetime-seconds': { type: 'string' },
  'default-client-scope': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

type Flags = ReturnType<typeof parseFlags>['values'];

/** A value and where it came from (`--port`, `COMMERCE_MOCK_PORT`), so a refusal names what the user wrote. */
interface Setting<T> {
  value: T;
  source: string;
}

/** The flag when given, else the first environment variable that is set and not empty, else the default. */
function setting(flags: Flags, env: NodeJS.ProcessEnv, flag: keyof Flags, variables: string[], fallback: string): Setting<string> {
  const given = flags[flag];
  if (typeof given === 'string') return { value: given, source: `--${flag}` };
  const variable = variables.find((name) => env[name] !== undefined && env[name] !== '');
  return variable ? { value: env[variable]!, source: variable } : { value: fallback, source: `--${flag}` };
}

/** A boolean flag, or its variable: only true, false, 1 and 0 are understood, so a typo cannot silently mean "off". */
function switchSetting(flags: Flags, env: NodeJS.ProcessEnv, flag: keyof Flags, variable: string): Setting<boolean> {
  if (flags[flag] === true) return { value: true, source: `--${flag}` };
  const text = env[variable];
  if (text === undefined || text === '') return { value: false, source: `--${flag}` };
  const word = text.trim().toLowerCase();
  if (word === 'true' || word === '1') return { value: true, source: variable };
  if (word === 'false' || word === '0') return { value: false, source: variable };
  throw new Error(`commerce-mock: ${variable} must be true, false, 1 or 0, got '${text}'.`);
}

function portOf(port: Setting<string>): number {
  const number = Number(port.value);
  if (port.value.trim() === '' || !Number.isInteger(number) || number < 0 || number > 65535)
    throw new Error(`commerce-mock: ${port.source} must be a port number, got '${port.value}' (0 to 65535; 0 picks a free port).`);
  return number;
}

/** An IP address or a host name; whether it is an address of this machine only listening can tell. */
function hostOf(host: Setting<string>): string {
  const label = /^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
  if (isIP(host.value) === 0 && !host.value.split('.').every((part) => label.test(part)))
    throw new Error(`commerce-mock: ${host.source} must be an IP address or a host name, got '${host.value}'.`);
  return host.value;
}

/** `--latency 200` (fixed) or `--latency 50-300` (a random delay in that range), in milliseconds up to 60000. */
function latencyOf(latency: Setting<string>): number | [number, number] {
  const match = /^\s*(\d+)(?:\s*-\s*(\d+))?\s*$/.exec(latency.value);
  const [min, max] = [Number(match?.[1]), Number(match?.[2] ?? match?.[1])];
  if (!match || min > max || max > 60_000)
    throw new Error(`commerce-mock: ${latency.source} must be milliseconds (0 to 60000) or a range min-max, got '${latency.value}'.`);
  return match[2] === undefined ? min : [min, max];
}

function lifetimeOf(lifetime: Setting<string>): number {
  const seconds = Number(lifetime.value);
  if (!/^\s*\d+\s*$/.test(lifetime.value) || seconds < 1 || seconds > 172_800)
    throw new Error(`commerce-mock: ${lifetime.source} must be whole seconds from 1 to 172800, got '${lifetime.value}'.`);
  return seconds;
}

function clientScopeOf(scope: Setting<string>): 'todo' | 'project' {
  if (scope.value === 'todo' || scope.value === 'project') return scope.value;
  throw new Error(`commerce-mock: ${scope.source} must be todo or project, got '${scope.value}'.`);
}

function projectKeyOf(key: Setting<string>): string {
  const result = CommerceMockOptions.shape.defaultProjectKey.safeParse(key.value);
  if (!result.success) throw new Error(`commerce-mock: ${key.source} '${key.value}': ${result.error.issues[0]?.message}`);
  return key.value;
}

/** The flags as the user may write them: what a misspelt one is compared with. */
const FLAG_NAMES = [...Object.keys(OPTIONS).map((name) => `--${name}`), '-h'];

/**
 * Refuses a flag `serve` does not take, suggesting the one likely meant. A lenient first reading
 * finds it: the strict one reports only the flag's spelling, in Node's words.
 */
function refuseUnknownFlags(argv: string[]): void {
  const { tokens } = parseArgs({ args: argv, allowPositionals: true, strict: false, tokens: true, options: OPTIONS });
  const unknown = tokens.find((token) => token.kind === 'option' && !Object.hasOwn(OPTIONS, token.name));
  if (unknown?.kind === 'option') {
    throw new Error(`commerce-mock: unknown option '${unknown.rawName}'${didYouMean(unknown.rawName, FLAG_NAMES) || '.'} ${HELP_HINT}`);
  }
}

function parseFlags(argv: string[]) {
  refuseUnknownFlags(argv);
  try {
    return parseArgs({ args: argv, allowPositionals: true, options: OPTIONS });
  } catch (error) {
    // parseArgs words its errors for the programmer ("place it at the end of the command after '--'").
    const reason = error instanceof Error ? error.message.replace(/\. To specify a positional argument.*$/s, '') : String(error);
    throw new Error(`commerce-mock: ${reason}. ${HELP_HINT}`);
  }
}

/** Why listening failed, in terms of the setting that caused it. */
function listenError(error: unknown, host: Setting<string>, port: Setting<string>): Error {
  const code = (error as NodeJS.ErrnoException).code;
  const where = `${host.value}:${port.value}`;
  switch (code) {
    case 'EADDRINUSE':
      return new Error(
        `commerce-mock: port ${port.value} on ${host.value} is already in use (another commerce-mock still running?). ` +
          `Stop that process, or choose another port with --port <n> or COMMERCE_MOCK_PORT (0 picks a free one).`,
      );
    case 'EACCES':
      return new Error(
        `commerce-mock: no permission to listen on ${where}; ports below 1024 need privileges. Choose another port: --port <n>.`,
      );
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_FAIL':
      return new Error(`commerce-mock: ${host.source} '${host.value}' does not resolve to an address.`);
    case 'EADDRNOTAVAIL':
      return new Error(`commerce-mock: ${host.source} '${host.value}' is not an address of this machine.`);
    default:
      return new Error(`commerce-mock: cannot listen on ${where}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** What the process that runs the CLI adds to the server's start (bin/commerce-mock.js: saving its code cache). */
export interface CliStartup {
  /** Runs once, when the server first has no request for a moment, before it prepares GraphQL. */
  onIdle?: () => void;
}

export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env, startup: CliStartup = {}): Promise<void> {
  const { values: flags, positionals } = parseFlags(argv);
  if (flags.help) {
    console.log(USAGE);
    return;
  }
  const [command = 'serve', ...extra] = positionals;
  if (command !== 'serve')
    throw new Error(`commerce-mock: unknown command '${command}'${didYouMean(command, ['serve']) || '.'} ${HELP_HINT}`);
  if (extra.length > 0) throw new Error(`commerce-mock: unexpected argument '${extra[0]}'. ${HELP_HINT}`);

  const portSetting = setting(flags, env, 'port', ['COMMERCE_MOCK_PORT', 'PORT'], '8989');
  const hostSetting = setting(flags, env, 'host', ['COMMERCE_MOCK_HOST'], '127.0.0.1');
  const port = portOf(portSetting);
  const host = hostOf(hostSetting);
  const enableAuthentication = switchSetting(flags, env, 'enable-authentication', 'COMMERCE_MOCK_ENABLE_AUTHENTICATION');
  const validateCredentials = switchSetting(flags, env, 'validate-credentials', 'COMMERCE_MOCK_VALIDATE_CREDENTIALS');
  const strictWhere = switchSetting(flags, env, 'strict-where', 'COMMERCE_MOCK_STRICT_WHERE');
  const defaultProjectKey = projectKeyOf(setting(flags, env, 'project-key', ['COMMERCE_MOCK_PROJECT_KEY'], 'test-project'));
  if (validateCredentials.value && !enableAuthentication.value) {
    console.error(
      `commerce-mock: warning: ${validateCredentials.source} without --enable-authentication enforces nothing: ` +
        'every API request is served, with or without a token. Add --enable-authentication to require a token the mock issued.',
    );
  }
  const storage = openStorage(
    setting(flags, env, 'storage', ['COMMERCE_MOCK_STORAGE'], 'memory'),
    setting(flags, env, 'data-file', ['COMMERCE_MOCK_DATA_FILE'], 'commerce-mock.db').value,
  );

  const latencyMs = latencyOf(setting(flags, env, 'latency', ['COMMERCE_MOCK_LATENCY_MS'], '0'));
  const enforceTokenExpiry = switchSetting(flags, env, 'enforce-token-expiry', 'COMMERCE_MOCK_ENFORCE_TOKEN_EXPIRY');
  const tokenLifetimeSeconds = lifetimeOf(
    setting(flags, env, 'token-lifetime-seconds', ['COMMERCE_MOCK_TOKEN_LIFETIME_SECONDS'], '172800'),
  );
  const defaultClientScope = clientScopeOf(setting(flags, env, 'default-client-scope', ['COMMERCE_MOCK_DEFAULT_CLIENT_SCOPE'], 'todo'));
  const importFile = setting(flags, env, 'import', ['COMMERCE_MOCK_IMPORT'], '');
  const exportFile = setting(flags, env, 'export-on-exit', ['COMMERCE_MOCK_EXPORT_ON_EXIT'], '').value;

  // The server's own origin serves both the API and the token routes.
  const placeholder = originOf(host, port);
  const mock = createMock(storage, importFile, {
    defaultProjectKey,
    apiUrl: placeholder,
    authUrl: placeholder,
    enableAuthentication: enableAuthentication.value,
    validateCredentials: validateCredentials.value,
    strictWhere: strictWhere.value,
    latencyMs,
    enforceTokenExpiry: enforceTokenExpiry.value,
    tokenLifetimeSeconds,
    defaultClientScope,
  });
  let server: RunningServer;
  const adminToken = setting(flags, env, 'admin-token', ['COMMERCE_MOCK_ADMIN_TOKEN'], '').value;
  try {
    const allowOrigins = setting(flags, env, 'admin-allow-origin', ['COMMERCE_MOCK_ADMIN_ALLOW_ORIGIN'], '')
      .value.split(',')
      .map((origin) => origin.trim())
      .filter(Boolean);
    server = await startServer(mock, {
      port,
      host,
      ...(adminToken ? { adminToken } : {}),
      ...(allowOrigins.length > 0 ? { adminAllowOrigins: allowOrigins } : {}),
    });
  } catch (error) {
    mockInternals(mock).storage.close?.();
    throw listenError(error, hostSetting, portSetting);
  }
  const where = 'file' in storage ? ` ${String(storage.file)}` : '';
  const bound = isLoopback(host) ? '' : `, bound to ${host}:${server.port}`;
  console.log(
    `commerce-mock listening on ${server.url} (storage: ${mockInternals(mock).storage.name}${where}, project: ${mock.options.defaultProjectKey}${bound})`,
  );
  if (!isLoopback(host)) {
    console.warn(
      `commerce-mock: --host ${host} serves other machines too: anyone who reaches this port can use the API${adminToken ? '' : ', and the admin routes answer 403 without --admin-token'}.`,
    );
  }

  whenIdle(server.server, IDLE_MS, () => {
    startup.onIdle?.();
    graphqlModule().prepareGraphql();
  });

  const shutdown = (signal: string) => {
    console.log(`commerce-mock: ${signal} received, closing`);
    if (exportFile) {
      writeFileSync(exportFile, JSON.stringify(mock.state.export({ tokens: true })));
      console.log(`commerce-mock: state exported to ${exportFile}`);
    }
    server.close().then(
      () => {
        mockInternals(mock).storage.close?.();
        process.exit(0);
      },
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

/** How long the server waits without a request before its idle work: the code cache saved, GraphQL prepared. */
const IDLE_MS = 100;

/**
 * Runs `work` once the server has had no new request for `idleMs`: the first GraphQL request then finds
 * graphql-js loaded and the schema made (about 100 ms of one core, most of it loading graphql-js), and
 * the first requests after the start, REST ones most often, do not wait behind it.
 */
function whenIdle(server: Server, idleMs: number, work: () => void): void {
  const timer = setTimeout(() => {
    server.off('request', postpone);
    try {
      work();
    } catch {
      // Nothing is lost: the request that needs the work does it again and answers its error.
    }
  }, idleMs).unref();
  const postpone = () => timer.refresh();
  server.on('request', postpone);
}

/** The mock on its storage, loaded from `--import` when given; a file it cannot read or load closes the storage and stops. */
function createMock(storage: StorageBackend, importFile: Setting<string>, options: Omit<CommerceMockOptions, 'storage'>) {
  try {
    const initialData = importFile.value ? readFileSync(importFile.value, 'utf8') : undefined;
    return createCommerceMock({ ...options, storage, ...(initialData === undefined ? {} : { initialData }) });
  } catch (error) {
    storage.close?.();
    if (!importFile.value) throw error;
    const reason = error instanceof Error ? error.message.replace(/^commerce-mock: /, '') : String(error);
    throw new Error(`commerce-mock: ${importFile.source} '${importFile.value}': ${reason}`);
  }
}

/** The backend `--storage` names; `--data-file` is the SQLite file (created when missing). */
function openStorage(name: Setting<string>, dataFile: string): StorageBackend {
  if (name.value === 'memory') return new MemoryStorage();
  if (name.value === 'sqlite') return sqliteStorage({ file: dataFile });
  throw new Error(
    `commerce-mock: ${name.source}: unknown storage '${name.value}' (available: memory, sqlite)${didYouMean(name.value, ['memory', 'sqlite']) || '.'}`,
  );
}
