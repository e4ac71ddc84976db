/**
 * Variants (`/variants`): the modular catalog's product variants as resources of their own, with
 * current and staged data, published and unpublished one by one. Only projects on the `Modular`
 * product catalog model serve them (`guard`); each Variant is also its product's variant, kept in
 * step both ways (./sync.ts, which says why it is a stored resource). Read-only views: Variant
 * Projections and the Variant Attributes of a product projection (./projections.ts).
 *
 * Beyond the generic routes: `POST /variants/bulk` (the same actions on many Variants, each
 * updated on its own, 207 with a result per item) and `POST /variants/{ID}/images` (an image upload,
 * as on products).
 */
import * as z from 'zod';
import { ok, type ApiCall } from '../../http/context.js';
import { PlatformError } from '../../http/errors.js';
import { jsonEqual } from '../../util/json.js';
import { defineResource, type CustomRoute, type Engine, type SdkTypes } from '../../engine/define.js';
import { validate } from '../../engine/validation.js';
import { FreeKey, resourceIdentifier } from '../../engine/draft-fields.js';
import { AssetDraft } from '../assets.js';
import { AttributeDraft, ImageDraft, productTypeOf, variantFromDraft } from '../product/draft.js';
import { catalogErrors } from '../product/errors.js';
import { addUploadedImage } from '../product/images.js';
import { variantActions } from './actions.js';
import { isModular, type StandaloneVariant } from './model.js';
import { nextVariantId, syncProductOfVariant, variantData, type VariantFields } from './sync.js';

export type { StandaloneVariant, VariantData } from './model.js';

export const VariantDraft = z.object({
  key: FreeKey.optional(),
  sku: z.string().min(1).optional(),
  product: resourceIdentifier('product'),
  publish: z.boolean().optional(),
  images: z.array(ImageDraft).optional(),
  attributes: z.array(AttributeDraft).optional(),
  assets: z.array(AssetDraft).optional(),
});
export type VariantDraft = z.infer<typeof VariantDraft>;

/** The platform's limit of items in one bulk update. */
const MAX_BULK_ITEMS = 1000;

const BulkUpdate = z.object({
  items: z.array(z.object({ id: z.string().optional(), key: z.string().optional(), version: z.number().int().optional() })),
  actions: z.array(z.object({ action: z.string() }).loose()),
});

/**
 * `POST /variants/bulk`: the actions applied to each item's Variant on its own (one failing leaves
 * the others changed); `versionControl=Off` skips the version check.
 */
function bulkUpdate(call: ApiCall, engine: Engine) {
  const body = z
    .object({ items: z.array(z.unknown()) })
    .loose()
    .safeParse(call.json());
  if (body.success && body.data.items.length > MAX_BULK_ITEMS) {
    throw catalogErrors.bulkOperationMaxItemsExceeded(MAX_BULK_ITEMS, body.data.items.length);
  }
  const request = validate(BulkUpdate, call.json());
  const versionControl = call.query.get('versionControl') ?? 'On';
  const definition = engine.definition('variant');
  const results = request.items.map((item) => {
    const named = { ...(item.id !== undefined ? { id: item.id } : {}), ...(item.key !== undefined ? { key: item.key } : {}) };
    try {
      const locator = item.id !== undefined ? { id: item.id } : { key: item.key ?? '' };
      const version =
        versionControl === 'Off' || item.version === undefined ? engine.get(definition, call.ctx.project, locator).version : item.version;
      const updated = engine.update(definition, locator, { version, actions: request.actions }, call.ctx);
      return { ...named, status: 'Success', resource: { id: updated.id, version: updated.version } };
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      return { ...named, status: 'Fail', errors: error.errors };
    }
  });
  const successCount = results.filter((result) => result.status === 'Success').length;
  return { status: 207, body: { successCount, failureCount: results.length - successCount, results } };
}

/** `POST /variants/{ID}/images?filename=&staged=`: the uploaded image added to the Variant, as `addExternalImage` adds one. */
function upload(call: ApiCall, engine: Engine) {
  const variant = engine.get(engine.definition('variant'), call.ctx.project, { id: call.params.id! });
  return call.expand(addUploadedImage(call, engine, 'variant', variant));
}

const routes: CustomRoute[] = [
  { method: 'POST', path: 'bulk', handle: bulkUpdate },
  { method: 'POST', path: ':id/images', handle: (call, engine) => ok(upload(call, engine)) },
];

/** platform-sdk 8 has no Variant types yet: seeding and reads are typed with the mock's own. */
export const variants = defineResource<VariantDraft, StandaloneVariant, SdkTypes<VariantDraft, StandaloneVariant>>({
  typeId: 'variant',
  path: 'variants',
  draft: VariantDraft,
  guard(call) {
    if (!isModular(call.ctx)) throw catalogErrors.notModularCatalog();
  },
  create(draft, ctx) {
    if (!isModular(ctx)) throw catalogErrors.notModularCatalog();
    const reference = ctx.reference('product', draft.product);
    const product = ctx.get('product', reference.id)!;
    const variantId = nextVariantId(product, ctx);
    const content = { sku: draft.sku, images: draft.images, attributes: draft.attributes, assets: draft.assets };
    const checked = variantFromDraft(variantId, content, productTypeOf(ctx, product.productType), ctx);
    const variant = {} as VariantFields;
    if (draft.key !== undefined) variant.key = draft.key;
    variant.variantId = variantId;
    variant.product = reference;
    variant.published = draft.publish ?? false;
    variant.current = variantData(checked);
    return variant;
  },
  actions: variantActions,
  afterActions(variant) {
    if (variant.staged && jsonEqual(variant.staged, variant.current)) delete variant.staged;
  },
  groups: { product: { values: (variant) => [variant.product.id] } },
  sync: syncProductOfVariant,
  routes,
  messages: {
    created: {
      type: 'VariantCreated',
      payload: (variant) => ({
        productId: variant.product.id,
        variantId: variant.variantId,
        ...(variant.key !== undefined ? { key: variant.key } : {}),
        ...(variant.current.sku !== undefined ? { sku: variant.current.sku } : {}),
        attributes: variant.current.attributes,
        assets: variant.current.assets,
        images: variant.current.images,
        publish: variant.published,
      }),
    },
    deleted: { type: 'VariantDeleted' },
  },
});

declare module '../../http/context.js' {
  interface StoredTypes {
    variant: StandaloneVariant;
  }
}
