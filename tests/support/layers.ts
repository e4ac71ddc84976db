/**
 * The layer rule of docs/architecture.md, run by `npm run lint` (`node --import tsx tests/support/layers.ts`).
 *
 * Every top-level part of `src/` has a rank in LAYERS; a module imports only from its own part and
 * from parts ranked below it. A total order leaves no room for a cycle between parts, and a cycle
 * between files is refused as well. Type-only imports count: where a lower layer needs a type's
 * shape, the shape moves down, not the import up.
 *
 * dependency-cruiser would be the usual tool, but it reads TypeScript through the compiler's
 * JavaScript API, which TypeScript 7 (this project's compiler) no longer has. Biome formats every
 * import as a statement that starts a line, so reading them from the text is exact here.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const LAYERS: ReadonlyArray<readonly [part: string, role: string]> = [
  ['util', 'leaves: ids, JSON, time'],
  ['storage', 'leaves: the storage contract and its backends'],
  ['http', 'leaves: request and response, errors, body limits, router, the request context'],
  ['auth', "domain: issued tokens, passwords, a token's identity"],
  ['query', 'domain: predicates, sort, expand, paging'],
  ['pricing', 'domain: money, price selection, taxes, shipping, discounts'],
  ['engine', 'the engine: definitions, validation, engine, generic routes, messages, outbox, extension gate, scoped access'],
  ['resources', 'the resource types and their registry'],
  ['core', 'the request pipeline and its mounts: token server, scoped mounts, GraphQL, journal, faults'],
  ['api', 'the public API: CommerceMock, seeding, export'],
  ['adapters', 'transports, the admin API, MockClient, the CLI'],
  ['playwright', 'the Playwright fixtures and matchers'],
  ['testing', 'test support shipped with the package (the storage contract)'],
  ['index.ts', 'the package entry'],
];

export interface Violation {
  from: string;
  to: string;
  reason: string;
}

/** The relative module specifiers a source imports or re-exports, statically or dynamically. */
export function importsOf(source: string): string[] {
  const specifiers: string[] = [];
  for (const match of source.matchAll(/^(?:import|export)\b[^;]*?\bfrom\s*'(\.[^']+)'/gms)) specifiers.push(match[1]!);
  for (const match of source.matchAll(/^import\s*'(\.[^']+)'/gm)) specifiers.push(match[1]!);
  for (const match of source.matchAll(/\bimport\(\s*'(\.[^']+)'\s*\)/g)) specifiers.push(match[1]!);
  return specifiers;
}

/** The top-level part of `src/` a path (relative to `src/`) belongs to: a folder, or a file directly in `src/`. */
export const partOf = (path: string): string => path.split('/')[0]!;

/**
 * Checks a set of modules, given as their paths relative to `src/` and their text: imports against
 * the layer order, parts missing from LAYERS, and import cycles between files.
 */
export function checkLayers(modules: ReadonlyMap<string, string>): Violation[] {
  const rank = new Map(LAYERS.map(([part], index) => [part, index]));
  const violations: Violation[] = [];
  const graph = new Map<string, string[]>();
  for (const [from, source] of modules) {
    const targets: string[] = [];
    for (const specifier of importsOf(source)) {
      const to = resolveModule(from, specifier, modules);
      if (to === undefined) {
        violations.push({ from, to: specifier, reason: 'the import names no module of src/' });
        continue;
      }
      targets.push(to);
      const [fromPart, toPart] = [partOf(from), partOf(to)];
      for (const part of [fromPart, toPart]) {
        if (!rank.has(part)) violations.push({ from, to, reason: `src/${part} has no place in LAYERS (tests/support/layers.ts)` });
      }
      if (fromPart !== toPart && rank.has(fromPart) && rank.has(toPart) && rank.get(toPart)! > rank.get(fromPart)!) {
        violations.push({ from, to, reason: `${fromPart} is below ${toPart} in the layer order` });
      }
    }
    graph.set(from, targets);
  }
  for (const cycle of cyclesOf(graph)) violations.push({ from: cycle[0]!, to: cycle[1]!, reason: `import cycle: ${cycle.join(' -> ')}` });
  return violations;
}

function resolveModule(from: string, specifier: string, modules: ReadonlyMap<string, string>): string | undefined {
  const base = join(dirname(from), specifier);
  const candidates = [base.replace(/\.js$/, '.ts'), `${base}.ts`, join(base, 'index.ts'), base];
  return candidates.find((candidate) => modules.has(candidate));
}

/** One cycle per strongly connected group of files (Tarjan), each given as a path that closes on itself. */
function cyclesOf(graph: ReadonlyMap<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    const selfImport = graph.get(node)?.includes(node);
    if (group.length > 1 || selfImport) cycles.push(pathThrough(new Set(group), node, graph));
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

/** A path from `start` back to itself inside one strongly connected group (breadth first: the shortest). */
function pathThrough(group: ReadonlySet<string>, start: string, graph: ReadonlyMap<string, string[]>): string[] {
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const next of graph.get(node) ?? []) {
      if (!group.has(next)) continue;
      if (next === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(previous.get(path[0]!)!);
        return [...path, start];
      }
      if (!previous.has(next) && next !== start) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start, start];
}

/** Every `.ts` module under a folder, by its path relative to that folder. */
export function readModules(root: string): Map<string, string> {
  const modules = new Map<string, string>();
  const walk = (folder: string): void => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.ts')) modules.set(relative(root, path), readFileSync(path, 'utf8'));
    }
  };
  walk(root);
  return modules;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const src = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');
  if (!existsSync(src)) throw new Error(`no src/ at ${src}`);
  const violations = checkLayers(readModules(src));
  for (const { from, to, reason } of violations) console.error(`src/${from} -> src/${to}: ${reason}`);
  if (violations.length > 0) {
    console.error(`\n${violations.length} layer violation(s): see the layer order in tests/support/layers.ts and docs/architecture.md.`);
    process.exit(1);
  }
  console.log(`layers: ${LAYERS.length} parts, no import against their order, no import cycle`);
}
