import { z } from 'zod';
import { route, type Route } from '../http/router.js';
import { ok } from '../http/context.js';
import { action, defineResource, type Engine } from '../engine/define.js';
import { changer } from '../engine/common-actions.js';
import { DEFAULT_MESSAGES_CONFIGURATION } from '../engine/messages.js';
import { Country, Currency, LanguageTag } from '../engine/validation.js';
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
    myBusinessUnitAssociateRoleOnCreation?: { key?: string };
  };
}

/** One index's switch in the project's `searchIndexing` (SearchIndexingConfigurationValues). */
export interface SearchIndexingValues {
  status: string;
  lastModifiedAt?: string;
  lastModifiedBy?: unknown;
}

/** The indexes of the ID-first search APIs a project action switches on and off. */
export type SearchIndex = 'customers' | 'businessUnits';

/**
 * Customer and Business Unit Search are served from the start (the platform's start deactivated;
 * docs/deviations.md): only a project whose update switched one off has it `Deactivated`.
 */
export function searchIndexing(settings: ProjectSettings | undefined, index: SearchIndex): SearchIndexingValues {
  return settings?.searchIndexing?.[index] ?? { status: 'Activated' };
}

const searchStatusAction = (index: SearchIndex) =>
  action(
    () => z.object({ status: z.enum(['Activated', 'Deactivated']) }),
    (settings: ProjectSettings, a, ctx) => {
      settings.searchIndexing = {
        ...settings.searchIndexing,
        [index]: { status: a.status, lastModifiedAt: ctx.now, lastModifiedBy: ctx.author },
      };
    },
  );

/** The project's settings live as one document per project, created with defaults on first read. */
export const SETTINGS_ID = 'settings';

export const project = defineResource<Record<string, never>, ProjectSettings>({
  typeId: 'project',
  path: '',
  draft: z.object({}),
  create: () => ({}),
  without: ['create', 'delete', 'byKey'],
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
    changeProductSearchIndexingEnabled: action(
      () => z.object({ enabled: z.boolean(), mode: z.string().optional() }),
      (settings, a) => {
        settings.searchIndexing = { ...settings.searchIndexing, products: { status: a.enabled ? 'Activated' : 'Deactivated' } };
      },
    ),
    changeCustomerSearchStatus: searchStatusAction('customers'),
    changeBusinessUnitSearchStatus: searchStatusAction('businessUnits'),
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
    searchIndexing: {
      products: { status: 'Deactivated' },
      orders: { status: 'Deactivated' },
      customers: { ...searchIndexing(undefined, 'customers'), lastModifiedAt: now },
      businessUnits: { ...searchIndexing(undefined, 'businessUnits'), lastModifiedAt: now },
    },
    discounts: { discountCombinationMode: 'Stacking' },
    inventory: { releaseExpiredReservations: false },
  };
}

/** What the platform answers: the settings without the storage id or audit fields. */
function view(settings: Record<string, unknown>) {
  const { id: _id, lastModifiedAt: _modified, lastModifiedBy: _by, createdBy: _createdBy, ...rest } = settings;
  return rest;
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
