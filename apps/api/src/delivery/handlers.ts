import type { FastifyInstance } from 'fastify';
import { recordAuditChange } from '../audit/audit-trail.ts';
import { csvAttachment } from '../http/csv.ts';
import type { RouteHandlers } from '../http/register-routes.ts';
import { deliveryLog, deliveryLogCsv } from './delivery-log.ts';
import { orderLineTarget, RunningDownloads, serveDownload } from './downloads.ts';
import { subscriptionFileTarget } from '../subscriptions/subscription-downloads.ts';
import { listProductFiles, removeProductFile, uploadProductFile } from './product-files.ts';

export function deliveryHandlers(
  app: FastifyInstance,
): Pick<RouteHandlers, 'download' | 'downloadSubscriptionFile' | 'adminListProductFiles' | 'adminUploadProductFile' | 'adminDeleteProductFile' | 'adminDeliveryLog'> {
  const running = new RunningDownloads(app);
  return {
    download: async ({ params, query, request, reply }) => serveDownload(app, running, request, reply, orderLineTarget(app, params, query)),
    // One answer path for both kinds of link (and one set of running downloads to cut and settle at close).
    downloadSubscriptionFile: async ({ params, query, request, reply }) =>
      serveDownload(app, running, request, reply, subscriptionFileTarget(app, params, query)),

    adminListProductFiles: async ({ params }) => ({ files: await listProductFiles(app.db, params.id) }),
    adminUploadProductFile: async ({ params, request }) => {
      const file = await uploadProductFile(app, request, params.id);
      recordAuditChange(request, { after: { file_id: file.id, file_name: file.name, file_size: file.size, content_type: file.content_type } });
      return file;
    },
    adminDeleteProductFile: async ({ params, request }) => {
      const removed = await removeProductFile(app, params.id, params.fileId);
      recordAuditChange(request, { before: { file_id: params.fileId, file_name: removed.name, file_size: removed.size } });
      return null;
    },

    adminDeliveryLog: async ({ params, query, reply }) => {
      const log = await deliveryLog(app.db, params.id);
      if (query.format !== 'csv') return log;
      reply.type('text/csv; charset=utf-8').header('Content-Disposition', csvAttachment(`delivery-log-${log.order_id}.csv`));
      // A Buffer is sent as it is, past the JSON schema of the answer.
      return deliveryLogCsv(log) as never;
    },
  };
}
