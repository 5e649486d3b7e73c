import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The pages a visitor opens first load no validation code: Zod and the schemas built with it are
 * about 20 KB of script to download and run before the page can render, which Lighthouse's phone
 * profile counts against the page (bench/README.md). Only static imports count: `import type` is
 * erased and a dynamic `import()` is a chunk of its own, loaded when it is needed.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const VISITOR_PAGES = [
  'web/main.tsx',
  'web/features/home/home-page.tsx',
  'web/features/home/home-lists.tsx',
  'web/features/catalog/showroom-page.tsx',
  'web/features/catalog/product-page.tsx',
  'web/features/catalog/package-page.tsx',
];
/** The entry sets Zod's global config (jitless, for the CSP); that part of Zod has no schemas. */
const ALLOWED_ZOD_IMPORTS = new Set(['zod/v4/core']);

const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

function staticImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(STATIC_IMPORT)].map((match) => match[1] as string);
}

function resolveLocal(from: string, specifier: string): string | null {
  const target = path.resolve(path.dirname(from), specifier);
  return existsSync(target) && /\.(ts|tsx)$/.test(target) ? target : null;
}

/** Each Zod import reachable from a page, as the chain of files that leads to it. */
function zodChains(page: string): string[] {
  const chains: string[] = [];
  const seen = new Set<string>();
  const visit = (file: string, chain: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of staticImports(file)) {
      if (specifier === 'zod' || specifier.startsWith('zod/')) {
        if (!ALLOWED_ZOD_IMPORTS.has(specifier)) chains.push([...chain, specifier].join(' -> '));
      } else if (specifier.startsWith('.')) {
        const target = resolveLocal(file, specifier);
        if (target) visit(target, [...chain, path.relative(ROOT, target)]);
      }
    }
  };
  visit(path.join(ROOT, page), [page]);
  return chains;
}

describe("the visitor's first pages", () => {
  it.each(VISITOR_PAGES)('%s imports no Zod, directly or through another module', (page) => {
    expect(zodChains(page)).toEqual([]);
  });

  it('finds a Zod import when a module has one (the check can fail)', () => {
    expect(zodChains('domain/config.ts')).toEqual(['domain/config.ts -> zod']);
  });
});
