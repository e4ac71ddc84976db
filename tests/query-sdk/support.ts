/**
 * Helpers for the query specs that run through the official SDK: one list call per resource type,
 * labels that identify the seeded resources, and `{{path}}` placeholders for generated ids.
 */
import type { ByProjectKeyRequestBuilder } from '@commercetools/platform-sdk';
import type { World } from './world.js';

export type ListResource =
  | 'customers'
  | 'categories'
  | 'channels'
  | 'products'
  | 'product-projections'
  | 'stores'
  | 'tax-categories'
  | 'customer-groups';

export interface QueryArgs {
  where?: string | string[];
  sort?: string | string[];
  expand?: string | string[];
  limit?: number;
  offset?: number;
  withTotal?: boolean;
  [key: string]: string | string[] | number | boolean | undefined;
}

export interface Page {
  limit: number;
  offset: number;
  count: number;
  total?: number;
  results: Array<Record<string, unknown> & { id: string }>;
}

/** `GET /{projectKey}/{resource}` through the SDK's request builder for that resource. */
export async function list(apiRoot: ByProjectKeyRequestBuilder, resource: ListResource, queryArgs: QueryArgs = {}): Promise<Page> {
  const methodArgs = { queryArgs };
  const request = (() => {
    switch (resource) {
      case 'customers':
        return apiRoot.customers().get(methodArgs);
      case 'categories':
        return apiRoot.categories().get(methodArgs);
      case 'channels':
        return apiRoot.channels().get(methodArgs);
      case 'products':
        return apiRoot.products().get(methodArgs);
      case 'product-projections':
        return apiRoot.productProjections().get(methodArgs);
      case 'stores':
        return apiRoot.stores().get(methodArgs);
      case 'tax-categories':
        return apiRoot.taxCategories().get(methodArgs);
      case 'customer-groups':
        return apiRoot.customerGroups().get(methodArgs);
    }
  })();
  const response = await request.execute();
  return response.body as unknown as Page;
}

/** Customers are told apart by first name (one has no key); every other resource by key. */
export function label(resource: ListResource, document: Record<string, unknown>): string {
  return String(resource === 'customers' ? document.firstName : document.key);
}

export function labels(resource: ListResource, page: Page): string[] {
  return page.results.map((document) => label(resource, document));
}

/** Replaces `{{categories.clothing}}` (or `{{productType}}`) with the id of that seeded resource. */
export function withIds(text: string, world: World): string {
  return text.replace(/\{\{([a-zA-Z.]+)\}\}/g, (placeholder, path: string) => {
    let found: unknown = world;
    for (const segment of path.split('.')) found = (found as Record<string, unknown> | undefined)?.[segment];
    const id = (found as { id?: unknown } | undefined)?.id;
    if (typeof id !== 'string') throw new Error(`unknown placeholder ${placeholder}`);
    return id;
  });
}

/** `{ name: value }` as the SDK's `var.name` query arguments (an array repeats the parameter). */
export function variables(vars: Record<string, string | string[]> | undefined, world: World): QueryArgs {
  const args: QueryArgs = {};
  for (const [name, value] of Object.entries(vars ?? {})) {
    args[`var.${name}`] = Array.isArray(value) ? value.map((v) => withIds(v, world)) : withIds(value, world);
  }
  return args;
}
