/**
 * The layer rule (tests/support/layers.ts, run by `npm run lint`): it holds for src/ as it is, and it
 * refuses what it exists to refuse: an import up the order, a type-only import up the order, a part
 * with no rank, and a cycle between files.
 */
import { readdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { checkLayers, importsOf, LAYERS, readModules } from '../support/layers.js';

const modules = (entries: Record<string, string>) => new Map(Object.entries(entries));

test('src/ keeps the layer order, with no cycle between files', () => {
  const src = readModules('src');
  expect(src.size).toBeGreaterThan(150);
  expect(checkLayers(src)).toEqual([]);
});

test('every top-level part of src/ has a rank, and every rank names a part that exists', () => {
  const parts = readdirSync('src').sort();
  expect(LAYERS.map(([part]) => part).sort()).toEqual(parts);
});

test('an import up the order is refused, a type-only one as well; down the order is allowed', () => {
  const violations = checkLayers(
    modules({
      'engine/define.ts': "import { CommerceMock } from '../api/mock.js';\n",
      'engine/routes.ts': "import type {\n  Resource,\n} from '../resources/zones.js';\n",
      'api/mock.ts': "import { routes } from '../engine/routes.js';\n",
      'resources/zones.ts': "export type Resource = {};\nimport { uuid } from '../util/ids.js';\n",
      'util/ids.ts': 'export const uuid = () => "";\n',
    }),
  );
  expect(violations.map(({ from, to }) => `${from} -> ${to}`)).toEqual([
    'engine/define.ts -> api/mock.ts',
    'engine/routes.ts -> resources/zones.ts',
  ]);
  expect(violations[0]!.reason).toBe('engine is below api in the layer order');
});

test('a cycle between files of one part is refused and named', () => {
  const violations = checkLayers(
    modules({
      'engine/a.ts': "import { b } from './b.js';\n",
      'engine/b.ts': "export { c } from './c.js';\n",
      'engine/c.ts': "import('./a.js');\n",
    }),
  );
  expect(violations).toHaveLength(1);
  expect(violations[0]!.reason).toBe('import cycle: engine/a.ts -> engine/b.ts -> engine/c.ts -> engine/a.ts');
});

test('a part with no rank, and an import of a file that does not exist, are refused', () => {
  const violations = checkLayers(
    modules({
      'plugins/extra.ts': "import { uuid } from '../util/ids.js';\n",
      'util/ids.ts': "import { gone } from './gone.js';\n",
    }),
  );
  expect(violations.map(({ reason }) => reason)).toEqual([
    'src/plugins has no place in LAYERS (tests/support/layers.ts)',
    'the import names no module of src/',
  ]);
});

test('imports are read from statements, not from comments or strings', () => {
  const source = [
    "import { a } from './a.js';",
    "export * from './b.js';",
    "import './c.js';",
    "const lazy = () => import('./d.js');",
    " * import { e } from './e.js'; (a comment)",
    'const text = \'import { f } from "./f.js"\';',
  ].join('\n');
  expect(importsOf(source)).toEqual(['./a.js', './b.js', './c.js', './d.js']);
});
