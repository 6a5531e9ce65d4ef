import type { BlobStore } from './blob-store.ts';
import { FsBlobStore } from './fs-blob-store.ts';
import { S3BlobStore, type S3BlobStoreOptions } from './s3-blob-store.ts';

/** Which blob store the API uses (`STORAGE_DRIVER` and the `S3_*` settings, read in env.ts). */
export type BlobStoreConfig = { driver: 'fs'; root: string } | ({ driver: 's3' } & S3BlobStoreOptions);

/** The blob store `config` names: files under a folder, or objects in an S3 bucket. */
export async function createBlobStore(config: BlobStoreConfig): Promise<BlobStore> {
  switch (config.driver) {
    case 'fs':
      return new FsBlobStore(config.root);
    case 's3':
      return S3BlobStore.open(config);
  }
}
