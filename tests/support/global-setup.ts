import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * The CLI tests start the compiled bin as users do, so compile the current sources first. Type
 * errors are the typecheck step's to report; here only a missing output fails.
 */
export default function globalSetup(): void {
  const build = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { encoding: 'utf8' });
  if (!existsSync('dist/src/cli.js')) throw new Error(`build failed:\n${build.stdout}${build.stderr}`);
}
