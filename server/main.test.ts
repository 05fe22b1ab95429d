import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// The real entry point in a child process: what an operator sees when starting and stopping it.
const serverEntry = path.resolve(import.meta.dirname, 'main.ts');
const tempDirs: string[] = [];
const children: ChildProcess[] = [];

function startServer(env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-main-'));
  tempDirs.push(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      SHUTDOWN_DRAIN_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

async function waitForHealth(url: string): Promise<Response> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      return await fetch(url);
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

afterEach(() => {
  // A failed assertion must not leave a server running (and holding its port) behind.
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('server/main.ts', () => {
  it('refuses to start on a wrong variable and names it', async () => {
    const server = startServer({ PORT: 'not-a-port' });
    expect(await server.exited).toBe(1);
    expect(server.output().stderr).toContain('PORT="not-a-port"');
  });

  it('serves health, logs JSON lines and shuts down cleanly on SIGTERM', async () => {
    const port = 3400 + Math.floor(Math.random() * 500);
    const server = startServer({ PORT: String(port) });
    const response = await waitForHealth(`http://127.0.0.1:${port}/api/health`);
    expect(await response.json()).toEqual({ status: 'ok' });

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const lines = server.output().stdout.trim().split('\n');
    const entries = lines.map((line) => JSON.parse(line) as { msg: string; level: number });
    expect(entries.map((entry) => entry.msg)).toContain('shutdown complete');
  }, 60_000);

  it('on SIGINT (Ctrl-C at a terminal) exits without waiting for the drain', async () => {
    const port = 3400 + Math.floor(Math.random() * 500);
    const server = startServer({ PORT: String(port), SHUTDOWN_DRAIN_MS: '20000' });
    await waitForHealth(`http://127.0.0.1:${port}/api/health`);
    const signalledAt = Date.now();
    server.child.kill('SIGINT');
    expect(await server.exited).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(10_000);
  }, 60_000);

  it('on SIGTERM reports draining on /api/ready while still serving, then exits', async () => {
    const port = 3400 + Math.floor(Math.random() * 500);
    const drainMs = 3_000;
    const server = startServer({ PORT: String(port), SHUTDOWN_DRAIN_MS: String(drainMs) });
    const base = `http://127.0.0.1:${port}`;
    await waitForHealth(`${base}/api/health`);
    const ready = await fetch(`${base}/api/ready`);
    expect([ready.status, await ready.json()]).toEqual([200, { status: 'ready' }]);

    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    let draining: Response;
    do draining = await fetch(`${base}/api/ready`);
    while (draining.status === 200);
    expect([draining.status, await draining.json()]).toEqual([503, { status: 'draining' }]);
    // Everything else is still served during the drain: a proxy has time to stop routing here.
    const health = await fetch(`${base}/api/health`);
    expect([health.status, await health.json()]).toEqual([200, { status: 'ok' }]);
    expect(Date.now() - signalledAt).toBeLessThan(drainMs);

    expect(await server.exited).toBe(0);
    expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(drainMs);
    const messages = server
      .output()
      .stdout.trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(messages).toEqual(
      expect.arrayContaining(['draining: readiness answers 503', 'shutdown complete']),
    );
  }, 60_000);
});
