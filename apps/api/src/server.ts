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

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down: draining requests');
    await app.close();
  });

  await app.listen({ host: config.host, port: config.port });
  const shown = config.host === '0.0.0.0' ? 'localhost' : config.host;
  process.stdout.write(`\n  Store:  http://${shown}:${config.port}/\n  Admin:  http://${shown}:${config.port}/admin/\n  API:    http://${shown}:${config.port}/api${config.apiDocs ? ` (docs at /api/docs)` : ''}\n\n`);
}

await main();
