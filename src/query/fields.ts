/**
 * Field existence for strict `where` validation. The platform rejects predicates on fields its
 * schema does not know; the mock has no schema, so by default it asks the stored data instead:
 * a field path exists when at least one document has it.
 */

export type FieldExists = (path: readonly string[]) => boolean;

// Keys of a LocalizedString are locales; any locale may be asked for, whether stored or not.
const LOCALE = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;

/**
 * A data-driven existence check over `documents`. With no documents nothing can be known, so every
 * path is accepted (an empty collection must answer an empty page, not a 400).
 */
export function fieldExistsIn(documents: readonly object[]): FieldExists {
  const cache = new Map<string, boolean>();
  return (path) => {
    if (documents.length === 0) return true;
    const key = path.join('\u0000');
    let known = cache.get(key);
    if (known === undefined) {
      known = documents.some((document) => hasPath(document, path, 0));
      cache.set(key, known);
    }
    return known;
  };
}

function hasPath(value: unknown, path: readonly string[], depth: number): boolean {
  if (depth === path.length) return true;
  if (Array.isArray(value)) return value.some((element) => hasPath(element, path, depth));
  if (value === null || typeof value !== 'object') return false;
  if (isFreeForm(value, path, depth)) return true;
  const segment = path[depth]!;
  if (!Object.hasOwn(value, segment)) return false;
  return hasPath((value as Record<string, unknown>)[segment], path, depth + 1);
}

/**
 * Containers whose keys are user data rather than schema: Custom Fields (`custom.fields`),
 * attribute and custom-object values (`value`) and localized strings. Anything below them is
 * accepted, since the platform validates those against Types the mock does not model here.
 */
function isFreeForm(container: object, path: readonly string[], depth: number): boolean {
  const parent = path[depth - 1];
  if (parent === 'value') return true;
  if (parent === 'fields' && path[depth - 2] === 'custom') return true;
  const keys = Object.keys(container);
  return keys.length > 0 && keys.every((key) => LOCALE.test(key)) && Object.values(container).every((v) => typeof v === 'string');
}
