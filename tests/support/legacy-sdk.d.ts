// The SDK generation before sdk-client-v2 ships no types: what the tests call of it.
declare module '@commercetools/sdk-client' {
  export function createClient(options: { middlewares: unknown[] }): { execute(request: unknown): Promise<unknown> };
}
declare module '@commercetools/sdk-middleware-auth' {
  export function createAuthMiddlewareForClientCredentialsFlow(options: {
    host: string;
    projectKey: string;
    credentials: { clientId: string; clientSecret: string };
    fetch?: unknown;
  }): unknown;
}
declare module '@commercetools/sdk-middleware-http' {
  export function createHttpMiddleware(options: { host: string; fetch?: unknown }): unknown;
}
