/**
 * Runs the examples of docs/querying.md, so the user guide cannot drift from what the mock does:
 *   - every row of its `| Operator | Example | On | Matches |` tables (a `where` and its matches),
 *   - every row of its `| On | Query parameters | Results | count | total |` tables,
 *   - every error message shown in a ```text block after a `<!-- where-error: ... -->` comment,
 *   - every ```ts block, which must appear verbatim (indentation aside) between
 *     `// doc-example:start` and `// doc-example:end` in this file, where it runs and is checked.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Category } from '@commercetools/platform-sdk';
import { createCommerceMock } from '../../src/index.js';
import { test, expect, sdkFailure } from '../support/sdk.js';
import { label, labels, list, type ListResource, type QueryArgs } from './support.js';
import { seedWorld, type World } from './world.js';
import { markedRegions, tsBlocks } from '../support/doc-examples.js';

const DOC_PATH = fileURLToPath(new URL('../../docs/querying.md', import.meta.url));
const doc = readFileSync(DOC_PATH, 'utf8');
const docLines = doc.split('\n');

/** The rows of every table whose header row is exactly `header`, as trimmed cells. */
function tableRows(header: string): string[][] {
  const rows: string[][] = [];
  for (let i = 0; i < docLines.length; i++) {
    if (docLines[i]!.trim() !== header) continue;
    for (let j = i + 2; j < docLines.length && docLines[j]!.startsWith('|'); j++) {
      rows.push(
        docLines[j]!.trim()
          .slice(1, -1)
          .split('|')
          .map((cell) => cell.trim()),
      );
    }
  }
  return rows;
}

const code = (cell: string) => cell.replace(/^`|`$/g, '');
const names = (cell: string) => (cell === 'none' ? [] : cell.split(',').map((name) => name.trim()));

/** `<gold.id>` → the id of the seeded resource with that key (or customer first name). */
function withDocIds(text: string, world: World): string {
  const ids = new Map<string, string>();
  for (const group of Object.values(world) as Array<Record<string, unknown>>) {
    const members = typeof group.id === 'string' ? [group] : Object.values(group);
    for (const member of members as Array<{ id: string; key?: string; firstName?: string }>) {
      if (member.key) ids.set(member.key, member.id);
      if (member.firstName) ids.set(member.firstName, member.id);
    }
  }
  return text.replace(/<([A-Za-z-]+)\.id>/g, (placeholder, name: string) => {
    const id = ids.get(name);
    if (!id) throw new Error(`docs/querying.md: unknown placeholder ${placeholder}`);
    return id;
  });
}

const sortedCopy = (values: string[]) => [...values].sort();

test.describe('docs/querying.md: where operator tables', () => {
  const rows = tableRows('| Operator | Example | On | Matches |');
  test('the tables are there', () => {
    expect(rows.length).toBeGreaterThanOrEqual(30);
  });
  for (const [operator, example, on, matches] of rows) {
    test(`${operator}: ${example} on ${on} → ${matches}`, async ({ mock, apiRoot }) => {
      const world = seedWorld(mock);
      const page = await list(apiRoot, on as ListResource, { where: withDocIds(code(example!), world), limit: 500 });
      expect(sortedCopy(labels(on as ListResource, page))).toEqual(sortedCopy(names(matches!)));
      expect(page.total).toBe(names(matches!).length);
    });
  }
});

test.describe('docs/querying.md: request tables', () => {
  const rows = tableRows('| On | Query parameters | Results | count | total |');
  test('the tables are there', () => {
    expect(rows.length).toBeGreaterThanOrEqual(25);
  });
  for (const [on, parameters, results, count, total] of rows) {
    test(`${on}?${parameters} → ${results}`, async ({ mock, apiRoot }) => {
      const world = seedWorld(mock);
      const args: Record<string, string | string[] | number | boolean> = {};
      for (const pair of code(parameters!).split('&')) {
        const at = pair.indexOf('=');
        const name = pair.slice(0, at);
        const value: string = withDocIds(pair.slice(at + 1), world);
        const typed = (name === 'limit' || name === 'offset') && /^-?\d+$/.test(value) ? Number(value) : value;
        const previous = args[name];
        args[name] = previous === undefined ? typed : [...[previous].flat().map(String), String(typed)];
      }
      const request = list(apiRoot, on as ListResource, args as QueryArgs);
      if (results === '400 InvalidInput') {
        const failure = await sdkFailure(request);
        expect(failure.statusCode).toBe(400);
        expect(failure.body.errors[0]!.code).toBe('InvalidInput');
        return;
      }
      const page = await request;
      const expected = names(results!);
      const actual = labels(on as ListResource, page);
      if ('sort' in args) expect(actual).toEqual(expected);
      else expect(sortedCopy(actual)).toEqual(sortedCopy(expected));
      expect(page.count).toBe(Number(count));
      if (total === '—') expect(page).not.toHaveProperty('total');
      else expect(page.total).toBe(Number(total));
    });
  }
});

/** `<!-- where-error: <predicate> -->` (or `where-error strict:`) followed by a ```text block of the message. */
const errorExamples = [...doc.matchAll(/<!-- where-error( strict)?: (.*) -->\n```text\n([\s\S]*?)\n```/g)].map((match) => ({
  strict: match[1] !== undefined,
  where: match[2]!,
  message: match[3]!,
}));

test.describe('docs/querying.md: error messages', () => {
  test('the examples are there', () => {
    expect(errorExamples.filter((e) => !e.strict).length).toBeGreaterThanOrEqual(2);
    expect(errorExamples.filter((e) => e.strict).length).toBeGreaterThanOrEqual(1);
  });
  for (const example of errorExamples.filter((e) => !e.strict)) {
    test(`where=${example.where}`, async ({ mock, apiRoot }) => {
      seedWorld(mock);
      const failure = await sdkFailure(list(apiRoot, 'customers', { where: example.where }));
      expect(failure.statusCode).toBe(400);
      expect(failure.body.errors[0]!.code).toBe('InvalidInput');
      expect(failure.body.message).toBe(example.message);
    });
  }
  test.describe('with strictWhere', () => {
    test.use({ mockOptions: { strictWhere: true } });
    for (const example of errorExamples.filter((e) => e.strict)) {
      test(`where=${example.where}`, async ({ mock, apiRoot }) => {
        seedWorld(mock);
        const failure = await sdkFailure(list(apiRoot, 'customers', { where: example.where }));
        expect(failure.statusCode).toBe(400);
        expect(failure.body.errors[0]!.code).toBe('InvalidInput');
        expect(failure.body.message).toBe(example.message);
      });
    }
  });
});

const normalize = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join('\n');

test('docs/querying.md: every ts block is an example run below', () => {
  const blocks = tsBlocks(DOC_PATH).map(normalize);
  const regions = markedRegions(fileURLToPath(import.meta.url)).map(normalize);
  expect(blocks.length).toBeGreaterThanOrEqual(6);
  for (const block of blocks) expect(regions, `docs/querying.md block not run here:\n${block}`).toContain(block);
  expect(regions.length).toBe(blocks.length);
});

test.describe('docs/querying.md: ts examples', () => {
  test('strictWhere knows the fields a draft declares', async () => {
    // doc-example:start
    const strict = createCommerceMock({ strictWhere: true });
    strict.data.create('customer', { email: 'anna@example.com', password: 'secret', firstName: 'Anna' });
    const customers = (where: string) =>
      strict.handle({ method: 'GET', url: `/${strict.options.defaultProjectKey}/customers?where=${encodeURIComponent(where)}` });
    customers('salutation = "Ms"').status; // 200: a customer field, though no stored customer has one yet
    customers('nope = "x"').status; // 400: The field 'nope' does not exist.
    // doc-example:end
    expect(customers('salutation = "Ms"').status).toBe(200);
    const refused = customers('nope = "x"');
    expect(refused.status).toBe(400);
    expect((refused.body as { message: string }).message).toBe("Malformed parameter: where: The field 'nope' does not exist.");
  });

  test('where with variables through the SDK', async ({ mock, apiRoot }) => {
    seedWorld(mock);
    // doc-example:start
    const { body } = await apiRoot
      .customers()
      .get({
        queryArgs: {
          where: ['lastName = :last', 'custom(fields(points > :min))'],
          'var.last': 'Schmidt',
          'var.min': 100,
          sort: 'firstName asc',
        },
      })
      .execute();
    // body.results: Anna only (Dora is a Schmidt too, with 0 points); body.count 1, body.total 1
    // doc-example:end
    expect(body.results.map((c) => c.firstName)).toEqual(['Anna']);
    expect(body.count).toBe(1);
    expect(body.total).toBe(1);
  });

  test('in with a repeated variable', async ({ mock, apiRoot }) => {
    const {
      groups: { gold, silver },
    } = seedWorld(mock);
    // doc-example:start
    const { body } = await apiRoot
      .customers()
      .get({ queryArgs: { where: 'customerGroup(id in :groups)', 'var.groups': [gold.id, silver.id], sort: 'firstName asc' } })
      .execute();
    // body.results: Anna, Ben, Dora
    // doc-example:end
    expect(body.results.map((c) => c.firstName)).toEqual(['Anna', 'Ben', 'Dora']);
  });

  test('strictWhere', async () => {
    // doc-example:start
    const mock = createCommerceMock({ strictWhere: true }); // in-process
    // Playwright: use: { commerceMock: { strictWhere: true } }; server: commerce-mock serve --strict-where
    // doc-example:end
    expect(mock.options.strictWhere).toBe(true);
    mock.data.create('customer-group', { key: 'gold', groupName: 'Gold' });
    const response = mock.handle({
      method: 'GET',
      url: `/${mock.options.defaultProjectKey}/customer-groups?where=${encodeURIComponent('nope = "x"')}`,
    });
    expect(response.status).toBe(400);
  });

  test('sort through the SDK', async ({ mock, apiRoot }) => {
    seedWorld(mock);
    // doc-example:start
    const { body } = await apiRoot
      .products()
      .get({ queryArgs: { sort: ['masterData.published desc', 'masterData.current.name.en asc'], limit: 2 } })
      .execute();
    // body.results: green-cap, red-shirt (published first, then by English name); body.total 3
    // doc-example:end
    expect(body.results.map((p) => label('products', p as never))).toEqual(['green-cap', 'red-shirt']);
    expect(body.total).toBe(3);
  });

  test('expand on get', async ({ mock, apiRoot }) => {
    const { categories } = seedWorld(mock);
    // doc-example:start
    const { body: shirts } = await apiRoot
      .categories()
      .withKey({ key: 'shirts' })
      .get({ queryArgs: { expand: ['parent.parent', 'ancestors[*]'] } })
      .execute();
    // shirts.parent: { typeId: 'category', id: <men.id>, obj: { key: 'men', parent: { typeId: 'category', id: <clothing.id>, obj: { key: 'clothing', ... } }, ... } }
    // shirts.ancestors: clothing and men, each with obj
    // doc-example:end
    const parent = shirts.parent as {
      typeId: string;
      id: string;
      obj: Category & { parent: { typeId: string; id: string; obj: Category } };
    };
    expect(parent.typeId).toBe('category');
    expect(parent.id).toBe(categories.men.id);
    expect(parent.obj.key).toBe('men');
    expect(parent.obj.parent).toMatchObject({ typeId: 'category', id: categories.clothing.id, obj: { key: 'clothing' } });
    expect(shirts.ancestors.map((a) => a.obj?.key)).toEqual(['clothing', 'men']);
  });

  test('expand on create', async ({ mock, apiRoot }) => {
    const { groups } = seedWorld(mock);
    // doc-example:start
    const { body } = await apiRoot
      .customers()
      .post({
        body: { email: 'eve@example.com', password: 'secret', customerGroup: { typeId: 'customer-group', key: 'gold' } },
        queryArgs: { expand: 'customerGroup' },
      })
      .execute();
    // body.customer.customerGroup: { typeId: 'customer-group', id: <gold.id>, obj: { key: 'gold', name: 'Gold', ... } }
    // doc-example:end
    expect(body.customer.customerGroup).toMatchObject({ typeId: 'customer-group', id: groups.gold.id, obj: { key: 'gold', name: 'Gold' } });
  });
});
