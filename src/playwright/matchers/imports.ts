/** The matcher on the Import API's import operations: `toHaveImported`. */
import type { ExpectMatcherState } from '@playwright/test';
import type { ImportOperation, ProcessingState } from '../../resources/import/operations.js';
import { loadTypeModule } from '../../resources/load.js';
import { type CommerceReceiver, hintOptions, isRecord, type Judged, requireKnownKeys, requireText, usageError } from './arguments.js';
import { listed, searchCollection } from './collection.js';

/** Which import operation `toHaveImported` looks for: one of the container's, of the resource when given, in the state (`imported` by default). */
export interface ImportExpectation {
  containerKey: string;
  resourceKey?: string;
  state?: ProcessingState;
}

const KEYS = ['containerKey', 'resourceKey', 'state'] as const;

function describeOperation(operation: ImportOperation): string {
  const waitsFor = operation.unresolvedReferences?.map((reference) => `${reference.typeId} ${JSON.stringify(reference.key)}`);
  const detail = waitsFor?.length
    ? ` (waits for ${waitsFor.join(', ')})`
    : operation.errors?.length
      ? ` (${operation.errors.map((error) => `${error.code}: ${error.message}`).join('; ')})`
      : '';
  return `${JSON.stringify(operation.resourceKey)} ${operation.state}${detail}`;
}

export const importMatchers = {
  /**
   * An import operation of the container (of the resource `resourceKey` names, when given) is in the
   * state (`imported` unless given): the Import API imported, or is waiting for, what the test expects.
   */
  toHaveImported: function (this: ExpectMatcherState, received: CommerceReceiver, expected: ImportExpectation): Judged {
    const hint = this.utils.matcherHint('toHaveImported', 'commerce', 'expected', hintOptions(this));
    if (!isRecord(expected)) throw usageError(this, hint, 'expected must be { containerKey, resourceKey?, state? }', 'expected', expected);
    requireKnownKeys(this, hint, 'expected', expected, KEYS);
    requireText(this, hint, 'containerKey', expected.containerKey);
    if ('resourceKey' in expected) requireText(this, hint, 'resourceKey', expected.resourceKey);
    const state = expected.state ?? 'imported';
    const { PROCESSING_STATES } = loadTypeModule('import-operation');
    if (!PROCESSING_STATES.includes(state)) {
      throw usageError(this, hint, `state must be one of ${PROCESSING_STATES.join(', ')}`, 'state', expected.state);
    }
    const { containerKey, resourceKey } = expected;
    const resource = resourceKey === undefined ? 'a resource' : `the resource ${this.utils.printExpected(resourceKey)}`;
    return searchCollection<ImportOperation>(this, received, {
      name: 'toHaveImported',
      hint,
      read: (source) => source.all('import-operation') as ImportOperation[] | Promise<ImportOperation[]>,
      ofKind: (operation) => operation.importContainerKey === containerKey,
      matches: (operation) => operation.state === state && (resourceKey === undefined || operation.resourceKey === resourceKey),
      wanted: `an import operation of ${resource} in the container ${this.utils.printExpected(containerKey)} in the state ${state}`,
      received: ({ ofKind, matching, pass }) =>
        pass
          ? `${matching.length} such:\n${listed(matching, describeOperation)}`
          : `none; the container's operations:\n${listed(ofKind, describeOperation)}`,
      expected,
      actual: ({ ofKind }) => ofKind.map(({ resourceKey, state }) => ({ resourceKey, state })),
    });
  },
};
