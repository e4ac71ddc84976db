/**
 * Full-text matching over the inverted index: every token of the text must be found (in any of the
 * product's searchable fields of that language, or in language-neutral ones: SKUs, text and enum
 * attributes); with `fuzzy`, a token also matches indexed tokens within its fuzzy level. A variant
 * matches when each token is found in the product's own text or in that variant's. Relevance adds,
 * per token, the weight of the best field it was found in (name > keywords > SKU > slug > description
 * and attributes) times its rarity; a fuzzy hit counts less than an exact one.
 */
import { ANY_LOCALE, type IndexedProduct, type ViewIndex } from './catalog-index.js';
import { fuzzyDistance } from './text.js';

export interface TextQuery {
  locale: string;
  tokens: string[];
  /** Maximum edit distance per token (0: exact). */
  levels: number[];
}

export interface TextMatch {
  score: number;
  /** Which variants match (by position); `undefined`: all of them. */
  variants: boolean[] | undefined;
}

interface Expansion {
  locale: string;
  token: string;
  /** 1 for an exact hit, less for fuzzy ones. */
  factor: number;
}

function expansions(view: ViewIndex, locale: string, token: string, level: number): Expansion[] {
  const out: Expansion[] = [];
  for (const where of locale === ANY_LOCALE ? [ANY_LOCALE] : [locale, ANY_LOCALE]) {
    if (level === 0) {
      if (view.postingOf(where, token)) out.push({ locale: where, token, factor: 1 });
      continue;
    }
    for (const candidate of view.vocabulary(where)) {
      const distance = fuzzyDistance(token, candidate, level);
      if (distance >= 0) out.push({ locale: where, token: candidate, factor: distance === 0 ? 1 : 1 / (1 + distance) });
    }
  }
  return out;
}

/**
 * The products holding a query token (through any of its expansions), each with its best
 * product-level weight (0: only in a variant's text). One exact expansion is its posting as it is;
 * `weightOf` answers for the other products (undefined: not a holder).
 */
interface Holders {
  entries: readonly IndexedProduct[];
  weights: readonly number[];
  weightOf(entry: IndexedProduct): number | undefined;
}

function holdersOf(view: ViewIndex, found: readonly Expansion[]): Holders {
  const postings = found.flatMap((expansion) => {
    const posting = view.postingOf(expansion.locale, expansion.token);
    return posting ? [{ posting, factor: expansion.factor }] : [];
  });
  if (postings.length === 1 && postings[0]!.factor === 1) {
    const { entries, weights } = postings[0]!.posting;
    let byEntry: Map<IndexedProduct, number> | undefined;
    return {
      entries,
      weights,
      weightOf(entry) {
        byEntry ??= new Map(entries.map((holder, k) => [holder, weights[k]!]));
        return byEntry.get(entry);
      },
    };
  }
  const best = new Map<IndexedProduct, number>();
  for (const { posting, factor } of postings) {
    for (let k = 0; k < posting.entries.length; k++) {
      const entry = posting.entries[k]!;
      const weight = posting.weights[k]! * factor;
      const previous = best.get(entry);
      if (previous === undefined || previous < weight) best.set(entry, weight);
    }
  }
  return { entries: [...best.keys()], weights: [...best.values()], weightOf: (entry) => best.get(entry) };
}

/** Matches one `text.<locale>` query; products not in the map do not match. */
function matchOne(view: ViewIndex, query: TextQuery): Map<IndexedProduct, TextMatch> {
  const result = new Map<IndexedProduct, TextMatch>();
  if (query.tokens.length === 0) return result;
  const perToken = query.tokens.map((token, i) => {
    const found = expansions(view, query.locale, token, query.levels[i] ?? 0);
    const holders = holdersOf(view, found);
    const count = holders.entries.length;
    const idf = Math.log(1 + (view.size - count + 0.5) / (count + 0.5));
    return { found, holders, idf };
  });
  // Candidates: products holding every token somewhere; start from the rarest token.
  const rarest = perToken.reduce((a, b) => (b.holders.entries.length < a.holders.entries.length ? b : a));
  const { entries, weights } = rarest.holders;
  const weight = new Array<number>(perToken.length);
  candidates: for (let k = 0; k < entries.length; k++) {
    const entry = entries[k]!;
    for (let t = 0; t < perToken.length; t++) {
      const w = perToken[t] === rarest ? weights[k] : perToken[t]!.holders.weightOf(entry);
      if (w === undefined) continue candidates;
      weight[t] = w;
    }
    let score = 0;
    let variants: boolean[] | undefined;
    for (let t = 0; t < perToken.length; t++) {
      const { found, idf } = perToken[t]!;
      if (weight[t]! > 0) {
        // In the product's own text: every variant matches, whatever its own text holds.
        score += weight[t]! * idf;
        continue;
      }
      let variantWeights: number[] | undefined;
      for (const expansion of found) {
        entry.variantTokens.forEach((tokens, index) => {
          const w = tokens?.get(expansion.locale)?.get(expansion.token);
          if (w === undefined) return;
          variantWeights ??= new Array<number>(entry.variants.length).fill(0);
          variantWeights[index] = Math.max(variantWeights[index]!, w * expansion.factor);
        });
      }
      // Found only in some variants: only those can match.
      const inVariants = variantWeights ?? [];
      score += Math.max(0, ...inVariants) * idf;
      const mask = entry.variants.map((_, index) => (inVariants[index] ?? 0) > 0);
      variants = variants ? variants.map((ok, index) => ok && mask[index]!) : mask;
    }
    if (variants && !variants.some(Boolean)) continue;
    result.set(entry, { score, variants });
  }
  return result;
}

/** Matches every `text.<locale>` query; a product matches when any of them does (scores add up). */
export function matchText(view: ViewIndex, queries: readonly TextQuery[]): Map<IndexedProduct, TextMatch> {
  if (queries.length === 1) return matchOne(view, queries[0]!);
  const combined = new Map<IndexedProduct, TextMatch>();
  for (const query of queries) {
    for (const [entry, match] of matchOne(view, query)) {
      const previous = combined.get(entry);
      if (!previous) {
        combined.set(entry, match);
        continue;
      }
      const variants =
        previous.variants === undefined || match.variants === undefined
          ? undefined
          : previous.variants.map((ok, index) => ok || match.variants![index]!);
      combined.set(entry, { score: previous.score + match.score, variants });
    }
  }
  return combined;
}
