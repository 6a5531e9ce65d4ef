import { Readable } from 'node:stream';
import type { S3BlobStoreOptions } from '../storage/s3-blob-store.ts';
import { checksumOf, mapLimited } from './files.ts';
import type { S3Files } from './manifest.ts';

/*
 * The S3 driver's files stay in their bucket: a backup records the listing with each object's SHA-256,
 * and a restore checks the objects are still there. Bringing back a deleted or overwritten object is the
 * bucket's versioning's work (docs/operations-backup.md).
 */

export type BucketObject = S3Files['objects'][number];

/** Objects read at once while hashing. */
const READS_AT_ONCE = 4;

/** A client set up as the store's (s3-blob-store.ts): the same endpoint, addressing, credentials and checksum settings. */
async function clientFor(options: S3BlobStoreOptions) {
  const s3 = await import('@aws-sdk/client-s3');
  const client = new s3.S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return { s3, client };
}

/** Every object of the bucket: key, size and ETag (without its quotes). */
async function listBucket(options: S3BlobStoreOptions): Promise<Omit<BucketObject, 'sha256'>[]> {
  const { s3, client } = await clientFor(options);
  try {
    const objects: Omit<BucketObject, 'sha256'>[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(new s3.ListObjectsV2Command({ Bucket: options.bucket, ContinuationToken: token }));
      for (const object of page.Contents ?? []) {
        if (object.Key === undefined) continue;
        objects.push({ key: object.Key, size: object.Size ?? 0, etag: (object.ETag ?? '').replace(/^"|"$/g, '') });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token !== undefined);
    return objects.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  } finally {
    client.destroy();
  }
}

/** The bucket's listing with every object's SHA-256, read through a client set up as the store's. */
export async function recordBucket(options: S3BlobStoreOptions): Promise<S3Files> {
  const listed = await listBucket(options);
  const { s3, client } = await clientFor(options);
  try {
    const objects = await mapLimited(listed, READS_AT_ONCE, async (object) => {
      const answer = await client.send(new s3.GetObjectCommand({ Bucket: options.bucket, Key: object.key }));
      if (!(answer.Body instanceof Readable)) throw new Error('The S3 client answered no Node stream');
      const { size, sha256 } = await checksumOf(answer.Body);
      // Written between the listing and the read: the manifest keeps what was read.
      return { ...object, size, sha256 };
    });
    return {
      driver: 's3',
      bucket: options.bucket,
      endpoint: options.endpoint,
      count: objects.length,
      bytes: objects.reduce((sum, object) => sum + object.size, 0),
      objects,
    };
  } finally {
    client.destroy();
  }
}

/** The recorded objects the bucket no longer holds, or holds at another size, one phrase each. Reads no body. */
export async function missingObjects(options: S3BlobStoreOptions, recorded: BucketObject[]): Promise<string[]> {
  const present = new Map((await listBucket(options)).map((object) => [object.key, object.size]));
  return recorded.flatMap((object) => {
    const size = present.get(object.key);
    if (size === undefined) return [`${object.key} (missing)`];
    return size === object.size ? [] : [`${object.key} (${size} bytes, ${object.size} in the backup)`];
  });
}
