import multipart from '@fastify/multipart';
import { LIMITS } from '@store/contracts';
import fp from 'fastify-plugin';

/** Multipart bodies for the upload route: one file of at most the contract's upload size. */
export const multipartPlugin = fp(
  async (app) => {
    await app.register(multipart, { limits: { fileSize: LIMITS.uploadMaxBytes, files: 1, fields: 4, parts: 5 } });
  },
  { name: 'multipart' },
);
