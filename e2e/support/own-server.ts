import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface OwnServer {
  baseURL: string;
  stop(): Promise<void>;
}

/**
 * The built app on a port and database of its own, for a spec that needs a different public URL than
 * the suite's server (e.g. passkeys: WebAuthn refuses an IP address such as 127.0.0.1 as the relying
 * party, so that spec serves http://localhost:<port>).
 */
export async function startOwnServer(options: {
  port: number;
  appUrl: string;
  name: string;
}): Promise<OwnServer> {
  const dataDir = path.resolve(`test-results/e2e-data-${options.name}-${Date.now()}`);
  const child: ChildProcess = spawn(process.execPath, ['dist/server/server/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(options.port),
      // Every address of the machine: Chromium may reach "localhost" over IPv4 or IPv6.
      HOST: '::',
      DATA_DIR: dataDir,
      APP_URL: options.appUrl,
      LOG_LEVEL: 'warn',
      SHUTDOWN_DRAIN_MS: '0',
      RATE_LIMIT_AUTH_PER_MINUTE: '1000',
      MAX_CONNECTIONS_PER_CLIENT: '2000',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`${options.appUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`${options.name} server did not start`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseURL: options.appUrl,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
