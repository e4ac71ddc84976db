/**
 * Image upload: `POST /{projectKey}/products/{ID}/images?filename=&variant=|sku=&staged=` with the
 * image file as the body (JPEG, PNG, GIF or WebP, at most 10 MB). The image is added to the variant
 * (`variant` id or `sku`; the master variant without either) with its URL, its dimensions read from
 * the file's header and the file name as label, in the staged data (`staged=false`: in the current
 * data too), as `addExternalImage` adds one: one new version.
 *
 * The platform keeps uploads on its CDN; the mock keeps them in the project's storage and serves
 * them itself at the URL it gives, `{apiUrl}/{projectKey}/images/{name}-{random}.{extension}`, so a
 * page shows the picture (`CommerceMock` serves that path before any token is read, as a CDN would).
 */
import { ok, type ApiCall } from '../../http/context.js';
import { errors } from '../../http/errors.js';
import type { StoredDocument } from '../../storage/backend.js';
import { IMAGES_SEGMENT, storeImage } from '../../engine/images.js';
import { randomToken } from '../../auth/tokens.js';
import { IMAGE_FORMATS, type ImageFormat, imageDimensions } from '../../util/image-header.js';
import type { CustomRoute, Engine } from '../../engine/define.js';
import type { Image, Product } from './model.js';
import { CatalogRead, presentProduct } from './present.js';

/** The platform's limit for one image. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

const EXTENSIONS: Record<ImageFormat, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' };
const FORMAT_OF_EXTENSION: Record<string, ImageFormat> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};
const SUPPORTED = 'The supported formats are image/jpeg, image/png, image/gif and image/webp.';

const extensionOf = (filename: string) => /\.([A-Za-z0-9]+)$/.exec(filename)?.[1]?.toLowerCase() ?? '';

/** The format the request names: its Content-Type or, without one, the file name's extension (as the platform decides). */
function formatOf(contentType: string | undefined, filename: string): ImageFormat {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  if (!type) {
    const byName = FORMAT_OF_EXTENSION[extensionOf(filename)];
    if (byName) return byName;
    throw errors.invalidInput(`Missing Content-Type and can't determine image format based on filename: ${filename}. ${SUPPORTED}`);
  }
  if ((IMAGE_FORMATS as string[]).includes(type)) return type as ImageFormat;
  throw errors.invalidInput(`Unsupported Content-Type '${contentType}' for an image upload. ${SUPPORTED}`);
}

/** The variant an upload names: `variant` (an id) or `sku`; the master variant (`masterVariantId`) without either. */
export function uploadVariant(call: ApiCall, masterVariantId: number): { variantId: number } | { sku: string } {
  const variant = call.query.get('variant');
  if (variant !== null) {
    if (!/^\d+$/.test(variant)) throw errors.invalidInput(`Malformed parameter: variant: '${variant}' is not a variant id.`);
    return { variantId: Number(variant) };
  }
  const sku = call.query.get('sku');
  return sku !== null ? { sku } : { variantId: masterVariantId };
}

/** An upload's `staged` (default true). */
function uploadStaged(call: ApiCall): boolean {
  const staged = call.query.get('staged');
  if (staged === null || staged === 'true') return true;
  if (staged === 'false') return false;
  throw errors.invalidInput(`Malformed parameter: staged: the value '${staged}' must be true or false.`);
}

/**
 * The image file of an upload request, checked: the Image it becomes (URL, dimensions, the file name
 * as label) and `keep`, which stores the file (in the transaction of the change that adds the image).
 */
function receivedImage(call: ApiCall): { image: Image; keep(engine: Engine): void } {
  const filename = call.query.get('filename') || 'img';
  const format = formatOf(call.raw.contentType, filename);
  const bytes = call.raw.bytes;
  if (!bytes || bytes.length === 0) throw errors.invalidInput('The request body is empty: send the image file as the body.');
  if (bytes.length > MAX_IMAGE_BYTES) throw errors.contentTooLarge(MAX_IMAGE_BYTES);
  const dimensions = imageDimensions(format, bytes);
  if (!dimensions) throw errors.invalidInput(`The request body is not a ${format} image.`);

  // The URL names the file, as the platform's do; the random part keeps it unique within the variant.
  const name = filename.replace(/\.(?:png|jpe?g|gif|webp)$/i, '').replace(/[^A-Za-z0-9_-]+/g, '-') || 'img';
  const file = `${name}-${randomToken(6)}.${EXTENSIONS[format]}`;
  const url = `${call.raw.apiOrigin}/${encodeURIComponent(call.ctx.project)}/${IMAGES_SEGMENT}/${file}`;
  return {
    image: { url, dimensions, label: filename },
    keep(engine) {
      storeImage(engine.storage, call.ctx.project, file, format, bytes);
    },
  };
}

/**
 * The uploaded image added to `target` (a product, a tailoring, a Variant) as `addExternalImage` adds
 * one, to the variant `variantOf` names when the type has several, with the file stored in the
 * same transaction. The body is checked before the query's variant.
 */
export function addUploadedImage<R extends StoredDocument>(
  call: ApiCall,
  engine: Engine,
  typeId: string,
  target: StoredDocument,
  variantOf: () => object = () => ({}),
): R {
  const { image, keep } = receivedImage(call);
  const action = { action: 'addExternalImage', ...variantOf(), staged: uploadStaged(call), image };
  return engine.transaction(() => {
    const changed = engine.update(engine.definition(typeId), { id: target.id }, { version: target.version, actions: [action] }, call.ctx);
    keep(engine);
    return changed as R;
  });
}

function upload(call: ApiCall, engine: Engine) {
  const product = engine.get(engine.definition('product'), call.ctx.project, { id: call.params.id! }) as Product;
  const updated = addUploadedImage<Product>(call, engine, 'product', product, () =>
    uploadVariant(call, product.masterData.staged.masterVariant.id),
  );
  return call.expand(presentProduct(updated, CatalogRead.fromQuery(call.ctx, call.query)));
}

export const imageUploadRoute: CustomRoute = {
  method: 'POST',
  path: ':id/images',
  handle: (call, engine) => ok(upload(call, engine)),
};
