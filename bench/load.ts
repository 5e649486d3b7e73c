/** Load with autocannon, in slices alternating with the bare server, merged into one figure. */
import autocannon from 'autocannon';
import { type Floors, judge, type Measured } from './floors.ts';

/** Each scenario runs in ROUNDS slices, each after REFERENCE_SLICE_SECONDS of its reference. */
const ROUNDS = 5;
export const REFERENCE_SLICE_SECONDS = 1;

export interface Scenario {
  name: string;
  paths: string[];
  headers: Record<string, string>;
  /** A POST scenario: the n-th request's path, headers and JSON body (paths and headers unused). */
  post?: (index: number) => { path: string; headers: Record<string, string>; body: unknown };
  floors?: Floors;
}

/** What one autocannon run saw: every response time, so runs can be merged exactly. */
interface Slice {
  requests: number;
  seconds: number;
  latencies: number[];
  failures: number;
}

/**
 * What a browser sends with every request, so each answer is measured as a shopper's browser gets
 * it: above 1 KB, compressed. Without it the bench measured answers no browser receives, and missed
 * that the catalogue's cached replies were compressed anew on every request (a category's phase
 * five times slower to a browser). The references ignore it.
 */
export const BROWSER_HEADERS: Readonly<Record<string, string>> = { 'accept-encoding': 'gzip, deflate, br' };

export async function load(
  base: string,
  scenario: Scenario,
  seconds: number,
  connections: number,
): Promise<Slice> {
  let next = 0;
  const latencies: number[] = [];
  const started = performance.now();
  const run = autocannon({
    url: base,
    connections,
    duration: seconds,
    headers: { ...BROWSER_HEADERS, ...scenario.headers },
    requests: [
      {
        method: 'GET',
        // Each request takes the next path (or body), so ids and terms vary as real traffic's do.
        setupRequest: (request) => {
          const index = next++;
          if (!scenario.post)
            return { ...request, path: scenario.paths[index % scenario.paths.length] ?? '/' };
          const call = scenario.post(index);
          return {
            ...request,
            method: 'POST',
            path: call.path,
            headers: { ...BROWSER_HEADERS, ...call.headers, 'content-type': 'application/json' },
            body: JSON.stringify(call.body),
          };
        },
      },
    ],
  });
  run.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  const result = await run;
  return {
    requests: latencies.length,
    seconds: (performance.now() - started) / 1000,
    latencies,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.POSITIVE_INFINITY;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0);
}

export function summarize(name: string, slices: readonly Slice[]): Measured {
  const latencies = slices.flatMap((slice) => slice.latencies).sort((a, b) => a - b);
  const seconds = slices.reduce((sum, slice) => sum + slice.seconds, 0);
  return {
    name,
    requestsPerSecond: seconds > 0 ? latencies.length / seconds : 0,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    failures: slices.reduce((sum, slice) => sum + slice.failures, 0),
  };
}

/** What a scenario is judged against: the bare server for reads, the write reference for writes. */
export interface Reference {
  url: string;
  scenario: Scenario;
}

/**
 * The scenario and its reference in alternating slices (a slice of the scenario, 1 s of the
 * reference, ROUNDS times), so that other work on the shared machine weighs on both sides of the
 * ratio alike; latencies and counts are merged over the slices.
 */
export async function measure(
  shopUrl: string,
  scenario: Scenario,
  reference: Reference,
  options: { duration: number; connections: number },
) {
  const scenarioSeconds = Math.max(1, Math.round(options.duration / ROUNDS));
  const measuredReference: Slice[] = [];
  const shop: Slice[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    measuredReference.push(
      await load(reference.url, reference.scenario, REFERENCE_SLICE_SECONDS, options.connections),
    );
    shop.push(await load(shopUrl, scenario, scenarioSeconds, options.connections));
  }
  return judge(
    summarize(scenario.name, shop),
    summarize(reference.scenario.name, measuredReference),
    scenario.floors,
  );
}

/** The reference every read scenario is judged against: a bare node:http server's fixed 2 KB. */
export const BARE: Scenario = { name: 'bare node:http 2 KB', paths: ['/'], headers: {} };

/**
 * The reference the write scenarios are judged against: one indexed UPDATE of one row, committed,
 * per request (bench/write-reference-server.ts); each request updates the next row.
 */
export const WRITE_REFERENCE: Scenario = {
  name: 'write reference: 1 UPDATE',
  paths: [],
  headers: {},
  post: (index) => ({ path: `/${index}`, headers: {}, body: {} }),
};
