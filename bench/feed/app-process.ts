/**
 * The app under test (bench/feed/server.ts) and bench/feed's floor (bench/feed/floor.ts) as child processes with
 * an IPC channel, shared by bench/feed and bench/mixed: the load generator stays in the parent, so it never shares
 * their event loops, and each one's CPU is read from its own /proc entry.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FloorControl, FloorMessage } from './floor.js';
import type { ControlMessage, ServerMessage } from './server.js';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface AppProcess {
  child: ChildProcess;
  port: number;
  send(message: ControlMessage): void;
  /** SIGTERM, SIGKILL after 10 s; resolves once the process has exited. */
  stop(): Promise<void>;
}

/**
 * Spawns the real app on `databaseUrl` and resolves once it listens; `onSpawn` sees the child at once.
 * `nodeArgs` go before the script (bench/feed/profile.ts passes `--cpu-prof`); `env` is added to this process's.
 */
export function startAppProcess(
  databaseUrl: string,
  onSpawn?: (child: ChildProcess) => void,
  nodeArgs: string[] = [],
  env: NodeJS.ProcessEnv = {},
): Promise<AppProcess> {
  return new Promise((resolveApp, reject) => {
    const script = join(repoRoot, 'bench/feed/server.ts');
    const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script], {
      cwd: repoRoot,
      env: { ...process.env, ...env, DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    onSpawn?.(child);
    child.once('exit', (code) => reject(new Error(`the server exited early (code ${code})`)));
    child.on('message', (message: ServerMessage) => {
      if (message.type !== 'listening') return;
      resolveApp({
        child,
        port: message.port,
        send: (control) => child.send(control),
        stop: () => stopChild(child),
      });
    });
  });
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.removeAllListeners('exit');
  await new Promise<void>((done) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      done();
    });
    child.kill('SIGTERM');
  });
}

export interface FloorProcess {
  child: ChildProcess;
  port: number;
  /** Tells the floor who each bearer token stands for; resolves once it has them. */
  signIn(readers: FloorControl['readers']): Promise<void>;
  stop(): Promise<void>;
}

/** Spawns bench/feed/floor.ts on `databaseUrl` and resolves once it listens; `onSpawn` sees the child at once. */
export function startFloorProcess(
  databaseUrl: string,
  onSpawn?: (child: ChildProcess) => void,
): Promise<FloorProcess> {
  return new Promise((resolveFloor, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'bench/feed/floor.ts')], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    onSpawn?.(child);
    child.once('exit', (code) => reject(new Error(`the floor exited early (code ${code})`)));
    child.on('message', (message: FloorMessage) => {
      if (message.type !== 'listening') return;
      resolveFloor({
        child,
        port: message.port,
        signIn: (readers) => tellReaders(child, readers),
        stop: () => stopChild(child),
      });
    });
  });
}

function tellReaders(child: ChildProcess, readers: FloorControl['readers']): Promise<void> {
  return new Promise((done) => {
    const told = (message: FloorMessage) => {
      if (message.type !== 'readers') return;
      child.off('message', told);
      done();
    };
    child.on('message', told);
    child.send({ type: 'readers', readers } satisfies FloorControl);
  });
}
