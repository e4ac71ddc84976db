/**
 * `npm run bundle` (the second step of `npm run build`): esbuild bundles the compiled files of dist/
 * into dist/bundle, which the package's `exports` and bin/commerce-mock.js load, and graphql-js into
 * dist/bundle/graphql-js.cjs, which the package loads on the first GraphQL request.
 *
 * - Each resource type's module and the GraphQL layer are entries of their own, required on first use
 *   (`partsOnUse` below), so importing the package loads the engine and what every request needs.
 * - The CLI is also one CommonJS file, dist/bundle/cli.cjs, with its parts in it, each evaluated on its
 *   first use; bin/commerce-mock.js runs it with a code cache (dist/bundle/code-cache.cjs, from
 *   src/adapters/code-cache.ts). Both are CommonJS: a process that loads no ES module starts sooner.
 * - Every dependency and peer stays outside but zod, of which only the parts the package calls are
 *   kept (200 of its 760 KB: the modules write `import * as z from 'zod'`, which the lint asks for).
 * - The scripts are made ASCII: esbuild escapes text in code but copies some comments as written, and
 *   one other character makes V8 hold and scan a whole chunk as two-byte text. Each such character
 *   becomes `?`, one UTF-16 unit for one, so the source maps' columns hold.
 * - A file is written only when its content changed, through a temporary file renamed into place: a
 *   server or test process loading the bundle while it is rebuilt (`npm start` builds first) never
 *   reads a half-written chunk, and a rebuild of the same sources writes nothing. Chunks of earlier
 *   builds are left in place, for a process still running one.
 */
import { build } from 'esbuild';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

const packageJson = JSON.parse(readFileSync('package.json', 'utf8'));
const bundledDependencies = new Set(['zod']);
const external = [
  'commerce-mock',
  ...Object.keys({ ...packageJson.dependencies, ...packageJson.peerDependencies }).filter((name) => !bundledDependencies.has(name)),
];

const common = { bundle: true, platform: 'node', target: 'node20', logLevel: 'warning', write: false };

// Parts loaded on first use, each an entry of the bundle of its own: every resource type's module
// (resources/load-on-use.js requires it on the type's first use), the GraphQL layer
// (core/graphql-module-on-use.js) and product search (resources/product/search-module-on-use.js),
// each required through the package's imports, `#bundle/*` (util/bundle-part.js).
const { typeManifest } = await import(new URL('../dist/src/resources/manifest.js', import.meta.url).href);
const onUseEntries = [
  'dist/src/core/graphql/index.js',
  'dist/src/resources/product/search/index.js',
  ...new Set(Object.values(typeManifest).map((entry) => `dist/src/resources/${entry.module}.js`)),
];
/**
 * Resolves an import of `name.js` to `name-on-use.js` where one is beside it: a module that imports
 * a part ready from the sources (resources/load.js imports every type's module) and the one that
 * requires it on first use in the bundle.
 */
const partsOnUse = {
  name: 'parts-on-use',
  setup(build) {
    build.onResolve({ filter: /\.js$/ }, (args) => {
      if (args.kind !== 'import-statement' || !args.path.startsWith('.')) return undefined;
      const onUse = resolve(args.resolveDir, args.path).replace(/\.js$/, '-on-use.js');
      return existsSync(onUse) ? { path: onUse } : undefined;
    });
  },
};

const partPaths = onUseEntries.map((entry) => entry.replace(/^dist\/src\//, ''));
/**
 * In the CLI's one-file build, util/require-part.js becomes a table of the parts: a static `require`
 * of each part's module, which esbuild keeps in the file and evaluates on that first call.
 */
const partsInFile = {
  name: 'parts-in-file',
  setup(build) {
    // In place of the module's compiled text: its source map entry still names the file it replaces.
    build.onLoad({ filter: /[\\/]dist[\\/]src[\\/]util[\\/]require-part\.js$/ }, () => ({
      resolveDir: resolve('dist/src'),
      contents: [
        'const parts = {',
        ...partPaths.map((path) => `  ${JSON.stringify(path)}: () => require(${JSON.stringify(`./${path}`)}),`),
        '};',
        'export const requirePart = (path) => parts[path]();',
      ].join('\n'),
    }));
  },
};

const [library, cli, graphqlJs] = await Promise.all([
  build({
    ...common,
    entryPoints: [
      'dist/src/index.js',
      'dist/src/playwright/index.js',
      'dist/src/testing/storage-contract/index.js',
      'dist/factories/index.js',
      'dist/src/adapters/transports/msw.js',
      ...onUseEntries,
    ],
    splitting: true,
    format: 'esm',
    external,
    plugins: [partsOnUse],
    define: { COMMERCE_MOCK_GRAPHQL_JS: JSON.stringify('#graphql-js') },
    outbase: 'dist',
    outdir: 'dist/bundle',
    chunkNames: 'chunks/[name]-[hash]',
    sourcemap: true,
  }),
  build({
    ...common,
    entryPoints: { cli: 'dist/src/adapters/cli.js', 'code-cache': 'dist/src/adapters/code-cache.js' },
    format: 'cjs',
    external,
    plugins: [partsOnUse, partsInFile],
    // The file's own URL, from the CommonJS wrapper's __filename (the modules find package files from it),
    // after the directive that keeps the modules' code strict, as it was in ES modules.
    banner: { js: '"use strict";\nvar __bundle_url = require("node:url").pathToFileURL(__filename).href;' },
    define: { 'import.meta.url': '__bundle_url', COMMERCE_MOCK_GRAPHQL_JS: JSON.stringify('#graphql-js') },
    outdir: 'dist/bundle',
    outExtension: { '.js': '.cjs' },
    minifyWhitespace: true,
    sourcemap: true,
  }),
  build({
    ...common,
    entryPoints: ['node_modules/graphql/index.js'],
    format: 'cjs',
    minifyWhitespace: true,
    minifySyntax: true,
    banner: { js: '/* graphql-js (https://github.com/graphql/graphql-js), MIT License, Copyright (c) GraphQL Contributors */' },
    outfile: 'dist/bundle/graphql-js.cjs',
  }),
]);

const NOT_ASCII = /[\u0080-\uffff]/g;

for (const file of [...library.outputFiles, ...cli.outputFiles, ...graphqlJs.outputFiles]) {
  const text = /\.c?js$/.test(file.path) ? file.text.replace(NOT_ASCII, '?') : file.text;
  let current;
  try {
    current = readFileSync(file.path, 'utf8');
  } catch {
    current = undefined;
  }
  if (current === text) continue;
  mkdirSync(dirname(file.path), { recursive: true });
  const temporary = `${file.path}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, file.path);
}

// When this build ended, whether or not it wrote anything: tests/support/build.ts compares it with the compiled files.
writeFileSync('dist/bundle/.built', `${new Date().toISOString()}\n`);
