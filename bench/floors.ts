/**
 * The bench's floors and the table it prints. Every floor is a share of a reference measured in the
 * same run on the same machine, so a machine twice as fast or half as fast moves both sides alike:
 * reads against a bare node:http server, writes against one indexed UPDATE per request through the
 * shop's own driver and pool (bench/README.md has the reasoning and the figures).
 */

/** Each catalogue scenario serves at least this share of the bare server's requests per second. */
export const MIN_RATIO = 0.35;

export interface Measured {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Non-2xx answers, errors and timeouts: any of them fails the scenario. */
  failures: number;
}

export interface Verdict extends Measured {
  /** The reference, measured alongside this scenario. */
  reference: Measured;
  ratio: number;
  floors: Floors;
  problems: string[];
}

/** What a scenario must reach; the catalogue's floor unless a scenario says otherwise. */
export interface Floors {
  /** Share of the reference's requests per second. */
  minRatio: number;
}

export const CATALOGUE_FLOORS: Floors = { minRatio: MIN_RATIO };

const percent = (ratio: number) => `${(ratio * 100).toFixed(ratio < 0.1 ? 2 : 1)}%`;

export function judge(scenario: Measured, reference: Measured, floors: Floors = CATALOGUE_FLOORS): Verdict {
  const ratio =
    reference.requestsPerSecond > 0 ? scenario.requestsPerSecond / reference.requestsPerSecond : 0;
  const problems: string[] = [];
  if (ratio < floors.minRatio)
    problems.push(`${percent(ratio)} of the reference, below ${percent(floors.minRatio)}`);
  if (scenario.failures > 0) problems.push(`${scenario.failures} failed requests`);
  if (reference.failures > 0) problems.push(`the reference failed ${reference.failures} requests`);
  return { ...scenario, reference, ratio, floors, problems };
}

/** A table's rows as lines: the first and last columns left-aligned, the figures between right-aligned. */
export function alignColumns(rows: readonly string[][]): string[] {
  const widths =
    rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  return rows.map((row) =>
    row
      .map((cell, column) =>
        column === 0 || column === row.length - 1
          ? cell.padEnd(widths[column] ?? 0)
          : cell.padStart(widths[column] ?? 0),
      )
      .join('  ')
      .trimEnd(),
  );
}

export function formatTable(title: string, verdicts: readonly Verdict[]): string {
  const rows = [
    ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'reference', 'ref req/s', 'ref p99', 'ratio', 'floor', ''],
    ...verdicts.map((v) => [
      v.name,
      v.requestsPerSecond.toFixed(0),
      String(v.p50),
      String(v.p99),
      v.reference.name,
      v.reference.requestsPerSecond.toFixed(0),
      String(v.reference.p99),
      percent(v.ratio),
      percent(v.floors.minRatio),
      v.problems.length === 0 ? 'ok' : `FAIL: ${v.problems.join('; ')}`,
    ]),
  ];
  return [title, ...alignColumns(rows)].join('\n');
}

/**
 * Add to Cart's requests per second, as a share of the write reference's on the same database: one
 * statement like the reference's, but one that checks the item, upserts the cart and its line and
 * reads the whole cart back, behind the shop's routing, validation and session. Measured on
 * 2026-11-26 at 34-44% on PostgreSQL and 26-31% on PGlite, the machine quiet or busy; the floors
 * are about 60% of the lowest, for a busy machine's noise (bench/README.md).
 */
export const MIN_ADD_TO_CART_SHARE: Record<'pglite' | 'postgres', number> = { pglite: 0.15, postgres: 0.2 };
/**
 * Orders placed end to end per second, as a share of the write reference's requests per second: an
 * order is five calls and 20 round trips to the database, plus the sandbox's webhook (two statements
 * and the dispute test card's lookup), delivered side by side with the orders since decision 011 and
 * so paid for inside the measured window. Measured on 2026-11-27 at 2.1% on PostgreSQL and 1.5% on
 * PGlite, whose one connection also runs the webhook's statements; the floors are about two thirds
 * of those (bench/README.md, "Fourth pass").
 */
export const MIN_CHECKOUT_SHARE: Record<'pglite' | 'postgres', number> = { pglite: 0.01, postgres: 0.012 };
/**
 * The register's cash sales per second, as a share of the write reference's: a sale of one item is
 * 10 round trips (its key, its products, the store's tax rate, the cashier's shift; then BEGIN, the
 * sale, its stock, its tenders, its receipt with the catalogue told of the stock taken, COMMIT;
 * docs/decisions/020). Measured on 2026-11-28 at 14.4% on PostgreSQL and 11.1% on
 * PGlite in the first run; the floors are about half of those, as one run is all there is yet and
 * checkout's shares moved by up to twice from one machine to another (bench/README.md, "Fourteenth
 * pass").
 */
export const MIN_REGISTER_SALE_SHARE: Record<'pglite' | 'postgres', number> = {
  pglite: 0.05,
  postgres: 0.07,
};
