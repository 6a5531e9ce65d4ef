import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertContentType,
  assertMaxBytes,
  assertSafeKey,
  BlobStoreError,
  notFound,
  tooLarge,
  type BlobBody,
  type BlobStat,
  type BlobStore,
  type ByteRange,
  type PutOptions,
  type PutResult,
} from './blob-store.ts';
import { ByteMeter, toReadable } from './byte-meter.ts';
import { resolveRange } from './range.ts';

const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

interface Meta {
  contentType: string;
}

/**
 * Blobs as files under `root`: `root/<key>` holds the bytes, `root/<dir>/.<name>.meta.json` their type.
 * A body is written to `root/.tmp/` (same file system, so the rename is atomic), flushed, then renamed
 * into place: a reader sees the old file or the new one, never half of one. Keys cannot start a segment
 * with `.`, so these names never meet a key.
 *
 * A key cannot be both an object and the folder of another (`a` and `a/b`): such a put fails with
 * `key_conflict`, where S3 would accept both. Files left in `.tmp/` by a crash mid-upload are not
 * visible as blobs; `sweepTemp` removes them.
 */
export class FsBlobStore implements BlobStore {
  readonly driver = 'fs';
  readonly root: string;
  private readonly tempDir: string;

  constructor(root: string) {
    this.root = path.resolve(root);
    this.tempDir = path.join(this.root, '.tmp');
  }

  async put(key: string, body: Readable | Uint8Array, { contentType, maxBytes }: PutOptions): Promise<PutResult> {
    const target = this.pathOf(key);
    assertContentType(contentType);
    assertMaxBytes(maxBytes);
    if (body instanceof Uint8Array && maxBytes !== undefined && body.byteLength > maxBytes) throw tooLarge(maxBytes);

    await mkdir(this.tempDir, { recursive: true });
    const temp = path.join(this.tempDir, randomUUID());
    const tempMeta = `${temp}.meta.json`;
    const meter = new ByteMeter(maxBytes);
    let metaPlaced = false;
    try {
      // flush: the bytes reach the disk before the rename makes them the blob.
      await pipeline(toReadable(body), meter, createWriteStream(temp, { flags: 'wx', flush: true }));
      const meta: Meta = { contentType };
      await writeFile(tempMeta, JSON.stringify(meta), { flag: 'wx', flush: true });
      await mkdir(path.dirname(target), { recursive: true });
      // The type first: a reader never sees new bytes with no type (at worst old bytes with the new type).
      await rename(tempMeta, this.metaPathOf(target));
      metaPlaced = true;
      await rename(temp, target);
    } catch (error) {
      await Promise.all([rm(temp, { force: true }), rm(tempMeta, { force: true })]);
      const conflict = conflictOr(error, key);
      // The target is a folder of other keys: the type just placed belongs to no blob.
      if (metaPlaced && conflict !== error) await rm(this.metaPathOf(target), { force: true });
      throw conflict;
    }
    return { size: meter.byteCount, sha256: meter.sha256() };
  }

  async get(key: string, range?: ByteRange): Promise<BlobBody> {
    const file = this.pathOf(key);
    // One open file for the size and the bytes: a put replacing the file meanwhile cannot mix them.
    const handle = await this.openFile(file, key);
    try {
      const { size } = await handle.stat();
      const contentType = await this.readContentType(file);
      if (range === undefined) {
        return { body: handle.createReadStream(), size, contentType, range: null };
      }
      const resolved = resolveRange(range, size);
      if (resolved === null) throw new BlobStoreError('range_not_satisfiable', `The range is outside the ${size} bytes of ${key}`, size);
      return { body: handle.createReadStream(resolved), size, contentType, range: resolved };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async stat(key: string): Promise<BlobStat> {
    const file = this.pathOf(key);
    try {
      const stats = await stat(file);
      if (!stats.isFile()) throw notFound(key);
      return { size: stats.size, contentType: await this.readContentType(file), lastModified: stats.mtime };
    } catch (error) {
      throw isMissing(error) ? notFound(key) : error;
    }
  }

  async remove(key: string): Promise<void> {
    const file = this.pathOf(key);
    try {
      await rm(file, { force: true });
    } catch (error) {
      // A folder of other keys under this name: there is no blob called `key` to remove.
      if (!isErrno(error, 'EISDIR') && !isErrno(error, 'ERR_FS_EISDIR')) throw error;
      return;
    }
    await rm(this.metaPathOf(file), { force: true });
  }

  /** Files on disk are served by the API itself, which checks and logs each download. */
  async presignedGet(key: string): Promise<null> {
    assertSafeKey(key);
    return null;
  }

  get location(): string {
    return this.root;
  }

  /** A file written and removed in `.tmp/`, where puts start: the disk that takes uploads takes this. */
  async probe(): Promise<void> {
    await mkdir(this.tempDir, { recursive: true });
    const file = path.join(this.tempDir, `probe-${randomUUID()}`);
    try {
      await writeFile(file, 'probe', { flush: true });
    } finally {
      await rm(file, { force: true });
    }
  }

  async close(): Promise<void> {}

  /** Removes temp files older than `olderThanMs` (left by a crash during a put); answers how many. */
  async sweepTemp(olderThanMs = 24 * 3600 * 1000): Promise<number> {
    let names: string[];
    try {
      names = await readdir(this.tempDir);
    } catch (error) {
      if (isMissing(error)) return 0;
      throw error;
    }
    let removed = 0;
    for (const name of names) {
      const file = path.join(this.tempDir, name);
      const stats = await stat(file).catch(() => null);
      if (stats && Date.now() - stats.mtimeMs > olderThanMs) {
        await rm(file, { force: true });
        removed += 1;
      }
    }
    return removed;
  }

  private pathOf(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  private metaPathOf(file: string): string {
    return path.join(path.dirname(file), `.${path.basename(file)}.meta.json`);
  }

  private async openFile(file: string, key: string): Promise<FileHandle> {
    let handle: FileHandle;
    try {
      handle = await open(file, 'r');
    } catch (error) {
      throw isMissing(error) ? notFound(key) : error;
    }
    // Opening a folder for reading succeeds on Linux: a folder of other keys is no blob.
    if (!(await handle.stat()).isFile()) {
      await handle.close();
      throw notFound(key);
    }
    return handle;
  }

  private async readContentType(file: string): Promise<string> {
    try {
      const meta = JSON.parse(await readFile(this.metaPathOf(file), 'utf8')) as Partial<Meta>;
      return typeof meta.contentType === 'string' ? meta.contentType : DEFAULT_CONTENT_TYPE;
    } catch (error) {
      if (isMissing(error)) return DEFAULT_CONTENT_TYPE;
      throw error;
    }
  }
}

function isErrno(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}

function isMissing(error: unknown): boolean {
  return isErrno(error, 'ENOENT') || isErrno(error, 'ENOTDIR');
}

/** A file where the key needs a folder, or a folder where it needs a file. */
function conflictOr(error: unknown, key: string): unknown {
  if (isErrno(error, 'ENOTDIR') || isErrno(error, 'EISDIR') || isErrno(error, 'EEXIST')) {
    return new BlobStoreError('key_conflict', `Blob key ${JSON.stringify(key)} collides with another key's folder or file`);
  }
  return error;
}
