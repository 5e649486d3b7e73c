import { describe, expect, it } from 'vitest';
import { importCsvOf } from './admin.ts';
import { BARE_BODY_BYTES, bareBody } from './bare-server.ts';
import { formatTable, judge, type Measured, MIN_CHECKOUT_SHARE } from './floors.ts';
import { judgeMemory, parseProcessStatus, SERVER_RSS_BUDGET_BYTES } from './memory.ts';
import { uncachedSearchTerms } from './search.ts';
import { firstLoadFiles, groupChunkKey, type Manifest } from './web-size.ts';

const bare: Measured = { name: 'bare', requestsPerSecond: 30_000, p50: 1, p99: 4, failures: 0 };
const writes: Measured = { name: 'write reference', requestsPerSecond: 4_000, p50: 7, p99: 20, failures: 0 };

describe('floors', () => {
  it('pass a catalogue scenario at 35% of the bare server, whatever its latency', () => {
    expect(judge({ ...bare, name: 'ok', requestsPerSecond: 10_500, p99: 80 }, bare).problems).toEqual([]);
  });

  it('fail a slow or failing scenario, saying why', () => {
    const verdict = judge({ name: 'bad', requestsPerSecond: 9_000, p50: 3, p99: 50, failures: 2 }, bare);
    expect(verdict.ratio).toBeCloseTo(0.3);
    expect(verdict.problems).toEqual(['30.0% of the reference, below 35.0%', '2 failed requests']);
    expect(formatTable('t', [verdict])).toContain('FAIL: 30.0% of the reference');
  });

  it('judge a write scenario as a share of the write reference, printing both figures', () => {
    const floors = { minRatio: MIN_CHECKOUT_SHARE.postgres };
    const enough = writes.requestsPerSecond * MIN_CHECKOUT_SHARE.postgres;
    const checkout = { name: 'checkout', requestsPerSecond: enough, p50: 200, p99: 400, failures: 0 };
    expect(judge(checkout, writes, floors).problems).toEqual([]);
    const slower = judge({ ...checkout, requestsPerSecond: enough * 0.9 }, writes, floors);
    expect(slower.problems).toHaveLength(1);
    expect(slower.problems[0]).toMatch(/of the reference, below/);
    const table = formatTable('t', [slower]);
    expect(table).toContain('write reference');
    expect(table).toContain(` ${slower.requestsPerSecond.toFixed(0)} `);
    expect(table).toContain(` ${writes.requestsPerSecond.toFixed(0)} `);
  });

  it('fail when the reference itself failed requests', () => {
    expect(judge(bare, { ...writes, failures: 3 }).problems).toContain('the reference failed 3 requests');
  });
});

describe('the visitor first-page size', () => {
  const manifest: Manifest = {
    'index.html': {
      file: 'assets/index.js',
      isEntry: true,
      imports: ['_react.js'],
      dynamicImports: ['pos.tsx'],
    },
    '_react.js': { file: 'assets/react.js' },
    '_mantine.js': { file: 'assets/mantine.js', imports: ['_react.js'] },
    '_listing-1.js': {
      file: 'assets/listing.js',
      name: 'listing',
      imports: ['_mantine.js', 'index.html'],
      css: ['x.css'],
    },
    '_listing-1.css': { file: 'assets/listing.css', name: 'listing' },
    'pos.tsx': { file: 'assets/pos.js', imports: ['_mantine.js'] },
  };

  it('counts the entry, the home page’s chunk and their static imports, once each, not other lazy pages', () => {
    const homePage = groupChunkKey(manifest, 'listing');
    expect(homePage).toBe('_listing-1.js');
    expect(firstLoadFiles(manifest, ['index.html', homePage])).toEqual([
      'assets/index.js',
      'assets/listing.js',
      'assets/mantine.js',
      'assets/react.js',
    ]);
  });

  it('fails loudly when the home page is not in the manifest', () => {
    expect(() => firstLoadFiles(manifest, ['features/missing.tsx'])).toThrow(/no chunk/);
    expect(() => groupChunkKey(manifest, 'catalog')).toThrow(/no chunk of the group catalog/);
  });
});

describe('the bare server', () => {
  it('answers exactly 2 KB of JSON', () => {
    const body = bareBody();
    expect(body.length).toBe(BARE_BODY_BYTES);
    expect(() => JSON.parse(body)).not.toThrow();
  });
});

describe('uncached search texts', () => {
  it('cuts each word as typed, pairs words, makes typos, each text once, spread over the names', () => {
    const terms = uncachedSearchTerms(
      ['Maple Leaf Crew Sock - Red', 'Merino Dress Sock XL', 'Pack of 12'],
      100,
    );
    expect(terms).toEqual(
      expect.arrayContaining(['map', 'mapl', 'maple', 'mpale', 'maple le', 'crew so', 'merin']),
    );
    expect(new Set(terms).size).toBe(terms.length);
    expect(terms.filter((term) => term.length < 3 || /\d/.test(term))).toEqual([]);
    const few = uncachedSearchTerms(['Maple Leaf Crew Sock', 'Merino Dress Sock'], 4);
    expect(few).toHaveLength(4);
    expect(few.some((term) => term.startsWith('mer') || term.startsWith('dre'))).toBe(true);
  });
});

describe("the server's memory", () => {
  const status = [
    'Name:\tnode',
    'VmHWM:\t  400000 kB',
    'VmRSS:\t  350000 kB',
    'RssAnon:\t  290000 kB',
    '',
  ].join('\n');

  it('reads the resident set, its peak and its anonymous part from /proc/<pid>/status', () => {
    expect(parseProcessStatus(status)).toEqual({
      rssBytes: 350_000 * 1024,
      peakRssBytes: 400_000 * 1024,
      anonymousBytes: 290_000 * 1024,
    });
    expect(parseProcessStatus('Name:\tkthreadd\nState:\tS (sleeping)\n')).toBeUndefined();
  });

  it('judges the resident set against the budget, and says so when it cannot be read', () => {
    const memory = parseProcessStatus(status);
    expect(judgeMemory(memory)).toEqual({
      ok: true,
      line: 'server memory after the catalogue scenarios: 342 MB resident (peak 391 MB, 283 MB anonymous), budget 512 MB: ok',
    });
    expect(judgeMemory(memory, 300 * 1024 * 1024).ok).toBe(false);
    expect(SERVER_RSS_BUDGET_BYTES).toBe(512 * 1024 * 1024);
    expect(judgeMemory(undefined).ok).toBe(true);
  });
});

describe('the stock CSV the bench imports', () => {
  it('keeps kind, code, size and a changed level of the first lines, quoting what must be', () => {
    const exported = [
      'kind,code,size,name,price,sale_price,instock',
      'product,MS-CRW-001,M,"Maple Leaf, Red",14.99,0.00,1000000',
      'product,AC-TOT-001,,Tote,19.99,0.00,0',
      'package,"PK,1",,Box,49.99,,7',
      '',
    ].join('\r\n');
    expect(importCsvOf(exported, 2)).toBe(
      'kind,code,size,instock\nproduct,MS-CRW-001,M,999999\nproduct,AC-TOT-001,,1',
    );
    expect(importCsvOf(exported, 10).split('\n').at(-1)).toBe('package,"PK,1",,6');
  });
});
