import cors from '@fastify/cors';
import fp from 'fastify-plugin';

/** Cross-origin calls only from the origins CORS_ORIGINS names; none by default (the apps are same-origin). */
export const corsPlugin = fp(
  async (app) => {
    await app.register(cors, {
      origin: app.config.corsOrigins.length > 0 ? app.config.corsOrigins : false,
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['Authorization', 'Content-Type'],
      maxAge: 600,
    });
  },
  { name: 'cors', dependencies: ['config'] },
);
