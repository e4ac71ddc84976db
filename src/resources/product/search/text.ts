/**
 * Text analysis shared by both search APIs: tokenising (Unicode letters and digits, lower-cased,
 * diacritics folded: `Crème-Brûlée 2` → `creme`, `brulee`, `2`), the fuzzy distance (optimal string
 * alignment: insertions, deletions, substitutions and adjacent transpositions each cost 1, as
 * Elasticsearch's fuzzy queries count them) and the platform's automatic fuzzy level.
 * No stemming and no stop words: `shirts` does not find `shirt`.
 */

const WORD = /[\p{L}\p{N}]+/gu;
const MARKS = /[\u0300-\u036f]/g;

/** Normalises text for matching: NFKD, diacritics removed, lower case. */
export function normalise(text: string): string {
  // Fast path: plain ASCII (no UTF-16 code unit above 0x7f) needs only lower-casing.
  if (/^[^\u0080-\uffff]*$/.test(text)) return text.toLowerCase();
  return text.normalize('NFKD').replace(MARKS, '').toLowerCase();
}

/** The tokens of `text`, in order, duplicates kept. */
export function tokenize(text: string): string[] {
  return normalise(text).match(WORD) ?? [];
}

/**
 * The fuzzy level the platform applies to a term of this length: 0 for 1–2 characters, 1 for 3–5,
 * 2 for longer terms.
 */
export function autoFuzzyLevel(term: string): number {
  const length = [...term].length;
  if (length <= 2) return 0;
  if (length <= 5) return 1;
  return 2;
}

/**
 * Whether `a` and `b` are at most `max` edits apart (optimal string alignment distance), and how
 * far: the distance, or -1 when it exceeds `max`. Bounded, so long words cost little.
 */
export function fuzzyDistance(a: string, b: string, max: number): number {
  if (a === b) return 0;
  if (max <= 0) return -1;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > max) return -1;
  // Three rows: two back for transpositions.
  let before = new Array<number>(lb + 1);
  let previous = new Array<number>(lb + 1);
  let current = new Array<number>(lb + 1);
  for (let j = 0; j <= lb; j++) previous[j] = j;
  for (let i = 1; i <= la; i++) {
    current[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= lb; j++) {
      const cb = b.charCodeAt(j - 1);
      const cost = ca === cb ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) value = Math.min(value, before[j - 2]! + 1);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return -1;
    [before, previous, current] = [previous, current, before];
  }
  const distance = previous[lb]!;
  return distance <= max ? distance : -1;
}

/** `*` (any run of characters) and `?` (one character) to a RegExp over the whole value. */
export function wildcardPattern(pattern: string, caseInsensitive: boolean): RegExp {
  let source = '';
  for (const char of pattern) {
    if (char === '*') source += '[\\s\\S]*';
    else if (char === '?') source += '[\\s\\S]';
    else source += char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`, caseInsensitive ? 'iu' : 'u');
}
