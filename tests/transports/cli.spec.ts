/**
 * `commerce-mock serve` refusing what it cannot honour, each time with a message that names the flag
 * or variable at fault; and `npm start` under SIGTERM. The CLI runs as a child process on dist/.
 */
import { test, expect } from '@playwright/test';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { readFileSync, writeFileSync } from 'node:fs';
import { cliEnv, failingCli, startCli } from '../storage/run-cli.js';
import { scratchFile } from '../storage/backends.js';
import { createCommerceMock } from '../../src/index.js';
import { needsBuild } from '../support/build.js';

const cli = ['node', 'bin/commerce-mock.js'];

async function refusal(args: string[], env: Record<string, string> = {}): Promise<string> {
  const { code, output } = await failingCli([...cli, ...args], cliEnv(env));
  expect(code, output).toBe(1);
  expect(output).not.toContain('listening on');
  return output.trim();
}

test.describe('CLI: clear refusals', () => {
  needsBuild();

  test('a boolean variable other than true, false, 1 or 0 stops the server, naming the variable', async () => {
    for (const variable of ['COMMERCE_MOCK_ENABLE_AUTHENTICATION', 'COMMERCE_MOCK_VALIDATE_CREDENTIALS', 'COMMERCE_MOCK_STRICT_WHERE']) {
      expect(await refusal(['serve', '--port', '0'], { [variable]: 'yes' })).toBe(
        `commerce-mock: ${variable} must be true, false, 1 or 0, got 'yes'.`,
      );
    }
  });

  test('boolean variables: true, 1, FALSE and 0 are understood', async () => {
    const on = await startCli(
      [...cli, 'serve'],
      cliEnv({ COMMERCE_MOCK_PORT: '0', COMMERCE_MOCK_ENABLE_AUTHENTICATION: '1', COMMERCE_MOCK_VALIDATE_CREDENTIALS: 'true' }),
    );
    try {
      expect((await fetch(`${on.url}/shop/customers`)).status).toBe(401);
    } finally {
      await on.stop();
    }
    const off = await startCli(
      [...cli, 'serve'],
      cliEnv({
        COMMERCE_MOCK_PORT: '0',
        COMMERCE_MOCK_ENABLE_AUTHENTICATION: '1',
        COMMERCE_MOCK_VALIDATE_CREDENTIALS: 'FALSE',
        COMMERCE_MOCK_STRICT_WHERE: '0',
      }),
    );
    try {
      expect((await fetch(`${off.url}/shop/customers?where=${encodeURIComponent('noSuchField = "x"')}`)).status).toBe(200);
    } finally {
      await off.stop();
    }
  });

  test('an unknown flag, a flag without its value, an unknown command: each points at --help, with the likely flag', async () => {
    const hint = "Run 'commerce-mock serve --help' for the options.";
    expect(await refusal(['serve', '--prot', '9000'])).toBe(`commerce-mock: unknown option '--prot' — did you mean '--port'? ${hint}`);
    expect(await refusal(['serve', '--port', '0', '--strict-were'])).toBe(
      `commerce-mock: unknown option '--strict-were' — did you mean '--strict-where'? ${hint}`,
    );
    expect(await refusal(['serve', '--Project-Key=shop'])).toBe(
      `commerce-mock: unknown option '--Project-Key' — did you mean '--project-key'? ${hint}`,
    );
    expect(await refusal(['serve', '--verbose'])).toBe(`commerce-mock: unknown option '--verbose'. ${hint}`);
    expect(await refusal(['serve', '-x'])).toBe(`commerce-mock: unknown option '-x'. ${hint}`);
    expect(await refusal(['serve', '--port'])).toBe(`commerce-mock: Option '--port <value>' argument missing. ${hint}`);
    expect(await refusal(['start'])).toBe(`commerce-mock: unknown command 'start'. ${hint}`);
    expect(await refusal(['serv'])).toBe(`commerce-mock: unknown command 'serv' — did you mean 'serve'? ${hint}`);
    expect(await refusal(['serve', '8989'])).toBe(`commerce-mock: unexpected argument '8989'. ${hint}`);
  });

  test('a bad host names --host or COMMERCE_MOCK_HOST, whichever gave it', async () => {
    expect(await refusal(['serve', '--port', '0', '--host', 'local host'])).toBe(
      "commerce-mock: --host must be an IP address or a host name, got 'local host'.",
    );
    expect(await refusal(['serve', '--port', '0'], { COMMERCE_MOCK_HOST: 'http://127.0.0.1' })).toBe(
      "commerce-mock: COMMERCE_MOCK_HOST must be an IP address or a host name, got 'http://127.0.0.1'.",
    );
    // A documentation address (RFC 5737): well formed, but no interface of this machine has it.
    expect(await refusal(['serve', '--port', '0', '--host', '192.0.2.1'])).toBe(
      "commerce-mock: --host '192.0.2.1' is not an address of this machine.",
    );
  });

  test('a bad port names --port, COMMERCE_MOCK_PORT or PORT, whichever gave it', async () => {
    expect(await refusal(['serve', '--port', '65536'])).toMatch(/^commerce-mock: --port must be a port number, got '65536'/);
    expect(await refusal(['serve'], { COMMERCE_MOCK_PORT: 'eighty' })).toMatch(
      /^commerce-mock: COMMERCE_MOCK_PORT must be a port number, got 'eighty'/,
    );
    expect(await refusal(['serve'], { PORT: '-1' })).toMatch(/^commerce-mock: PORT must be a port number, got '-1'/);
  });

  test('a bad project key names its flag', async () => {
    expect(await refusal(['serve', '--port', '0', '--project-key', 'Shop!'])).toMatch(
      /^commerce-mock: --project-key 'Shop!': Project keys have/,
    );
  });

  test('a port in use says so, with a hint', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      expect(await refusal(['serve', '--port', String(port)])).toBe(
        `commerce-mock: port ${port} on 127.0.0.1 is already in use (another commerce-mock still running?). ` +
          'Stop that process, or choose another port with --port <n> or COMMERCE_MOCK_PORT (0 picks a free one).',
      );
    } finally {
      taken.close();
    }
  });
});

test.describe('CLI: the authentication options', () => {
  needsBuild();

  test('--validate-credentials without --enable-authentication warns at start, and indeed enforces nothing', async () => {
    const server = await startCli([...cli, 'serve', '--port', '0', '--validate-credentials'], cliEnv());
    try {
      expect((await fetch(`${server.url}/shop/customers`)).status).toBe(200);
      expect(server.output()).toContain(
        'commerce-mock: warning: --validate-credentials without --enable-authentication enforces nothing: every API request is served, with or without a token.',
      );
    } finally {
      await server.stop();
    }
    const fromEnv = await startCli([...cli, 'serve', '--port', '0'], cliEnv({ COMMERCE_MOCK_VALIDATE_CREDENTIALS: 'true' }));
    try {
      expect(fromEnv.output()).toContain('warning: COMMERCE_MOCK_VALIDATE_CREDENTIALS without --enable-authentication enforces nothing');
    } finally {
      await fromEnv.stop();
    }
  });

  test('with --enable-authentication as well there is no warning, and a token is required', async () => {
    const server = await startCli([...cli, 'serve', '--port', '0', '--validate-credentials', '--enable-authentication'], cliEnv());
    try {
      expect((await fetch(`${server.url}/shop/customers`)).status).toBe(401);
      expect(server.output()).not.toContain('warning');
    } finally {
      await server.stop();
    }
  });

  test('--help says what each option does alone', async () => {
    const { code, output } = await failingCli([...cli, '--help'], cliEnv());
    expect(code).toBe(0);
    expect(output).toMatch(/--enable-authentication .*alone it refuses nothing/);
    expect(output).toMatch(
      /--validate-credentials .*with --enable-authentication: require a token the mock issued[\s\S]*alone it enforces nothing/,
    );
  });
});

test.describe('CLI: --import and --export-on-exit', () => {
  needsBuild();

  test('a server starts from --import, and on SIGTERM writes its state, tokens included, to --export-on-exit', async () => {
    const source = createCommerceMock({ defaultProjectKey: 'shop' });
    const [channel] = source.data.seed([['channel', { key: 'imported', roles: ['InventorySupply'] }]]);
    const importFile = scratchFile('import');
    const exportFile = scratchFile('export');
    writeFileSync(importFile, JSON.stringify(source.state.export()));

    const server = await startCli(
      [...cli, 'serve', '--port', '0', '--import', importFile],
      cliEnv({ COMMERCE_MOCK_EXPORT_ON_EXIT: exportFile }),
    );
    let token: { accessToken: string };
    try {
      expect(await (await fetch(`${server.url}/shop/channels/key=imported`)).json()).toEqual(channel);
      await fetch(`${server.url}/shop/channels`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ key: 'added', roles: ['Primary'] }),
      });
      token = (await (await fetch(`${server.url}/__mock/tokens`, { method: 'POST', body: '{"kind":"client"}' })).json()) as typeof token;
    } finally {
      expect(await server.stop()).toBe(0);
    }
    expect(server.output()).toContain(`state exported to ${exportFile}`);

    const restarted = createCommerceMock({ defaultProjectKey: 'shop', initialData: readFileSync(exportFile, 'utf8') });
    expect(restarted.data.all('channel').map((c) => c.key)).toEqual(['imported', 'added']);
    expect(restarted.tokens.get(token.accessToken)).toBeDefined();
  });

  test('a bad --import file stops the server, naming the file and its first problem', async () => {
    const file = scratchFile('bad-import');
    writeFileSync(
      file,
      JSON.stringify({ format: 'commerce-mock/export', version: 1, projects: { shop: { channel: [{ document: { id: 'c1' } }] } } }),
    );
    expect(await refusal(['serve', '--port', '0', '--import', file])).toBe(
      `commerce-mock: --import '${file}': import refused at projects.shop.channel[0].document.version: Invalid input: expected number, received undefined`,
    );
    expect(await refusal(['serve', '--port', '0'], { COMMERCE_MOCK_IMPORT: `${file}.missing` })).toMatch(
      new RegExp(`^commerce-mock: COMMERCE_MOCK_IMPORT '${file}.missing': ENOENT`),
    );
  });
});

test.describe('npm start', () => {
  needsBuild();

  test('SIGTERM to npm stops the server too: nothing is left listening', async () => {
    // A process group of its own, so that whatever npm started can be ended below even if it outlives npm.
    const npm = spawn('npm', ['start', '--', '--port', '0'], {
      detached: true,
      env: cliEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    try {
      const url = await new Promise<string>((resolve, reject) => {
        npm.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const match = /listening on (http:\/\/\S+)/.exec(output);
          if (match) resolve(match[1]!);
        });
        npm.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        npm.once('exit', (code) => reject(new Error(`npm start exited with ${code}: ${output}`)));
      });
      expect((await fetch(`${url}/__mock/health`)).status).toBe(200);
      const exited = once(npm, 'exit');
      npm.kill('SIGTERM');
      await exited;
      expect(output).toContain('SIGTERM received, closing');
      await expect(fetch(`${url}/__mock/health`)).rejects.toMatchObject({ cause: { code: 'ECONNREFUSED' } });
    } finally {
      try {
        process.kill(-npm.pid!, 'SIGKILL');
      } catch {
        // The group is gone already: nothing was left behind.
      }
    }
  });
});

test.describe('CLI: latency and token expiry', () => {
  needsBuild();

  test('--latency answers late; --enforce-token-expiry with --token-lifetime-seconds refuses an expired token', async () => {
    const server = await startCli(
      [
        ...cli,
        'serve',
        '--port',
        '0',
        '--latency',
        '150',
        '--enforce-token-expiry',
        '--enable-authentication',
        '--token-lifetime-seconds',
        '1',
      ],
      cliEnv(),
    );
    try {
      const started = performance.now();
      const token = await fetch(`${server.url}/oauth/token`, {
        method: 'POST',
        headers: { authorization: `Basic ${btoa('id:secret')}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials',
      });
      expect(performance.now() - started).toBeGreaterThanOrEqual(140);
      const { access_token: accessToken, expires_in: expiresIn } = (await token.json()) as { access_token: string; expires_in: number };
      expect(expiresIn).toBe(1);
      const read = () => fetch(`${server.url}/shop/channels`, { headers: { authorization: `Bearer ${accessToken}` } });
      expect((await read()).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const expired = await read();
      expect(expired.status).toBe(401);
      expect(((await expired.json()) as { errors: Array<{ code: string }> }).errors[0]!.code).toBe('invalid_token');
    } finally {
      await server.stop();
    }
  });

  test('a range of latency from the environment; bad values name their flag or variable', async () => {
    const server = await startCli([...cli, 'serve', '--port', '0'], cliEnv({ COMMERCE_MOCK_LATENCY_MS: '100-120' }));
    try {
      const started = performance.now();
      expect((await fetch(`${server.url}/shop/channels`)).status).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(95);
    } finally {
      await server.stop();
    }
    expect(await refusal(['serve', '--latency', 'soon'])).toContain(
      "--latency must be milliseconds (0 to 60000) or a range min-max, got 'soon'.",
    );
    expect(await refusal(['serve'], { COMMERCE_MOCK_LATENCY_MS: '300-100' })).toContain('COMMERCE_MOCK_LATENCY_MS must be milliseconds');
    expect(await refusal(['serve', '--token-lifetime-seconds', '0'])).toContain(
      "--token-lifetime-seconds must be whole seconds from 1 to 172800, got '0'.",
    );
    expect(await refusal(['serve'], { COMMERCE_MOCK_ENFORCE_TOKEN_EXPIRY: 'yes' })).toContain(
      'COMMERCE_MOCK_ENFORCE_TOKEN_EXPIRY must be true, false, 1 or 0',
    );
  });
});

test.describe('CLI: the default client scope', () => {
  needsBuild();

  test('--default-client-scope project gives a token asked for without a scope manage_project:<project key>; a bad value is refused', async () => {
    const server = await startCli([...cli, 'serve', '--port', '0', '--project-key', 'shop', '--default-client-scope', 'project'], cliEnv());
    try {
      const token = await fetch(`${server.url}/oauth/token`, {
        method: 'POST',
        headers: { authorization: `Basic ${btoa('id:secret')}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials',
      });
      expect(((await token.json()) as { scope: string }).scope).toBe('manage_project:shop');
    } finally {
      await server.stop();
    }
    expect(await refusal(['serve'], { COMMERCE_MOCK_DEFAULT_CLIENT_SCOPE: 'all' })).toContain(
      "COMMERCE_MOCK_DEFAULT_CLIENT_SCOPE must be todo or project, got 'all'.",
    );
  });
});

test.describe('CLI: the address it listens on', () => {
  needsBuild();

  test('a --host beyond loopback is said at start, with a warning; the admin origin option is read', async () => {
    const running = await startCli(
      [...cli, 'serve', '--port', '0', '--host', '0.0.0.0', '--admin-allow-origin', 'http://localhost:3000'],
      cliEnv(),
    );
    try {
      expect(running.output()).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+ \(.*bound to 0\.0\.0\.0:\d+\)/);
      await expect.poll(() => running.output()).toContain('--host 0.0.0.0 serves other machines too');
      expect(running.output()).toContain('the admin routes answer 403 without --admin-token');
      // Without a token, a server beyond loopback refuses admin calls; an allowed origin changes nothing there.
      expect((await fetch(`${running.url}/__mock/info`, { headers: { origin: 'http://localhost:3000' } })).status).toBe(403);
    } finally {
      await running.stop();
    }
    const local = await startCli([...cli, 'serve', '--port', '0', '--admin-allow-origin', 'http://localhost:3000'], cliEnv());
    try {
      expect(local.output()).not.toContain('serves other machines');
      expect((await fetch(`${local.url}/__mock/info`, { headers: { origin: 'http://localhost:3000' } })).status).toBe(200);
      expect((await fetch(`${local.url}/__mock/info`, { headers: { origin: 'http://evil.example' } })).status).toBe(403);
    } finally {
      await local.stop();
    }
  });
});
