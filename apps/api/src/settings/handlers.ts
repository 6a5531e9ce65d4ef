import type { FastifyInstance } from 'fastify';
import type { RouteHandlers } from '../http/register-routes.ts';
import { resolvePayPalEndpoint } from '../payments/paypal-endpoint.ts';
import { maskSecrets, readSettings, saveSettings, toSiteInfo } from './settings-repository.ts';

export function settingsHandlers(app: FastifyInstance): RouteHandlers {
  return {
    siteInfo: async ({ reply }) => {
      reply.header('Cache-Control', 'public, max-age=30');
      const settings = await readSettings(app.db);
      return toSiteInfo(settings, resolvePayPalEndpoint(app.config, settings)?.local ?? false);
    },
    adminGetSettings: async () => maskSecrets(await readSettings(app.db)),
    adminUpdateSettings: async ({ body, caller, request }) => {
      const saved = await saveSettings(app.db, body);
      request.log.info({ userId: caller.id, fields: Object.keys(body) }, 'settings saved');
      return maskSecrets(saved);
    },
  };
}
