import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';

// dist/server/server/main.js → dist/web; server/main.ts (dev) → dist/web as well.
function builtWebDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const projectRoot = here.includes(`${path.sep}dist${path.sep}`)
    ? path.resolve(here, '../../..')
    : path.resolve(here, '..');
  return path.join(projectRoot, 'dist', 'web');
}

async function main(): Promise<void> {
  // A .env file next to package.json is read if present; real environment variables win.
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  let config;
  try {
    config = { ...loadConfig(), webDir: builtWebDir() };
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\nSee .env.example for every variable.\n`);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp(config);

  let isShuttingDown = false;
  let endDrain = () => {};
  const shutdown = async (signal: NodeJS.Signals) => {
    if (isShuttingDown) {
      endDrain(); // a second signal skips the rest of the drain
      return;
    }
    isShuttingDown = true;
    // Draining: /api/ready answers 503 while everything else is still served, so a proxy polling it
    // stops routing here before the listener closes. Process managers send SIGTERM; SIGINT is Ctrl-C
    // at a terminal, where nobody routes traffic and waiting would only be in the way.
    const drainMs = signal === 'SIGTERM' ? config.shutdownDrainMs : 0;
    app.readiness.startDraining();
    app.log.info({ signal, drainMs }, 'draining: readiness answers 503');
    await new Promise<void>((resolve) => {
      endDrain = resolve;
      setTimeout(resolve, drainMs).unref();
    });
    app.log.info('shutting down: no new connections, finishing in-flight requests');
    const forceExit = setTimeout(() => {
      app.log.error('graceful shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    forceExit.unref();
    try {
      await app.close(); // waits for in-flight requests, then closes the database (onClose hook)
      app.log.info('shutdown complete');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
}

main().catch((error: unknown) => {
  process.stderr.write(`Failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
