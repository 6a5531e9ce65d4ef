import fp from 'fastify-plugin';
import type { Config } from '../env.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

export const configPlugin = fp<{ config: Config }>(
  async (app, options) => {
    app.decorate('config', options.config);
  },
  { name: 'config' },
);
