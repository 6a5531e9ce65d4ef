import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { openApiDocument } from '../../openapi/document.ts';
import { version } from '../../version.ts';

/**
 * The OpenAPI document (at /api/docs/json) and its viewer at /api/docs, when API_DOCS is on. The document is written
 * from the contract's route table, which is also what the routes are registered from (src/openapi/document.ts).
 */
export const apiDocsPlugin = fp(
  async (app) => {
    if (!app.config.apiDocs) return;
    const document = openApiDocument({ publicUrl: app.config.publicUrl, version });
    await app.register(swagger, { mode: 'static', specification: { document: document as never } });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  },
  { name: 'api-docs', dependencies: ['config'] },
);
