import { SECRET_SETTINGS } from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import { recordAuditChange } from '../audit/audit-trail.ts';
import { conflict } from '../errors.ts';
import type { RouteHandlers } from '../http/register-routes.ts';
import { resolvePayPalEndpoint } from '../payments/paypal-endpoint.ts';
import { maskSecrets, readSettings, saveSettings, toSiteInfo } from './settings-repository.ts';
import { answeredNotModified } from './site-info-cache.ts';

export function settingsHandlers(app: FastifyInstance): Pick<RouteHandlers, 'siteInfo' | 'adminGetSettings' | 'adminUpdateSettings'> {
  return {
    siteInfo: async ({ request, reply }) => {
      const settings = await readSettings(app.db, app.dataCipher);
      const info = toSiteInfo(settings, resolvePayPalEndpoint(app.config, settings)?.local ?? false);
      // Revalidated on every load (ETag + no-cache), so a saved setting shows at once; Fastify takes a
      // returned reply as already answered (the 304).
      return answeredNotModified(request, reply, info) ? (reply as never) : info;
    },
    adminGetSettings: async () => maskSecrets(await readSettings(app.db, app.dataCipher)),
    adminUpdateSettings: async ({ body, caller, request }) => {
      // Whoever requires two-factor sign-in of all staff must have it: turning it on cannot lock its author out.
      if (body.require_staff_two_factor === true && !caller.twoFactorEnabled) {
        throw conflict(
          'Set up two-factor sign-in for your own account (under Security) before requiring it of every staff account.',
          'own_two_factor_required',
        );
      }
      const { before, after } = await saveSettings(app.db, app.dataCipher, body);
      request.log.info({ userId: caller.id, fields: Object.keys(body) }, 'settings saved');
      // Secrets are compared in clear and recorded only as set or not (SECRET_SETTINGS are always masked).
      recordAuditChange(request, { before: { ...before }, after: { ...after }, secrets: SECRET_SETTINGS });
      return maskSecrets(after);
    },
  };
}
