/**
 * What a visitor's first page costs: the gzipped JavaScript of the entry chunk, the home page's
 * lazy chunk, and every chunk they import statically (transitively), read from Vite's manifest.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { LISTING_GROUP } from '../web/chunk-groups.ts';

/** 170 KB. */
export const WEB_BUDGET_BYTES = 170 * 1024;
export const ENTRY_KEY = 'index.html';
/** The chunk the home page is built into (web/chunk-groups.ts): the manifest names it, not the page. */
export const HOME_PAGE_GROUP = LISTING_GROUP;

export interface ManifestChunk {
  file: string;
  /** A chunk of a group: the group's name. */
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** The JavaScript files the given chunks and their static imports consist of, each once. */
export function firstLoadFiles(manifest: Manifest, keys: readonly string[]): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The Vite manifest has no chunk ${key}`);
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return [...files].sort();
}

export interface WebSize {
  files: { file: string; gzipBytes: number }[];
  gzipBytes: number;
}

/** The key of the JavaScript chunk of a group. */
export function groupChunkKey(manifest: Manifest, group: string): string {
  const key = Object.keys(manifest).find(
    (candidate) => manifest[candidate]?.name === group && manifest[candidate]?.file.endsWith('.js'),
  );
  if (!key) throw new Error(`The Vite manifest has no chunk of the group ${group}`);
  return key;
}

export function measureFirstLoad(webDir: string): WebSize {
  const manifest = JSON.parse(readFileSync(path.join(webDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const homePage = groupChunkKey(manifest, HOME_PAGE_GROUP);
  const files = firstLoadFiles(manifest, [ENTRY_KEY, homePage]).map((file) => ({
    file,
    gzipBytes: gzipSync(readFileSync(path.join(webDir, file))).length,
  }));
  return { files, gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0) };
}
