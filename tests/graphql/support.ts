/** GraphQL through the official SDK, for the specs of this folder. */
import type { ByProjectKeyRequestBuilder } from '@commercetools/platform-sdk';

/** The answer of a GraphQL request the SDK accepts (status 200): `data`, and `errors` if any. */
export async function graphql(apiRoot: ByProjectKeyRequestBuilder, query: string, variables?: Record<string, unknown>) {
  const request = variables ? { query, variables } : { query };
  const { body } = await apiRoot.graphql().post({ body: request }).execute();
  return body as { data: any; errors?: any[] };
}

/** The SDK's error for a GraphQL request answered with a 4xx: `statusCode`, and `body` with the `errors`. */
export function graphqlFailure(apiRoot: ByProjectKeyRequestBuilder, query: string): Promise<any> {
  return apiRoot
    .graphql()
    .post({ body: { query } })
    .execute()
    .then(
      (response) => {
        throw new Error(`expected a failure, got ${response.statusCode}: ${JSON.stringify(response.body)}`);
      },
      (error) => error,
    );
}
