#!/usr/bin/env node
// Runs the CLI's bundle: dist/ ships in the package (built by `prepack`); in a checkout,
// `npm start` (its `prestart`) or `npm run build` builds it.
import { existsSync } from 'node:fs';
import module from 'node:module';

// Node 22.1 and later: V8 keeps the code it compiled for the bundle and its dependencies on disk (in
// the temporary directory; NODE_COMPILE_CACHE moves it, NODE_DISABLE_COMPILE_CACHE=1 turns it off), so
// the next start compiles less. In the CLI's own process only: the library never changes its importer's.
module.enableCompileCache?.();

const cli = new URL('../dist/bundle/src/adapters/cli.js', import.meta.url);
if (!existsSync(cli)) {
  console.error('commerce-mock: dist/ is missing; run `npm run build` first.');
  process.exit(1);
}
const { main } = await import(cli.href);
main(process.argv.slice(2)).catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
