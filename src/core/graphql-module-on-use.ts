/**
 * What the package's bundle loads in place of graphql-module.ts (scripts/bundle.mjs swaps them):
 * the GraphQL layer is an entry of the bundle of its own, required on first use.
 */
import { partOnUse } from '../util/bundle-part.js';
import type { GraphqlModule } from './graphql-module.js';

export const graphqlModule = partOnUse<GraphqlModule>('core/graphql/index.js');
