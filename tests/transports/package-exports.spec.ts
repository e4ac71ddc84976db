import { test, expect } from '@playwright/test';
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { needsBuild } from '../support/build.js';

// The package as users import it: its `exports` map, resolved by Node against the compiled dist/
// (brought up to date before this file's tests). package-install.spec.ts does the same from a tarball.
needsBuild();

test('the package entry points resolve: core, ./playwright, ./factories and ./msw', async () => {
  const script = `
    const core = await import('commerce-mock');
    const playwright = await import('commerce-mock/playwright');
    const factories = await import('commerce-mock/factories');
    const msw = await import('commerce-mock/msw');
    const mock = core.createCommerceMock();
    const draft = factories.customerFactory.build();
    const [customer] = mock.data.seed(draft);
    process.stdout.write(JSON.stringify({
      core: typeof core.interceptFetch === 'function' && typeof core.intercept === 'function' && typeof core.interceptNodeHttp === 'function' && typeof core.startServer === 'function',
      msw: msw.commerceHandlers(core.createCommerceMock()).length === 1,
      playwright: typeof playwright.test === 'function' && typeof playwright.expect === 'function',
      seeded: mock.data.get('customer', customer.id).email === draft.email,
    }));`;
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script]);
  expect(JSON.parse(stdout)).toEqual({ core: true, msw: true, playwright: true, seeded: true });
});

test('importing the package and creating a mock loads neither node:http nor node:https: a server or an HTTP extension loads them when used', async () => {
  // process.moduleLoadList names each Node built-in the process has loaded ('NativeModule http').
  const script = `
    const loaded = (name) => process.moduleLoadList.includes('NativeModule ' + name);
    const { createCommerceMock, startServer } = await import('commerce-mock');
    const mock = createCommerceMock();
    const atImport = { http: loaded('http'), https: loaded('https') };
    const server = await startServer(mock, { port: 0 });
    const afterServer = { http: loaded('http'), https: loaded('https') };
    await server.close();
    process.stdout.write(JSON.stringify({ atImport, afterServer }));`;
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script]);
  expect(JSON.parse(stdout)).toEqual({ atImport: { http: false, https: false }, afterServer: { http: true, https: false } });
});

test("the bundle's files are ASCII: esbuild escapes text in code but keeps comments as written, and one other character makes V8 hold a whole chunk as two-byte text", () => {
  const bundle = 'dist/bundle';
  const scripts = readdirSync(bundle, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(5);
  for (const script of scripts) {
    const other = readFileSync(join(bundle, script), 'utf8').match(/.{0,40}[\u0080-\uffff]/);
    expect(other?.[0], script).toBeUndefined();
  }
  // Text in code is escaped by esbuild, not replaced: cli.spec.ts reads the CLI's refusals, an em dash in them.
});

test('bundling the same compiled files again writes no script: a process loading the bundle meanwhile reads the files it read before', async () => {
  const bundle = 'dist/bundle';
  const scripts = readdirSync(bundle, { recursive: true, encoding: 'utf8' }).filter((file) => /\.(c?js|map)$/.test(file));
  const written = () => new Map(scripts.map((file) => [file, statSync(join(bundle, file)).mtimeMs]));
  const before = written();
  const stampBefore = statSync(join(bundle, '.built')).mtimeMs;
  await promisify(execFile)('npm', ['run', '--silent', 'bundle']);
  expect(written()).toEqual(before);
  // The stamp that tests/support/build.ts reads moves on each bundling.
  expect(statSync(join(bundle, '.built')).mtimeMs).toBeGreaterThan(stampBefore);
});

/** The files a bundle script imports statically, itself included, followed through every chunk. */
function staticClosure(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(/^(?:import|export)\s[^;]*?from\s*"(\.[^"]+)"|^import\s*"(\.[^"]+)"/gms)) {
      visit(join(dirname(file), match[1] ?? match[2]!));
    }
  };
  visit(entry);
  return [...seen];
}

test("the package's entry holds no resource type's module: each is an entry of the bundle of its own, required on first use", () => {
  const sources = staticClosure('dist/bundle/src/index.js').flatMap(
    (file) => (JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { sources: string[] }).sources,
  );
  const resourceModules = sources
    .filter((source) => source.includes('/resources/'))
    .map((source) => source.replace(/^.*\/resources\//, ''));
  expect(resourceModules.sort()).toEqual(['catalog.js', 'load-on-use.js', 'manifest.js']);
  // Nor the GraphQL layer, required on the first GraphQL request.
  expect(sources.filter((source) => source.includes('/core/graphql/'))).toEqual([]);
  // The check can fail: the modules are in the bundle, reached by their own entries.
  expect(sources.length).toBeGreaterThan(50);
  expect(readFileSync('dist/bundle/src/resources/categories.js', 'utf8')).toMatch(/categories/);
});

test("a type's module is required on the type's first use: a new mock requires none, a request its path's type; GraphQL's layer on the first GraphQL request, product search on the first search", async () => {
  // The bundle requires a type's module through the package's imports (`#bundle/...`): Module._load sees each.
  const script = `
    const { default: Module } = await import('node:module');
    const required = [];
    const load = Module._load;
    Module._load = function (request, ...rest) {
      if (request.startsWith('#bundle/')) required.push(request);
      return load.call(this, request, ...rest);
    };
    const { createCommerceMock, createMockFetch } = await import('commerce-mock');
    const mock = createCommerceMock();
    const atCreate = [...required];
    const answer = await createMockFetch(mock)('https://api.europe-west1.gcp.commercetools.com/' + mock.projectKey + '/categories');
    const afterRequest = [...required];
    const total = (await answer.json()).total;
    const graphql = await mock.respond({ method: 'POST', url: '/' + mock.projectKey + '/graphql', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ categories { total } }' }) });
    const afterGraphql = [...required];
    const products = await mock.respond({ method: 'GET', url: '/' + mock.projectKey + '/products' });
    const afterProducts = required.slice(afterGraphql.length);
    const searched = await mock.respond({ method: 'GET', url: '/' + mock.projectKey + '/product-projections/search?text.en=shoe' });
    process.stdout.write(JSON.stringify({ atCreate, afterRequest, status: answer.status, total, graphql: [graphql.body, afterGraphql.slice(afterRequest.length)],
      products: [products.status, afterProducts], search: [searched.status, searched.body.total, required.slice(afterGraphql.length + afterProducts.length)] }));`;
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script]);
  expect(JSON.parse(stdout)).toEqual({
    atCreate: [],
    afterRequest: ['#bundle/resources/categories.js'],
    status: 200,
    total: 0,
    graphql: [{ data: { categories: { total: 0 } } }, ['#bundle/core/graphql/index.js']],
    // Reading products loads the product type, not its search; the first search loads it.
    products: [200, ['#bundle/resources/product/index.js']],
    search: [200, 0, ['#bundle/resources/product-projections.js', '#bundle/resources/product/search/index.js']],
  });
});

test('a first read loads no node:crypto (a correlation id needs to be unique, not unguessable); a token does', async () => {
  // From a file (`node -e` loads node:crypto before the script runs), outside the checkout: the entry by its path.
  const entry = pathToFileURL(resolve('dist/bundle/src/index.js')).href;
  const directory = mkdtempSync(join(tmpdir(), 'commerce-mock-crypto-'));
  const file = join(directory, 'first-read.mjs');
  writeFileSync(
    file,
    `const loaded = () => process.moduleLoadList.includes('NativeModule crypto');
    const { createCommerceMock } = await import(${JSON.stringify(entry)});
    const mock = createCommerceMock();
    const read = await mock.respond({ method: 'GET', url: '/' + mock.projectKey });
    const afterRead = loaded();
    const token = await mock.respond({ method: 'POST', url: '/oauth/token', headers: { authorization: 'Basic ' + Buffer.from('id:secret').toString('base64'),
      'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=client_credentials' });
    process.stdout.write(JSON.stringify({ read: read.status, correlationId: read.headers['x-correlation-id'], afterRead, token: token.status, afterToken: loaded() }));`,
  );
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [file], { cwd: process.cwd() });
    const outcome = JSON.parse(stdout) as Record<string, unknown>;
    expect(outcome).toEqual({ read: 200, correlationId: expect.any(String), afterRead: false, token: 200, afterToken: true });
    expect(outcome.correlationId).toMatch(/^projects-test-project-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
});
