/** The comparable values search reads from fields, and the key of a distinct one. */

export type Scalar = string | number | boolean;

/** The comparable values among `values`: strings, numbers, booleans; an enum value counts as its key. */
export function scalars(values: readonly unknown[]): Scalar[] {
  const out: Scalar[] = [];
  for (const value of values) {
    const type = typeof value;
    if (type === 'string' || type === 'number' || type === 'boolean') out.push(value as Scalar);
    else if (value && type === 'object') {
      const key = (value as { key?: unknown }).key;
      if (typeof key === 'string' && 'label' in (value as object)) out.push(key);
    }
  }
  return out;
}

/** The key of a distinct value: values `===` each other share it, nothing else does. */
export const termKey = (value: Scalar): string =>
  typeof value === 'string' ? `s${value}` : typeof value === 'number' ? `n${value}` : `b${value}`;
