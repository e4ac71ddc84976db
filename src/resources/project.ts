import * as z from 'zod';
import { route, type Route } from '../http/router.js';
import { ok } from '../http/context.js';
import { action, defineResource, type Engine } from '../engine/define.js';
import { changer } from '../engine/common-actions.js';
import { DEFAULT_MESSAGES_CONFIGURATION } from '../engine/messages.js';
import { Country, Currency, LanguageTag, resourceIdentifier } from '../engine/draft-fields.js';
import { errors } from '../http/errors.js';
import type { ResourceContext } from '../http/context.js';
import type { RateInputType } from '../pricing/cart-shipping.js';
import type { RoundingMode } from '../pricing/cart-rounding.js';
import type { StoredDocument } from '../storage/backend.js';

const DeleteDaysAfterLastModification = z.number().int().min(1).max(365_250);
/** Fields the mock does not model are kept as they are sent. */
const CartsConfiguration = z
  .object({
    countryTaxRateFallbackEnabled: z.boolean().optional(),
    deleteDaysAfterLastModification: DeleteDaysAfterLastModification.optional(),
  })
  .loose();
const ShoppingListsConfiguration = z.object({ deleteDaysAfterLastModification: DeleteDaysAfterLastModification.optional() }).loose();

/**
 * The project's settings as stored, the fields other types read of them. Every field is optional: a
 * project whose settings no update has changed yet has no document, and the configurations keep
 * whatever else a client sends.
 */
export interface ProjectSettings extends StoredDocument {
  languages?: string[];
  carts?: {
    countryTaxRateFallbackEnabled?: boolean;
    deleteDaysAfterLastModification?: number;
    priceRoundingMode?: RoundingMode;
    taxRoundingMode?: RoundingMode;
  };
  shoppingLists?: { deleteDaysAfterLastModification?: number };
  shippingRateInputType?: RateInputType;
  searchIndexing?: Record<string, SearchIndexingValues>;
  businessUnits?: {
    myBusinessUnitStatusOnCreation?: string;
    myBusinessUnitAssociateRoleOnCreation?: { typeId: 'associate-role'; key: string };
  };
  externalOAuth?: { url: string; authorizationHeader: string };
  productCatalogModel?: 'Classic' | 'Modular';
  messages?: { enabled: boolean; deleteDaysAfterCreation?: number };
  discounts?: { discountCombinationMode: string };
  inventory?: { releaseExpiredReservations: boolean; reservationExpirationInMinutes?: number };
}

/** One index's switch in the project's `searchIndexing` (SearchIndexingConfigurationValues). */
export interface SearchIndexingValues {
  status: string;
  lastModifiedAt?: string;
  lastModifiedBy?: unknown;
}

/**
 * The project's search indexes, as `searchIndexing` names them: Product Projection Search
 * (`products`), the Product Search API (`productsSearch`), Order, Customer and Business Unit Search.
 */
export const SEARCH_INDEXES = ['products', 'productsSearch', 'orders', 'customers', 'businessUnits'] as const;
export type SearchIndex = (typeof SEARCH_INDEXES)[number];

/**
 * Every search is served from the start (the platform starts a new project with some of them
 * deactivated; docs/deviations.md): only a project whose update switched one off has it `Deactivated`.
 */
export function searchIndexing(settings: ProjectSettings | undefined, index: SearchIndex): SearchIndexingValues {
  return settings?.searchIndexing?.[index] ?? { status: 'Activated' };
}

/** Whether the project's update actions left `index` switched on. */
export function searchActive(ctx: ResourceContext, index: SearchIndex): boolean {
  return searchIndexing(ctx.get('project', SETTINGS_ID), index).status === 'Activated';
}

function switchSearch(settings: ProjectSettings, index: SearchIndex, on: boolean, ctx: ResourceContext): void {
  settings.searchIndexing = {
    ...settings.searchIndexing,
    [index]: { status: on ? 'Activated' : 'Deactivated', lastModifiedAt: ctx.now, lastModifiedBy: ctx.author },
  };
}

const searchStatusAction = (index: SearchIndex) =>
  action(
    () => z.object({ status: z.enum(['Activated', 'Deactivated']) }),
    (settings: ProjectSettings, a, ctx) => switchSearch(settings, index, a.status === 'Activated', ctx),
  );

const RoundingModeSchema = z.enum(['HalfEven', 'HalfUp', 'HalfDown']);

/**
 * The platform keeps `authorizationHeader` partly hidden on reads; the mock shows its last four
 * characters after asterisks (the platform's exact masking is not documented).
 */
function maskedHeader(header: string): string {
  return header.length > 8 ? `****${header.slice(-4)}` : '****';
}

/** The project's settings live as one document per project, created with defaults on first read. */
export const SETTINGS_ID = 'settings';

export const project = defineResource<Record<string, never>, ProjectSettings>({
  typeId: 'project',
  path: '',
  draft: z.object({}),
  create: () => ({}),
  without: ['create', 'delete', 'byKey'],
  mounted: (engine) => [{ router: 'api', prefix: '', routes: projectRoutes(engine) }],
  actions: {
    changeName: changer('name', z.string()),
    changeCountries: changer('countries', z.array(Country)),
    changeCurrencies: changer('currencies', z.array(Currency)),
    changeLanguages: changer('languages', z.array(LanguageTag)),
    changeMessagesConfiguration: action(
      () =>
        z.object({
          messagesConfiguration: z.object({ enabled: z.boolean(), deleteDaysAfterCreation: z.number().int().min(1).max(90).optional() }),
        }),
      (settings, a) => {
        settings.messages = a.messagesConfiguration;
      },
    ),
    changeCountryTaxRateFallbackEnabled: action(
      () => z.object({ countryTaxRateFallbackEnabled: z.boolean() }),
      (settings, a) => {
        settings.carts = { ...settings.carts, countryTaxRateFallbackEnabled: a.countryTaxRateFallbackEnabled };
      },
    ),
    changeCartsConfiguration: action(
      () => z.object({ cartsConfiguration: CartsConfiguration }),
      (settings, a) => {
        settings.carts = { ...settings.carts, ...a.cartsConfiguration };
      },
    ),
    changeShoppingListsConfiguration: action(
      () => z.object({ shoppingListsConfiguration: ShoppingListsConfiguration }),
      (settings, a) => {
        settings.shoppingLists = { ...settings.shoppingLists, ...a.shoppingListsConfiguration };
      },
    ),
    setShippingRateInputType: action(
      () => z.object({ shippingRateInputType: z.record(z.string(), z.unknown()).optional() }),
      (settings, a) => {
        // Kept as sent: the schema checks only that it is an object, and what reads it branches on its `type`.
        if (a.shippingRateInputType) settings.shippingRateInputType = a.shippingRateInputType as RateInputType;
        else delete settings.shippingRateInputType;
      },
    ),
    changeMessagesEnabled: action(
      () => z.object({ messagesEnabled: z.boolean() }),
      (settings, a) => {
        settings.messages = { ...DEFAULT_MESSAGES_CONFIGURATION, ...settings.messages, enabled: a.messagesEnabled };
      },
    ),
    changePriceRoundingMode: action(
      () => z.object({ priceRoundingMode: RoundingModeSchema }),
      (settings, a) => {
        settings.carts = { ...settings.carts, priceRoundingMode: a.priceRoundingMode };
      },
    ),
    changeTaxRoundingMode: action(
      () => z.object({ taxRoundingMode: RoundingModeSchema }),
      (settings, a) => {
        settings.carts = { ...settings.carts, taxRoundingMode: a.taxRoundingMode };
      },
    ),
    setDiscountsConfiguration: action(
      () => z.object({ discountsConfiguration: z.object({ discountCombinationMode: z.enum(['Stacking', 'BestDeal']) }) }),
      (settings, a) => {
        settings.discounts = a.discountsConfiguration;
      },
    ),
    setReleaseExpiredReservations: action(
      () => z.object({ releaseExpiredReservations: z.boolean() }),
      (settings, a) => {
        settings.inventory = { ...settings.inventory, releaseExpiredReservations: a.releaseExpiredReservations };
      },
    ),
    setReservationExpirationInMinutes: action(
      () => z.object({ reservationExpirationInMinutes: z.number().int().min(1).optional().nullable() }),
      (settings, a) => {
        const inventory = { releaseExpiredReservations: false, ...settings.inventory };
        if (a.reservationExpirationInMinutes == null) delete inventory.reservationExpirationInMinutes;
        else inventory.reservationExpirationInMinutes = a.reservationExpirationInMinutes;
        settings.inventory = inventory;
      },
    ),
    // Without `mode`, or with `ProductProjectionsSearch`: Product Projection Search; `ProductsSearch`: the Product Search API.
    changeProductSearchIndexingEnabled: action(
      () => z.object({ enabled: z.boolean(), mode: z.enum(['ProductProjectionsSearch', 'ProductsSearch']).optional() }),
      (settings, a, ctx) => switchSearch(settings, a.mode === 'ProductsSearch' ? 'productsSearch' : 'products', a.enabled, ctx),
    ),
    changeOrderSearchStatus: searchStatusAction('orders'),
    changeCustomerSearchStatus: searchStatusAction('customers'),
    changeBusinessUnitSearchStatus: searchStatusAction('businessUnits'),
    changeMyBusinessUnitStatusOnCreation: action(
      () => z.object({ status: z.enum(['Active', 'Inactive']) }),
      (settings, a) => {
        settings.businessUnits = { ...settings.businessUnits, myBusinessUnitStatusOnCreation: a.status };
      },
    ),
    setMyBusinessUnitAssociateRoleOnCreation: action(
      () => z.object({ associateRole: resourceIdentifier('associate-role') }),
      (settings, a, ctx) => {
        const { key } = ctx.keyReference('associate-role', a.associateRole);
        settings.businessUnits = {
          myBusinessUnitStatusOnCreation: 'Inactive',
          ...settings.businessUnits,
          myBusinessUnitAssociateRoleOnCreation: { typeId: 'associate-role', key },
        };
      },
    ),
    setExternalOAuth: action(
      () =>
        z.object({
          externalOAuth: z
            .object({ url: z.url(), authorizationHeader: z.string().min(1) })
            .optional()
            .nullable(),
        }),
      (settings, a) => {
        if (a.externalOAuth) settings.externalOAuth = a.externalOAuth;
        else delete settings.externalOAuth;
      },
    ),
    /**
     * The mock has no migration between the models: a project's products are embedded-variant
     * products, so the model changes only while the project has none.
     */
    setProductCatalogModel: action(
      () => z.object({ productCatalogModel: z.enum(['Classic', 'Modular']) }),
      (settings, a, ctx) => {
        const current = settings.productCatalogModel ?? 'Classic';
        if (a.productCatalogModel === current) return;
        for (const _product of ctx.scan('product'))
          throw errors.invalidOperation(
            `The product catalog model can only change from '${current}' to '${a.productCatalogModel}' while the project has no products.`,
          );
        settings.productCatalogModel = a.productCatalogModel;
      },
    ),
  },
});

function defaultSettings(key: string, now: string) {
  return {
    id: SETTINGS_ID,
    version: 1,
    key,
    name: key,
    countries: [] as string[],
    currencies: [] as string[],
    languages: [] as string[],
    createdAt: now,
    messages: { ...DEFAULT_MESSAGES_CONFIGURATION },
    carts: { countryTaxRateFallbackEnabled: false, deleteDaysAfterLastModification: 90 },
    shoppingLists: { deleteDaysAfterLastModification: 360 },
    searchIndexing: Object.fromEntries(
      SEARCH_INDEXES.map((index) => [index, { ...searchIndexing(undefined, index), lastModifiedAt: now }]),
    ),
    businessUnits: { myBusinessUnitStatusOnCreation: 'Inactive' },
    discounts: { discountCombinationMode: 'Stacking' },
    inventory: { releaseExpiredReservations: false },
    productCatalogModel: 'Classic',
  };
}

/** What the platform answers: the settings without the storage id or audit fields, the OAuth header masked. */
function view(settings: Record<string, unknown>) {
  const { id: _id, lastModifiedAt: _modified, lastModifiedBy: _by, createdBy: _createdBy, ...rest } = settings;
  const oauth = rest.externalOAuth as ProjectSettings['externalOAuth'];
  return oauth ? { ...rest, externalOAuth: { ...oauth, authorizationHeader: maskedHeader(oauth.authorizationHeader) } } : rest;
}

/** `GET` and `POST` (update actions) on `/{projectKey}` itself. */
export function projectRoutes(engine: Engine): Route[] {
  // Reading a project stores nothing; the defaults are stored (at their fixed id, version 1) once an update changes them.
  const stored = (projectKey: string) => engine.find(project, projectKey, { id: SETTINGS_ID });
  return [
    route('GET', '', (call) => ok(view(stored(call.ctx.project) ?? defaultSettings(call.ctx.project, call.ctx.now)))),
    route('POST', '', (call) => {
      if (!stored(call.ctx.project)) engine.insert(project, defaultSettings(call.ctx.project, call.ctx.now), call.ctx);
      return ok(view(engine.update(project, { id: SETTINGS_ID }, call.json(), call.ctx)));
    }),
  ];
}

declare module '../http/context.js' {
  interface StoredTypes {
    project: ProjectSettings;
  }
}
