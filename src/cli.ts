import { parseArgs } from 'node:util';
import { createCommerceMock } from './mock.js';
import { startServer } from './transports/node-server.js';
import { MemoryStorage } from './storage/memory.js';
import { sqliteStorage } from './storage/sqlite.js';
import type { StorageBackend } from './storage/types.js';

const USAGE = `Usage: commerce-mock serve [options]

Serves the commerce API mock and its token server over HTTP (token routes under /oauth/ on the same origin).

Options (each also settable by the environment variable in brackets):
  --port <n>                 port to listen on, 0 for any free one     [PORT, COMMERCE_MOCK_PORT]  (8989)
  --host <address>           address to bind                            [COMMERCE_MOCK_HOST]        (127.0.0.1)
  --project-key <key>        default project key                        [COMMERCE_MOCK_PROJECT_KEY] (test-project)
  --enable-authentication    check API requests for a bearer token      [COMMERCE_MOCK_ENABLE_AUTHENTICATION=true]
  --validate-credentials     require a token the mock issued            [COMMERCE_MOCK_VALIDATE_CREDENTIALS=true]
  --strict-where             reject where predicates on unknown fields  [COMMERCE_MOCK_STRICT_WHERE=true]
  --storage <name>           storage backend: memory or sqlite          [COMMERCE_MOCK_STORAGE]     (memory)
  --data-file <path>         the SQLite file of --storage sqlite        [COMMERCE_MOCK_DATA_FILE]   (./commerce-mock.db)
  --admin-token <secret>     required by the admin routes (/__mock/...) [COMMERCE_MOCK_ADMIN_TOKEN]
                             as Authorization: Bearer; without one they
                             are served only on a loopback host
  -h, --help                 this text

Admin routes (docs/server.md): GET /__mock/health, POST /__mock/clear, POST /__mock/seed,
GET /__mock/resources/..., GET|POST /__mock/tokens, GET /__mock/permission-decisions, GET /__mock/requests.`;

const flag = (value: boolean | undefined, env: string | undefined) => value === true || env === 'true' || env === '1';

export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'project-key': { type: 'string' },
      'enable-authentication': { type: 'boolean' },
      'validate-credentials': { type: 'boolean' },
      'strict-where': { type: 'boolean' },
      storage: { type: 'string' },
      'data-file': { type: 'string' },
      'admin-token': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const command = positionals[0] ?? 'serve';
  if (values.help || command !== 'serve') {
    console.log(USAGE);
    if (command !== 'serve' && !values.help) process.exitCode = 2;
    return;
  }
  const portText = values.port ?? env.COMMERCE_MOCK_PORT ?? env.PORT ?? '8989';
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`commerce-mock: --port must be a port number, got '${portText}'.`);
  const storage = openStorage(values.storage ?? env.COMMERCE_MOCK_STORAGE ?? 'memory', values['data-file'] ?? env.COMMERCE_MOCK_DATA_FILE);
  const host = values.host ?? env.COMMERCE_MOCK_HOST ?? '127.0.0.1';

  // The server's own origin serves both the API and the token routes.
  const placeholder = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
  const mock = createCommerceMock({
    defaultProjectKey: values['project-key'] ?? env.COMMERCE_MOCK_PROJECT_KEY ?? 'test-project',
    apiUrl: placeholder,
    authUrl: placeholder,
    enableAuthentication: flag(values['enable-authentication'], env.COMMERCE_MOCK_ENABLE_AUTHENTICATION),
    validateCredentials: flag(values['validate-credentials'], env.COMMERCE_MOCK_VALIDATE_CREDENTIALS),
    strictWhere: flag(values['strict-where'], env.COMMERCE_MOCK_STRICT_WHERE),
    storage,
  });
  const adminToken = values['admin-token'] ?? env.COMMERCE_MOCK_ADMIN_TOKEN;
  const server = await startServer(mock, { port, host, ...(adminToken ? { adminToken } : {}) });
  const where = 'file' in storage ? ` ${String(storage.file)}` : '';
  console.log(
    `commerce-mock listening on ${server.url} (storage: ${mock.storage.name}${where}, project: ${mock.options.defaultProjectKey})`,
  );

  const shutdown = (signal: string) => {
    console.log(`commerce-mock: ${signal} received, closing`);
    server.close().then(
      () => {
        mock.storage.close?.();
        process.exit(0);
      },
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

/** The backend `--storage` names; `--data-file` is the SQLite file (created when missing). */
function openStorage(name: string, dataFile: string | undefined): StorageBackend {
  if (name === 'memory') return new MemoryStorage();
  if (name === 'sqlite') return sqliteStorage({ file: dataFile || 'commerce-mock.db' });
  throw new Error(`commerce-mock: unknown storage '${name}' (available: memory, sqlite).`);
}
