/**
 * The same query parameters through plain `fetch`, spelled the ways clients encode them:
 * percent-encoded, `+` for spaces (what the SDK and URLSearchParams send), `%2B` for a literal `+`,
 * repeated `where`, `sort`, `expand` and `var.*` parameters.
 */
import { test, expect } from '../support/sdk.js';
import { PROJECT_KEY } from '../support/sdk.js';
import type { CommerceMock } from '../../src/index.js';
import { seedWorld } from './world.js';

async function get(mock: CommerceMock, pathAndQuery: string): Promise<{ status: number; body: any }> {
  const response = await fetch(`${mock.options.apiUrl}/${PROJECT_KEY}/${pathAndQuery}`);
  return { status: response.status, body: await response.json() };
}

const names = (body: { results: Array<{ firstName: string }> }) => body.results.map((c) => c.firstName);

test.describe('query parameters through plain fetch', () => {
  test('percent-encoded (encodeURIComponent: %20 for spaces)', async ({ mock }) => {
    seedWorld(mock);
    const where = encodeURIComponent('lastName = "Schmidt" and addresses(city = "Munich")');
    expect(where).toContain('%20');
    const { status, body } = await get(mock, `customers?where=${where}`);
    expect(status).toBe(200);
    expect(names(body)).toEqual(['Dora']);
    expect(body.total).toBe(1);
  });

  test('+ for spaces, as the SDK and URLSearchParams send them', async ({ mock }) => {
    seedWorld(mock);
    const { body } = await get(mock, 'customers?where=firstName+in+(%22Anna%22,+%22Ben%22)&sort=firstName+desc');
    expect(names(body)).toEqual(['Ben', 'Anna']);
    const search = new URLSearchParams({ where: 'firstName = "Clara" or key = "dora"', sort: 'firstName desc' });
    expect(search.toString()).toContain('+');
    expect(names((await get(mock, `customers?${search}`)).body)).toEqual(['Dora', 'Clara']);
  });

  test('a literal + in a value is %2B (a bare + would be a space)', async ({ mock }) => {
    seedWorld(mock);
    mock.data.create('customer', { email: 'eve+shop@example.com', password: 'pw', firstName: 'Eve' });
    const encoded = new URLSearchParams({ where: 'email = "eve+shop@example.com"' }).toString();
    expect(encoded).toContain('%2B');
    expect(names((await get(mock, `customers?${encoded}`)).body)).toEqual(['Eve']);
    // Unencoded, the + reads as a space and nothing matches.
    expect(names((await get(mock, 'customers?where=email+%3D+%22eve+shop@example.com%22')).body)).toEqual([]);
  });

  test('repeated where and var parameters; quotes, parentheses and non-ASCII percent-encoded', async ({ mock }) => {
    seedWorld(mock);
    const query = [
      `where=${encodeURIComponent('lastName = :last')}`,
      `where=${encodeURIComponent('firstName in :first')}`,
      'var.last=Schmidt',
      'var.first=Dora',
      'var.first=Ben',
    ].join('&');
    expect(names((await get(mock, `customers?${query}`)).body)).toEqual(['Dora']);
    const { body } = await get(mock, `product-projections?where=${encodeURIComponent('name(de = "Grüne Mütze")')}`);
    expect(body.results.map((p: { key: string }) => p.key)).toEqual(['green-cap']);
  });

  test('expand with [*] raw or encoded, repeated sort', async ({ mock }) => {
    seedWorld(mock);
    for (const expand of ['ancestors[*]', encodeURIComponent('ancestors[*]')]) {
      const { body } = await get(mock, `categories/key=shirts?expand=${expand}`);
      expect(body.ancestors.map((a: { obj?: { key: string } }) => a.obj?.key)).toEqual(['clothing', 'men']);
    }
    const { body } = await get(mock, 'customers?sort=lastName+asc&sort=firstName+desc&limit=3&withTotal=false');
    expect(names(body)).toEqual(['Ben', 'Clara', 'Dora']);
    expect(body).toEqual(expect.objectContaining({ limit: 3, offset: 0, count: 3 }));
    expect(body).not.toHaveProperty('total');
  });

  test('a syntax error answers 400 with the position, in the platform envelope', async ({ mock }) => {
    seedWorld(mock);
    const { status, body } = await get(mock, `customers?where=${encodeURIComponent('firstName = "Anna" and')}`);
    expect(status).toBe(400);
    expect(body.statusCode).toBe(400);
    expect(body.errors[0].code).toBe('InvalidInput');
    expect(body.message).toContain('at position 23 (line 1, column 23)');
  });

  test('a bad limit answers 400', async ({ mock }) => {
    const { status, body } = await get(mock, 'customers?limit=501');
    expect(status).toBe(400);
    expect(body.errors[0]).toEqual({
      code: 'InvalidInput',
      message: "Malformed parameter: limit: the value '501' must be an integer between 0 and 500.",
    });
  });
});
