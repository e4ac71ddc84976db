/**
 * Image upload (`POST /products/{id}/images`) through the official SDK and plain fetch, over the
 * in-process transport and a real port: the image lands on the variant with its URL, dimensions and
 * label, the version moves, and the mock serves the uploaded bytes at that URL. Refusals store nothing.
 */
import type { ByProjectKeyRequestBuilder, Image, Product } from '@commercetools/platform-sdk';
import { createCommerceMock } from '../../src/index.js';
import { imageDimensions } from '../../src/util/image-header.js';
import { createServer } from 'node:net';
import { startServer } from '../../src/adapters/transports/node-server.js';
import { PROJECT_KEY, expect, sdkApiRoot, sdkFailure, test } from '../support/sdk.js';
import { gif, jpeg, png, webp } from './images.js';
import { createProduct, money, plainType } from './support.js';

const plain = { typeId: 'product-type' as const, key: 'plain' };

/** A port nothing listens on, so the mock can be told its own origin before the server starts. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

async function seedProduct(apiRoot: ByProjectKeyRequestBuilder): Promise<Product> {
  await plainType(apiRoot);
  return createProduct(apiRoot, {
    productType: plain,
    name: { en: 'Poster' },
    slug: { en: 'poster' },
    publish: true,
    masterVariant: { sku: 'poster-a3', prices: [{ value: money(1500) }] },
    variants: [{ sku: 'poster-a2' }],
  });
}

function upload(
  apiRoot: ByProjectKeyRequestBuilder,
  product: Product,
  body: Buffer,
  contentType: string,
  queryArgs: Record<string, string | number | boolean> = {},
) {
  return apiRoot
    .products()
    .withId({ ID: product.id })
    .images()
    .post({ body, headers: { 'Content-Type': contentType }, queryArgs })
    .execute();
}

const URL_SHAPE = (apiUrl: string, name: string, extension: string) =>
  new RegExp(`^${apiUrl.replace(/[.]/g, '\\.')}/${PROJECT_KEY}/images/${name}-[A-Za-z0-9_-]{8}\\.${extension}$`);

test.describe('product image upload', () => {
  test('a PNG by SKU: added to the staged variant with URL, dimensions and label; one new version; the URL serves the bytes', async ({
    apiRoot,
    mock,
  }) => {
    const product = await seedProduct(apiRoot);
    const file = png(3, 2);
    const response = await upload(apiRoot, product, file, 'image/png', { sku: 'poster-a2', filename: 'front.png' });
    expect(response.statusCode).toBe(200);
    const updated = response.body;
    expect(updated.version).toBe(product.version + 1);
    const [image] = updated.masterData.staged.variants[0]!.images!;
    expect(image).toEqual({
      url: expect.stringMatching(URL_SHAPE(mock.options.apiUrl, 'front', 'png')),
      dimensions: { w: 3, h: 2 },
      label: 'front.png',
    });
    // staged by default: the current data is untouched, and the product has staged changes.
    expect(updated.masterData.current.variants[0]!.images).toEqual([]);
    expect(updated.masterData.hasStagedChanges).toBe(true);
    expect(updated.masterData.staged.masterVariant.images).toEqual([]);
    expect(mock.data.get<Product>('product', product.id)!.masterData.staged.variants[0]!.images).toEqual([image]);

    const served = await fetch(image!.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(file)).toBe(true);
    // The request journal records a binary body by its size.
    const [entry] = mock.journal.requests({ method: 'POST', path: `/${PROJECT_KEY}/products/${product.id}/images` });
    expect(entry!.requestBody).toBe(`(${file.length} bytes)`);
    const head = await fetch(image!.url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('image/png');
  });

  test('JPEG, GIF and WebP; by variant id; staged=false adds to current and staged; without variant or sku: the master variant', async ({
    apiRoot,
  }) => {
    let product = await seedProduct(apiRoot);
    const cases: Array<[Buffer, string, Record<string, string | number | boolean>, Image['dimensions']]> = [
      [jpeg(640, 480), 'image/jpeg', { variant: 2, staged: false }, { w: 640, h: 480 }],
      [gif(460, 102), 'image/gif', { variant: 2, staged: false, filename: 'logo.gif' }, { w: 460, h: 102 }],
      [webp(300, 200, 'VP8 '), 'image/webp', {}, { w: 300, h: 200 }],
    ];
    for (const [body, type, queryArgs, dimensions] of cases) {
      const next = (await upload(apiRoot, product, body, type, queryArgs)).body;
      expect(next.version).toBe(product.version + 1);
      product = next;
      const variant = queryArgs.variant === 2 ? product.masterData.staged.variants[0]! : product.masterData.staged.masterVariant;
      expect(variant.images!.at(-1)!.dimensions).toEqual(dimensions);
    }
    const blue = product.masterData.current.variants[0]!.images!;
    expect(blue.map((image) => [image.label, image.dimensions.w])).toEqual([
      ['img', 640],
      ['logo.gif', 460],
    ]);
    expect(blue[1]!.url).toMatch(/\/images\/logo-[A-Za-z0-9_-]{8}\.gif$/);
    expect(product.masterData.staged.variants[0]!.images).toEqual(blue);
    expect(product.masterData.current.masterVariant.images).toEqual([]);
    expect(product.masterData.staged.masterVariant.images!.map((image) => image.url)).toEqual([expect.stringMatching(/\.webp$/)]);
    const webpServed = await fetch(product.masterData.staged.masterVariant.images![0]!.url);
    expect(webpServed.headers.get('content-type')).toBe('image/webp');
  });

  test('refusals: wrong content type, not an image, unknown variant or product, over 10 MB; nothing stored, no new version', async ({
    apiRoot,
    mock,
  }) => {
    const product = await seedProduct(apiRoot);
    const refused = async (request: Promise<unknown>, status: number, code: string, message?: RegExp) => {
      const failure = await sdkFailure(request);
      expect(failure.statusCode).toBe(status);
      expect(failure.body.errors[0]!.code).toBe(code);
      if (message) expect(failure.body.message).toMatch(message);
    };
    await refused(upload(apiRoot, product, png(2, 2), 'text/plain'), 400, 'InvalidInput', /Unsupported Content-Type 'text\/plain'/);
    await refused(upload(apiRoot, product, png(2, 2), 'image/tiff'), 400, 'InvalidInput', /supported formats are image\/jpeg/);
    await refused(upload(apiRoot, product, gif(2, 2), 'image/png'), 400, 'InvalidInput', /not a image\/png image/);
    await refused(upload(apiRoot, product, png(2, 2), 'image/png', { sku: 'nope' }), 400, 'InvalidOperation', /SKU 'nope'/);
    await refused(upload(apiRoot, product, png(2, 2), 'image/png', { variant: 9 }), 400, 'InvalidOperation');
    await refused(upload(apiRoot, { ...product, id: 'missing' }, png(2, 2), 'image/png'), 404, 'ResourceNotFound');
    const huge = Buffer.concat([png(2, 2), Buffer.alloc(10 * 1024 * 1024)]);
    await refused(upload(apiRoot, product, huge, 'image/png'), 413, 'ContentTooLarge');
    const stored = mock.data.get<Product>('product', product.id)!;
    expect(stored.version).toBe(product.version);
    expect(stored.masterData.staged.masterVariant.images).toEqual([]);
  });

  test('fetch: without a Content-Type the file name decides, as on the platform; without either, the platform message', async ({
    apiRoot,
    mock,
  }) => {
    const product = await seedProduct(apiRoot);
    const token = mock.tokens.issue({ kind: 'client' }).accessToken;
    const send = (filename: string) =>
      fetch(`${mock.options.apiUrl}/${PROJECT_KEY}/products/${product.id}/images?filename=${filename}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: new Uint8Array(png(5, 4)), // bytes: fetch sends no Content-Type for them
      });
    const named = await send('shot.png');
    expect(named.status).toBe(200);
    const image = ((await named.json()) as Product).masterData.staged.masterVariant.images![0]!;
    expect(image.dimensions).toEqual({ w: 5, h: 4 });
    expect(Buffer.from(await (await fetch(image.url)).arrayBuffer()).equals(png(5, 4))).toBe(true);
    const unnamed = await send('shot');
    expect(unnamed.status).toBe(400);
    expect(((await unnamed.json()) as { message: string }).message).toBe(
      "Missing Content-Type and can't determine image format based on filename: shot. The supported formats are image/jpeg, image/png, image/gif and image/webp.",
    );
  });

  test('over a real port: the SDK uploads, the server serves the picture at the URL it gave', async () => {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const mock = createCommerceMock({ defaultProjectKey: PROJECT_KEY, apiUrl: origin, authUrl: origin });
    const server = await startServer(mock, { port });
    try {
      const apiRoot = sdkApiRoot(mock);
      const product = await seedProduct(apiRoot);
      const file = png(4, 4);
      const updated = (await upload(apiRoot, product, file, 'image/png', { filename: 'wire' })).body;
      const image = updated.masterData.staged.masterVariant.images![0]!;
      expect(image.url).toMatch(URL_SHAPE(origin, 'wire', 'png'));
      const served = await fetch(image.url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(served.headers.get('access-control-allow-origin')).toBe('*');
      expect(Buffer.from(await served.arrayBuffer()).equals(file)).toBe(true);
      expect((await fetch(`${origin}/${PROJECT_KEY}/images/none.png`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});

test('imageDimensions reads the header of each format and refuses what is not one', () => {
  expect(imageDimensions('image/png', png(7, 3))).toEqual({ w: 7, h: 3 });
  expect(imageDimensions('image/jpeg', jpeg(1024, 768))).toEqual({ w: 1024, h: 768 });
  expect(imageDimensions('image/gif', gif(460, 102))).toEqual({ w: 460, h: 102 });
  for (const form of ['VP8 ', 'VP8L', 'VP8X'] as const)
    expect(imageDimensions('image/webp', webp(300, 200, form))).toEqual({ w: 300, h: 200 });
  expect(imageDimensions('image/png', jpeg(1, 1))).toBeUndefined();
  expect(imageDimensions('image/jpeg', png(1, 1))).toBeUndefined();
  expect(imageDimensions('image/gif', Buffer.from('GIF8'))).toBeUndefined();
  expect(imageDimensions('image/webp', Buffer.from('RIFF'))).toBeUndefined();
});
