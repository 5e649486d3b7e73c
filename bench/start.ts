/**
 * npm run bench:start [-- --idle 60] [--tsx]
 *
 * How fast the production server starts and how much memory it holds (issue 17, "a lean server
 * that starts fast"): builds what changed (scripts/build.ts), starts the compiled server on a fresh
 * PGlite data folder, which migrates and seeds the demo data (the first start ever: its most
 * resident memory judged), stops it, then starts it again on that folder as `npm start` does every
 * later day, and measures the time from spawning it to the first 200 of GET /api/config and of the
 * home page, and its resident memory (VmRSS) then and after `idle` seconds without a request.
 * Judged against START_FLOORS; exits non-zero on a miss. With --tsx it measures the TypeScript
 * sources run by tsx instead (how the server started before it was compiled; `npm run dev:server`
 * still runs it so), for comparison. See bench/README.md.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  buildServer,
  buildWeb,
  describeServerBuild,
  describeWebBuild,
  SERVER_MAIN,
  type ServerBuild,
  type WebBuild,
} from '../scripts/build.ts';

import { readProcessMemory, SERVER_RSS_BUDGET_BYTES } from './memory.ts';
import { freePort } from './processes.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const START_FLOORS = {
  /** From spawning the server to its first answer, on a data folder with the demo data. */
  firstAnswerMs: 3_000,
  /** The server process's resident memory right after it answered, and after a minute idle. */
  rssMb: 250,
  /**
   * The first start ever: the most the server process held while it created the database, seeded
   * the demo data and drew the images, within the shop's budget on a small VPS (bench/memory.ts).
   * That process goes on serving: what it took then, it kept.
   */
  firstEverPeakMb: SERVER_RSS_BUDGET_BYTES / 1024 / 1024,
};
export const IDLE_SECONDS = 60;

/** One start of the server: times from the spawn, in ms; resident memory in MB. */
export interface StartRun {
  configMs: number;
  homeMs: number;
  rssAfterStartMb: number;
}

/** The first start ever, with the most it was resident until it answered (VmHWM). */
export type FirstStart = StartRun & { peakRssMb: number };

export interface StartReport {
  build: { server: ServerBuild; web: WebBuild };
  /** On an empty data folder: migrations, reference and demo data, the catalogue's images drawn. */
  firstEver: FirstStart;
  /** On the folder the first start left, as every later start. */
  seeded: StartRun & { rssIdleMb: number };
  idleSeconds: number;
}

/** What misses a floor, in words; empty when the start meets them all. */
export function judgeStart(report: StartReport, floors = START_FLOORS): string[] {
  const problems: string[] = [];
  const { firstEver, seeded } = report;
  if (firstEver.peakRssMb >= floors.firstEverPeakMb) {
    problems.push(
      `first start ever held ${firstEver.peakRssMb} MB resident at most (floor: under ${floors.firstEverPeakMb} MB)`,
    );
  }
  const firstAnswer = Math.max(seeded.configMs, seeded.homeMs);
  if (firstAnswer >= floors.firstAnswerMs) {
    problems.push(`first answer after ${firstAnswer} ms (floor: under ${floors.firstAnswerMs} ms)`);
  }
  if (seeded.rssAfterStartMb >= floors.rssMb) {
    problems.push(`${seeded.rssAfterStartMb} MB resident after start (floor: under ${floors.rssMb} MB)`);
  }
  if (seeded.rssIdleMb >= floors.rssMb) {
    problems.push(
      `${seeded.rssIdleMb} MB resident after ${report.idleSeconds} s idle (floor: under ${floors.rssMb} MB)`,
    );
  }
  return problems;
}

export function formatStartReport(report: StartReport, problems: readonly string[]): string {
  const { firstEver, seeded } = report;
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  return [
    `build: ${describeServerBuild(report.build.server)}; ${describeWebBuild(report.build.web)}`,
    `first start ever (empty data folder, demo data seeded): /api/config ${seconds(firstEver.configMs)}, home ${seconds(firstEver.homeMs)}, ${firstEver.rssAfterStartMb} MB resident, at most ${firstEver.peakRssMb} MB (floor ${START_FLOORS.firstEverPeakMb} MB)`,
    `start with the demo data: /api/config ${seconds(seeded.configMs)}, home ${seconds(seeded.homeMs)} (floor ${seconds(START_FLOORS.firstAnswerMs)})`,
    `resident memory: ${seeded.rssAfterStartMb} MB after start, ${seeded.rssIdleMb} MB after ${report.idleSeconds} s idle (floor ${START_FLOORS.rssMb} MB)`,
    problems.length === 0 ? 'start: ok' : `start: FAIL: ${problems.join('; ')}`,
  ].join('\n');
}

/** The process's resident memory, as the kernel counts it (VmRSS), and its most (VmHWM), in MB. */
function residentMemoryMb(pid: number): { rss: number; peak: number } {
  const memory = readProcessMemory(pid);
  if (!memory) throw new Error(`no resident memory in /proc/${pid}/status`);
  const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
  return { rss: mb(memory.rssBytes), peak: mb(memory.peakRssBytes) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Server {
  child: ChildProcess;
  started: number;
  url: string;
  output: () => string;
  stop(): Promise<void>;
}

/** The compiled server, as `npm start` runs it. */
export const COMPILED_SERVER = [SERVER_MAIN];
/** The TypeScript sources through tsx, compiled at every start. */
export const TSX_SERVER = ['--import', 'tsx', 'server/main.ts'];

async function spawnServer(dataDir: string, serverArgs: readonly string[]): Promise<Server> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, serverArgs, {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIR: path.join(ROOT, 'dist', 'web'),
      // PGlite, whatever ./.env says.
      DATABASE_URL: '',
      SEED_DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    started,
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Asks `path` every 20 ms until it answers 200; the time since the spawn. */
async function firstOk(server: Server, urlPath: string, timeoutMs: number): Promise<number> {
  const deadline = server.started + timeoutMs;
  while (performance.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`the server stopped:\n${server.output()}`);
    try {
      const response = await fetch(`${server.url}${urlPath}`);
      await response.arrayBuffer();
      if (response.ok) return Math.round(performance.now() - server.started);
    } catch {
      // not listening yet
    }
    await sleep(20);
  }
  throw new Error(`${urlPath} did not answer within ${timeoutMs / 1000} s:\n${server.output()}`);
}

function pidOf(server: Server): number {
  const { pid } = server.child;
  if (pid === undefined) throw new Error(`the server did not start:\n${server.output()}`);
  return pid;
}

async function measureRun(server: Server, timeoutMs: number): Promise<FirstStart> {
  const configMs = await firstOk(server, '/api/config', timeoutMs);
  const homeMs = await firstOk(server, '/', timeoutMs);
  const { rss, peak } = residentMemoryMb(pidOf(server));
  return { configMs, homeMs, rssAfterStartMb: rss, peakRssMb: peak };
}

/** Builds what changed, then measures the first start ever and a start with the demo data. */
export async function measureStart({
  idleSeconds = IDLE_SECONDS,
  serverArgs = COMPILED_SERVER,
  log = (line: string) => console.log(line),
}: {
  idleSeconds?: number;
  /** node's arguments that start the server. */
  serverArgs?: readonly string[];
  log?: (line: string) => void;
} = {}): Promise<StartReport> {
  const server = await buildServer({ full: false });
  const web = await buildWeb({ full: false });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'shop-start-'));
  try {
    const first = await spawnServer(dataDir, serverArgs);
    let firstEver: FirstStart;
    try {
      firstEver = await measureRun(first, 300_000);
    } finally {
      await first.stop();
    }
    log(`first start ever (demo data seeded) answered after ${(firstEver.configMs / 1000).toFixed(1)} s`);

    const again = await spawnServer(dataDir, serverArgs);
    try {
      const run = await measureRun(again, 60_000);
      log(`started again in ${(run.configMs / 1000).toFixed(2)} s; idle for ${idleSeconds} s...`);
      await sleep(idleSeconds * 1000);
      const rssIdleMb = residentMemoryMb(pidOf(again)).rss;
      return { build: { server, web }, firstEver, seeded: { ...run, rssIdleMb }, idleSeconds };
    } finally {
      await again.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      idle: { type: 'string', default: String(IDLE_SECONDS) },
      tsx: { type: 'boolean', default: false },
    },
  });
  const idleSeconds = Number(values.idle);
  if (!Number.isFinite(idleSeconds) || idleSeconds < 0) throw new Error('--idle is a number of seconds');
  const report = await measureStart({ idleSeconds, serverArgs: values.tsx ? TSX_SERVER : COMPILED_SERVER });
  const problems = judgeStart(report);
  console.log(`\n${formatStartReport(report, problems)}`);
  return problems.length > 0 ? 1 : 0;
}

// Run only as the script: bench/run.ts and the tests import the parts above.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
