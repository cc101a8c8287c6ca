/**
 * The server's query-string parser. A repeated key is a list (`a=1&a=2` → `['1', '2']`), and a key written the way
 * PHP-style clients write lists (`a[]=1&a[]=2`, as the original front end may send an "array format" criterion) is the
 * same key: otherwise the bracketed name would be an unknown field that schemas drop without a word. Values stay
 * strings for the route's schema to judge; nothing else about the keys is interpreted (`a[b]=` stays `a[b]`).
 */
export function parseQueryString(text: string): Record<string, unknown> {
  // No prototype: a key named `__proto__` or `constructor` is data, never an object's own machinery.
  const query: Record<string, unknown> = Object.create(null);
  for (const [key, value] of new URLSearchParams(text)) {
    const name = key.endsWith('[]') ? key.slice(0, -2) : key;
    const previous = query[name];
    if (previous === undefined) query[name] = value;
    else if (Array.isArray(previous)) previous.push(value);
    else query[name] = [previous, value];
  }
  return query;
}
