import { describe, expect, it } from 'vitest';
import {
  describeDetails,
  formatFailingAudits,
  formatLighthouseTable,
  isTransientLighthouseError,
  judgePage,
  type LighthouseReport,
  medianRun,
  readReport,
} from './lighthouse.ts';

/** A hand-made report: the shape of Lighthouse 13's JSON, with only what the bench reads. */
function report(scores: {
  performance: number;
  accessibility: number;
  bestPractices: number;
}): LighthouseReport {
  return {
    lighthouseVersion: '13.5.0',
    finalDisplayedUrl: 'http://127.0.0.1:3000/#/showroom',
    runWarnings: [],
    environment: { benchmarkIndex: 1_876.5 },
    categories: {
      performance: {
        id: 'performance',
        title: 'Performance',
        score: scores.performance,
        auditRefs: [
          { id: 'first-contentful-paint', weight: 10 },
          { id: 'largest-contentful-paint', weight: 25 },
          { id: 'total-blocking-time', weight: 30 },
          { id: 'cumulative-layout-shift', weight: 25 },
          { id: 'speed-index', weight: 10 },
          { id: 'unused-css-rules', weight: 0 },
          { id: 'unused-javascript', weight: 0 },
          { id: 'layout-shifts', weight: 0 },
          { id: 'network-requests', weight: 0 },
        ],
      },
      accessibility: {
        id: 'accessibility',
        title: 'Accessibility',
        score: scores.accessibility,
        auditRefs: [
          { id: 'color-contrast', weight: 7 },
          { id: 'image-alt', weight: 10 },
        ],
      },
      'best-practices': {
        id: 'best-practices',
        title: 'Best Practices',
        score: scores.bestPractices,
        auditRefs: [{ id: 'errors-in-console', weight: 1 }],
      },
    },
    audits: {
      'first-contentful-paint': {
        id: 'first-contentful-paint',
        title: 'First Contentful Paint',
        score: 0.95,
        scoreDisplayMode: 'numeric',
        numericValue: 1_234.5,
      },
      'largest-contentful-paint': {
        id: 'largest-contentful-paint',
        title: 'Largest Contentful Paint',
        score: 0.6,
        scoreDisplayMode: 'numeric',
        displayValue: '3.6 s',
        numericValue: 3_600,
      },
      'lcp-breakdown-insight': {
        id: 'lcp-breakdown-insight',
        title: 'LCP breakdown',
        score: 1,
        details: {
          type: 'list',
          items: [
            { type: 'table', items: [{ label: 'Resource load delay', duration: 666.4 }] },
            { type: 'node', snippet: '<img alt="" loading="lazy" src="/images/a.webp">' },
          ],
        },
      },
      'total-blocking-time': {
        id: 'total-blocking-time',
        title: 'Total Blocking Time',
        score: 1,
        scoreDisplayMode: 'numeric',
        numericValue: 40,
      },
      'cumulative-layout-shift': {
        id: 'cumulative-layout-shift',
        title: 'Cumulative Layout Shift',
        score: 0.3,
        scoreDisplayMode: 'numeric',
        displayValue: '0.358',
        numericValue: 0.3584,
      },
      'layout-shifts': {
        id: 'layout-shifts',
        title: 'Avoid large layout shifts',
        score: 0,
        metricSavings: { CLS: 0.358 },
        details: {
          type: 'table',
          items: [{ node: { type: 'node', snippet: '<footer class="footer">' }, score: 0.3584 }],
        },
      },
      'speed-index': { id: 'speed-index', title: 'Speed Index', score: 0.99, scoreDisplayMode: 'numeric' },
      'unused-css-rules': {
        id: 'unused-css-rules',
        title: 'Reduce unused CSS',
        score: 0.5,
        scoreDisplayMode: 'metricSavings',
        displayValue: 'Est savings of 26 KiB',
        metricSavings: { FCP: 0, LCP: 150 },
        details: {
          type: 'opportunity',
          items: [{ url: 'http://127.0.0.1:3000/assets/index.css', wastedBytes: 26_624, totalBytes: 30_720 }],
        },
      },
      'unused-javascript': {
        id: 'unused-javascript',
        title: 'Reduce unused JavaScript',
        score: 0,
        scoreDisplayMode: 'metricSavings',
        metricSavings: { FCP: 300, LCP: 300 },
        details: { type: 'opportunity', items: [] },
      },
      'network-requests': {
        id: 'network-requests',
        title: 'Network Requests',
        score: null,
        scoreDisplayMode: 'informative',
        details: { type: 'table', items: [{ url: 'a' }, { url: 'b' }, { url: 'c' }] },
      },
      'total-byte-weight': {
        id: 'total-byte-weight',
        title: 'Avoid enormous network payloads',
        score: 1,
        numericValue: 347_551,
      },
      'color-contrast': {
        id: 'color-contrast',
        title: 'Background and foreground colors do not have a sufficient contrast ratio.',
        score: 0,
        scoreDisplayMode: 'binary',
        details: {
          type: 'table',
          items: [
            {
              node: {
                type: 'node',
                snippet: '<p class="hint">',
                explanation: 'ignored: the explanation is on the node',
              },
              explanation: 'Fix any of the following:\n  Element has insufficient color contrast of 4.07',
            },
          ],
        },
      },
      'image-alt': { id: 'image-alt', title: 'Image elements have [alt] attributes', score: 1 },
      'errors-in-console': { id: 'errors-in-console', title: 'No errors in the console', score: 1 },
    },
  };
}

describe('a Lighthouse report', () => {
  it('reads into a row: scores ×100, bytes, requests and metrics', () => {
    const row = readReport('showroom', report({ performance: 0.674, accessibility: 0.96, bestPractices: 1 }));
    expect(row.scores).toEqual({ performance: 67, accessibility: 96, 'best-practices': 100 });
    expect(row).toMatchObject({
      bytes: 347_551,
      requests: 3,
      fcpMs: 1_234.5,
      lcpMs: 3_600,
      tbtMs: 40,
      cls: 0.3584,
    });
    expect(row.url).toBe('http://127.0.0.1:3000/#/showroom');
  });

  it('lists the failing audits of each category, the costliest first, with what explains them', () => {
    const row = readReport('showroom', report({ performance: 0.67, accessibility: 0.93, bestPractices: 1 }));
    expect(row.failingAudits.map((audit) => audit.id)).toEqual([
      'cumulative-layout-shift',
      'largest-contentful-paint',
      'unused-javascript',
      'layout-shifts',
      'unused-css-rules',
      'color-contrast',
    ]);
    const [cls, lcp] = row.failingAudits;
    expect(cls?.cost).toBeCloseTo(17.5);
    expect(cls?.items).toEqual(['<footer class="footer"> — layout shift 0.358']);
    expect(lcp?.items).toEqual([
      'Resource load delay — 666 ms',
      '<img alt="" loading="lazy" src="/images/a.webp">',
    ]);
    const css = row.failingAudits.find((audit) => audit.id === 'unused-css-rules');
    expect(css?.savings).toBe('LCP 150 ms');
    expect(css?.items).toEqual(['http://127.0.0.1:3000/assets/index.css — 26.0 KB to save']);
  });

  it('describes an insight: a checklist’s failed checks and the longest request chain', () => {
    const lines = describeDetails({
      type: 'list',
      items: [
        {
          type: 'checklist',
          items: {
            priorityHinted: { label: 'fetchpriority=high should be applied', value: false },
            eagerlyLoaded: { label: 'LCP resources should not use loading=lazy', value: true },
          },
        },
        {
          type: 'list-section',
          value: {
            type: 'network-tree',
            chains: {
              a: {
                url: 'http://h/',
                isLongest: true,
                navStartToEndTime: 50,
                children: {
                  b: {
                    url: 'http://h/assets/index.js',
                    isLongest: true,
                    navStartToEndTime: 772,
                    children: {},
                  },
                  c: { url: 'http://h/assets/index.css', navStartToEndTime: 300, children: {} },
                },
              },
            },
          },
        },
        { type: 'list-section', title: 'Preconnected origins', value: { type: 'text', value: 'none' } },
      ],
    });
    expect(lines).toEqual([
      'not done: fetchpriority=high should be applied',
      'longest chain / → /assets/index.js (772 ms)',
    ]);
  });
});

describe('the Lighthouse floors', () => {
  it('pass performance 90, accessibility 95 and best practices 95', () => {
    const row = readReport('home', report({ performance: 0.9, accessibility: 0.95, bestPractices: 0.95 }));
    expect(judgePage(row).problems).toEqual([]);
  });

  it('fail a page under any floor, saying which, and list what to fix', () => {
    const verdict = judgePage(
      readReport('product', report({ performance: 0.33, accessibility: 0.94, bestPractices: 0.96 })),
    );
    expect(verdict.problems).toEqual(['performance 33, below 90', 'accessibility 94, below 95']);
    const table = formatLighthouseTable('t', [verdict]);
    expect(table).toContain('FAIL: performance 33, below 90; accessibility 94, below 95');
    expect(table).toMatch(/339\.4 +3 +1235 +3600 +40 +0\.358 +1877 +FAIL/);
    const fixes = formatFailingAudits(verdict);
    expect(fixes).toContain('product, performance 33: the audits that cost the most');
    expect(fixes).toContain(
      'cumulative-layout-shift (score 0.30, costs 17.5 points): Cumulative Layout Shift — 0.358',
    );
    expect(fixes).toContain(
      'unused-javascript (score 0.00): Reduce unused JavaScript (would save FCP 300 ms, LCP 300 ms)',
    );
    expect(fixes).toContain('Element has insufficient color contrast of 4.07');
    expect(fixes).not.toContain('best practices 96:');
  });

  it('fail a category Lighthouse could not score', () => {
    const broken = report({ performance: 0.9, accessibility: 1, bestPractices: 1 });
    broken.categories.performance = { id: 'performance', title: 'Performance', score: null, auditRefs: [] };
    broken.runtimeError = { code: 'NO_FCP', message: 'The page did not paint any content.' };
    const verdict = judgePage(readReport('home', broken));
    expect(verdict.problems).toEqual(['no performance score']);
    expect(formatFailingAudits(verdict)).toContain(
      'Lighthouse warns: NO_FCP: The page did not paint any content.',
    );
  });

  it('judge several runs by the one with the median performance', () => {
    const runs = [0.95, 0.8, 0.9].map((performance) =>
      readReport('home', report({ performance, accessibility: 1, bestPractices: 1 })),
    );
    expect(medianRun(runs).scores.performance).toBe(90);
    expect(medianRun(runs.slice(0, 2)).scores.performance).toBe(80);
  });
});

describe('a Lighthouse run that fails', () => {
  it('is tried again when Lighthouse could not record the trace', () => {
    const noNavStart = new Error(
      'node lighthouse failed (1):\nRuntime error encountered: Something went wrong with recording the trace over your page load. Please run Lighthouse again. (NO_NAVSTART)',
    );
    expect(isTransientLighthouseError(noNavStart)).toBe(true);
  });

  it('is not tried again for any other failure', () => {
    expect(isTransientLighthouseError(new Error('Unable to connect to Chrome'))).toBe(false);
    expect(isTransientLighthouseError('NO_NAVSTART')).toBe(false);
  });
});
