import { graphqlModule } from './graphql-module.js';

/**
 * Converts a REST draft to the GraphQL input type named `inputType` (e.g. `'CategoryDraft'`), so that
 * factory output (REST drafts) can be passed as GraphQL variables: LocalizedStrings become
 * `[{ locale, value }]`, custom field values JSON strings, money `{ centPrecision: {...} }`, and an
 * object where the schema expects a one-of input (a discount value) `{ [type]: {...} }`. Loads the
 * GraphQL layer on its first call.
 */
export function graphqlInput(inputType: string, draft: object): Record<string, unknown> {
  return graphqlModule().graphqlInput(inputType, draft);
}
