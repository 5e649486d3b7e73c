/** A query's fields as a URL's search ('?q=crew&page=2'); empty and undefined fields are left out. */
export function searchOf(query: Record<string, string | number | boolean | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
