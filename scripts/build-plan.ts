/**
 * What `npm start` rebuilds (scripts/build.ts): which files are inputs of the server and of the web
 * app, and, from their content hashes, what changed since the last build. Pure: the caller reads
 * the files and writes the outputs.
 */

/** Path (relative to the repository, with `/`) -> hash of its content. */
export type Fingerprints = Record<string, string>;

/** What the last server build compiled or copied, kept beside its output. */
export interface ServerManifest {
  /** The compiler's version and the build script's hash: when it changes, everything is rebuilt. */
  key: string;
  files: Fingerprints;
}

export interface ServerPlan {
  /** TypeScript sources to transpile, each to its own .js file. */
  compile: string[];
  /** Files the server reads at run time (migrations, the PGlite worker), copied as they are. */
  copy: string[];
  /** Sources gone since the last build: their outputs are deleted. */
  remove: string[];
}

/** The folders the compiled server is made of (server/ imports only domain/ besides itself). */
export const SERVER_ROOTS = ['server', 'domain'];

const TEST_FILE = /\.test\.tsx?$/;
/** Folders only tests read: the test helpers, sample uploads. */
const TEST_FOLDER = /(^|\/)(test|fixtures)\//;

/** Whether a file under SERVER_ROOTS belongs in the compiled server: no tests, fixtures or notes. */
export function isServerInput(file: string): boolean {
  return !TEST_FILE.test(file) && !TEST_FOLDER.test(file) && !file.endsWith('.md');
}

/** A server input is transpiled when it is TypeScript, copied otherwise. */
export function isCompiled(file: string): boolean {
  return file.endsWith('.ts');
}

/** Where a server input lands under the output folder: `server/main.ts` -> `server/main.js`. */
export function serverOutput(file: string): string {
  return isCompiled(file) ? file.replace(/\.ts$/, '.js') : file;
}

/** The folders the web build reads (web/ imports domain/). */
export const WEB_ROOTS = ['web', 'domain'];
/** Files at the top of the repository that change what Vite builds. */
export const WEB_CONFIG_FILES = [
  'vite.config.ts',
  'postcss.config.cjs',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
];

/** Whether a file under WEB_ROOTS can change the built web app (tests and notes cannot). */
export function isWebInput(file: string): boolean {
  return !TEST_FILE.test(file) && !/(^|\/)test\//.test(file) && !file.endsWith('.md');
}

/**
 * What to transpile, copy and delete so that the output matches `current`. A file is rebuilt when
 * its content changed, when its output is missing (deleted by hand), when the key changed, or
 * always with `everything` (npm run build); the outputs of sources gone since are deleted.
 */
export function planServerBuild(
  previous: ServerManifest | undefined,
  current: Fingerprints,
  key: string,
  outputExists: (output: string) => boolean,
  { everything = false }: { everything?: boolean } = {},
): ServerPlan {
  const known = previous?.key === key && !everything ? previous.files : {};
  const plan: ServerPlan = { compile: [], copy: [], remove: [] };
  for (const [file, hash] of Object.entries(current).sort(([a], [b]) => a.localeCompare(b))) {
    if (known[file] === hash && outputExists(serverOutput(file))) continue;
    (isCompiled(file) ? plan.compile : plan.copy).push(file);
  }
  for (const file of Object.keys(previous?.files ?? {})) {
    if (!(file in current)) plan.remove.push(file);
  }
  return plan;
}

/** One hash-like stamp of a set of fingerprints: equal stamps, equal inputs. */
export function combineFingerprints(fingerprints: Fingerprints): string {
  return Object.entries(fingerprints)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([file, hash]) => `${file}\0${hash}`)
    .join('\n');
}

/** The web app is rebuilt when its inputs changed since the last build, or its output is missing. */
export function isWebStale(previousStamp: string | undefined, currentStamp: string, built: boolean): boolean {
  return !built || previousStamp !== currentStamp;
}
