/**
 * The mock reads a request's path segments and query as the URL parser gives them, but splits plain
 * URLs as text (`requestTarget`): every URL below must come out as `new URL` reads it, and the mock
 * must serve what such URLs name.
 */
import { test, expect } from '@playwright/test';
import { createCommerceMock } from '../../src/index.js';
import { requestTarget } from '../../src/http/target.js';

const viaParser = (url: string) => {
  const parsed = new URL(url.startsWith('/') ? `http://localhost${url}` : url);
  return { segments: parsed.pathname.split('/').filter((segment) => segment !== ''), query: [...parsed.searchParams] };
};

const URLS = [
  '/shop/carts',
  '/shop/carts/',
  '//shop//carts//b5f1',
  'https://api.europe-west1.gcp.commercetools.com/shop/carts/8b6eeefb-04b2-4ebb-9acb-be4d16a31ddd',
  'HTTP://user:pw@localhost:8989/shop/categories?limit=2',
  'https://host',
  'https://host?where=x',
  '/shop/product-projections?where=slug(en%3D%22mug%22)&priceCurrency=EUR&expand=productType',
  '/shop/categories?where=name(en = "a b")&sort=name.en asc',
  '/shop/categories?q=a+b&q=%2B&empty=&flag',
  '/shop/categories/key=a.b?x=ä#fragment?y=1',
  '/shop/categories/key=%C3%A4',
  '/shop/categories/key=ä b',
  '/shop/./categories/../categories',
  '/shop/%2e%2E/categories',
  '/shop/.hidden',
  '/shop\\categories',
  '/shop/cat\tegories',
  ' https://host/shop/categories ',
  '/shop/categories\n',
  '/shop/categories?x=%zz&y=100%',
  '/shop/cat%zzegories',
  '/shop/categories/key="quoted"<>{}|^`',
  'https://host/shop/categories?where=id in ("a", "b")#',
];

test('requestTarget reads every URL as the URL parser does', () => {
  for (const url of URLS) {
    const target = requestTarget(url);
    expect({ segments: target.segments, query: [...target.query] }, url).toEqual(viaParser(url));
  }
  // What the parser refuses, it refuses either way.
  expect(() => requestTarget('not a url')).toThrow(TypeError);
});

test('a plain URL, a dot segment and an encoded key are served as the paths they name', () => {
  const mock = createCommerceMock({ defaultProjectKey: 'target-shop' });
  const category = mock.data.create<{ id: string }>('category', { key: 'a-b', name: { en: 'A' }, slug: { en: 'a-b' } });
  const get = (url: string) => mock.handle({ method: 'GET', url });
  expect(get(`/target-shop/categories/${category.id}?expand=parent`)).toMatchObject({ status: 200, body: { key: 'a-b' } });
  expect(get('https://api.example.com/target-shop/categories/key=a-b')).toMatchObject({ status: 200, body: { id: category.id } });
  expect(get('/target-shop/./categories/../categories/key=a-b')).toMatchObject({ status: 200, body: { id: category.id } });
  expect(get('/target-shop/categories/key=%61-b')).toMatchObject({ status: 200, body: { id: category.id } });
  expect(get('/target-shop/categories?where=key%3D%22a-b%22&limit=1')).toMatchObject({
    status: 200,
    body: { count: 1, results: [{ key: 'a-b' }] },
  });
  expect(get('/target-shop/categories?where=key = "a-b"#ignored')).toMatchObject({ status: 200, body: { count: 1 } });
  expect(get('/target-shop/categories/key=%zz')).toMatchObject({ status: 400, body: { errors: [{ code: 'InvalidInput' }] } });
});
