/**
 * The suggestion an error about an unknown name makes: the known name it most likely misspells. One
 * helper for options, resource types, matcher filter keys and CLI flags, so all of them judge alike.
 */

/**
 * The edit distance between two names (Damerau-Levenshtein, optimal string alignment: an insertion,
 * a deletion, a substitution or two neighbours swapped each cost one), or `undefined` once it is sure
 * to exceed `limit`, so that a long name costs no more than a short one to refuse.
 */
function distance(a: string, b: string, limit: number): number | undefined {
  if (Math.abs(a.length - b.length) > limit) return undefined;
  let beforeLast: number[] = [];
  let last = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(last[j]! + 1, row[j - 1]! + 1, last[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, beforeLast[j - 2]! + 1);
      row.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return undefined;
    beforeLast = last;
    last = row;
  }
  const result = last[b.length]!;
  return result <= limit ? result : undefined;
}

/**
 * The known name closest to `name`, when it is close enough to be what was meant: case is ignored
 * (`serverURL` is `serverUrl`), and a third of the name's characters may be wrong: one in `prot`
 * (`port`), none in `-x` (a two-letter name is like too many others to suggest one).
 */
export function closestName(name: string, known: Iterable<string>): string | undefined {
  const wanted = name.toLowerCase();
  const limit = Math.floor(name.length / 3);
  let closest: { name: string; distance: number } | undefined;
  for (const candidate of known) {
    if (candidate === name) continue;
    const found = distance(wanted, candidate.toLowerCase(), closest ? closest.distance - 1 : limit);
    if (found !== undefined) closest = { name: candidate, distance: found };
  }
  return closest?.name;
}

/**
 * ` — did you mean 'serverUrl'?` for a name close to a known one, or nothing: what an error about an
 * unknown name appends. `quote` writes the suggestion as the message writes names.
 */
export function didYouMean(name: string, known: Iterable<string>, quote: (name: string) => string = (text) => `'${text}'`): string {
  const closest = closestName(name, known);
  return closest === undefined ? '' : ` — did you mean ${quote(closest)}?`;
}
