import type { FastifyInstance } from 'fastify';
import { recordAuditChange } from '../audit/audit-trail.ts';
import { notFound } from '../errors.ts';
import type { RouteHandlers } from '../http/register-routes.ts';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.ts';

/** Staff's API keys (docs/decisions/056-api-keys.md): a staff session only, never a key (the routes have no scope). */
export function apiKeyHandlers(app: FastifyInstance): Pick<RouteHandlers, 'adminListApiKeys' | 'adminCreateApiKey' | 'adminRevokeApiKey'> {
  return {
    adminListApiKeys: async () => ({ keys: await listApiKeys(app.db) }),

    adminCreateApiKey: async ({ body, caller, request }) => {
      const created = await createApiKey(app.db, body, caller.id);
      // The trail keeps what the key may do, never its secret.
      recordAuditChange(request, {
        targetId: created.key.id,
        targetLabel: created.key.name,
        after: { name: created.key.name, prefix: created.key.prefix, scopes: created.key.scopes, expires_at: created.key.expires_at },
      });
      return created;
    },

    adminRevokeApiKey: async ({ params, request }) => {
      const key = await revokeApiKey(app.db, params.id);
      if (!key) throw notFound('API key not found', 'api_key_not_found');
      recordAuditChange(request, { targetId: key.id, targetLabel: key.name, after: { revoked_at: key.revoked_at } });
      return null;
    },
  };
}
