import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

/**
 * Where uploaded files live. The disk store is the default; an S3-compatible store implements the
 * same three calls (see docs/decisions/005-uploads.md).
 */
export interface BlobStore {
  put(name: string, bytes: Uint8Array, contentType: string): Promise<void>;
  remove(name: string): Promise<void>;
  /** The address a browser fetches the file from. */
  publicUrl(name: string): string;
}

export const UPLOADS_PREFIX = '/uploads/';

export class DiskBlobStore implements BlobStore {
  constructor(readonly root: string) {}

  async put(name: string, bytes: Uint8Array): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await writeFile(this.target(name), bytes, { flag: 'wx' });
  }

  async remove(name: string): Promise<void> {
    await rm(this.target(name), { force: true });
  }

  publicUrl(name: string): string {
    return `${UPLOADS_PREFIX}${encodeURIComponent(name)}`;
  }

  private target(name: string): string {
    if (!/^[A-Za-z0-9._-]+$/.test(name) || name.startsWith('.')) throw new Error(`Unsafe blob name: ${name}`);
    return path.join(this.root, name);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    storage: BlobStore;
  }
}

/** The disk blob store, served read-only under /uploads/ with headers that stop any file from running as a page. */
export const storagePlugin = fp(
  async (app) => {
    const store = new DiskBlobStore(path.join(app.config.dataDir, 'uploads'));
    await mkdir(store.root, { recursive: true });
    app.decorate('storage', store);
    await app.register(fastifyStatic, {
      root: store.root,
      prefix: UPLOADS_PREFIX,
      decorateReply: false,
      index: false,
      list: false,
      dotfiles: 'deny',
      immutable: true,
      maxAge: '365d',
      setHeaders: (reply) => {
        reply.header('X-Content-Type-Options', 'nosniff');
        reply.header('Content-Security-Policy', "default-src 'none'; sandbox");
      },
    });
  },
  { name: 'storage', dependencies: ['config'] },
);
