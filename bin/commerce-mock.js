#!/usr/bin/env node
// Runs the CLI's bundle: dist/ ships in the package (built by `prepack`); in a checkout,
// `npm start` (its `prestart`) or `npm run build` builds it.
import { existsSync } from 'node:fs';

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
