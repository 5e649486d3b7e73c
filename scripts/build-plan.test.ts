import { describe, expect, it } from 'vitest';
import {
  combineFingerprints,
  isServerInput,
  isWebInput,
  isWebStale,
  planServerBuild,
  type ServerManifest,
  serverOutput,
} from './build-plan.ts';

const KEY = 'esbuild 0.28.2, abc';
const everyOutput = () => true;

describe('what the compiled server is made of', () => {
  it('takes the sources and the files read at run time, not tests, fixtures or notes', () => {
    expect(isServerInput('server/main.ts')).toBe(true);
    expect(isServerInput('domain/money.ts')).toBe(true);
    expect(isServerInput('server/db/pglite-worker.mjs')).toBe(true);
    expect(isServerInput('server/db/migrations/0000_init.sql')).toBe(true);
    expect(isServerInput('server/db/migrations/meta/_journal.json')).toBe(true);
    expect(isServerInput('server/modules/cart/cart.test.ts')).toBe(false);
    expect(isServerInput('server/test/app.ts')).toBe(false);
    expect(isServerInput('server/modules/requests/fixtures/logo.png')).toBe(false);
    expect(isServerInput('server/modules/requests/fixtures/index.ts')).toBe(false);
    expect(isServerInput('server/modules/README.md')).toBe(false);
  });

  it('puts each TypeScript file beside its source as .js, and copies the others as they are', () => {
    expect(serverOutput('server/main.ts')).toBe('server/main.js');
    expect(serverOutput('server/db/pglite-worker.mjs')).toBe('server/db/pglite-worker.mjs');
    expect(serverOutput('server/db/migrations/0000_init.sql')).toBe('server/db/migrations/0000_init.sql');
  });
});

describe('planServerBuild', () => {
  const previous: ServerManifest = {
    key: KEY,
    files: { 'server/main.ts': 'h1', 'server/app.ts': 'h2', 'server/db/migrations/0000_init.sql': 'h3' },
  };

  it('builds everything the first time', () => {
    const plan = planServerBuild(undefined, previous.files, KEY, () => false);
    expect(plan).toEqual({
      compile: ['server/app.ts', 'server/main.ts'],
      copy: ['server/db/migrations/0000_init.sql'],
      remove: [],
    });
  });

  it('does nothing when nothing changed', () => {
    expect(planServerBuild(previous, { ...previous.files }, KEY, everyOutput)).toEqual({
      compile: [],
      copy: [],
      remove: [],
    });
  });

  it('transpiles or copies only the files whose content changed, and deletes the outputs of removed ones', () => {
    const current = {
      'server/main.ts': 'h1',
      'server/app.ts': 'h2 changed',
      'server/db/migrations/0000_init.sql': 'h3 changed',
      'server/new.ts': 'h4',
    };
    const withoutMain = { 'server/app.ts': 'h2', 'server/db/migrations/0000_init.sql': 'h3' };
    expect(planServerBuild(previous, current, KEY, everyOutput)).toEqual({
      compile: ['server/app.ts', 'server/new.ts'],
      copy: ['server/db/migrations/0000_init.sql'],
      remove: [],
    });
    expect(planServerBuild(previous, withoutMain, KEY, everyOutput).remove).toEqual(['server/main.ts']);
  });

  it('rebuilds an unchanged file whose output was deleted', () => {
    const plan = planServerBuild(previous, previous.files, KEY, (output) => output !== 'server/main.js');
    expect(plan.compile).toEqual(['server/main.ts']);
  });

  it('rebuilds everything when the compiler or the build script changed, or when asked', () => {
    const newKey = planServerBuild(previous, previous.files, 'esbuild 0.29.0, abc', everyOutput);
    expect(newKey.compile).toEqual(['server/app.ts', 'server/main.ts']);
    expect(newKey.copy).toEqual(['server/db/migrations/0000_init.sql']);
    const asked = planServerBuild(previous, previous.files, KEY, everyOutput, { everything: true });
    expect(asked.compile).toHaveLength(2);
    expect(asked.remove).toEqual([]);
  });
});

describe('the web build', () => {
  it('reads the app and domain/, not their tests or notes', () => {
    expect(isWebInput('web/main.tsx')).toBe(true);
    expect(isWebInput('web/index.html')).toBe(true);
    expect(isWebInput('domain/money.ts')).toBe(true);
    expect(isWebInput('web/features/cart/cart-page.test.tsx')).toBe(false);
    expect(isWebInput('domain/money.test.ts')).toBe(false);
    expect(isWebInput('web/test/setup.ts')).toBe(false);
    expect(isWebInput('domain/pos/README.md')).toBe(false);
  });

  it('is skipped only when the same inputs built the output that is there', () => {
    const stamp = combineFingerprints({ 'web/main.tsx': 'a', 'vite.config.ts': 'b' });
    expect(combineFingerprints({ 'vite.config.ts': 'b', 'web/main.tsx': 'a' })).toBe(stamp);
    expect(isWebStale(stamp, stamp, true)).toBe(false);
    expect(isWebStale(stamp, stamp, false)).toBe(true);
    expect(isWebStale(undefined, stamp, true)).toBe(true);
    const edited = combineFingerprints({ 'web/main.tsx': 'a2', 'vite.config.ts': 'b' });
    expect(isWebStale(stamp, edited, true)).toBe(true);
    const added = combineFingerprints({ 'web/main.tsx': 'a', 'vite.config.ts': 'b', 'web/new.ts': 'c' });
    expect(isWebStale(stamp, added, true)).toBe(true);
  });
});
