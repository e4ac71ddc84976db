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
