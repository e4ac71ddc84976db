import * as z from 'zod';
import { errors } from '../http/errors.js';
import type { StoredDocument } from '../storage/backend.js';
import { jsonEqual } from '../util/json.js';
import { action, defineResource, type Reference, type ResourceContext, type SdkTypes } from '../engine/define.js';
import { LocalizedString, type ResourceIdentifier, resourceIdentifier } from '../engine/draft-fields.js';
import type { State as SdkState, StateDraft as SdkStateDraft } from '@commercetools/platform-sdk';

export const StateType = z.enum([
  'OrderState',
  'RecurringOrderState',
  'LineItemState',
  'ProductState',
  'ReviewState',
  'PaymentState',
  'QuoteRequestState',
  'StagedQuoteState',
  'QuoteState',
]);
export type StateType = z.infer<typeof StateType>;

export const StateRole = z.enum(['ReviewIncludedInStatistics', 'Return']);
export type StateRole = z.infer<typeof StateRole>;

export interface State extends StoredDocument {
  key: string;
  type: StateType;
  name?: LocalizedString;
  description?: LocalizedString;
  initial: boolean;
  builtIn: boolean;
  roles: StateRole[];
  transitions?: Reference[];
}

// The platform gives State keys no pattern; only an empty key is refused (InvalidOperation).
export const StateDraft = z.object({
  key: z.string(),
  type: StateType,
  name: LocalizedString.optional(),
  description: LocalizedString.optional(),
  initial: z.boolean().optional(),
  roles: z.array(StateRole).optional(),
  transitions: z.array(resourceIdentifier('state')).optional(),
});
export type StateDraft = z.infer<typeof StateDraft>;

function checkKey(key: string): string {
  if (key.trim() === '') throw errors.invalidOperation('The key of a State must not be empty.');
  return key;
}

/** Which State type each role applies to. */
const roleType: Record<StateRole, StateType> = { ReviewIncludedInStatistics: 'ReviewState', Return: 'LineItemState' };

function checkRolesApply(state: State, roles: StateRole[]): void {
  for (const role of roles) {
    if (roleType[role] !== state.type) {
      throw errors.invalidOperation(`The role '${role}' can only be used by States of type '${roleType[role]}', not '${state.type}'.`);
    }
  }
}

const unique = <T>(list: T[]) => [...new Set(list)];

function transitions(identifiers: ResourceIdentifier[], ctx: ResourceContext): Reference[] {
  const references: Reference[] = [];
  for (const identifier of identifiers) {
    const reference = ctx.reference('state', identifier);
    if (!references.some((r) => r.id === reference.id)) references.push(reference);
  }
  return references;
}

/** The State actions refuse a request that would not change anything (InvalidOperation). */
function refuseSame(current: unknown, next: unknown, field: string): void {
  if (jsonEqual(current ?? null, next ?? null))
    throw errors.invalidOperation(`The new value of '${field}' is the same as the current one.`);
}

/** `setName` / `setDescription`: an empty object removes the value. */
function setLocalized(state: State, field: 'name' | 'description', value: LocalizedString): void {
  const next = Object.keys(value).length > 0 ? value : undefined;
  refuseSame(state[field], next, field);
  if (next) state[field] = next;
  else delete state[field];
}

export const states = defineResource<StateDraft, State, SdkTypes<SdkStateDraft, SdkState>>({
  typeId: 'state',
  path: 'states',
  draft: StateDraft,
  create(draft, ctx) {
    const state: Omit<State, 'id' | 'version' | 'createdAt' | 'lastModifiedAt' | 'createdBy' | 'lastModifiedBy'> = {
      key: checkKey(draft.key),
      type: draft.type,
      initial: draft.initial ?? true,
      builtIn: false,
      roles: unique(draft.roles ?? []),
    };
    if (draft.name !== undefined) state.name = draft.name;
    if (draft.description !== undefined) state.description = draft.description;
    if (draft.transitions !== undefined) state.transitions = transitions(draft.transitions, ctx);
    return state;
  },
  beforeDelete(state) {
    if (state.builtIn) throw errors.invalidOperation(`The built-in State '${state.key}' cannot be deleted.`);
  },
  actions: {
    changeKey: action(
      () => z.object({ key: z.string() }),
      (state: State, a) => {
        if (state.builtIn) throw errors.invalidOperation(`The key of the built-in State '${state.key}' cannot be changed.`);
        state.key = checkKey(a.key);
      },
    ),
    changeType: action(
      () => z.object({ type: StateType }),
      (state: State, a) => {
        refuseSame(state.type, a.type, 'type');
        state.type = a.type;
      },
    ),
    changeInitial: action(
      () => z.object({ initial: z.boolean() }),
      (state: State, a) => {
        refuseSame(state.initial, a.initial, 'initial');
        state.initial = a.initial;
      },
    ),
    setName: action(
      () => z.object({ name: LocalizedString }),
      (state: State, a) => setLocalized(state, 'name', a.name),
    ),
    setDescription: action(
      () => z.object({ description: LocalizedString }),
      (state: State, a) => setLocalized(state, 'description', a.description),
    ),
    addRoles: action(
      () => z.object({ roles: z.array(StateRole) }),
      (state: State, a) => {
        checkRolesApply(state, a.roles);
        const added = a.roles.filter((role) => !state.roles.includes(role));
        if (added.length === 0) throw errors.invalidOperation('The State already has the given roles.');
        state.roles = unique([...state.roles, ...added]);
      },
    ),
    removeRoles: action(
      () => z.object({ roles: z.array(StateRole) }),
      (state: State, a) => {
        if (!a.roles.some((role) => state.roles.includes(role))) throw errors.invalidOperation('The State has none of the given roles.');
        state.roles = state.roles.filter((role) => !a.roles.includes(role));
      },
    ),
    setRoles: action(
      () => z.object({ roles: z.array(StateRole) }),
      (state: State, a) => {
        checkRolesApply(state, a.roles);
        const next = unique(a.roles);
        if (next.length === state.roles.length && next.every((role) => state.roles.includes(role))) {
          throw errors.invalidOperation("The new value of 'roles' is the same as the current one.");
        }
        state.roles = next;
      },
    ),
    setTransitions: action(
      () => z.object({ transitions: z.array(resourceIdentifier('state')).optional().nullable() }),
      (state: State, a, ctx) => {
        const next = a.transitions ? transitions(a.transitions, ctx) : undefined;
        refuseSame(state.transitions, next, 'transitions');
        if (next) state.transitions = next;
        else delete state.transitions;
      },
    ),
  },
});

declare module '../http/context.js' {
  interface StoredTypes {
    state: State;
  }
}
