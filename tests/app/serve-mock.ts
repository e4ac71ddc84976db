/** `commerce-mock serve` from the sources (the tests of this repository run before any build): same CLI, same arguments. */
import { main } from '../../src/adapters/cli.js';

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
