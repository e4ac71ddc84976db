import * as z from 'zod';
import { errors } from '../http/errors.js';
import type { StoredDocument } from '../storage/backend.js';
import { action, defineResource, emits, type Reference, type ResourceContext, type UpdateAction, type SdkTypes } from '../engine/define.js';
import { jsonClone } from '../util/json.js';
import { customFieldActions, customFields, type CustomFields, emitsField, setField, setter } from '../engine/common-actions.js';
import { Country, CustomFieldsDraft, Key, LocalizedString, type ResourceIdentifier, resourceIdentifier } from '../engine/draft-fields.js';
import { SETTINGS_ID } from './project.js';
import { removeTailoringsOf } from './product-tailoring/model.js';
import type { Store as SdkStore, StoreDraft as SdkStoreDraft } from '@commercetools/platform-sdk';

export interface ProductSelectionSetting {
  productSelection: Reference;
  active: boolean;
}

export interface Storefront {
  checkoutUrlTemplate?: string;
  orderUrlTemplate?: string;
  termsOfServiceUrl?: string;
  privacyPolicyUrl?: string;
  refundPolicyUrl?: string;
  shippingPolicyUrl?: string;
  cookiePolicyUrl?: string;
  imprintUrl?: string;
  faqUrl?: string;
  contactUrl?: string;
}

export interface Store extends StoredDocument {
  key: string;
  name?: Record<string, string>;
  languages: string[];
  countries: Array<{ code: string }>;
  distributionChannels: Reference[];
  supplyChannels: Reference[];
  productSelections: ProductSelectionSetting[];
  custom?: CustomFields;
  storefront?: Storefront;
}

// Storefront URLs -------------------------------------------------------------------------------

const isHttpsUrl = (value: string) => {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
};

/** An RFC 6570 template that contains the variable, e.g. `https://example.com/checkout/{checkoutId}`. */
const templateWith = (variable: string) => (value: string) =>
  new RegExp(`\\{[+#./;?&]?(?:[^}]*,)?${variable}(?::\\d+|\\*)?(?:,[^}]*)?\\}`).test(value);

/** An empty string is accepted: the set* actions remove the value when given one. */
const HttpsUrl = z.string().refine((v) => v === '' || isHttpsUrl(v), { message: 'Must be an absolute https URL.' });
const UrlTemplate = (variable: string) =>
  z
    .string()
    .refine((v) => v === '' || templateWith(variable)(v), { message: `Must be a URI template containing the '${variable}' variable.` });

const storefrontFields = {
  checkoutUrlTemplate: UrlTemplate('checkoutId'),
  orderUrlTemplate: UrlTemplate('orderId'),
  termsOfServiceUrl: HttpsUrl,
  privacyPolicyUrl: HttpsUrl,
  refundPolicyUrl: HttpsUrl,
  shippingPolicyUrl: HttpsUrl,
  cookiePolicyUrl: HttpsUrl,
  imprintUrl: HttpsUrl,
  faqUrl: HttpsUrl,
  contactUrl: HttpsUrl,
} as const;
type StorefrontField = keyof typeof storefrontFields;

const StorefrontDraft = z.object(
  Object.fromEntries(Object.entries(storefrontFields).map(([field, schema]) => [field, schema.optional()])) as {
    [F in StorefrontField]: z.ZodOptional<(typeof storefrontFields)[F]>;
  },
);

/** Sets (or, when empty or absent, removes) one storefront field; `storefront` disappears when nothing is left. */
function setStorefrontField(store: Store, field: StorefrontField, value: string | null | undefined): void {
  const storefront: Storefront = { ...store.storefront };
  setField(storefront, field, value === '' ? undefined : value);
  if (Object.keys(storefront).length > 0) store.storefront = storefront;
  else delete store.storefront;
}

/** The action that sets one storefront field, with its `Store<Field>Set` message. */
const storefrontSetter = (field: StorefrontField) =>
  emits(
    action(
      () => z.object({ [field]: storefrontFields[field].optional().nullable() }),
      (store: Store, a: Record<string, unknown>) => setStorefrontField(store, field, a[field] as string | null | undefined),
    ),
    `Store${field[0]!.toUpperCase()}${field.slice(1)}Set`,
    (store: Store) => ({ [field]: store.storefront?.[field] }),
  );

/**
 * The action with a message that lists what it added to and removed from one of the store's lists
 * (`StoreCountriesChanged`: `addedCountries`, `removedCountries`), entries told apart by `identity`.
 */
function emitsListChange<T>(
  declared: UpdateAction<Store>,
  type: string,
  list: (store: Store) => T[],
  names: [string, string],
  identity: (entry: T) => string,
) {
  const difference = (from: T[], to: T[]) => from.filter((entry) => !to.some((other) => identity(other) === identity(entry)));
  return emits(
    declared,
    type,
    (store: Store, _a, before: T[]) => {
      const [added, removed] = [difference(list(store), before), difference(before, list(store))];
      return { ...(added.length > 0 ? { [names[0]]: added } : {}), ...(removed.length > 0 ? { [names[1]]: removed } : {}) };
    },
    (store: Store) => jsonClone(list(store)),
  );
}

const countriesChange = (declared: UpdateAction<Store>) =>
  emitsListChange(
    declared,
    'StoreCountriesChanged',
    (store) => store.countries,
    ['addedCountries', 'removedCountries'],
    (c) => c.code,
  );
/** `StoreProductSelectionsChanged`: the selections added, removed, and those whose `active` changed. */
const productSelectionsChange = (declared: UpdateAction<Store>) =>
  emits(
    declared,
    'StoreProductSelectionsChanged',
    (store: Store, _a, before: ProductSelectionSetting[]) => {
      const find = (list: ProductSelectionSetting[], setting: ProductSelectionSetting) =>
        list.find((other) => other.productSelection.id === setting.productSelection.id);
      const added = store.productSelections.filter((setting) => !find(before, setting));
      const removed = before.filter((setting) => !find(store.productSelections, setting));
      const updated = store.productSelections.filter((setting) => {
        const old = find(before, setting);
        return old !== undefined && old.active !== setting.active;
      });
      return {
        ...(added.length > 0 ? { addedProductSelections: added } : {}),
        ...(removed.length > 0 ? { removedProductSelections: removed } : {}),
        ...(updated.length > 0 ? { updatedProductSelections: updated } : {}),
      };
    },
    (store: Store) => jsonClone(store.productSelections),
  );

const channelsChange = (declared: UpdateAction<Store>, kind: 'distribution' | 'supply') => {
  const Kind = kind === 'distribution' ? 'Distribution' : 'Supply';
  return emitsListChange(
    declared,
    `Store${Kind}ChannelsChanged`,
    (store) => (kind === 'distribution' ? store.distributionChannels : store.supplyChannels),
    [`added${Kind}Channels`, `removed${Kind}Channels`],
    (channel) => channel.id,
  );
};

// Drafts ----------------------------------------------------------------------------------------

const StoreCountry = z.object({ code: Country });
const ChannelIdentifiers = z.array(resourceIdentifier('channel')).max(100);
const ProductSelectionSettingDraft = z.object({
  productSelection: resourceIdentifier('product-selection'),
  active: z.boolean().optional(),
});

export const StoreDraft = z.object({
  key: Key,
  name: LocalizedString.optional(),
  languages: z.array(z.string()).optional(),
  countries: z.array(StoreCountry).optional(),
  distributionChannels: ChannelIdentifiers.optional(),
  supplyChannels: ChannelIdentifiers.optional(),
  productSelections: z.array(ProductSelectionSettingDraft).max(100).optional(),
  custom: CustomFieldsDraft.optional(),
  storefront: StorefrontDraft.optional(),
});
export type StoreDraft = z.infer<typeof StoreDraft>;

// Channels, languages, product selections -------------------------------------------------------

type ChannelRole = 'ProductDistribution' | 'InventorySupply';

/** Resolves a channel and checks it has the role the store's list needs: 400 MissingRoleOnChannel otherwise. */
function channelWithRole(identifier: ResourceIdentifier, role: ChannelRole, ctx: ResourceContext): Reference {
  const reference = ctx.reference('channel', identifier);
  const channel = ctx.get('channel', reference.id)!;
  // A channel created without roles has the platform's default role, InventorySupply.
  const roles = (channel.roles as string[] | undefined) ?? ['InventorySupply'];
  if (!roles.includes(role)) {
    throw errors.missingRoleOnChannel(identifier.id !== undefined ? { id: identifier.id } : { key: identifier.key ?? '' }, role);
  }
  return reference;
}

function channelsWithRole(identifiers: ResourceIdentifier[] | undefined, role: ChannelRole, ctx: ResourceContext): Reference[] {
  const references: Reference[] = [];
  for (const identifier of identifiers ?? []) {
    const reference = channelWithRole(identifier, role, ctx);
    if (!references.some((r) => r.id === reference.id)) references.push(reference);
  }
  return references;
}

/** The id an identifier names: its `id`, or the id of the resource with its `key` (400 ReferencedResourceNotFound if none). */
const idOf = (typeId: string, identifier: ResourceIdentifier, ctx: ResourceContext) =>
  identifier.id !== undefined ? identifier.id : ctx.reference(typeId, identifier).id;

/** `add…Channel`, `remove…Channel` and `set…Channels` of the store's distribution or supply channels. */
function channelListActions(kind: 'distribution' | 'supply'): Record<string, UpdateAction<Store>> {
  const Kind = kind === 'distribution' ? 'Distribution' : 'Supply';
  const role: ChannelRole = kind === 'distribution' ? 'ProductDistribution' : 'InventorySupply';
  const one = `${kind}Channel`;
  const all = `${kind}Channels` as const;
  return {
    [`add${Kind}Channel`]: channelsChange(
      action(
        () => z.object({ [one]: resourceIdentifier('channel') }),
        (store: Store, a, ctx) => {
          const reference = channelWithRole(a[one] as ResourceIdentifier, role, ctx);
          if (!store[all].some((c) => c.id === reference.id)) store[all].push(reference);
        },
      ),
      kind,
    ),
    [`remove${Kind}Channel`]: channelsChange(
      action(
        () => z.object({ [one]: resourceIdentifier('channel') }),
        (store: Store, a, ctx) => {
          const id = idOf('channel', a[one] as ResourceIdentifier, ctx);
          store[all] = store[all].filter((c) => c.id !== id);
        },
      ),
      kind,
    ),
    [`set${Kind}Channels`]: channelsChange(
      action(
        () => z.object({ [all]: ChannelIdentifiers.optional().nullable() }),
        (store: Store, a, ctx) => {
          store[all] = channelsWithRole((a[all] as ResourceIdentifier[] | null | undefined) ?? undefined, role, ctx);
        },
      ),
      kind,
    ),
  };
}

/**
 * Only languages of the project may be used: 400 ProjectNotConfiguredForLanguages otherwise. A project
 * whose settings name no languages at all (the mock's fresh default) accepts any.
 */
function checkLanguages(languages: string[], ctx: ResourceContext): string[] {
  const configured = ctx.get('project', SETTINGS_ID)?.languages ?? [];
  if (configured.length > 0 && languages.some((language) => !configured.includes(language))) {
    throw errors.projectNotConfiguredForLanguages(languages);
  }
  return [...new Set(languages)];
}

function productSelectionSettings(drafts: Array<z.infer<typeof ProductSelectionSettingDraft>> | undefined, ctx: ResourceContext) {
  const settings: ProductSelectionSetting[] = [];
  for (const draft of drafts ?? []) {
    const productSelection = ctx.reference('product-selection', draft.productSelection);
    const active = draft.active ?? false;
    const existing = settings.find((s) => s.productSelection.id === productSelection.id);
    if (existing) existing.active = active;
    else settings.push({ productSelection, active });
  }
  return settings;
}

function uniqueCountries(countries: Array<{ code: string }> | undefined) {
  const out: Array<{ code: string }> = [];
  for (const { code } of countries ?? []) if (!out.some((c) => c.code === code)) out.push({ code });
  return out;
}

// The resource ----------------------------------------------------------------------------------

export const stores = defineResource<StoreDraft, Store, SdkTypes<SdkStoreDraft, SdkStore>>({
  typeId: 'store',
  path: 'stores',
  messages: {
    // The platform's StoreCreated repeats the store's fields rather than embedding the store.
    created: {
      type: 'StoreCreated',
      payload: ({ name, languages, countries, distributionChannels, supplyChannels, productSelections, custom }) => ({
        ...(name !== undefined ? { name } : {}),
        ...(languages !== undefined ? { languages } : {}),
        ...(countries !== undefined ? { countries } : {}),
        distributionChannels: distributionChannels ?? [],
        supplyChannels: supplyChannels ?? [],
        productSelections: productSelections ?? [],
        ...(custom !== undefined ? { custom } : {}),
      }),
    },
    deleted: { type: 'StoreDeleted' },
  },
  referencedBy: ['customer', 'cart', 'order', 'shopping-list', 'business-unit', 'quote-request', 'staged-quote', 'quote', 'cart-discount'],
  // A deleted store's product tailorings go with it, as on the platform.
  sync(next, previous, ctx, engine) {
    if (!next) removeTailoringsOf('store', previous!.key, ctx, engine);
  },
  draft: StoreDraft,
  create(draft, ctx) {
    const store: Omit<Store, 'id' | 'version' | 'createdAt' | 'lastModifiedAt' | 'createdBy' | 'lastModifiedBy'> = {
      key: draft.key,
      languages: checkLanguages(draft.languages ?? [], ctx),
      countries: uniqueCountries(draft.countries),
      distributionChannels: channelsWithRole(draft.distributionChannels, 'ProductDistribution', ctx),
      supplyChannels: channelsWithRole(draft.supplyChannels, 'InventorySupply', ctx),
      productSelections: productSelectionSettings(draft.productSelections, ctx),
    };
    if (draft.name !== undefined) store.name = draft.name;
    const custom = customFields(draft.custom, ctx);
    if (custom) store.custom = custom;
    if (draft.storefront) {
      const storefront: Storefront = {};
      for (const [field, value] of Object.entries(draft.storefront)) if (value) storefront[field as StorefrontField] = value;
      if (Object.keys(storefront).length > 0) store.storefront = storefront;
    }
    return store;
  },
  actions: {
    setName: emitsField(setter('name', LocalizedString), 'StoreNameSet', 'name'),
    setLanguages: emitsListChange(
      action(
        () => z.object({ languages: z.array(z.string()).optional().nullable() }),
        (store: Store, a, ctx) => {
          store.languages = checkLanguages(a.languages ?? [], ctx);
        },
      ),
      'StoreLanguagesChanged',
      (store) => store.languages,
      ['addedLanguages', 'removedLanguages'],
      (language) => language,
    ),
    addCountry: countriesChange(
      action(
        () => z.object({ country: StoreCountry }),
        (store: Store, a) => {
          if (!store.countries.some((c) => c.code === a.country.code)) store.countries.push({ code: a.country.code });
        },
      ),
    ),
    removeCountry: countriesChange(
      action(
        () => z.object({ country: StoreCountry }),
        (store: Store, a) => {
          store.countries = store.countries.filter((c) => c.code !== a.country.code);
        },
      ),
    ),
    setCountries: countriesChange(
      action(
        () => z.object({ countries: z.array(StoreCountry).optional().nullable() }),
        (store: Store, a) => {
          store.countries = uniqueCountries(a.countries ?? undefined);
        },
      ),
    ),
    ...channelListActions('distribution'),
    ...channelListActions('supply'),
    addProductSelection: productSelectionsChange(
      action(
        () => z.object({ productSelection: resourceIdentifier('product-selection'), active: z.boolean().optional() }),
        (store: Store, a, ctx) => {
          const productSelection = ctx.reference('product-selection', a.productSelection);
          const active = a.active ?? false;
          const existing = store.productSelections.find((s) => s.productSelection.id === productSelection.id);
          if (existing) existing.active = active;
          else store.productSelections.push({ productSelection, active });
        },
      ),
    ),
    changeProductSelectionActive: productSelectionsChange(
      action(
        () => z.object({ productSelection: resourceIdentifier('product-selection'), active: z.boolean().optional() }),
        (store: Store, a, ctx) => {
          const id = idOf('product-selection', a.productSelection, ctx);
          const existing = store.productSelections.find((s) => s.productSelection.id === id);
          if (!existing) throw errors.invalidOperation(`The store does not contain the product selection '${id}'.`);
          existing.active = a.active ?? false;
        },
      ),
    ),
    removeProductSelection: productSelectionsChange(
      action(
        () => z.object({ productSelection: resourceIdentifier('product-selection') }),
        (store: Store, a, ctx) => {
          const id = idOf('product-selection', a.productSelection, ctx);
          store.productSelections = store.productSelections.filter((s) => s.productSelection.id !== id);
        },
      ),
    ),
    setProductSelections: productSelectionsChange(
      action(
        () => z.object({ productSelections: z.array(ProductSelectionSettingDraft).max(100).optional().nullable() }),
        (store: Store, a, ctx) => {
          store.productSelections = productSelectionSettings(a.productSelections ?? undefined, ctx);
        },
      ),
    ),
    ...customFieldActions,
    setCheckoutUrlTemplate: storefrontSetter('checkoutUrlTemplate'),
    setOrderUrlTemplate: storefrontSetter('orderUrlTemplate'),
    setTermsOfServiceUrl: storefrontSetter('termsOfServiceUrl'),
    setPrivacyPolicyUrl: storefrontSetter('privacyPolicyUrl'),
    setRefundPolicyUrl: storefrontSetter('refundPolicyUrl'),
    setShippingPolicyUrl: storefrontSetter('shippingPolicyUrl'),
    setCookiePolicyUrl: storefrontSetter('cookiePolicyUrl'),
    setImprintUrl: storefrontSetter('imprintUrl'),
    setFaqUrl: storefrontSetter('faqUrl'),
    setContactUrl: storefrontSetter('contactUrl'),
  },
});

declare module '../http/context.js' {
  interface StoredTypes {
    store: Store;
  }
}
