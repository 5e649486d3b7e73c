import { describe, expect, it } from 'vitest';
import { formatStartReport, judgeStart, type StartReport } from './start.ts';

function report(
  seeded: Partial<StartReport['seeded']> = {},
  firstEver: Partial<StartReport['firstEver']> = {},
): StartReport {
  return {
    build: { server: { compiled: 0, copied: 0, removed: 0, ms: 40 }, web: { built: false, ms: 90 } },
    firstEver: { configMs: 14_000, homeMs: 14_020, rssAfterStartMb: 400, peakRssMb: 430, ...firstEver },
    seeded: { configMs: 1_400, homeMs: 1_420, rssAfterStartMb: 230, rssIdleMb: 190, ...seeded },
    idleSeconds: 60,
  };
}

describe('judgeStart', () => {
  it('passes a start with the demo data under 3 s and 250 MB, whatever time the first start ever took', () => {
    expect(judgeStart(report())).toEqual([]);
  });

  it("holds the first start ever to the server's memory budget, at its most", () => {
    expect(judgeStart(report({}, { peakRssMb: 511 }))).toEqual([]);
    expect(judgeStart(report({}, { rssAfterStartMb: 500, peakRssMb: 930 }))).toEqual([
      'first start ever held 930 MB resident at most (floor: under 512 MB)',
    ]);
  });

  it('names each miss: the slower of the two first answers, memory after start and after idling', () => {
    const problems = judgeStart(
      report({ configMs: 2_900, homeMs: 3_000, rssAfterStartMb: 250, rssIdleMb: 260 }),
    );
    expect(problems).toEqual([
      'first answer after 3000 ms (floor: under 3000 ms)',
      '250 MB resident after start (floor: under 250 MB)',
      '260 MB resident after 60 s idle (floor: under 250 MB)',
    ]);
  });
});

describe('formatStartReport', () => {
  it('prints the figures, the first start ever apart, and the verdict', () => {
    const text = formatStartReport(report(), []);
    expect(text).toContain(
      'first start ever (empty data folder, demo data seeded): /api/config 14.00 s, home 14.02 s, 400 MB resident, at most 430 MB (floor 512 MB)',
    );
    expect(text).toContain('start with the demo data: /api/config 1.40 s, home 1.42 s (floor 3.00 s)');
    expect(text).toContain('resident memory: 230 MB after start, 190 MB after 60 s idle (floor 250 MB)');
    expect(text).toContain('server: up to date');
    expect(text.endsWith('start: ok')).toBe(true);
    expect(formatStartReport(report(), ['x']).endsWith('start: FAIL: x')).toBe(true);
  });
});
