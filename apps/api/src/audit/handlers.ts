import type { FastifyInstance } from 'fastify';
import type { RouteHandlers } from '../http/register-routes.ts';
import { listAuditLog } from './audit-log.ts';

/** The audit trail's one route: read only; no route of the table edits or removes an entry. */
export function auditHandlers(app: FastifyInstance): Pick<RouteHandlers, 'adminListAudit'> {
  return {
    adminListAudit: ({ query }) => listAuditLog(app.db, query),
  };
}
