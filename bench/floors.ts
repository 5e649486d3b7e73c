/** The floors, and the table the bench prints. */

/** Each catalogue scenario serves at least this share of the bare server's requests per second. */
export const MIN_RATIO = 0.35;
/** ...with a 99th percentile latency under this, at the bench's connection count. */
export const MAX_P99_MS = 50;

export interface Measured {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Non-2xx answers, errors and timeouts: any of them fails the scenario. */
  failures: number;
}

export interface Verdict extends Measured {
  /** The bare server, measured just before this scenario. */
  bare: Measured;
  ratio: number;
  problems: string[];
}

/** What a scenario must reach; the catalogue's floors unless a scenario says otherwise. */
export interface Floors {
  /** Share of the bare server's requests per second; null: printed, not judged. */
  minRatio: number | null;
  /** p99 latency in ms; null: printed, not judged. */
  maxP99: number | null;
  /** Requests (or orders) per second, whatever the bare server does. */
  minPerSecond?: number;
}

export const CATALOGUE_FLOORS: Floors = { minRatio: MIN_RATIO, maxP99: MAX_P99_MS };

export function judge(scenario: Measured, bare: Measured, floors: Floors = CATALOGUE_FLOORS): Verdict {
  const ratio = bare.requestsPerSecond > 0 ? scenario.requestsPerSecond / bare.requestsPerSecond : 0;
  const problems: string[] = [];
  if (floors.minRatio !== null && ratio < floors.minRatio)
    problems.push(`${(ratio * 100).toFixed(1)}% of the bare server, below ${floors.minRatio * 100}%`);
  if (floors.maxP99 !== null && scenario.p99 >= floors.maxP99)
    problems.push(`p99 ${scenario.p99} ms, not under ${floors.maxP99} ms`);
  if (floors.minPerSecond !== undefined && scenario.requestsPerSecond < floors.minPerSecond)
    problems.push(`${scenario.requestsPerSecond.toFixed(0)}/s, below ${floors.minPerSecond}/s`);
  if (scenario.failures > 0) problems.push(`${scenario.failures} failed requests`);
  if (bare.failures > 0) problems.push(`the bare server failed ${bare.failures} requests`);
  return { ...scenario, bare, ratio, problems };
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
    ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'bare req/s', 'bare p99', 'ratio', ''],
    ...verdicts.map((v) => [
      v.name,
      v.requestsPerSecond.toFixed(0),
      String(v.p50),
      String(v.p99),
      v.bare.requestsPerSecond.toFixed(0),
      String(v.bare.p99),
      `${(v.ratio * 100).toFixed(1)}%`,
      v.problems.length === 0 ? 'ok' : `FAIL: ${v.problems.join('; ')}`,
    ]),
  ];
  return [title, ...alignColumns(rows)].join('\n');
}
