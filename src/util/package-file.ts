import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** A file of the package (`vendor/...`), from the sources (src/util) or from the build (dist/src/util). */
export function packageFile(file: string): string {
  for (const up of ['../../', '../../../']) {
    const candidate = fileURLToPath(new URL(`${up}${file}`, import.meta.url));
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`commerce-mock: ${file} is missing from the package.`);
}
