/**
 * A store's tailoring of one product, addressed by the product:
 * `/in-store/key={storeKey}/products/{productID}/product-tailoring` and `/products/key={productKey}/...`
 * (GET, POST with update actions, DELETE with `?version=`), and `.../product-tailoring/images`, the
 * image upload (as the product's, ../product/images.ts: `filename`, `variant` or `sku`, `staged`),
 * which adds the image to the variant's tailoring with `addExternalImage`. A product that does not
 * exist, or that the store has not tailored, is a 404.
 */
import { ok, type ApiCall } from '../../http/context.js';
import { errors } from '../../http/errors.js';
import type { CustomRoute, Engine, Locator } from '../../engine/define.js';
import { addUploadedImage, uploadVariant } from '../product/images.js';
import { type ProductTailoring, tailoringOf } from './model.js';

function productLocator(call: ApiCall): Locator {
  return call.params.productKey !== undefined ? { key: call.params.productKey } : { id: call.params.productId! };
}

/** The store's tailoring of the path's product, with the product. */
function located(call: ApiCall) {
  const locator = productLocator(call);
  const product = 'id' in locator ? call.ctx.get('product', locator.id) : call.ctx.getByKey('product', locator.key);
  if (!product) throw errors.resourceNotFound(locator);
  const tailoring = tailoringOf(call.ctx, call.ctx.scope?.store ?? '', product.id);
  if (!tailoring) throw errors.resourceNotFound(locator);
  return { product, tailoring };
}

function upload(call: ApiCall, engine: Engine): ProductTailoring {
  const { product, tailoring } = located(call);
  return addUploadedImage<ProductTailoring>(call, engine, 'product-tailoring', tailoring, () =>
    uploadVariant(call, product.masterData.staged.masterVariant.id),
  );
}

const definition = (engine: Engine) => engine.definition('product-tailoring');

export const byProductRoutes: CustomRoute[] = [
  '/products/:productId/product-tailoring',
  '/products/key=:productKey/product-tailoring',
].flatMap((path): CustomRoute[] => [
  { method: 'GET', path, handle: (call) => ok(call.expand(located(call).tailoring)) },
  {
    method: 'POST',
    path,
    handle: (call, engine) => ok(call.expand(engine.update(definition(engine), { id: located(call).tailoring.id }, call.json(), call.ctx))),
  },
  {
    method: 'DELETE',
    path,
    handle: (call, engine) =>
      ok(call.expand(engine.remove(definition(engine), { id: located(call).tailoring.id }, call.version(), call.ctx))),
  },
  { method: 'POST', path: `${path}/images`, handle: (call, engine) => ok(call.expand(upload(call, engine))) },
]);
