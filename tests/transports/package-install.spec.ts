/**
 * The package as a user gets it: `npm pack` of a copy of this checkout (whose `prepack` builds
 * dist/ from scratch, so the checkout's own dist/, which other tests run, is left alone), the tarball
 * installed into a new project with the README's install line for this Node version, then used there
 * as a user would: imported at run time, its CLI run, its types compiled in strict mode. Installs
 * take packages from npm's cache where it has them (`--prefer-offline`): only the npm registry is
 * reachable. One pack and two installs serve every test of this file.
 */
import { test, expect } from '@playwright/test';
import { execFile } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** What `npm pack` needs from the checkout: the package's files and the build's inputs. */
const CHECKOUT_ENTRIES = [
  'package.json',
  'tsconfig.json',
  'tsconfig.build.json',
  'README.md',
  'bin',
  'scripts',
  'src',
  'factories',
  'docs',
  'vendor',
];
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');

interface Run {
  code: number;
  stdout: string;
  /** stdout and stderr (where npm warns). */
  output: string;
}

/** Runs a command to its end. */
function run(command: string, args: string[], cwd: string): Promise<Run> {
  return new Promise((done) => {
    execFile(command, args, { cwd, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      done({ code, stdout, output: `${stdout}${stderr}` });
    });
  });
}

/** The README's `npm i -D commerce-mock ...` line for this Node version (or Node >= 22's), as a list of packages. */
function readmeInstallLine(node22 = Number(process.versions.node.split('.')[0]) >= 22): string[] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = readme.match(new RegExp(`# ${node22 ? 'Node >= 22' : 'Node 20'}\\n(npm i -D commerce-mock [^\\n]+)`));
  if (!section) throw new Error('README.md: no install line for this Node version');
  return section[1]!
    .split(' ')
    .slice(3)
    .map((word) => word.replace(/^'(.*)'$/, '$1'));
}

/** The playwright.config.ts example of docs/playwright.md, as written there. */
function docsConfigExample(): string {
  const docs = readFileSync(join(ROOT, 'docs/playwright.md'), 'utf8');
  const example = docs.match(/```ts\n(\/\/ playwright\.config\.ts\n[\s\S]*?)```/);
  if (!example) throw new Error('docs/playwright.md: no playwright.config.ts example');
  return example[1]!;
}

let work: string;
let tarball: string;
let packed: { output: string; files: string[] };
let install: Run;
/** A project with the README's peers, and one with Playwright only (no SDK, no undici). */
let project: string;
let withoutSdk: string;

async function newProject(name: string, packages: string[]): Promise<{ dir: string; install: Run }> {
  const dir = join(work, name);
  mkdirSync(dir);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, private: true, type: 'module' }));
  const args = ['install', '-D', '--prefer-offline', '--no-audit', '--no-fund', ...packages];
  return { dir, install: await run('npm', args, dir) };
}

// In order, in one worker, so that the setup runs once (again only after a failure).
test.describe.configure({ mode: 'default' });

test.beforeAll(async () => {
  // A build and two installs, while other workers run tests.
  test.setTimeout(300_000);
  work = mkdtempSync(join(tmpdir(), 'commerce-mock-package-'));
  const checkout = join(work, 'checkout');
  for (const entry of CHECKOUT_ENTRIES) cpSync(join(ROOT, entry), join(checkout, entry), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(checkout, 'node_modules'), 'dir');
  const pack = await run('npm', ['pack', '--json', '--pack-destination', work], checkout);
  expect(pack.code, pack.output).toBe(0);
  const report = JSON.parse(pack.stdout.slice(pack.stdout.indexOf('[\n'))) as Array<{ filename: string; files: Array<{ path: string }> }>;
  packed = { output: pack.output, files: report[0]!.files.map((file) => file.path) };
  tarball = join(work, report[0]!.filename);

  const peers = readmeInstallLine().filter((name) => name !== 'commerce-mock');
  // @types/node: Playwright's own declarations need it, as in any TypeScript project using Playwright.
  ({ dir: project, install } = await newProject('consumer', [tarball, ...peers, '@types/node@20']));
  expect(install.code, install.output).toBe(0);
  cpSync(join(ROOT, 'tests/transports/consumer'), project, { recursive: true });
  writeFileSync(join(project, 'playwright.config.ts'), docsConfigExample());

  const bare = await newProject('without-sdk', [tarball, '@playwright/test', '@types/node@20']);
  expect(bare.install.code, bare.install.output).toBe(0);
  withoutSdk = bare.dir;
});

test.afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

test('installing the tarball runs no install script: npm has nothing to approve', () => {
  expect(install.output).toContain('added');
  expect(install.output).not.toContain('install-scripts');
  expect(install.output).not.toMatch(/allowScripts|prepare/);
  const manifest = JSON.parse(readFileSync(join(project, 'node_modules/commerce-mock/package.json'), 'utf8')) as {
    scripts?: Record<string, string>;
  };
  for (const script of ['preinstall', 'install', 'postinstall', 'prepare']) expect(manifest.scripts?.[script], script).toBeUndefined();
});

test('the tarball holds the build and no source map that points at a missing file', () => {
  // Built at pack time: the copy had no dist/ before `npm pack`.
  expect(packed.output).toContain('tsc -p tsconfig.build.json');
  for (const entry of [
    'dist/src/index.js',
    'dist/src/index.d.ts',
    'dist/src/playwright/index.js',
    'dist/factories/index.d.ts',
    'bin/commerce-mock.js',
  ]) {
    expect(packed.files).toContain(entry);
  }
  const installed = join(project, 'node_modules/commerce-mock');
  // Every target of the "exports" map, types included: a folder moved in src/ must move its entry too.
  const { exports } = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as {
    exports: Record<string, string | Record<string, string>>;
  };
  for (const target of Object.values(exports).flatMap((entry) => (typeof entry === 'string' ? [entry] : Object.values(entry)))) {
    expect(packed.files, target).toContain(target.replace(/^\.\//, ''));
  }
  const shipped = readdirSync(installed, { recursive: true, encoding: 'utf8' });
  for (const map of shipped.filter((file) => file.endsWith('.map'))) {
    const { sources, sourcesContent } = JSON.parse(readFileSync(join(installed, map), 'utf8')) as {
      sources: string[];
      sourcesContent: string[];
    };
    sources.forEach((source, index) => {
      // zod is bundled in: where npm puts its files varies, so its sources are read from the map itself.
      if (source.includes('/node_modules/zod/')) expect(sourcesContent[index], source).toBeTruthy();
      else expect(existsSync(resolve(dirname(join(installed, map)), source)), `${map} → ${source}`).toBe(true);
    });
  }
  for (const script of shipped.filter((file) => /\.(js|d\.ts)$/.test(file))) {
    const reference = readFileSync(join(installed, script), 'utf8').match(/\/\/# sourceMappingURL=(\S+)/);
    if (reference) expect(existsSync(resolve(dirname(join(installed, script)), reference[1]!)), `${script} → ${reference[1]}`).toBe(true);
  }
});

test('the entry points import, the SDK talks to the mock, a stack trace names files that are there', async () => {
  const script = `
    import { createCommerceMock, createMockFetch } from 'commerce-mock';
    import { test, expect } from 'commerce-mock/playwright';
    import { customerFactory } from 'commerce-mock/factories';
    import { runStorageContract } from 'commerce-mock/storage-contract';
    import { ClientBuilder } from '@commercetools/ts-client';
    import { createApiBuilderFromCtpClient } from '@commercetools/platform-sdk';

    const mock = createCommerceMock({ defaultProjectKey: 'shop' });
    const httpClient = createMockFetch(mock);
    const client = new ClientBuilder()
      .withProjectKey('shop')
      .withClientCredentialsFlow({ host: mock.options.authUrl, projectKey: 'shop', credentials: { clientId: 'id', clientSecret: 'secret' }, httpClient })
      .withHttpMiddleware({ host: mock.options.apiUrl, httpClient })
      .build();
    const apiRoot = createApiBuilderFromCtpClient(client).withProjectKey({ projectKey: 'shop' });
    const { body } = await apiRoot.customers().post({ body: customerFactory.build({ email: 'ada@example.com' }) }).execute();
    let stack = '';
    try {
      createCommerceMock({ apiUrl: 'not a url' });
    } catch (error) {
      stack = error.stack;
    }
    process.stdout.write(JSON.stringify({
      entries: [typeof test, typeof expect.extend, typeof runStorageContract],
      stored: mock.data.get('customer', body.customer.id).email,
      frames: [...stack.matchAll(/(?:file:\\/\\/)?(\\/[^\\s():]+):\\d+:\\d+/g)].map((match) => match[1]),
    }));`;
  // With source maps applied, as a user debugging a failure would run it: the frames name the compiled
  // files the bundle's maps point at, as paths (the bundle's own frames are file: URLs).
  const result = await run(process.execPath, ['--enable-source-maps', '--input-type=module', '-e', script], project);
  expect(result.code, result.output).toBe(0);
  const { entries, stored, frames } = JSON.parse(result.output) as { entries: string[]; stored: string; frames: string[] };
  expect(entries).toEqual(['function', 'function', 'function']);
  expect(stored).toBe('ada@example.com');
  const ours = frames.filter((frame) => frame.includes('/node_modules/commerce-mock/'));
  expect(ours.length).toBeGreaterThan(0);
  for (const frame of ours) expect(existsSync(frame), frame).toBe(true);
});

test('GraphQL answers from the installed package with the graphql-js bundled into it, not graphql’s own files', async () => {
  const script = `
    import { createRequire } from 'node:module';
    import { createCommerceMock } from 'commerce-mock';
    const mock = createCommerceMock({ defaultProjectKey: 'shop' });
    const response = await mock.respond({ method: 'POST', url: '/shop/graphql', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'mutation { createCustomerGroup(draft: { key: "vip", groupName: "VIP" }) { key version } }' }) });
    const loaded = Object.keys(createRequire(import.meta.url).cache).filter((file) => file.includes('graphql'));
    process.stdout.write(JSON.stringify({ status: response.status, body: response.body, stored: mock.data.all('customer-group').length, loaded }));`;
  const result = await run(process.execPath, ['--input-type=module', '-e', script], project);
  expect(result.code, result.output).toBe(0);
  const { status, body, stored, loaded } = JSON.parse(result.output) as { status: number; body: unknown; stored: number; loaded: string[] };
  expect(status).toBe(200);
  expect(body).toEqual({ data: { createCustomerGroup: { key: 'vip', version: 1 } } });
  expect(stored).toBe(1);
  // The package's GraphQL layer, an entry of the bundle required on the first GraphQL request, and the graphql-js bundled for it.
  expect(loaded.sort()).toEqual([
    join(project, 'node_modules/commerce-mock/dist/bundle/graphql-js.cjs'),
    join(project, 'node_modules/commerce-mock/dist/bundle/src/core/graphql/index.js'),
  ]);
});

test('zod is bundled into the package: with node_modules/zod taken away, a bad draft is still refused, nothing stored, and a good one created', async () => {
  const zod = join(withoutSdk, 'node_modules/zod');
  const away = join(withoutSdk, 'zod-away');
  renameSync(zod, away);
  try {
    const script = `
      import { createCommerceMock } from 'commerce-mock';
      const mock = createCommerceMock({ defaultProjectKey: 'shop' });
      const response = await mock.respond({ method: 'POST', url: '/shop/customer-groups', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ key: 'vip', groupName: 7 }) });
      const stored = mock.data.all('customer-group').length;
      const created = await mock.respond({ method: 'POST', url: '/shop/customer-groups', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ key: 'vip', groupName: 'VIP' }) });
      process.stdout.write(JSON.stringify({ status: response.status, body: response.body, stored, created: [created.status, created.body.key] }));`;
    const result = await run(process.execPath, ['--input-type=module', '-e', script], withoutSdk);
    expect(result.code, result.output).toBe(0);
    const { status, body, stored, created } = JSON.parse(result.output) as {
      status: number;
      body: { errors: Array<{ code: string }> };
      stored: number;
      created: [number, string];
    };
    expect(status).toBe(400);
    expect(body.errors[0]!.code).toBe('InvalidJsonInput');
    expect(stored).toBe(0);
    expect(created).toEqual([201, 'vip']);
  } finally {
    renameSync(away, zod);
  }
});

test('the CLI runs from the installed package', async () => {
  const help = await run(join(project, 'node_modules/.bin/commerce-mock'), ['serve', '--help'], project);
  expect(help.code, help.output).toBe(0);
  expect(help.output).toContain('Usage: commerce-mock serve');
});

test("types: SDK drafts and resources, query values, matchers on any, the docs' config example, in strict mode", async () => {
  // tests/transports/consumer/types.ts: its @ts-expect-error lines must fail, the rest compile.
  const compiled = await run(process.execPath, [TSC, '-p', project], project);
  expect(compiled.output).toBe('');
  expect(compiled.code).toBe(0);
});

test('without the SDK installed: the entry points load, and the types that come from it are any', async () => {
  const imports = await run(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const [core, pw, f] = await Promise.all([import('commerce-mock'), import('commerce-mock/playwright'), import('commerce-mock/factories')]);
       const [customer] = core.createCommerceMock().data.seed(f.customerFactory.build());
       process.stdout.write(String(typeof pw.test === 'function' && customer.version === 1));`,
    ],
    withoutSdk,
  );
  expect(imports.output).toBe('true');
  writeFileSync(
    join(withoutSdk, 'any.ts'),
    [
      "import { customerFactory } from 'commerce-mock/factories';",
      "import { createCommerceMock } from 'commerce-mock';",
      'const [customer] = createCommerceMock().data.seed(customerFactory.build());',
      'const anything: number = customer!.firstNmae;',
      'void anything;',
    ].join('\n'),
  );
  const options = ['--strict', '--noEmit', '--module', 'nodenext', '--target', 'es2022', '--types', 'node'];
  const typed = await run(process.execPath, [TSC, ...options, '--skipLibCheck', 'any.ts'], withoutSdk);
  expect(typed.output).toBe('');
  // Without skipLibCheck tsc names the missing peer.
  const strict = await run(process.execPath, [TSC, ...options, 'any.ts'], withoutSdk);
  expect(strict.output).toContain("Cannot find module '@commercetools/platform-sdk'");
});

/** A consumer's spec: each part of the package the fixture's first requests load on use. */
const PARTS_SPEC = `import { test, expect } from 'commerce-mock/playwright';

test('a type, GraphQL and product search, each loaded on its first use', async ({ commerce }) => {
  const api = \`\${commerce.apiUrl}/\${commerce.projectKey}\`;
  const listed = await fetch(\`\${api}/categories\`);
  expect(listed.status).toBe(200);
  expect((await listed.json()).total).toBe(0);
  const created = await commerce.data.create('category', { name: { en: 'Shoes' }, slug: { en: 'shoes' } });
  expect((await commerce.data.get('category', created.id))?.slug).toEqual({ en: 'shoes' });
  const graphql = await fetch(\`\${api}/graphql\`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ categories { total results { key } } }' }),
  });
  expect(await graphql.json()).toEqual({ data: { categories: { total: 1, results: [{ key: null }] } } });
  const searched = await fetch(\`\${api}/product-projections/search?text.en=shoe\`);
  expect(searched.status).toBe(200);
  expect((await searched.json()).total).toBe(0);
});
`;

test("on Node 24, under Playwright Test's transpiler, the installed package requires each part on its first use", async () => {
  // Playwright on Node 22.15 and later takes files it is asked to require for CommonJS, outside node_modules.
  test.setTimeout(240_000);
  const { dir, install } = await newProject('node24', [tarball, ...readmeInstallLine(true).filter((name) => name !== 'commerce-mock')]);
  expect(install.code, install.output).toBe(0);
  writeFileSync(
    join(dir, 'playwright.config.ts'),
    "import { defineConfig } from '@playwright/test';\nexport default defineConfig({ testDir: './tests', workers: 1 });\n",
  );
  mkdirSync(join(dir, 'tests'));
  writeFileSync(join(dir, 'tests/parts.spec.ts'), PARTS_SPEC);
  const result = await run('npx', ['-y', '-p', 'node@24', 'node', 'node_modules/@playwright/test/cli.js', 'test', '--reporter=line'], dir);
  expect(result.code, result.output).toBe(0);
  expect(result.output).toContain('1 passed');
});
