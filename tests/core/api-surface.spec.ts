/**
 * One vocabulary: the in-process mock, `MockClient` (in process and remote) and the `commerce`
 * fixture have the same members with the same arities, and docs/api.md lists every one of them with
 * the surfaces that have it. A member added to one surface and not to its mirror, or not to the page,
 * fails here.
 */
import { readFileSync } from 'node:fs';
import { test, expect } from '@playwright/test';
import { connectCommerceMock, createCommerceMock, localClient } from '../../src/index.js';
import { Commerce } from '../../src/playwright/commerce.js';

const SURFACES = ['mock', 'MockClient', 'commerce'] as const;
type Surface = (typeof SURFACES)[number];
const NOUNS = new Set(['data', 'events', 'tokens', 'journal', 'state', 'faults', 'permissions', 'clock', 'extensions']);

/** The page's rows: each member's path (`data.seed`), its arguments as written, and the surfaces marked ✓. */
function documented(): Map<string, { parameters: string[]; on: Set<Surface> }> {
  const rows = new Map<string, { parameters: string[]; on: Set<Surface> }>();
  for (const line of readFileSync('docs/api.md', 'utf8').split('\n')) {
    const row = /^\| `([^`]+)` \| (✓|—) \| (✓|—) \| (✓|—) \|/.exec(line);
    if (!row) continue;
    const [, signature, ...marks] = row;
    const name = signature!.replace(/\(.*$/, '');
    const list = /\((.*)\)$/.exec(signature!)?.[1];
    const parameters = list ? list.split(',').map((parameter) => parameter.trim()) : [];
    expect(rows.has(name), `docs/api.md lists ${name} twice`).toBe(false);
    rows.set(name, { parameters, on: new Set(SURFACES.filter((_, i) => marks[i] === '✓')) });
  }
  return rows;
}

/** Every public member of an object: own and inherited, without calling getters that are not nouns. */
function memberNames(target: object): string[] {
  const names = new Set<string>();
  for (let level: object | null = target; level && level !== Object.prototype; level = Object.getPrototypeOf(level)) {
    for (const name of Object.getOwnPropertyNames(level)) if (name !== 'constructor') names.add(name);
  }
  return [...names].sort();
}

/** The surface's members as paths (`data.seed`, `location`), each with its function's arity (or undefined). */
function members(surface: object): Map<string, number | undefined> {
  const found = new Map<string, number | undefined>();
  for (const name of memberNames(surface)) {
    if (NOUNS.has(name)) {
      const noun = (surface as Record<string, object>)[name]!;
      for (const member of memberNames(noun)) {
        const value = (noun as Record<string, unknown>)[member];
        found.set(`${name}.${member}`, typeof value === 'function' ? value.length : undefined);
      }
      continue;
    }
    let level: object | null = surface;
    let descriptor: PropertyDescriptor | undefined;
    while (level && !(descriptor = Object.getOwnPropertyDescriptor(level, name))) level = Object.getPrototypeOf(level);
    found.set(name, typeof descriptor?.value === 'function' ? descriptor.value.length : undefined);
  }
  return found;
}

function surfaces() {
  const mock = createCommerceMock({ defaultProjectKey: 'shop' });
  const client = localClient(mock);
  const target = { kind: 'in-process' as const, mock, client, serverUrl: async () => 'http://127.0.0.1:1' };
  return {
    mock,
    local: client,
    remote: connectCommerceMock('http://127.0.0.1:9'),
    commerce: new Commerce(target, undefined),
  };
}

test('every member of every surface is on docs/api.md, marked for exactly the surfaces that have it', () => {
  const page = documented();
  const { mock, local, remote, commerce } = surfaces();
  const bySurface: Record<Surface, Array<Map<string, number | undefined>>> = {
    mock: [members(mock)],
    MockClient: [members(local), members(remote)],
    commerce: [members(commerce)],
  };
  for (const surface of SURFACES) {
    for (const found of bySurface[surface]) {
      const missingFromPage = [...found.keys()].filter((name) => !page.get(name)?.on.has(surface));
      expect(missingFromPage, `members of ${surface} docs/api.md does not mark for it`).toEqual([]);
      const missingFromSurface = [...page].filter(([, row]) => row.on.has(surface)).filter(([name]) => !found.has(name));
      expect(
        missingFromSurface.map(([name]) => name),
        `docs/api.md marks these for ${surface}, which lacks them`,
      ).toEqual([]);
    }
  }
});

test('a member takes the same number of arguments on every surface, as many as the page writes', () => {
  const page = documented();
  const { mock, local, remote, commerce } = surfaces();
  const all = [
    ['mock', members(mock)],
    ['localClient', members(local)],
    ['remote client', members(remote)],
    ['commerce', members(commerce)],
  ] as const;
  for (const [name, row] of page) {
    // A rest parameter (`...items`) is not counted in a function's length; every other one is, optional or not.
    const written = row.parameters.filter((parameter) => !parameter.startsWith('...')).length;
    for (const [surface, found] of all) {
      const arity = found.get(name);
      if (arity !== undefined) expect(arity, `${name} on ${surface} (docs/api.md writes ${written} arguments)`).toBe(written);
    }
  }
});

test("project(key) has the default project view's data and events, on every surface; a bad key is refused", async () => {
  const { mock, local, remote, commerce } = surfaces();
  for (const surface of [mock, local, remote, commerce]) {
    const view = surface.project('outlet');
    expect(view.projectKey).toBe('outlet');
    expect(memberNames(view).filter((name) => !['projectKey'].includes(name))).toEqual(['data', 'events']);
    expect(memberNames(view.data)).toEqual(memberNames(surface.data));
    expect(memberNames(view.events)).toEqual(memberNames(surface.events).filter((name) => name !== 'onDelivery'));
  }
  expect(() => mock.project('Not A Key')).toThrow(/project\(\) takes a project key/);
  expect(() => remote.project('x')).toThrow(TypeError);
});

test('a call still written with a trailing { projectKey } is refused, naming project(key); nothing is stored', () => {
  const { mock } = surfaces();
  const draft = { email: 'ada@example.com', password: 'secret' };
  expect(() => mock.data.create('customer', draft, { projectKey: 'outlet' } as never)).toThrow(
    /data\.create\(\) options know 'author' only, and were given 'projectKey'\. For another project, use project\(key\)\.data\.create/,
  );
  expect(() => (mock.data.all as (...args: unknown[]) => unknown)('customer', { projectKey: 'outlet' })).toThrow(
    /data\.all\(\) takes 1 argument and was given 2\. For another project, use project\(key\)\.data\.all/,
  );
  expect(() => (mock.events.messages as (...args: unknown[]) => unknown)({}, { projectKey: 'outlet' })).toThrow(TypeError);
  expect(() => mock.data.seed(['channel', { key: 'c1' }], { projectKey: 'outlet' } as never)).toThrow(/use project\(key\)\.data\.seed/);
  expect(mock.data.all('customer')).toEqual([]);
  expect(mock.data.all('channel')).toEqual([]);
  expect(mock.project('outlet').data.all('channel')).toEqual([]);
});

test('tokens.issue names its project in the grant; project views read their own project only', () => {
  const { mock } = surfaces();
  const [customer] = mock.project('outlet').data.seed(['customer', { email: 'ada@example.com', password: 'secret' }]);
  expect(() => mock.tokens.issue({ kind: 'customer', customerId: customer!.id })).toThrow(expect.objectContaining({ statusCode: 404 }));
  const token = mock.tokens.issue({ kind: 'customer', customerId: customer!.id, projectKey: 'outlet' });
  expect(token).toMatchObject({ projectKey: 'outlet', customerId: customer!.id });
  expect(mock.tokens.list({ projectKey: 'outlet' })).toEqual([token]);
  expect(mock.data.get('customer', customer!.id)).toBeUndefined();
  expect(mock.project('outlet').data.get('customer', customer!.id)).toMatchObject({ email: 'ada@example.com' });
  expect(mock.project('shop')).toBe(mock);
  expect(mock.project('outlet')).toBe(mock.project('outlet'));
});
