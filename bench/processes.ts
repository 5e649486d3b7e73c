/** The bench's child processes: the shop and the bare server, each on a free port. */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, SERVER_MAIN } from '../scripts/build.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Runs a command to completion (in the project's folder, or `cwd`); its output is shown only when it fails. */
export function run(
  command: string,
  args: string[],
  env: Record<string, string> = {},
  cwd: string = ROOT,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`${command} ${args.join(' ')} failed (${code}):\n${output}`)),
    );
  });
}

export interface Running {
  url: string;
  /** The child's process id (the server itself: memory is read from it). */
  pid: number;
  output: () => string;
  stop(): Promise<void>;
}

/** Starts a long-running child and waits until `ready` answers. */
async function start(
  args: string[],
  env: Record<string, string>,
  url: string,
  readyPath: string,
): Promise<Running> {
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  const stop = async () => {
    if (exited) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exit;
    clearTimeout(timer);
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`${args.join(' ')} exited:\n${output}`);
    try {
      if ((await fetch(`${url}${readyPath}`)).ok)
        return { url, pid: child.pid ?? 0, output: () => output, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`${args.join(' ')} did not start:\n${output}`);
}

export async function startBare(): Promise<Running> {
  const port = await freePort();
  return start(
    ['--import', 'tsx', 'bench/bare-server.ts', String(port)],
    {},
    `http://127.0.0.1:${port}`,
    '/',
  );
}

/** The production server as `npm start` runs it: compiled (what changed is transpiled first), on plain node. */
export async function startShop(dataDir: string, webDir: string, databaseUrl: string): Promise<Running> {
  await buildServer({ full: false });
  const port = await freePort();
  const env = {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIR: webDir,
    DATABASE_URL: databaseUrl,
    SEED_DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    // The bench logs in from 127.0.0.1 many times over: only its own server gets this limit.
    LOGIN_RATE_LIMIT: '100000',
  };
  return start([SERVER_MAIN], env, `http://127.0.0.1:${port}`, '/api/config');
}

/**
 * The write reference (bench/write-reference-server.ts) on the shop's PostgreSQL database, or on a
 * PGlite of its own in `dataDir` (PGlite is one process's: the shop holds its own).
 */
export async function startWriteReference(dataDir: string, databaseUrl: string): Promise<Running> {
  const port = await freePort();
  return start(
    ['--import', 'tsx', 'bench/write-reference-server.ts', String(port)],
    { DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
    `http://127.0.0.1:${port}`,
    '/0',
  );
}
