import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './env.ts';

/** Starts the store: validates the environment, builds the app, listens, and drains on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp({
    config,
    announceAdminPassword: (password) => {
      // Printed once, to the console only: it is not logged and not stored in clear anywhere.
      process.stdout.write(
        `\n  An admin account was created.\n    username: admin\n    password: ${password}\n  Set ADMIN_PASSWORD to choose it yourself. This is shown only once.\n\n`,
      );
    },
  });

  // SIGTERM or SIGINT: not ready at once, so the load balancer stops sending requests; after the drain the
  // server stops taking connections, finishes what is in flight (downloads until shortly before the deadline),
  // stops the sweeps between runs and closes the pools; exit 0. A second signal, or the deadline, exits at once
  // with 1 (docs/decisions/058-operations.md).
  const { shutdownDrainSeconds, shutdownTimeoutSeconds } = config;
  closeWithGrace(
    {
      delay: shutdownTimeoutSeconds * 1000,
      onSecondSignal: (signal) => app.log.warn({ signal }, 'second signal while shutting down: exiting now'),
      onTimeout: (delay) => app.log.error({ seconds: delay / 1000 }, 'shutdown took longer than SHUTDOWN_TIMEOUT_SECONDS: exiting now'),
      onSecondError: (error) => app.log.error({ err: error }, 'second error while shutting down: exiting now'),
      logger: { error: (error: unknown) => app.log.error({ err: error }, 'shutdown failed') },
    },
    async ({ signal, err }) => {
      app.lifecycle.beginShutdown(new Date(Date.now() + shutdownTimeoutSeconds * 1000));
      if (err) {
        app.log.error({ err }, 'shutting down after an error');
      } else {
        app.log.info({ signal, drainSeconds: shutdownDrainSeconds }, 'shutting down: not ready, draining requests');
        if (shutdownDrainSeconds > 0) await new Promise((resolve) => setTimeout(resolve, shutdownDrainSeconds * 1000));
      }
      await app.close();
      app.log.info('shut down');
    },
  );

  await app.listen({ host: config.host, port: config.port });
  const shown = config.host === '0.0.0.0' ? 'localhost' : config.host;
  process.stdout.write(`\n  Store:  http://${shown}:${config.port}/\n  Admin:  http://${shown}:${config.port}/admin/\n  API:    http://${shown}:${config.port}/api${config.apiDocs ? ` (docs at /api/docs)` : ''}\n\n`);
}

await main();
