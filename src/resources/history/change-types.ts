/**
 * The Change History API's change types, as its definition declares them (vendor/history/, MIT):
 * for each, the update action it stands for (`change`), the resource types it applies to, and the
 * types of its fields. A difference of a resource is named by looking up the update action that
 * makes it: the change type of that action for that resource type (`ShippingMethodChangeNameChange`
 * for a shipping method's `changeName`), else the one every resource type with the action shares,
 * chosen by the shape of the value when there are two (`ChangeNameChange` for a string,
 * `ChangeLocalizedNameChange` for a LocalizedString).
 */
import { readFileSync } from 'node:fs';
import { packageFile } from '../../util/package-file.js';

/** A change type of the definition. */
export interface ChangeType {
  name: string;
  /** The update action it stands for. */
  change: string;
  /** The resource types it applies to; `null`: every type with the action. */
  resources: readonly string[] | null;
  /** Its fields (besides `type` and `change`) and their types: `previousValue: 'LocalizedString'`, `lineItemId: 'string'`. */
  fields: Readonly<Record<string, string>>;
}

interface Definition {
  changeTypes: Record<string, [change: string, resources: string[] | null, fields: Record<string, string>]>;
  changeValues: Record<string, string[]>;
}

let loaded: { types: Map<string, ChangeType>; byAction: Map<string, ChangeType[]>; values: Record<string, string[]> } | undefined;

function definition() {
  if (loaded) return loaded;
  const read = JSON.parse(readFileSync(packageFile('vendor/history/change-types.json'), 'utf8')) as Definition;
  const types = new Map<string, ChangeType>();
  const byAction = new Map<string, ChangeType[]>();
  for (const [name, [change, resources, fields]] of Object.entries(read.changeTypes)) {
    const type: ChangeType = { name, change, resources, fields };
    types.set(name, type);
    if (!change) continue;
    const list = byAction.get(change) ?? [];
    list.push(type);
    byAction.set(change, list);
  }
  loaded = { types, byAction, values: read.changeValues };
  return loaded;
}

/** Every change type of the definition, by name. */
export function changeTypes(): ReadonlyMap<string, ChangeType> {
  return definition().types;
}

/** The fields of a change value type (`TransactionChangeValue`: `id`, `interactionId`, `timestamp`). */
export function changeValueFields(valueType: string): readonly string[] | undefined {
  return definition().values[valueType];
}

const LOCALE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

/** Whether a value is a LocalizedString: an object of locales to strings. */
export function isLocalized(value: unknown): boolean {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const entries = Object.entries(value);
  return entries.length > 0 && entries.every(([locale, text]) => LOCALE.test(locale) && typeof text === 'string');
}

/** Whether a change type's values have the shape of `value` (a LocalizedString or not, a list or not). */
function fits(type: ChangeType, value: unknown): boolean {
  const declared = type.fields.nextValue ?? type.fields.previousValue;
  if (declared === undefined || declared === 'any' || value === undefined) return true;
  if (isLocalized(value)) return declared === 'LocalizedString';
  if (declared === 'LocalizedString') return false;
  return declared.endsWith('[]') === Array.isArray(value);
}

/**
 * The change type of update action `action` on a resource of `typeId`, for a value like `value`:
 * the type's own, else the shared one; among several, the one whose values have its shape.
 */
export function changeTypeOf(typeId: string, action: string, value?: unknown): ChangeType | undefined {
  const candidates = definition().byAction.get(action) ?? [];
  const own = candidates.filter((type) => type.resources?.includes(typeId));
  const pool = own.length > 0 ? own : candidates.filter((type) => type.resources === null);
  return pool.find((type) => fits(type, value)) ?? pool[0];
}
