/**
 * Builds what the production server runs: the web app (Vite, into dist/web) and the server itself,
 * transpiled once to plain JavaScript (esbuild, into dist/node), so that `node dist/node/server/main.js`
 * starts without compiling TypeScript.
 *
 *   tsx scripts/build.ts             everything, changed or not (npm run build)
 *   tsx scripts/build.ts --changed   only what changed since the last build (npm start)
 *   tsx scripts/build.ts --changed --server-only   the server alone (the browser tests, the bench)
 *
 * The server keeps the repository's tree (dist/node/server/..., dist/node/domain/...), one .js file
 * per .ts file with its imports renamed: paths made from import.meta.url (the PGlite worker, the
 * migrations folder) find their files as they do in the sources. What changed is decided by content
 * hashes (scripts/build-plan.ts): a manifest in dist/node for the server, dist/web-build.json for
 * the web app.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build, version as esbuildVersion, type Plugin } from 'esbuild';
import {
  combineFingerprints,
  type Fingerprints,
  isServerInput,
  isWebInput,
  isWebStale,
  planServerBuild,
  SERVER_ROOTS,
  type ServerManifest,
  serverOutput,
  WEB_CONFIG_FILES,
  WEB_ROOTS,
} from './build-plan.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The compiled server: `node dist/node/server/main.js`. */
export const SERVER_OUT = path.join(ROOT, 'dist', 'node');
export const SERVER_MAIN = path.join(SERVER_OUT, 'server', 'main.js');
const SERVER_MANIFEST = path.join(SERVER_OUT, 'build-manifest.json');
const WEB_OUT = path.join(ROOT, 'dist', 'web');
const WEB_STAMP = path.join(ROOT, 'dist', 'web-build.json');

function hash(content: string | Buffer): string {
  return createHash('sha256').update(content).digest('hex');
}

/** Every file under `roots` that `keep` accepts, with the hash of its content. */
async function fingerprint(roots: string[], keep: (file: string) => boolean): Promise<Fingerprints> {
  const found: Fingerprints = {};
  for (const root of roots) {
    const entries = await readdir(path.join(ROOT, root), { recursive: true, withFileTypes: true });
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const file = path.relative(ROOT, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
      if (keep(file)) found[file] = hash(await readFile(path.join(ROOT, file)));
    }
  }
  return found;
}

/** Another build reading it meanwhile finds the old file or the new one, never half of one. */
async function writeAtomically(file: string, content: string): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(temporary, content);
  await rename(temporary, file);
}

async function readJson<T>(file: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

/**
 * Each relative import stays an import of its own file, renamed from .ts to .js; packages stay
 * imports from node_modules. With every import external, esbuild's bundling step emits each entry
 * point alone, and does the renaming (it does not rename imports when it does not bundle).
 */
const keepImports: Plugin = {
  name: 'keep-imports',
  setup(builder) {
    builder.onResolve({ filter: /^\.\.?\// }, (args) =>
      args.kind === 'entry-point' ? undefined : { path: args.path.replace(/\.ts$/, '.js'), external: true },
    );
  },
};

export interface ServerBuild {
  compiled: number;
  copied: number;
  removed: number;
  ms: number;
}

/**
 * Transpiles the server's changed sources (all of them when `full`) and copies its other files. The
 * files are replaced where they are, never the folder emptied first: a server starting from
 * dist/node meanwhile (a bench, the browser tests) finds every file.
 */
export async function buildServer({ full }: { full: boolean }): Promise<ServerBuild> {
  const started = performance.now();
  const key = `esbuild ${esbuildVersion}, ${hash(await readFile(fileURLToPath(import.meta.url)))}`;
  const current = await fingerprint(SERVER_ROOTS, isServerInput);
  const previous = await readJson<ServerManifest>(SERVER_MANIFEST);
  const plan = planServerBuild(
    previous,
    current,
    key,
    (output) => existsSync(path.join(SERVER_OUT, output)),
    {
      everything: full,
    },
  );

  if (plan.compile.length > 0) {
    await build({
      absWorkingDir: ROOT,
      entryPoints: plan.compile,
      outdir: SERVER_OUT,
      outbase: '.',
      bundle: true,
      packages: 'external',
      plugins: [keepImports],
      platform: 'node',
      format: 'esm',
      target: 'node20.19',
      // For a debugger or `node --enable-source-maps`; plain `node` does not read them.
      sourcemap: 'linked',
      logLevel: 'warning',
    });
  }
  for (const file of plan.copy) {
    await mkdir(path.dirname(path.join(SERVER_OUT, file)), { recursive: true });
    await copyFile(path.join(ROOT, file), path.join(SERVER_OUT, file));
  }
  for (const file of plan.remove) {
    const output = path.join(SERVER_OUT, serverOutput(file));
    await rm(output, { force: true });
    await rm(`${output}.map`, { force: true });
  }
  await writeAtomically(
    SERVER_MANIFEST,
    `${JSON.stringify({ key, files: current } satisfies ServerManifest)}\n`,
  );
  return {
    compiled: plan.compile.length,
    copied: plan.copy.length,
    removed: plan.remove.length,
    ms: performance.now() - started,
  };
}

export interface WebBuild {
  built: boolean;
  ms: number;
}

function runVite(): Promise<void> {
  return new Promise((resolve, reject) => {
    const vite = path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
    const child = spawn(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build failed (${code})`))));
  });
}

/** Builds the web app with Vite, unless nothing it reads changed since the last build (`full`: always). */
export async function buildWeb({ full }: { full: boolean }): Promise<WebBuild> {
  const started = performance.now();
  const inputs = await fingerprint(WEB_ROOTS, isWebInput);
  for (const file of WEB_CONFIG_FILES) inputs[file] = hash(await readFile(path.join(ROOT, file)));
  const stamp = hash(combineFingerprints(inputs));
  const previous = await readJson<{ stamp: string }>(WEB_STAMP);
  if (!full && !isWebStale(previous?.stamp, stamp, existsSync(path.join(WEB_OUT, 'index.html')))) {
    return { built: false, ms: performance.now() - started };
  }
  await rm(WEB_STAMP, { force: true });
  await runVite();
  await writeAtomically(WEB_STAMP, `${JSON.stringify({ stamp })}\n`);
  return { built: true, ms: performance.now() - started };
}

export function describeServerBuild(result: ServerBuild): string {
  const seconds = (result.ms / 1000).toFixed(2);
  if (result.compiled + result.copied + result.removed === 0) return `server: up to date (${seconds} s)`;
  const removed = result.removed > 0 ? `, ${result.removed} removed` : '';
  return `server: ${result.compiled} files compiled, ${result.copied} copied${removed} in ${seconds} s (dist/node)`;
}

export function describeWebBuild(result: WebBuild): string {
  const seconds = (result.ms / 1000).toFixed(1);
  return result.built ? `web: built in ${seconds} s (dist/web)` : `web: up to date (${seconds} s)`;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      changed: { type: 'boolean', default: false },
      'server-only': { type: 'boolean', default: false },
    },
  });
  const full = !values.changed;
  console.log(describeServerBuild(await buildServer({ full })));
  if (!values['server-only']) console.log(describeWebBuild(await buildWeb({ full })));
}

// Run only as the script: the bench imports the functions above.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
