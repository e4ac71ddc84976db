/**
 * Product selections: assortments of products (mode Individual) or of excluded products (mode
 * IndividualExclusion). The assignments are kept on the stored document (`assignments`) and left
 * out of responses; `productCount` follows them. `GET /product-selections/{id}/products` lists them,
 * `GET /products/{id}/product-selections` (products module) answers the other way round.
 */
import * as z from 'zod';
import { jsonClone } from '../util/json.js';
import { errors } from '../http/errors.js';
import { ok, type ApiCall } from '../http/context.js';
import { parseQueryParams, runQuery } from '../query/index.js';
import type { StoredDocument } from '../storage/backend.js';
import {
  action,
  defineResource,
  type BaseFields,
  type Reference,
  type ResourceContext,
  lifecycleMessages,
  emits,
  type SdkTypes,
} from '../engine/define.js';
import { changer, customFieldActions, customFields, type CustomFields, setter } from '../engine/common-actions.js';
import { catalogErrors } from './product/errors.js';
import { presentedRoutes } from './product/routes.js';
import { CustomFieldsDraft, FreeKey, LocalizedString, type ResourceIdentifier, resourceIdentifier } from '../engine/draft-fields.js';
import type {
  ProductSelection as SdkProductSelection,
  ProductSelectionDraft as SdkProductSelectionDraft,
} from '@commercetools/platform-sdk';

const VariantSelection = z.object({
  type: z.enum(['includeOnly', 'includeAllExcept', 'inclusion', 'exclusion']),
  skus: z.array(z.string()),
});
const VariantExclusion = z.object({ skus: z.array(z.string()) });
type VariantSelection = z.infer<typeof VariantSelection>;
/** An assignment without a variant selection includes every variant; an error that must name its selection says so this way. */
const ALL_VARIANTS: VariantSelection = { type: 'includeAllExcept', skus: [] };
type VariantExclusion = z.infer<typeof VariantExclusion>;

export interface ProductAssignment {
  product: Reference;
  variantSelection?: VariantSelection;
  variantExclusion?: VariantExclusion;
  createdAt: string;
}

export interface ProductSelection extends StoredDocument {
  key?: string;
  name: Record<string, string>;
  productCount: number;
  mode: 'Individual' | 'IndividualExclusion';
  type?: 'individual' | 'individualExclusion';
  custom?: CustomFields;
  /** Internal: not part of the platform's representation. */
  assignments: ProductAssignment[];
}

export const ProductSelectionDraft = z.object({
  key: FreeKey.optional(),
  name: LocalizedString,
  custom: CustomFieldsDraft.optional(),
  type: z.enum(['individual', 'individualExclusion']).optional(),
  mode: z.enum(['Individual', 'IndividualExclusion']).optional(),
});
export type ProductSelectionDraft = z.infer<typeof ProductSelectionDraft>;

function assignment(selection: ProductSelection, product: Reference): ProductAssignment | undefined {
  return selection.assignments.find((a) => a.product.id === product.id);
}

function productReference(identifier: ResourceIdentifier, ctx: ResourceContext): Reference {
  return ctx.reference('product', identifier);
}

function requireMode(selection: ProductSelection, mode: ProductSelection['mode'], actionName: string): void {
  if (selection.mode !== mode) {
    throw errors.invalidOperation(`The action '${actionName}' is only available for product selections with the mode ${mode}.`);
  }
}

function sync(selection: ProductSelection): void {
  selection.productCount = selection.assignments.length;
}

/** The response shape: everything but the internal assignments. */
export function presentSelection(selection: ProductSelection): Omit<ProductSelection, 'assignments'> {
  const { assignments: _assignments, ...rest } = selection;
  return rest;
}

function selectionProducts(call: ApiCall, locator: { id: string } | { key: string }) {
  const selection = (
    'id' in locator ? call.ctx.get('product-selection', locator.id) : call.ctx.getByKey('product-selection', locator.key)
  ) as ProductSelection | undefined;
  if (!selection) throw errors.resourceNotFound(locator);
  const entries = selection.assignments.map(({ createdAt: _createdAt, ...entry }) => entry);
  const params = new URLSearchParams(call.query);
  params.delete('expand');
  if (!params.has('withTotal')) params.set('withTotal', 'false');
  const page = runQuery(entries, parseQueryParams(params));
  return { ...page, results: page.results.map((entry) => call.expand(entry)) };
}

/**
 * `GET /in-store/key={storeKey}/product-selection-assignments`: the assignments of the store's active
 * product selections, each with its selection (a product of several selections appears once for
 * each); `where`, `sort`, paging and `expand` (`product`, `productSelection`) over them.
 */
function storeAssignments(call: ApiCall) {
  const key = call.ctx.scope?.store ?? '';
  const store = call.ctx.getByKey('store', key);
  if (!store) throw errors.resourceNotFound({ key });
  const entries = (store.productSelections ?? [])
    .filter((setting) => setting.active)
    .flatMap((setting) => {
      const selection = call.ctx.get('product-selection', setting.productSelection.id);
      if (!selection) return [];
      const productSelection = { typeId: 'product-selection', id: selection.id };
      return selection.assignments.map(({ createdAt: _createdAt, product, ...choice }) => ({ product, productSelection, ...choice }));
    });
  const params = new URLSearchParams(call.query);
  params.delete('expand');
  const page = runQuery(entries, parseQueryParams(params));
  return { ...page, results: page.results.map((entry) => call.expand(entry)) };
}

const ProductAction = z.object({ product: resourceIdentifier('product') });

/** The payload of a variant choice action: its schema's key is the field's name, which the type of a computed key does not keep. */
type VariantChoicePayload<F extends 'variantSelection' | 'variantExclusion'> = { product: ResourceIdentifier } & {
  [K in F]?: ProductAssignment[F] | null;
};

/**
 * `setVariantSelection` (mode Individual) and `setVariantExclusion` (mode IndividualExclusion): which
 * variants of one assigned product count, with `ProductSelectionVariantSelectionChanged` or
 * `ProductSelectionVariantExclusionChanged` naming the old choice and the new.
 */
function variantChoiceAction<F extends 'variantSelection' | 'variantExclusion'>(
  field: F,
  schema: z.ZodType<NonNullable<ProductAssignment[F]>>,
  mode: ProductSelection['mode'],
) {
  const Field = `${field[0]!.toUpperCase()}${field.slice(1)}`;
  const choiceOf = (selection: ProductSelection, product: Reference) => assignment(selection, product)?.[field];
  return emits(
    action(
      () => ProductAction.extend({ [field]: schema.optional().nullable() }),
      (selection: ProductSelection, payload, ctx) => {
        const a = payload as VariantChoicePayload<F>;
        requireMode(selection, mode, `set${Field}`);
        const product = productReference(a.product, ctx);
        const existing = assignment(selection, product);
        if (!existing) throw catalogErrors.productAssignmentMissing({ typeId: 'product', id: product.id });
        const choice = a[field];
        if (choice) existing[field] = choice;
        else delete existing[field];
      },
    ),
    `ProductSelection${Field}Changed`,
    (selection: ProductSelection, payload, before: ProductSelection['assignments'], ctx) => {
      const product = productReference((payload as VariantChoicePayload<F>).product, ctx);
      return {
        product,
        [`old${Field}`]: choiceOf({ ...selection, assignments: before }, product),
        [`new${Field}`]: choiceOf(selection, product),
      };
    },
    (selection: ProductSelection) => jsonClone(selection.assignments),
  );
}

export const productSelections = defineResource<
  ProductSelectionDraft,
  ProductSelection,
  SdkTypes<SdkProductSelectionDraft, SdkProductSelection>
>({
  typeId: 'product-selection',
  messages: lifecycleMessages('ProductSelection', 'productSelection'),
  path: 'product-selections',
  draft: ProductSelectionDraft,
  create(draft, ctx) {
    const selection = {} as Omit<ProductSelection, BaseFields>;
    if (draft.key !== undefined) selection.key = draft.key;
    selection.name = draft.name;
    selection.productCount = 0;
    selection.mode = draft.mode ?? (draft.type === 'individualExclusion' ? 'IndividualExclusion' : 'Individual');
    if (draft.type !== undefined) selection.type = draft.type;
    const custom = customFields(draft.custom, ctx);
    if (custom) selection.custom = custom;
    selection.assignments = [];
    return selection;
  },
  referencedBy: ['store'],
  actions: {
    setKey: setter('key', FreeKey),
    changeName: changer('name', LocalizedString),
    addProduct: emits(
      action(
        () => ProductAction.extend({ variantSelection: VariantSelection.optional() }),
        (selection: ProductSelection, a, ctx) => {
          requireMode(selection, 'Individual', 'addProduct');
          const product = productReference(a.product, ctx);
          const existing = assignment(selection, product);
          if (existing) {
            if (JSON.stringify(existing.variantSelection) !== JSON.stringify(a.variantSelection)) {
              throw catalogErrors.productPresentWithDifferentVariantSelection(
                { typeId: 'product', id: product.id },
                existing.variantSelection ?? ALL_VARIANTS,
              );
            }
            return;
          }
          selection.assignments.push({
            product,
            ...(a.variantSelection ? { variantSelection: a.variantSelection } : {}),
            createdAt: ctx.now,
          });
          sync(selection);
        },
      ),
      'ProductSelectionProductAdded',
      (selection: ProductSelection, a, _old, ctx) => {
        const entry = assignment(selection, productReference(a.product, ctx))!;
        return { product: entry.product, variantSelection: entry.variantSelection };
      },
    ),
    excludeProduct: emits(
      action(
        () => ProductAction.extend({ variantExclusion: VariantExclusion.optional() }),
        (selection: ProductSelection, a, ctx) => {
          requireMode(selection, 'IndividualExclusion', 'excludeProduct');
          const product = productReference(a.product, ctx);
          const existing = assignment(selection, product);
          if (existing) {
            if (a.variantExclusion) existing.variantExclusion = a.variantExclusion;
            else delete existing.variantExclusion;
            return;
          }
          selection.assignments.push({
            product,
            ...(a.variantExclusion ? { variantExclusion: a.variantExclusion } : {}),
            createdAt: ctx.now,
          });
          sync(selection);
        },
      ),
      'ProductSelectionProductExcluded',
      (selection: ProductSelection, a, _old, ctx) => {
        const entry = assignment(selection, productReference(a.product, ctx))!;
        return { product: entry.product, variantExclusion: entry.variantExclusion };
      },
    ),
    removeProduct: emits(
      action(ProductAction, (selection: ProductSelection, a, ctx) => {
        const id = a.product.id ?? productReference(a.product, ctx).id;
        selection.assignments = selection.assignments.filter((entry) => entry.product.id !== id);
        sync(selection);
      }),
      'ProductSelectionProductRemoved',
      (_selection: ProductSelection, a, _old, ctx) => ({ product: productReference(a.product, ctx) }),
    ),
    setVariantSelection: variantChoiceAction('variantSelection', VariantSelection, 'Individual'),
    setVariantExclusion: variantChoiceAction('variantExclusion', VariantExclusion, 'IndividualExclusion'),
    ...customFieldActions,
  },
  // In a store only the assignments of its active selections, at the mount's root.
  scope: {
    mounts: {
      store: {
        without: ['list', 'create', 'get', 'update', 'delete'],
        routes: [{ method: 'GET', path: '/product-selection-assignments', handle: (call) => ok(storeAssignments(call)) }],
      },
    },
  },
  routes: [
    { method: 'GET', path: ':id/products', handle: (call) => ok(selectionProducts(call, { id: call.params.id! })) },
    {
      method: 'GET',
      path: 'key=:key/products',
      handle: (call) => ok(selectionProducts(call, { key: call.params.key! })),
    },
    ...presentedRoutes('product-selection', () => (document) => presentSelection(document as ProductSelection), {
      presentedFields: ['assignments'],
    }),
  ],
});

export type { VariantSelection, VariantExclusion };

declare module '../http/context.js' {
  interface StoredTypes {
    'product-selection': ProductSelection;
  }
}
