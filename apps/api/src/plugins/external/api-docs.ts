import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { BRAND_NAME } from '@store/contracts';
import fp from 'fastify-plugin';

/**
 * The OpenAPI document and its viewer at /api/docs, when API_DOCS is on. Registered before the routes:
 * the document is collected from the routes registered after it.
 */
export const apiDocsPlugin = fp(
  async (app) => {
    if (!app.config.apiDocs) return;
    await app.register(swagger, {
      openapi: {
        info: { title: `${BRAND_NAME} API`, version: '1.0.0', description: 'Generated from the route table of @store/contracts.' },
        components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      },
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  },
  { name: 'api-docs', dependencies: ['config'] },
);
