/**
 * The platform publishes four HTTP APIs and a token server, each at a host of its own in every
 * Region. In process, the mock serves each at its own origin (the options `apiUrl`, `authUrl`,
 * `importUrl`, `historyUrl`, `checkoutUrl`). A server has one origin for all of them: the main API
 * and the token server at its root, the others under a path prefix each. A prefix starts with `__`,
 * as the admin routes' `/__mock` does, so no project key (a-z, 0-9, - and _) is taken from a user
 * by it but the improbable `__import`, `__history` and `__checkout`.
 */
export type ApiName = 'api' | 'auth' | 'import' | 'history' | 'checkout';

/** The APIs served beside the main one, whose routes are tables of their own. */
export type OtherApi = 'import' | 'history' | 'checkout';

export const OTHER_APIS: readonly OtherApi[] = ['import', 'history', 'checkout'];

/** On a server's one origin, the first path segment of each other API's requests. */
export const API_PREFIX: Readonly<Record<OtherApi, string>> = { import: '__import', history: '__history', checkout: '__checkout' };

/** The base URL of every API on a server's one origin. */
export function apisAt(origin: string): Record<ApiName, string> {
  return {
    api: origin,
    auth: origin,
    import: `${origin}/${API_PREFIX.import}`,
    history: `${origin}/${API_PREFIX.history}`,
    checkout: `${origin}/${API_PREFIX.checkout}`,
  };
}

/**
 * The platform's host of API `name` in the Region of `apiUrl` (`https://api.{region}.commercetools.com`
 * gives `https://{name}.{region}.commercetools.com`); for an `apiUrl` that is not one of the
 * platform's, the host in the Region of `fallback`.
 */
export function regionalHost(name: Exclude<ApiName, 'api'>, apiUrl: string, fallback: string): string {
  const regional = /^https:\/\/api\.(.+\.commercetools\.(?:com|cn))$/i;
  const region = regional.exec(apiUrl)?.[1] ?? regional.exec(fallback)?.[1];
  return `https://${name}.${region}`;
}
