/**
 * The product update actions. Actions that take `staged` (default `true`) change only the staged
 * data, or with `staged: false` both current and staged; after every action `hasStagedChanges`
 * is recomputed and the changed data sets are checked (SKUs, variant keys, prices, attribute
 * constraints).
 */
import { z } from 'zod';
import { errors } from '../../http/errors.js';
import { ProductDiscountSet, type ProductDiscountLike } from '../../pricing/product-discounts.js';
import { jsonClone } from '../../util/json.js';
import {
  applyCustomField,
  applyCustomType,
  emitsStateTransition,
  SetCustomField,
  SetCustomType,
  setField,
} from '../../engine/common-actions.js';
import { action, emits, emitsOneOf, type ResourceContext, type UpdateAction } from '../../engine/define.js';
import { productProjection } from './present.js';
import { Key, LocalizedString, resourceIdentifier, Slug } from '../../engine/validation.js';
import { assertUniqueAssetKeys, assetFromDraft, AssetDraft, AssetLocator, AssetSourceDraft, findAsset } from '../assets.js';
import { assertRequired, attributeDefinition, attributeValue } from './attributes.js';
import {
  assertOrderHintsAssigned,
  assertProductData,
  CategoryOrderHint,
  dataDiffers,
  FreeKey,
  ImageDraft,
  productTypeOf,
  SearchKeywordsDraft,
  variantFromDraft,
  VariantDraft,
} from './draft.js';
import { allVariants, type Price, type Product, type ProductData, type Variant } from './model.js';
import { assertVariantPrices, DiscountedPriceDraft, priceFromDraft, PriceDraft, priceMatchesDraft } from './prices.js';
import { typedMoney } from '../../pricing/money.js';

const Staged = z.object({ staged: z.boolean().optional() });
const VariantLocator = Staged.extend({ variantId: z.number().int().optional(), sku: z.string().optional() });
type VariantLocator = z.infer<typeof VariantLocator>;

/** The data sets an action changes: staged only, or (staged: false) staged and current. */
function targets(product: Product, staged: boolean | undefined): ProductData[] {
  return staged === false ? [product.masterData.staged, product.masterData.current] : [product.masterData.staged];
}

function findVariant(data: ProductData, locator: { variantId?: number | undefined; sku?: string | undefined }): Variant | undefined {
  return allVariants(data).find((variant) =>
    locator.variantId !== undefined ? variant.id === locator.variantId : variant.sku === locator.sku,
  );
}

function variantNotFound(locator: { variantId?: number | undefined; sku?: string | undefined }) {
  return errors.invalidOperation(
    locator.variantId !== undefined
      ? `The product has no variant with ID '${locator.variantId}'.`
      : `The product has no variant with SKU '${locator.sku}'.`,
  );
}

function requireLocator(locator: { variantId?: number | undefined; sku?: string | undefined }): void {
  if (locator.variantId === undefined && locator.sku === undefined) throw errors.invalidInput('Either variantId or sku is required.');
}

/**
 * Runs `change` on the located variant in each target data set. The variant must exist in the
 * staged data; in the current data it is changed where it exists.
 */
function eachVariant(product: Product, locator: VariantLocator, change: (variant: Variant, data: ProductData) => void): ProductData[] {
  requireLocator(locator);
  const changed: ProductData[] = [];
  for (const data of targets(product, locator.staged)) {
    const variant = findVariant(data, locator);
    if (!variant) {
      if (data === product.masterData.staged) throw variantNotFound(locator);
      continue;
    }
    change(variant, data);
    changed.push(data);
  }
  return changed;
}

/** Prices by id across the target data sets; the price must exist in the staged data. */
function eachPrice(
  product: Product,
  priceId: string,
  staged: boolean | undefined,
  change: (price: Price, variant: Variant, data: ProductData) => void,
): ProductData[] {
  const changed: ProductData[] = [];
  for (const data of targets(product, staged)) {
    let found = false;
    for (const variant of allVariants(data)) {
      const price = variant.prices.find((p) => p.id === priceId);
      if (!price) continue;
      change(price, variant, data);
      found = true;
    }
    if (found) changed.push(data);
    else if (data === product.masterData.staged) throw errors.invalidOperation(`The product has no price with ID '${priceId}'.`);
  }
  return changed;
}

function check(product: Product, datas: readonly ProductData[], ctx: ResourceContext): void {
  if (datas.length === 0) return;
  const productType = productTypeOf(ctx, product.productType);
  for (const data of datas) {
    assertProductData(data, productType);
    for (const variant of allVariants(data)) assertVariantPrices(variant.prices);
  }
}

/** Whether an action changed the staged data only, as product messages say (`staged`). */
const isStaged = (a: { staged?: boolean | undefined }) => a.staged !== false;

/** A price of the staged data by id, with its variant; refused as the actions refuse an unknown price (`before` runs first). */
function stagedPrice(product: Product, priceId: string): { variant: Variant; price: Price } {
  for (const variant of allVariants(product.masterData.staged)) {
    const price = variant.prices.find((p) => p.id === priceId);
    if (price) return { variant, price };
  }
  throw errors.invalidOperation(`The product has no price with ID '${priceId}'.`);
}

/** The price `removePrice` took away (by id or by draft): the one of the staged variants, before, that is gone after. */
function removedPrice(before: Variant[], after: Variant[]): { variantId: number; price: Price } | undefined {
  for (const variant of before) {
    const remaining = new Set(after.find((v) => v.id === variant.id)?.prices.map((p) => p.id));
    const price = variant.prices.find((p) => !remaining.has(p.id));
    if (price) return { variantId: variant.id, price };
  }
  return undefined;
}

/** A product action: applies, then recomputes `hasStagedChanges`. */
function productAction<S extends z.ZodType>(
  schema: S | (() => S),
  apply: (product: Product, a: z.infer<S>, ctx: ResourceContext) => void,
): UpdateAction<Product> {
  return action(schema, (product: Product, a: z.infer<S>, ctx: ResourceContext) => {
    apply(product, a, ctx);
    product.masterData.hasStagedChanges = dataDiffers(product.masterData.current, product.masterData.staged);
  });
}

/** A staged-able action that sets (or with undefined removes) one field of the product data. */
function dataSetter(field: keyof ProductData, schema: z.ZodType, payloadName: string = field, required = false) {
  return productAction(
    () => Staged.extend({ [payloadName]: required ? schema : schema.optional().nullable() }),
    (product, a: Record<string, unknown> & { staged?: boolean }) => {
      for (const data of targets(product, a.staged)) setField(data, field, a[payloadName]);
    },
  );
}

function setAttributeOn(variant: Variant, name: string, value: unknown): void {
  const index = variant.attributes.findIndex((attribute) => attribute.name === name);
  if (value === undefined) {
    if (index !== -1) variant.attributes.splice(index, 1);
  } else if (index === -1) variant.attributes.push({ name, value });
  else variant.attributes[index] = { name, value };
}

/** A SKU that inventory entries use cannot be changed or removed (platform rule). */
function changeSku(variant: Variant, sku: string | null | undefined, ctx: ResourceContext): void {
  const next = sku ?? undefined;
  if (variant.sku !== undefined && variant.sku !== next) {
    for (const entry of ctx.scan('inventory-entry')) {
      if (entry.sku === variant.sku) {
        throw errors.invalidOperation(`The SKU '${variant.sku}' cannot be changed or removed: inventory entries use it.`);
      }
    }
  }
  setField(variant, 'sku', next);
}

function maxVariantId(product: Product): number {
  let max = 0;
  for (const data of [product.masterData.current, product.masterData.staged]) {
    for (const variant of allVariants(data)) max = Math.max(max, variant.id);
  }
  return max;
}

function moveItem<T>(list: T[], from: number, to: number): void {
  const [item] = list.splice(from, 1);
  list.splice(to, 0, item!);
}

function findImageIndex(variant: Variant, url: string): number {
  const index = variant.images.findIndex((image) => image.url === url);
  if (index === -1) throw errors.invalidOperation(`The variant ${variant.id} has no image with the URL '${url}'.`);
  return index;
}

const AssetAction = VariantLocator.extend(AssetLocator.shape);

const ProductDiscountIdentifier = z.object({ typeId: z.literal('product-discount').optional(), id: z.string() });

export const productActions: Record<string, UpdateAction<Product>> = {
  // Product data fields ----------------------------------------------------------------------
  changeName: dataSetter('name', LocalizedString, 'name', true),
  changeSlug: emits(
    dataSetter('slug', Slug, 'slug', true),
    'ProductSlugChanged',
    (product: Product, _a, oldSlug: unknown) => ({ slug: product.masterData.staged.slug, oldSlug }),
    (product: Product) => product.masterData.staged.slug,
  ),
  setDescription: dataSetter('description', LocalizedString),
  setMetaTitle: dataSetter('metaTitle', LocalizedString),
  setMetaDescription: dataSetter('metaDescription', LocalizedString),
  setMetaKeywords: dataSetter('metaKeywords', LocalizedString),
  setSearchKeywords: productAction(
    () => Staged.extend({ searchKeywords: SearchKeywordsDraft }),
    (product, a) => {
      for (const data of targets(product, a.staged)) data.searchKeywords = jsonClone(a.searchKeywords);
    },
  ),
  setKey: productAction(
    () => z.object({ key: FreeKey.optional().nullable() }),
    (product, a) => setField(product, 'key', a.key),
  ),
  setTaxCategory: productAction(
    () => z.object({ taxCategory: resourceIdentifier('tax-category').optional().nullable() }),
    (product, a, ctx) => {
      setField(product, 'taxCategory', a.taxCategory ? ctx.reference('tax-category', a.taxCategory) : undefined);
    },
  ),
  setPriceMode: emits(
    productAction(
      () => z.object({ priceMode: z.enum(['Embedded', 'Standalone']).optional().nullable() }),
      (product, a) => {
        product.priceMode = a.priceMode ?? 'Embedded';
      },
    ),
    'ProductPriceModeSet',
    (product: Product) => ({ to: product.priceMode }),
  ),
  transitionState: emitsStateTransition(
    productAction(
      () => z.object({ state: resourceIdentifier('state').optional().nullable(), force: z.boolean().optional() }),
      (product, a, ctx) => {
        if (!a.state) return void delete product.state;
        const reference = ctx.reference('state', a.state);
        const state = ctx.get('state', reference.id)!;
        if (!a.force) {
          if (state.type !== 'ProductState')
            throw errors.invalidOperation(`The state '${state.key as string}' is not of type ProductState.`);
          if (product.state) {
            const current = ctx.get('state', product.state.id);
            const transitions = current?.transitions as Array<{ id: string }> | undefined;
            if (transitions && !transitions.some((t) => t.id === reference.id)) {
              throw errors.invalidOperation(
                `The product cannot transition from state '${current!.key as string}' to state '${state.key as string}'.`,
              );
            }
          } else if (state.initial !== true) {
            throw errors.invalidOperation(`The state '${state.key as string}' is not an initial state.`);
          }
        }
        product.state = reference;
      },
    ),
    'ProductStateTransition',
    false,
  ),

  // Categories -------------------------------------------------------------------------------
  addToCategory: emits(
    productAction(
      () => Staged.extend({ category: resourceIdentifier('category'), orderHint: CategoryOrderHint.optional() }),
      (product, a, ctx) => {
        const reference = ctx.reference('category', a.category);
        for (const data of targets(product, a.staged)) {
          if (!data.categories.some((c) => c.id === reference.id)) data.categories.push(reference);
          const hints = { ...(data.categoryOrderHints ?? {}) };
          if (a.orderHint !== undefined) hints[reference.id] = a.orderHint;
          else delete hints[reference.id];
          setField(data, 'categoryOrderHints', Object.keys(hints).length > 0 ? hints : undefined);
        }
      },
    ),
    'ProductAddedToCategory',
    (_product: Product, a, _old, ctx) => ({ category: ctx.reference('category', a.category), staged: isStaged(a) }),
  ),
  removeFromCategory: emits(
    productAction(
      () => Staged.extend({ category: resourceIdentifier('category') }),
      (product, a, ctx) => {
        const id = a.category.id ?? ctx.reference('category', a.category).id;
        for (const data of targets(product, a.staged)) {
          if (!data.categories.some((c) => c.id === id)) {
            if (data === product.masterData.staged) throw errors.invalidOperation(`The product is not in the category '${id}'.`);
            continue;
          }
          data.categories = data.categories.filter((c) => c.id !== id);
          if (data.categoryOrderHints) {
            const { [id]: _removed, ...rest } = data.categoryOrderHints;
            setField(data, 'categoryOrderHints', Object.keys(rest).length > 0 ? rest : undefined);
          }
        }
      },
    ),
    'ProductRemovedFromCategory',
    (_product: Product, a, _old, ctx) => ({ category: ctx.reference('category', a.category), staged: isStaged(a) }),
  ),
  setCategoryOrderHint: productAction(
    () => Staged.extend({ categoryId: z.string(), orderHint: CategoryOrderHint.optional().nullable() }),
    (product, a) => {
      for (const data of targets(product, a.staged)) {
        if (!data.categories.some((c) => c.id === a.categoryId)) {
          throw errors.invalidOperation(
            `The product is not in the category '${a.categoryId}'; add it to the category before setting an order hint.`,
          );
        }
        const hints = { ...(data.categoryOrderHints ?? {}) };
        if (a.orderHint === undefined || a.orderHint === null) delete hints[a.categoryId];
        else hints[a.categoryId] = a.orderHint;
        setField(data, 'categoryOrderHints', Object.keys(hints).length > 0 ? hints : undefined);
        assertOrderHintsAssigned(data);
      }
    },
  ),

  // Variants ---------------------------------------------------------------------------------
  addVariant: emits(
    productAction(
      () => VariantDraft.extend(Staged.shape),
      (product, a, ctx) => {
        const productType = productTypeOf(ctx, product.productType);
        const variant = variantFromDraft(maxVariantId(product) + 1, a, productType, ctx);
        const datas = targets(product, a.staged);
        for (const data of datas) data.variants.push(jsonClone(variant));
        check(product, datas, ctx);
      },
    ),
    'ProductVariantAdded',
    (product: Product, a) => ({ variant: product.masterData.staged.variants.at(-1), staged: isStaged(a) }),
  ),
  removeVariant: emits(
    productAction(
      () => Staged.extend({ id: z.number().int().optional(), sku: z.string().optional() }),
      (product, a) => {
        const locator = { variantId: a.id, sku: a.sku };
        requireLocator(locator);
        for (const data of targets(product, a.staged)) {
          const variant = findVariant(data, locator);
          if (!variant) {
            if (data === product.masterData.staged) throw variantNotFound(locator);
            continue;
          }
          if (variant === data.masterVariant)
            throw errors.invalidOperation('The master variant cannot be removed; make another variant the master variant first.');
          data.variants = data.variants.filter((v) => v !== variant);
        }
      },
    ),
    'ProductVariantDeleted',
    (_product: Product, a, variant: Variant | undefined) => ({ variant, removedImageUrls: [], staged: isStaged(a) }),
    (product: Product, a) => findVariant(product.masterData.staged, { variantId: a.id, sku: a.sku }),
  ),
  changeMasterVariant: productAction(VariantLocator, (product, a) => {
    eachVariant(product, a, (variant, data) => {
      if (variant === data.masterVariant) return;
      const previous = data.masterVariant;
      data.variants = [...data.variants.filter((v) => v !== variant), previous];
      data.masterVariant = variant;
    });
  }),
  setSku: productAction(
    () => Staged.extend({ variantId: z.number().int(), sku: z.string().min(1).optional().nullable() }),
    (product, a, ctx) => {
      check(
        product,
        eachVariant(product, { variantId: a.variantId, staged: a.staged }, (variant) => changeSku(variant, a.sku, ctx)),
        ctx,
      );
    },
  ),
  setSKU: productAction(
    () => z.object({ variantId: z.number().int(), sku: z.string().min(1).optional().nullable(), staged: z.boolean().optional() }),
    (product, a, ctx) => {
      check(
        product,
        eachVariant(product, { variantId: a.variantId, staged: a.staged }, (variant) => changeSku(variant, a.sku, ctx)),
        ctx,
      );
    },
  ),
  setProductVariantKey: productAction(
    () => VariantLocator.extend({ key: FreeKey.optional().nullable() }),
    (product, a, ctx) => {
      check(
        product,
        eachVariant(product, a, (variant) => setField(variant, 'key', a.key)),
        ctx,
      );
    },
  ),
  revertStagedVariantChanges: productAction(
    () => z.object({ variantId: z.number().int() }),
    (product, a) => {
      const { current, staged } = product.masterData;
      const original = findVariant(current, { variantId: a.variantId });
      const changed = findVariant(staged, { variantId: a.variantId });
      if (!original) throw errors.invalidOperation(`The variant ${a.variantId} has no current version to revert to.`);
      if (!changed) throw variantNotFound({ variantId: a.variantId });
      const copy = jsonClone(original);
      if (staged.masterVariant === changed) staged.masterVariant = copy;
      else staged.variants = staged.variants.map((v) => (v === changed ? copy : v));
    },
  ),
  setDefaultVariant: productAction(
    () => Staged.extend({ variant: resourceIdentifier('variant').optional().nullable() }),
    () => {
      throw errors.invalidOperation('setDefaultVariant is only available for Projects with the Modular product catalog model.');
    },
  ),

  // Attributes -------------------------------------------------------------------------------
  setAttribute: productAction(
    () => VariantLocator.extend({ name: z.string(), value: z.unknown().optional() }),
    (product, a, ctx) => {
      const productType = productTypeOf(ctx, product.productType);
      const definition = attributeDefinition(productType, a.name, 'Variant');
      const value = a.value === undefined || a.value === null ? undefined : attributeValue(definition, a.value, ctx);
      const changed = eachVariant(product, a, (variant) => {
        setAttributeOn(variant, a.name, jsonClone(value));
        assertRequired(variant.attributes, productType, 'Variant');
      });
      check(product, changed, ctx);
    },
  ),
  setAttributeInAllVariants: productAction(
    () => Staged.extend({ name: z.string(), value: z.unknown().optional() }),
    (product, a, ctx) => {
      const productType = productTypeOf(ctx, product.productType);
      const definition = attributeDefinition(productType, a.name, 'Variant');
      const value = a.value === undefined || a.value === null ? undefined : attributeValue(definition, a.value, ctx);
      const datas = targets(product, a.staged);
      for (const data of datas) {
        for (const variant of allVariants(data)) {
          setAttributeOn(variant, a.name, jsonClone(value));
          assertRequired(variant.attributes, productType, 'Variant');
        }
      }
      check(product, datas, ctx);
    },
  ),
  setProductAttribute: productAction(
    () => Staged.extend({ name: z.string(), value: z.unknown().optional() }),
    (product, a, ctx) => {
      const productType = productTypeOf(ctx, product.productType);
      const definition = attributeDefinition(productType, a.name, 'Product');
      const value = a.value === undefined || a.value === null ? undefined : attributeValue(definition, a.value, ctx);
      for (const data of targets(product, a.staged)) {
        const holder = { attributes: data.attributes } as Variant;
        setAttributeOn(holder, a.name, jsonClone(value));
        assertRequired(data.attributes, productType, 'Product');
      }
    },
  ),

  // Images -----------------------------------------------------------------------------------
  addExternalImage: emits(
    productAction(
      () => VariantLocator.extend({ image: ImageDraft }),
      (product, a, ctx) => {
        check(
          product,
          eachVariant(product, a, (variant) => variant.images.push(jsonClone(a.image))),
          ctx,
        );
      },
    ),
    'ProductImageAdded',
    (product: Product, a) => {
      const variant = findVariant(product.masterData.staged, a)!;
      return { variantId: variant.id, image: variant.images.at(-1), staged: isStaged(a) };
    },
  ),
  removeImage: productAction(
    () => VariantLocator.extend({ imageUrl: z.string() }),
    (product, a, ctx) => {
      check(
        product,
        eachVariant(product, a, (variant) => void variant.images.splice(findImageIndex(variant, a.imageUrl), 1)),
        ctx,
      );
    },
  ),
  moveImageToPosition: productAction(
    () => VariantLocator.extend({ imageUrl: z.string(), position: z.number().int().min(0) }),
    (product, a) => {
      eachVariant(product, a, (variant) => {
        const index = findImageIndex(variant, a.imageUrl);
        if (a.position >= variant.images.length) {
          throw errors.invalidOperation(
            `The position ${a.position} is outside the images of variant ${variant.id} (there are ${variant.images.length}).`,
          );
        }
        moveItem(variant.images, index, a.position);
      });
    },
  ),
  setImageLabel: productAction(
    () => VariantLocator.extend({ imageUrl: z.string(), label: z.string().optional().nullable() }),
    (product, a) => {
      eachVariant(product, a, (variant) => setField(variant.images[findImageIndex(variant, a.imageUrl)]!, 'label', a.label));
    },
  ),

  // Prices -----------------------------------------------------------------------------------
  addPrice: emits(
    productAction(
      () => VariantLocator.extend({ price: PriceDraft }),
      (product, a, ctx) => {
        const price = priceFromDraft(a.price, ctx);
        check(
          product,
          eachVariant(product, a, (variant) => variant.prices.push(jsonClone(price))),
          ctx,
        );
      },
    ),
    'ProductPriceAdded',
    (product: Product, a) => {
      const variant = findVariant(product.masterData.staged, a)!;
      return { variantId: variant.id, price: variant.prices.at(-1), staged: isStaged(a) };
    },
  ),
  setPrices: emits(
    productAction(
      () => VariantLocator.extend({ prices: z.array(PriceDraft).max(100) }),
      (product, a, ctx) => {
        const prices = a.prices.map((draft) => priceFromDraft(draft, ctx));
        check(
          product,
          eachVariant(product, a, (variant) => void (variant.prices = jsonClone(prices))),
          ctx,
        );
      },
    ),
    'ProductPricesSet',
    (product: Product, a) => {
      const variant = findVariant(product.masterData.staged, a)!;
      return { variantId: variant.id, prices: variant.prices, staged: isStaged(a) };
    },
  ),
  changePrice: emits(
    productAction(
      () => Staged.extend({ priceId: z.string(), price: PriceDraft }),
      (product, a, ctx) => {
        const replacement = priceFromDraft(a.price, ctx, a.priceId);
        check(
          product,
          eachPrice(product, a.priceId, a.staged, (price, variant) => {
            variant.prices = variant.prices.map((p) => (p === price ? jsonClone(replacement) : p));
          }),
          ctx,
        );
      },
    ),
    'ProductPriceChanged',
    (product: Product, a, oldPrice: Price) => {
      const { variant, price } = stagedPrice(product, a.priceId);
      return { variantId: variant.id, oldPrice, newPrice: price, staged: isStaged(a) };
    },
    (product: Product, a) => stagedPrice(product, a.priceId).price,
  ),
  removePrice: emits(
    productAction(
      () =>
        Staged.extend({
          priceId: z.string().optional(),
          variantId: z.number().int().optional(),
          sku: z.string().optional(),
          price: PriceDraft.optional(),
        }),
      (product, a, ctx) => {
        if (a.priceId !== undefined) {
          eachPrice(product, a.priceId, a.staged, (price, variant) => {
            variant.prices = variant.prices.filter((p) => p !== price);
          });
          return;
        }
        if (!a.price) throw errors.invalidInput('Either priceId or a variant (variantId or sku) with a price is required.');
        const draft = a.price;
        eachVariant(product, a, (variant) => {
          const index = variant.prices.findIndex((p) => priceMatchesDraft(p, draft, ctx));
          if (index === -1) throw errors.invalidOperation(`The variant ${variant.id} has no price matching the given one.`);
          variant.prices.splice(index, 1);
        });
      },
    ),
    'ProductPriceRemoved',
    (product: Product, a, before: Variant[]) => ({ ...removedPrice(before, allVariants(product.masterData.staged)), staged: isStaged(a) }), // A copy: a price removed by draft is spliced out of its variant's list.
    (product: Product) => jsonClone(allVariants(product.masterData.staged)),
  ),
  setPriceKey: emits(
    productAction(
      () => Staged.extend({ priceId: z.string(), key: Key.optional().nullable() }),
      (product, a, ctx) => {
        check(
          product,
          eachPrice(product, a.priceId, a.staged, (price) => setField(price, 'key', a.key)),
          ctx,
        );
      },
    ),
    'ProductPriceKeySet',
    (product: Product, a, oldKey: string | undefined) => {
      const { variant, price } = stagedPrice(product, a.priceId);
      return { variantId: variant.id, priceId: price.id, key: price.key, oldKey, staged: isStaged(a) };
    },
    (product: Product, a) => stagedPrice(product, a.priceId).price.key,
  ),
  setProductPriceCustomType: emitsOneOf(
    productAction(
      () => Staged.extend({ priceId: z.string() }).extend(SetCustomType.shape),
      (product, a, ctx) => {
        eachPrice(product, a.priceId, a.staged, (price) => applyCustomType(price, a, ctx));
      },
    ),
    ['ProductPriceCustomFieldsSet', 'ProductPriceCustomFieldsRemoved'],
    (product: Product, a, oldTypeId: string | undefined) => {
      const { variant, price } = stagedPrice(product, a.priceId);
      const ids = { priceId: price.id, variantId: variant.id, staged: isStaged(a) };
      return price.custom
        ? { type: 'ProductPriceCustomFieldsSet', ...ids, customField: price.custom, oldTypeId }
        : { type: 'ProductPriceCustomFieldsRemoved', ...ids };
    },
    (product: Product, a) => stagedPrice(product, a.priceId).price.custom?.type.id,
  ),
  setProductPriceCustomField: emitsOneOf(
    productAction(
      () => Staged.extend({ priceId: z.string() }).extend(SetCustomField.shape),
      (product, a) => {
        eachPrice(product, a.priceId, a.staged, (price) => applyCustomField(price, a));
      },
    ),
    ['ProductPriceCustomFieldAdded', 'ProductPriceCustomFieldChanged', 'ProductPriceCustomFieldRemoved'],
    (product: Product, a, oldValue: unknown) => {
      const { variant, price } = stagedPrice(product, a.priceId);
      const ids = { priceId: price.id, variantId: variant.id, staged: isStaged(a), name: a.name };
      const value = price.custom?.fields[a.name];
      if (value === undefined) return { type: 'ProductPriceCustomFieldRemoved', ...ids };
      return { type: oldValue === undefined ? 'ProductPriceCustomFieldAdded' : 'ProductPriceCustomFieldChanged', ...ids, value };
    },
    (product: Product, a) => stagedPrice(product, a.priceId).price.custom?.fields[a.name],
  ),
  setDiscountedPrice: emits(
    productAction(
      () =>
        Staged.extend({
          priceId: z.string(),
          discounted: DiscountedPriceDraft.extend({ discount: ProductDiscountIdentifier }).optional().nullable(),
        }),
      (product, a, ctx) => {
        let discounted: Price['discounted'];
        if (a.discounted) {
          const reference = ctx.reference('product-discount', a.discounted.discount);
          const discount = ctx.get('product-discount', reference.id) as unknown as ProductDiscountLike;
          if (discount.value.type !== 'external') {
            throw errors.invalidOperation(
              `The product discount '${reference.id}' is not of type external; only external discounts can be set on a price.`,
            );
          }
          if (!discount.isActive) throw errors.invalidOperation(`The product discount '${reference.id}' is not active.`);
          discounted = { value: typedMoney(a.discounted.value), discount: { typeId: 'product-discount', id: reference.id } };
        }
        eachPrice(product, a.priceId, a.staged, (price, variant, data) => {
          if (discounted) {
            if (discounted.value.currencyCode !== price.value.currencyCode) {
              throw errors.invalidOperation('The discounted value must have the currency of the price.');
            }
            const matches = new ProductDiscountSet(
              [ctx.get('product-discount', discounted.discount.id) as unknown as ProductDiscountLike],
              Date.parse(ctx.now),
              (t, id) => ctx.get(t, id),
            );
            const target = {
              product: { id: product.id, key: product.key, productType: product.productType },
              categories: data.categories,
              productAttributes: data.attributes,
              variant,
              price,
            };
            if (!matches.bestFor(target)) {
              throw errors.invalidOperation(
                `The predicate of the product discount '${discounted.discount.id}' does not match the price '${price.id}'.`,
              );
            }
          }
          setField(price, 'discounted', jsonClone(discounted));
        });
      },
    ),
    'ProductPriceExternalDiscountSet',
    (product: Product, a) => {
      const { variant, price } = stagedPrice(product, a.priceId);
      return {
        variantId: variant.id,
        variantKey: variant.key,
        sku: variant.sku,
        priceId: price.id,
        discounted: price.discounted,
        staged: isStaged(a),
      };
    },
  ),

  // Assets -----------------------------------------------------------------------------------
  addAsset: productAction(
    () => VariantLocator.extend({ asset: AssetDraft, position: z.number().int().min(0).optional() }),
    (product, a, ctx) => {
      const asset = assetFromDraft(a.asset, ctx);
      eachVariant(product, a, (variant) => {
        if (a.position === undefined) variant.assets.push(jsonClone(asset));
        else {
          if (a.position > variant.assets.length) {
            throw errors.invalidOperation(
              `The position ${a.position} is outside the assets of variant ${variant.id} (there are ${variant.assets.length}).`,
            );
          }
          variant.assets.splice(a.position, 0, jsonClone(asset));
        }
        assertUniqueAssetKeys(variant.assets);
      });
    },
  ),
  removeAsset: productAction(AssetAction, (product, a) => {
    eachVariant(product, a, (variant) => {
      const asset = findAsset(variant.assets, a, `The variant ${variant.id}`);
      variant.assets = variant.assets.filter((entry) => entry !== asset);
    });
  }),
  changeAssetOrder: productAction(
    () => VariantLocator.extend({ assetOrder: z.array(z.string()) }),
    (product, a) => {
      eachVariant(product, a, (variant) => {
        const current = variant.assets.map((asset) => asset.id);
        const wanted = new Set(a.assetOrder);
        if (wanted.size !== a.assetOrder.length || wanted.size !== current.length || current.some((id) => !wanted.has(id))) {
          throw errors.invalidOperation('The asset order must contain the IDs of all assets of the variant, each once.');
        }
        variant.assets = a.assetOrder.map((id) => variant.assets.find((asset) => asset.id === id)!);
      });
    },
  ),
  changeAssetName: productAction(
    () => AssetAction.extend({ name: LocalizedString }),
    (product, a) => {
      eachVariant(product, a, (variant) => void (findAsset(variant.assets, a, `The variant ${variant.id}`).name = a.name));
    },
  ),
  setAssetDescription: productAction(
    () => AssetAction.extend({ description: LocalizedString.optional().nullable() }),
    (product, a) => {
      eachVariant(product, a, (variant) =>
        setField(findAsset(variant.assets, a, `The variant ${variant.id}`), 'description', a.description),
      );
    },
  ),
  setAssetTags: productAction(
    () => AssetAction.extend({ tags: z.array(z.string()).optional().nullable() }),
    (product, a) => {
      eachVariant(product, a, (variant) => setField(findAsset(variant.assets, a, `The variant ${variant.id}`), 'tags', a.tags));
    },
  ),
  setAssetSources: productAction(
    () => AssetAction.extend({ sources: z.array(AssetSourceDraft).min(1) }),
    (product, a) => {
      eachVariant(product, a, (variant) => void (findAsset(variant.assets, a, `The variant ${variant.id}`).sources = jsonClone(a.sources)));
    },
  ),
  setAssetKey: productAction(
    () => VariantLocator.extend({ assetId: z.string(), assetKey: Key.optional().nullable() }),
    (product, a) => {
      eachVariant(product, a, (variant) => {
        setField(findAsset(variant.assets, { assetId: a.assetId }, `The variant ${variant.id}`), 'key', a.assetKey);
        assertUniqueAssetKeys(variant.assets);
      });
    },
  ),
  setAssetCustomType: productAction(
    () => AssetAction.extend(SetCustomType.shape),
    (product, a, ctx) => {
      eachVariant(product, a, (variant) => applyCustomType(findAsset(variant.assets, a, `The variant ${variant.id}`), a, ctx));
    },
  ),
  setAssetCustomField: productAction(
    () => AssetAction.extend(SetCustomField.shape),
    (product, a) => {
      eachVariant(product, a, (variant) => applyCustomField(findAsset(variant.assets, a, `The variant ${variant.id}`), a));
    },
  ),

  // Publishing -------------------------------------------------------------------------------
  publish: emits(
    productAction(
      () => z.object({ scope: z.enum(['All', 'Prices']).optional() }),
      (product, a) => {
        const masterData = product.masterData;
        if (a.scope === 'Prices') {
          if (!masterData.published) throw errors.invalidOperation('Prices can only be published for a product that is already published.');
          for (const stagedVariant of allVariants(masterData.staged)) {
            const currentVariant = findVariant(masterData.current, { variantId: stagedVariant.id });
            if (currentVariant) currentVariant.prices = jsonClone(stagedVariant.prices);
          }
        } else {
          masterData.current = jsonClone(masterData.staged);
        }
        masterData.published = true;
      },
    ),
    'ProductPublished',
    (product: Product, a) => ({ removedImageUrls: [], productProjection: productProjection(product, false), scope: a.scope ?? 'All' }),
  ),
  unpublish: emits(
    productAction(
      () => z.object({}),
      (product) => {
        product.masterData.published = false;
      },
    ),
    'ProductUnpublished',
  ),
  revertStagedChanges: emits(
    productAction(
      () => z.object({}),
      (product) => {
        product.masterData.staged = jsonClone(product.masterData.current);
      },
    ),
    'ProductRevertedStagedChanges',
    () => ({ removedImageUrls: [] }),
  ),
};
