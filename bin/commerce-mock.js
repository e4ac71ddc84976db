#!/usr/bin/env node
// Runs the CLI's one-file bundle with a code cache (src/adapters/code-cache.ts): dist/ ships in the
// package (built by `prepack`); in a checkout, `npm start` (its `prestart`) or `npm run build` builds it.
// CommonJS (bin/package.json), as both bundles it loads are.
const { existsSync } = require('node:fs');
const { join } = require('node:path');

// Node 22.1 and later: V8 keeps the code it compiled for what the CLI requires (graphql-js) on disk,
// beside the CLI's own code cache. In the CLI's own process only: the library never changes its importer's.
require('node:module').enableCompileCache?.();

const cli = join(__dirname, '../dist/bundle/cli.cjs');
if (!existsSync(cli)) {
  console.error('commerce-mock: dist/ is missing; run `npm run build` first.');
  process.exit(1);
}
const { runWithCodeCache } = require('../dist/bundle/code-cache.cjs');
const { exports: commands, saveCodeCache } = runWithCodeCache(cli);
commands.main(process.argv.slice(2), process.env, { onIdle: saveCodeCache }).catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
