import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * A file of the package (`vendor/...`), found from this module's directory upwards: two levels above
 * it in the sources (src/util), three in the compiled dist/src/util, and wherever the bundle
 * (dist/bundle/) placed the chunk that holds it.
 */
export function packageFile(file: string): string {
  for (let up = '../'; up.length <= 6 * 3; up += '../') {
    const candidate = fileURLToPath(new URL(`${up}${file}`, import.meta.url));
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`commerce-mock: ${file} is missing from the package.`);
}
