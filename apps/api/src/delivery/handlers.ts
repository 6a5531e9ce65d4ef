import type { FastifyInstance } from 'fastify';
import type { RouteHandlers } from '../http/register-routes.ts';
import { deliveryLog, deliveryLogCsv } from './delivery-log.ts';
import { serveDownload } from './downloads.ts';
import { listProductFiles, removeProductFile, uploadProductFile } from './product-files.ts';

export function deliveryHandlers(
  app: FastifyInstance,
): Pick<RouteHandlers, 'download' | 'adminListProductFiles' | 'adminUploadProductFile' | 'adminDeleteProductFile' | 'adminDeliveryLog'> {
  return {
    download: async ({ params, query, request, reply }) => serveDownload(app, request, reply, params, query),

    adminListProductFiles: async ({ params }) => ({ files: await listProductFiles(app.db, params.id) }),
    adminUploadProductFile: ({ params, request }) => uploadProductFile(app, request, params.id),
    adminDeleteProductFile: async ({ params }) => {
      await removeProductFile(app, params.id, params.fileId);
      return null;
    },

    adminDeliveryLog: async ({ params, query, reply }) => {
      const log = await deliveryLog(app.db, params.id);
      if (query.format !== 'csv') return log;
      reply.type('text/csv; charset=utf-8').header('Content-Disposition', `attachment; filename="delivery-log-${log.order_id}.csv"`);
      // A Buffer is sent as it is, past the JSON schema of the answer.
      return deliveryLogCsv(log) as never;
    },
  };
}
