import { Factory } from 'fishery';
import type { TaggedDraft } from '../src/api/seed.js';
import type { DraftOf } from '../src/resources/type-map.js';
import { byKeyOrId } from './identifiers.js';
import { byKey, customFieldsDraft, draftOf } from './support.js';

/*
 * Staged quotes and quotes are not seeded: each comes with other documents (a staged quote with its
 * quotation cart; a quote changes earlier quotes), so the mock makes them only through their
 * endpoints. Post these drafts: `apiRoot.stagedQuotes().post({ body })`, `apiRoot.quotes().post({ body })`.
 */

/** The key of the quote request staged quotes from the factory are made from unless `forQuoteRequest(...)`. */
export const DEFAULT_QUOTE_REQUEST_KEY = 'quote-request';
/** The key of the staged quote quotes from the factory are made from unless `forStagedQuote(...)`. */
export const DEFAULT_STAGED_QUOTE_KEY = 'staged-quote';

export class StagedQuoteFactory extends Factory<TaggedDraft<'staged-quote'>> {
  /** From the quote request with this key or id, at this version (default 1). */
  forQuoteRequest(quoteRequestKeyOrId: string, quoteRequestVersion = 1): this {
    return this.params({ quoteRequest: byKeyOrId('quote-request', quoteRequestKeyOrId), quoteRequestVersion });
  }

  /** Accept the quote request on the way (`quoteRequestStateToAccepted: true`; it changes the request's version). */
  acceptingRequest(): this {
    return this.params({ quoteRequestStateToAccepted: true });
  }

  /** In the state (a State of type `StagedQuoteState`) with this key. */
  inState(stateKey: string): this {
    return this.params({ state: byKey('state', stateKey) });
  }

  /** Custom fields of the Type with this key (a Type for `staged-quote`). */
  withCustom(typeKey: string, fields: Record<string, unknown> = {}): this {
    return this.params({ custom: customFieldsDraft(typeKey, fields) });
  }
}

/** Staged quote drafts with a unique key (`staged-quote-<n>`), from version 1 of the quote request with key `DEFAULT_QUOTE_REQUEST_KEY`. */
export const stagedQuoteFactory = StagedQuoteFactory.define(({ sequence, afterBuild }) => {
  const draft: DraftOf<'staged-quote'> = {
    key: `staged-quote-${sequence}`,
    quoteRequest: byKey('quote-request', DEFAULT_QUOTE_REQUEST_KEY),
    quoteRequestVersion: 1,
  };
  return draftOf('staged-quote', afterBuild, draft);
});

export class QuoteFactory extends Factory<TaggedDraft<'quote'>> {
  /** From the staged quote with this key or id, at this version (default 1). */
  forStagedQuote(stagedQuoteKeyOrId: string, stagedQuoteVersion = 1): this {
    return this.params({ stagedQuote: byKeyOrId('staged-quote', stagedQuoteKeyOrId), stagedQuoteVersion });
  }

  /** Mark the staged quote Sent on the way (`stagedQuoteStateToSent: true`; it changes the staged quote's version). */
  sendingStagedQuote(): this {
    return this.params({ stagedQuoteStateToSent: true });
  }

  /** In the state (a State of type `QuoteState`) with this key. */
  inState(stateKey: string): this {
    return this.params({ state: byKey('state', stateKey) });
  }

  /** Custom fields of the Type with this key (a Type for `quote`). */
  withCustom(typeKey: string, fields: Record<string, unknown> = {}): this {
    return this.params({ custom: customFieldsDraft(typeKey, fields) });
  }
}

/** Quote drafts with a unique key (`quote-<n>`), from version 1 of the staged quote with key `DEFAULT_STAGED_QUOTE_KEY`. */
export const quoteFactory = QuoteFactory.define(({ sequence, afterBuild }) => {
  const draft: DraftOf<'quote'> = {
    key: `quote-${sequence}`,
    stagedQuote: byKey('staged-quote', DEFAULT_STAGED_QUOTE_KEY),
    stagedQuoteVersion: 1,
  };
  return draftOf('quote', afterBuild, draft);
});
