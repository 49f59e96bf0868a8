/**
 * Debian's nginx running the shipped deploy/nginx/rummage.conf in front of test processes. The test copy changes
 * only the upstream ports, the listen address and the log path, and adds one response header naming the process
 * that answered (X-Rummage-Upstream), so a test can tell the processes apart.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../../src/lib/package-paths.js';

export const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
const SHIPPED_CONFIG = join(repoRoot, 'deploy', 'nginx', 'rummage.conf');

export interface Nginx {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** The access log so far, in the shipped `rummage` format. */
  accessLog(): string;
  stop(): Promise<void>;
}

/** Replaces `pattern`, and fails when the shipped file no longer has the lines the test copy relies on. */
function edit(text: string, pattern: RegExp, replacement: string, expected: number): string {
  const flags = pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`;
  const found = text.match(new RegExp(pattern.source, flags))?.length ?? 0;
  if (found !== expected) {
    throw new Error(`deploy/nginx/rummage.conf: expected ${expected} × ${pattern}, found ${found}`);
  }
  return text.replace(pattern, replacement);
}

export interface NginxOptions {
  /**
   * Worker processes and connections per worker. Each proxied WebSocket holds two connections (the client's and
   * the upstream one), and a worker may open no more files than the hard limit (`ulimit -Hn`), so thousands of
   * hub connections need several workers; the listening socket is then shared with `reuseport`, which spreads new
   * connections evenly where plain accept() lets one busy worker take most of them.
   */
  workers?: number;
  workerConnections?: number;
}

/** deploy/nginx/rummage.conf with this run's ports and paths, inside a whole nginx.conf of its own. */
function testConfig(dir: string, port: number, upstreams: [number, number], options: NginxOptions): string {
  const workers = options.workers ?? 1;
  let site = readFileSync(SHIPPED_CONFIG, 'utf8');
  site = edit(site, /server 127\.0\.0\.1:3001 /g, `server 127.0.0.1:${upstreams[0]} `, 2);
  site = edit(site, /server 127\.0\.0\.1:3002 /g, `server 127.0.0.1:${upstreams[1]} `, 2);
  site = edit(site, /^ +listen 80;$/m, `    listen 127.0.0.1:${port}${workers > 1 ? ' reuseport' : ''};`, 1);
  site = edit(site, /^ +listen \[::\]:80;\n/m, '', 1);
  site = edit(site, /\/var\/log\/nginx\/rummage\.access\.log/, join(dir, 'access.log'), 1);
  // Next to the server-level add_header: one in a location would stop the route cookie being inherited there.
  site = edit(
    site,
    /^( +add_header Set-Cookie .*)$/m,
    '$1\n    add_header X-Rummage-Upstream $upstream_addr always;',
    1,
  );
  // As root, nginx would run its workers as nobody, who may not write request bodies into this private folder.
  const user = process.getuid?.() === 0 ? 'user root;' : '';
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((kind) => `${kind}_temp_path ${join(dir, kind)};`)
    .join('\n  ');
  return `${user}
worker_processes ${workers};
error_log ${join(dir, 'error.log')} warn;
events { worker_connections ${options.workerConnections ?? 1024}; }
http {
  ${temp}
${site}
}
`;
}

/** Starts nginx on 127.0.0.1:`port` in front of two local ports; resolves once /healthz answers through it. */
export async function startNginx(
  port: number,
  upstreams: [number, number],
  options: NginxOptions = {},
): Promise<Nginx> {
  const dir = mkdtempSync(join(tmpdir(), 'rummage-nginx-'));
  const conf = join(dir, 'nginx.conf');
  try {
    writeFileSync(conf, testConfig(dir, port, upstreams, options));
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const pid = join(dir, 'nginx.pid');
  const child = spawn(
    NGINX,
    ['-p', dir, '-e', join(dir, 'error.log'), '-c', conf, '-g', `daemon off; pid ${pid};`],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const read = (name: string) => (existsSync(join(dir, name)) ? readFileSync(join(dir, name), 'utf8') : '');
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited:\n${output}${read('error.log')}`);
    const ready = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(2_000) }).catch(
      () => undefined,
    );
    if (ready?.status === 200) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`nginx did not answer within 10 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { origin, accessLog: () => read('access.log'), stop };
}
