/**
 * The query layer used by every list endpoint: parameter parsing and validation, `where`, `sort`,
 * paging, and reference expansion. Transport- and resource-neutral: it sees plain documents.
 *
 * Layout: lexer.ts → parser.ts (AST in ast.ts) → predicate.ts (compiles to closures, values.ts
 * holds the comparison rules, fields.ts the strict-mode field check); sort.ts; expand.ts;
 * params.ts (query parameters); run.ts (filter + sort + page in one pass).
 */
export { namesAnyField, parseQueryParams, type QueryParams } from './params.js';
export { runQuery, type PagedResult, type QueryOptions } from './run.js';
export { compilePredicate, type CompileOptions, type DocumentPredicate, type Variables } from './predicate.js';
export { expandReferences, parseExpansionPath, type ExpansionSegment, type ResolveReference } from './expand.js';
export { declaredFields, fieldExistsIn, type FieldExists } from './fields.js';
export { parseSort, compareValues, sortValue, type SortKey } from './sort.js';
export { parsePredicate } from './parser.js';
export type * as PredicateAst from './ast.js';
