import fp from 'fastify-plugin';
import { bootstrapAdmin } from '../auth/bootstrap-admin.ts';
import { seedDemoCatalog } from '../catalog/demo/seed.ts';

export interface StartupPluginOptions {
  /** Receives the generated admin password on a first start without ADMIN_PASSWORD. */
  announceAdminPassword: (password: string) => void;
}

/** Work done once at start: the first admin account on an empty database, and the demo catalogue when SEED_DEMO is on. */
export const startupPlugin = fp<StartupPluginOptions>(
  async (app, { announceAdminPassword }) => {
    await bootstrapAdmin(app, announceAdminPassword);
    if (app.config.seedDemo) await seedDemoCatalog(app);
  },
  { name: 'startup', dependencies: ['config', 'db', 'storage'] },
);
