import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Mantine's CSS is split (web/app/mantine-styles.ts and the back office's and the POS's own): a
 * component used without its CSS renders unstyled, and only in the part that lacks it. Every
 * component a part imports from @mantine/core that has a stylesheet must find it in the files that
 * part loads.
 */
const MANTINE_STYLES = path.resolve('node_modules/@mantine/core/styles');
const SHELL = 'web/app/mantine-styles.ts';

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(directory, file));
}

/** The names a file imports from '@mantine/core'. */
function mantineImports(file: string): string[] {
  const names: string[] = [];
  for (const match of readFileSync(file, 'utf8').matchAll(
    /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'@mantine\/core'/g,
  )) {
    for (const name of (match[1] ?? '').split(',')) {
      const trimmed = name.trim();
      if (trimmed && !trimmed.startsWith('type ')) names.push(trimmed.split(/\s+as\s+/)[0] ?? trimmed);
    }
  }
  return names;
}

/** The component stylesheets a styles file imports ('Button' for '@mantine/core/styles/Button.css'). */
function loadedStyles(...files: string[]): Set<string> {
  const loaded = new Set<string>();
  for (const file of files) {
    for (const match of readFileSync(file, 'utf8').matchAll(/'@mantine\/core\/styles\/(\w+)\.css'/g)) {
      if (match[1]) loaded.add(match[1]);
    }
  }
  return loaded;
}

function missingStyles(files: readonly string[], loaded: Set<string>): string[] {
  const missing = new Set<string>();
  for (const file of files) {
    for (const name of mantineImports(file)) {
      if (existsSync(path.join(MANTINE_STYLES, `${name}.css`)) && !loaded.has(name))
        missing.add(`${name} (${file})`);
    }
  }
  return [...missing].sort();
}

describe('Mantine stylesheets', () => {
  const all = sourceFiles('web');
  const inside = (folder: string) => all.filter((file) => file.startsWith(path.join('web/features', folder)));
  const storefront = all.filter((file) => !inside('admin').includes(file) && !inside('pos').includes(file));

  it('the shell and the storefront load every stylesheet their components have', () => {
    expect(missingStyles(storefront, loadedStyles(SHELL))).toEqual([]);
  });

  it('the back office and the POS load what the shell does not', () => {
    expect(
      missingStyles(inside('admin'), loadedStyles(SHELL, 'web/features/admin/mantine-styles.ts')),
    ).toEqual([]);
    expect(missingStyles(inside('pos'), loadedStyles(SHELL, 'web/features/pos/mantine-styles.ts'))).toEqual(
      [],
    );
  });

  it('finds the components a file uses', () => {
    expect(mantineImports('web/features/pos/register-page.tsx')).toContain('ActionIcon');
    expect(missingStyles(['web/features/pos/register-page.tsx'], new Set())).not.toEqual([]);
  });
});
