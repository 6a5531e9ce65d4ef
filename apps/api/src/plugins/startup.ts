import fp from 'fastify-plugin';
import { bootstrapAdmin } from '../auth/bootstrap-admin.ts';
import { seedDemoCatalog, seedPendingDemoReviews } from '../catalog/demo/seed.ts';

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

/**
 * The demo's reviews, after the catalogue that asked for them (docs/decisions/027-reviews.md): demo buyers'
 * orders and reviews go through the order and review services, which need every plugin, and take their own
 * start-up time rather than the catalogue's.
 */
export const demoReviewsPlugin = fp(
  async (app) => {
    if (app.config.seedDemo) await seedPendingDemoReviews(app);
  },
  { name: 'demo-reviews', dependencies: ['startup'] },
);
