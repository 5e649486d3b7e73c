/**
 * The back office at the bench's catalogue size (issue 17): the product and stock lists
 * under load (Scenarios for load.ts' measure(), judged against the write reference), and the stock
 * CSV: the export, then an import checked (apply: false) and written (apply: true), timed. The
 * owner's calls need an ADMIN login: catalogue.ts' logIn is the demo client's, which these routes
 * refuse (403).
 */
import { STOCK_CSV_CHARS_MAX, STOCK_CSV_LINES_MAX } from '../domain/admin/stock.ts';
import { DEMO_ACCOUNTS } from '../server/db/seed/demo-data.ts';
import { logIn } from './catalogue.ts';
import type { Floors } from './floors.ts';
import type { Scenario } from './load.ts';

/** Staff using the back office at once: a shop's owner and a few clerks, not 32 shoppers. */
export const ADMIN_CONNECTIONS = 4;
/**
 * A back-office list serves at least this share of the write reference's requests per second, both
 * at ADMIN_CONNECTIONS (measure() runs them alike): about two thirds of the product list's share
 * at 100,000 products on 2026-11-26 (0.19-0.51% on PostgreSQL, 0.21% on PGlite; 1.3-1.8% at 10,000;
 * bench/README.md, "At 100,000 products"). A list is a page and a count where the reference writes
 * one row: its share falls as the catalogue grows, which is what this floor watches.
 */
export const ADMIN_LIST_MIN_SHARE = 0.001;
/**
 * The largest file the import takes (STOCK_CSV_LINES_MAX lines) is checked, and written, each
 * within this: half of a reverse proxy's usual 60 s (nginx's proxy_read_timeout), since the shop
 * sets no request timeout of its own. One request, one transaction: not a share of a reference.
 */
export const IMPORT_MAX_MS = 30_000;

export const ADMIN_FLOORS: Floors = { minRatio: ADMIN_LIST_MIN_SHARE };

/** Texts the owner types in the lists' search box: a code's start, a word of a name. */
const LIST_SEARCHES = ['ms-crw', 'maple', 'merino', 'sock', 'toque', 'zzzz'];
/** Pages of each list: the first, some further on, one past the end of a search. */
const LIST_PAGES = [1, 2, 3, 10, 50];

/** The owner's bearer header: the back office refuses the demo client's (403). */
export function logInAsAdmin(base: string): Promise<Record<string, string>> {
  return logIn(base, DEMO_ACCOUNTS.admin);
}

function listPaths(route: string): string[] {
  return [
    ...LIST_PAGES.map((page) => `${route}?page=${page}`),
    ...LIST_SEARCHES.flatMap((q) => [1, 2].map((page) => `${route}?q=${encodeURIComponent(q)}&page=${page}`)),
  ];
}

/**
 * The back office's lists under load, as the owner pages and searches them: the product list (GET
 * api/admin/products) and the stock list (GET api/admin/stock, also its low-stock view). Measure
 * them at ADMIN_CONNECTIONS.
 */
export function backOfficeScenarios(auth: Record<string, string>): Scenario[] {
  return [
    {
      name: 'back office: product list',
      paths: listPaths('/api/admin/products'),
      headers: auth,
      floors: ADMIN_FLOORS,
    },
    {
      name: 'back office: stock list',
      paths: [...listPaths('/api/admin/stock'), '/api/admin/stock?low=true&page=1'],
      headers: auth,
      floors: ADMIN_FLOORS,
    },
  ];
}

export interface ImportTimes {
  /** Lines of the whole stock's CSV (header left out), and how long its export took. */
  exportedLines: number;
  exportMs: number;
  /** Lines imported (the first of the export, each level changed by one), at most STOCK_CSV_LINES_MAX. */
  lines: number;
  checkMs: number;
  applyMs: number;
  /** Written lines per second (apply: true). */
  linesPerSecond: number;
  /** Files of at most STOCK_CSV_LINES_MAX lines the whole catalogue's CSV takes to import. */
  filesForAll: number;
  problems: string[];
}

async function postImport(base: string, auth: Record<string, string>, csv: string, apply: boolean) {
  const started = performance.now();
  const response = await fetch(`${base}/api/admin/stock/import`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ csv, apply }),
  });
  const body = (await response.json()) as { errors?: number; changed?: number; applied?: boolean };
  return { ms: performance.now() - started, status: response.status, body };
}

/** A CSV line's columns (the export quotes a field only when it must: a comma, a quote). */
function splitCsvLine(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      fields.push(field);
      field = '';
    } else field += c;
  }
  fields.push(field);
  return fields;
}

const quoteCsv = (field: string) => (/[",\n\r]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field);

/**
 * The first `lines` lines of the stock CSV with every level changed by one (so that each line is a
 * change to check and to write), and only the columns an import of levels needs: kind, code, size,
 * instock.
 */
export function importCsvOf(exported: string, lines: number): string {
  const [header = '', ...rows] = exported.split(/\r?\n/).filter((row) => row.length > 0);
  const columns = splitCsvLine(header);
  const at = (name: string) => columns.indexOf(name);
  const [kind, code, size, instock] = [at('kind'), at('code'), at('size'), at('instock')];
  if ([kind, code, size, instock].includes(-1)) throw new Error(`the stock CSV's header is ${header}`);
  const picked = rows.slice(0, lines).map((row) => {
    const fields = splitCsvLine(row);
    const level = Number(fields[instock] ?? 0);
    // One down (the bench's restock puts every level at the import's highest), or up from 0.
    const changed = level > 0 ? level - 1 : 1;
    return [fields[kind] ?? '', fields[code] ?? '', fields[size] ?? '', String(changed)]
      .map(quoteCsv)
      .join(',');
  });
  return ['kind,code,size,instock', ...picked].join('\n');
}

/**
 * Exports the stock CSV, then imports its first `lines` lines (each level changed): checked, then
 * written. Each answer must be whole (every line a change, no error, written); the body must stay
 * under the import's limits (STOCK_CSV_LINES_MAX lines, STOCK_CSV_CHARS_MAX characters).
 */
export async function measureStockImport(
  base: string,
  auth: Record<string, string>,
  lines = STOCK_CSV_LINES_MAX,
): Promise<ImportTimes> {
  const problems: string[] = [];
  const started = performance.now();
  const response = await fetch(`${base}/api/admin/stock/export`, { headers: auth });
  const exported = await response.text();
  const exportMs = performance.now() - started;
  if (!response.ok) problems.push(`export answered ${response.status}`);
  const exportedLines = exported.split(/\r?\n/).filter((row) => row.length > 0).length - 1;
  const csv = importCsvOf(exported, Math.min(lines, STOCK_CSV_LINES_MAX));
  const count = csv.split('\n').length - 1;
  if (csv.length > STOCK_CSV_CHARS_MAX) problems.push(`the CSV of ${count} lines is over the import's size`);

  const check = await postImport(base, auth, csv, false);
  if (check.status !== 200 || check.body.errors !== 0 || check.body.changed !== count)
    problems.push(`check answered ${check.status}: ${JSON.stringify(check.body).slice(0, 200)}`);
  const apply = await postImport(base, auth, csv, true);
  if (apply.status !== 200 || apply.body.applied !== true || apply.body.changed !== count)
    problems.push(`import answered ${apply.status}: ${JSON.stringify(apply.body).slice(0, 200)}`);
  const linesPerSecond = apply.ms > 0 ? (count / apply.ms) * 1000 : 0;
  const perFile = STOCK_CSV_LINES_MAX / Math.max(1, count);
  for (const [step, ms] of [
    ['checked', check.ms],
    ['written', apply.ms],
  ] as const) {
    if (ms * perFile > IMPORT_MAX_MS)
      problems.push(
        `${count} lines ${step} in ${(ms / 1000).toFixed(1)} s: a full file would take over ${IMPORT_MAX_MS / 1000} s`,
      );
  }
  return {
    exportedLines,
    exportMs,
    lines: count,
    checkMs: check.ms,
    applyMs: apply.ms,
    linesPerSecond,
    filesForAll: Math.ceil(exportedLines / STOCK_CSV_LINES_MAX),
    problems,
  };
}

/** The lines the bench prints for an import. */
export function formatImport(kind: string, times: ImportTimes): string {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  return [
    `stock CSV export: ${times.exportedLines.toLocaleString('en-CA')} lines in ${seconds(times.exportMs)} (the whole catalogue imports in ${times.filesForAll} files of at most ${STOCK_CSV_LINES_MAX.toLocaleString('en-CA')} lines)`,
    `stock CSV import of ${times.lines.toLocaleString('en-CA')} lines: checked in ${seconds(times.checkMs)}, written in ${seconds(times.applyMs)} (${times.linesPerSecond.toFixed(0)} lines/s; a file of ${STOCK_CSV_LINES_MAX.toLocaleString('en-CA')} lines within ${IMPORT_MAX_MS / 1000} s): ${times.problems.length === 0 ? 'ok' : `FAIL: ${times.problems.join('; ')}`}`,
  ]
    .map((line) => `[${kind}] ${line}`)
    .join('\n');
}
