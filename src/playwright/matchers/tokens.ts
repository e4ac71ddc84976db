/** The matchers on the tokens the mock issued: `toHaveIssuedCustomerToken`, `...AnonymousToken`, `...ClientToken`. */
import type { ExpectMatcherState } from '@playwright/test';
import type { TokenKind, TokenRecord } from '../../auth/tokens.js';
import { type CommerceReceiver, type Context, hintOptions, type Judged, optionalText, requireText } from './arguments.js';
import { listed, searchCollection } from './collection.js';

function describeToken(token: TokenRecord): string {
  const parts = [`client ${JSON.stringify(token.clientId)}`];
  if (token.customerId !== undefined) parts.push(`customerId ${JSON.stringify(token.customerId)}`);
  if (token.anonymousId !== undefined) parts.push(`anonymousId ${JSON.stringify(token.anonymousId)}`);
  if (token.storeKey !== undefined) parts.push(`store ${JSON.stringify(token.storeKey)}`);
  parts.push(`scope ${JSON.stringify(token.scope)}`);
  return `${token.kind} token: ${parts.join(', ')}`;
}

const listTokens = (tokens: TokenRecord[]) => listed(tokens, describeToken);

/** What each token matcher looks for: tokens of a kind, for one customer, session or client when given. */
const TOKEN_MATCHERS = {
  toHaveIssuedCustomerToken: { kind: 'customer', field: 'customerId', owner: 'customer', article: 'a', required: true },
  toHaveIssuedAnonymousToken: { kind: 'anonymous', field: 'anonymousId', owner: 'session', article: 'an', required: false },
  toHaveIssuedClientToken: { kind: 'client', field: 'clientId', owner: 'client', article: 'a', required: false },
} as const satisfies Record<
  string,
  { kind: TokenKind; field: 'customerId' | 'anonymousId' | 'clientId'; owner: string; article: string; required: boolean }
>;

function issuedToken(
  context: Context,
  matcherName: keyof typeof TOKEN_MATCHERS,
  received: CommerceReceiver,
  given: readonly unknown[],
): Judged {
  const { kind, field, owner, article, required } = TOKEN_MATCHERS[matcherName];
  const hint = context.utils.matcherHint(matcherName, 'commerce', given.length === 0 ? '' : field, hintOptions(context));
  if (required) requireText(context, hint, field, given[0]);
  const id = optionalText(context, hint, field, given, `any ${kind} token`);
  return searchCollection(context, received, {
    name: matcherName,
    hint,
    read: (source) => source.tokens(),
    ofKind: (token) => token.kind === kind,
    matches: id === undefined ? undefined : (token) => token[field] === id,
    wanted: `${article} ${kind} token${id === undefined ? '' : ` for ${owner} ${context.utils.printExpected(id)}`}`,
    received: ({ all, matching, pass }) =>
      pass ? `${matching.length} issued:\n${listTokens(matching)}` : `none; the tokens issued in this test:\n${listTokens(all)}`,
    expected: id,
    actual: ({ ofKind }) => ofKind.map((token) => token[field]),
  });
}

export const tokenMatchers = {
  /** Some customer token was issued for this customer (password flow, `commerce.customerToken`, ...). */
  toHaveIssuedCustomerToken: function (this: ExpectMatcherState, received: CommerceReceiver, customerId: string): Judged {
    return issuedToken(this, 'toHaveIssuedCustomerToken', received, [customerId]);
  },

  /** Some anonymous-session token was issued; for this anonymous id when one is given. */
  toHaveIssuedAnonymousToken: function (this: ExpectMatcherState, received: CommerceReceiver, ...given: [anonymousId?: string]): Judged {
    return issuedToken(this, 'toHaveIssuedAnonymousToken', received, given);
  },

  /** Some client-credentials token was issued; to this client id when one is given. */
  toHaveIssuedClientToken: function (this: ExpectMatcherState, received: CommerceReceiver, ...given: [clientId?: string]): Judged {
    return issuedToken(this, 'toHaveIssuedClientToken', received, given);
  },
};
