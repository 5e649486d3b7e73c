/**
 * The total a page's rows carry. A page past the last has no row to carry it: `countOf` is asked
 * then, with the first page's query (the first page's statement again, or a count statement of the
 * list's own), so that the list still says how many there are to page back to. An empty first page
 * is an empty list, and nothing more is asked.
 */
export async function totalOf<Query extends { page: number }>(
  rows: readonly { total: number }[],
  query: Query,
  countOf: (firstPage: Query) => Promise<readonly { total: number }[]>,
): Promise<number> {
  if (rows[0] !== undefined || query.page === 1) return rows[0]?.total ?? 0;
  return (await countOf({ ...query, page: 1 }))[0]?.total ?? 0;
}
