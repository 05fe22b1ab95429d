import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const projectRoot = path.resolve(import.meta.dirname, '..');

export interface RunningProcess {
  name: string;
  child: ChildProcess;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  output(): string;
}

function track(name: string, child: ChildProcess): RunningProcess {
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { name, child, exited, output: () => output };
}

export interface InstanceOptions {
  name: string;
  port: number;
  databaseUrl: string;
  databaseSchema: string;
  env?: Record<string, string>;
}

/**
 * One app instance as an operator runs it: the real entry point (server/main.ts through tsx, so no
 * build is needed), its own DATA_DIR, the shared PostgreSQL schema, behind one proxy hop.
 */
export function startInstance(options: InstanceOptions): RunningProcess {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `dc-cluster-${options.name}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(projectRoot, 'server/main.ts')], {
    cwd: projectRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(options.port),
      APP_URL: `http://127.0.0.1:${options.port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: options.databaseUrl,
      DATABASE_SCHEMA: options.databaseSchema,
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const running = track(options.name, child);
  void running.exited.then(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  return running;
}

/** Polls `url` until it answers `status`; fails with the process output when it does not in time. */
export async function waitForStatus(
  url: string,
  status: number,
  { timeoutMs = 30_000, process }: { timeoutMs?: number; process?: RunningProcess } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.status === status) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = String(error);
    }
    if (process && process.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer ${status} (last: ${last})\n${process?.output() ?? ''}`);
}

/** Debian's nginx binary; the suite fails (never skips) without it. */
export function nginxBinary(): string {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx'])
    if (fs.existsSync(candidate)) return candidate;
  const found = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).stdout.trim();
  if (found) return found;
  throw new Error('nginx is missing: install it with `apt-get install -y nginx-light` (.ci/run does)');
}

/**
 * The proxy of docs/DEPLOY.md: round-robin over the instances, client address in X-Forwarded-For,
 * the live-event stream unbuffered with a long read timeout. Test-only addition: `X-Upstream` names
 * the instance that answered, so the test can show that requests alternated.
 */
export function nginxConfig(dir: string, port: number, upstreamPorts: number[]): string {
  const runAsRoot = process.getuid?.() === 0 ? 'user root;' : '';
  const proxyHeaders = `
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;`;
  return `
${runAsRoot}
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream decision_compass {
${upstreamPorts.map((upstream) => `    server 127.0.0.1:${upstream} max_fails=1 fail_timeout=2s;`).join('\n')}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 6m;
    add_header X-Upstream $upstream_addr always;
    location /api/events {
      proxy_pass http://decision_compass;${proxyHeaders}
      proxy_buffering off;
      proxy_read_timeout 1h;
    }
    location / {
      proxy_pass http://decision_compass;${proxyHeaders}
    }
  }
}
`;
}

/** nginx in the foreground as the current user, everything it writes in a temp dir. */
export function startNginx(port: number, upstreamPorts: number[]): RunningProcess & { dir: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-cluster-nginx-'));
  const configFile = path.join(dir, 'nginx.conf');
  fs.writeFileSync(configFile, nginxConfig(dir, port, upstreamPorts));
  const child = spawn(nginxBinary(), ['-p', dir, '-c', configFile, '-e', path.join(dir, 'error.log')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const running = track('nginx', child);
  void running.exited.then(() => fs.rmSync(dir, { recursive: true, force: true }));
  return { ...running, dir, output: () => `${running.output()}${readIfExists(path.join(dir, 'error.log'))}` };
}

function readIfExists(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/** Stops a process we started (by its own handle) and waits for it. */
export async function stop(process: RunningProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (process.child.exitCode !== null || process.child.signalCode !== null) return;
  process.child.kill(signal);
  await process.exited;
}
