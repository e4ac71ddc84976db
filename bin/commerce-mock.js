#!/usr/bin/env node
// Runs the compiled CLI (built by `npm install` / `npm run build` into dist/).
import { existsSync } from 'node:fs';

const cli = new URL('../dist/src/cli.js', import.meta.url);
if (!existsSync(cli)) {
  console.error('commerce-mock: dist/ is missing; run `npm run build` first.');
  process.exit(1);
}
const { main } = await import(cli.href);
main(process.argv.slice(2)).catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
