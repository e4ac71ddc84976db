/**
 * A value made on its first use and kept: for what a request may never need, such as the schemas of
 * routes most suites never call, which would otherwise be made when the package loads.
 */
export function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}

/** `once` for each key: the value for a key is made on that key's first use, and kept. */
export function oncePerKey<K, V>(make: (key: K) => V): (key: K) => V {
  const made = new Map<K, V>();
  return (key) => {
    if (!made.has(key)) made.set(key, make(key));
    return made.get(key) as V;
  };
}
