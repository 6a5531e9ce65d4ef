import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BackupError } from './manifest.ts';

/** A file's size and lower-case hex SHA-256. */
export interface Checksum {
  size: number;
  sha256: string;
}

/** Counts and hashes the bytes passing through. */
class Hasher extends Transform {
  size = 0;
  private readonly hash = createHash('sha256');

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.size += chunk.length;
    this.hash.update(chunk);
    callback(null, chunk);
  }

  digest(): Checksum {
    return { size: this.size, sha256: this.hash.digest('hex') };
  }
}

/** The size and SHA-256 of a stream's bytes, read to the end. */
export async function checksumOf(body: Readable): Promise<Checksum> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of body) {
    const bytes = chunk as Buffer;
    size += bytes.length;
    hash.update(bytes);
  }
  return { size, sha256: hash.digest('hex') };
}

export const checksumOfFile = (file: string) => checksumOf(createReadStream(file));

/**
 * Writes `body` to a new file `target` (never over one), answering the size and SHA-256 of what was written.
 * Backups are readable by their owner only (`mode` 0600); files restored for the store take its default.
 */
export async function writeHashed(body: Readable, target: string, mode = 0o600): Promise<Checksum> {
  await mkdir(path.dirname(target), { recursive: true });
  const hasher = new Hasher();
  await pipeline(body, hasher, createWriteStream(target, { flags: 'wx', mode }));
  return hasher.digest();
}

/**
 * Every file below `root`, as paths relative to it joined with `/`, sorted; `skip` names top-level
 * folders left out. A root that does not exist has no files.
 */
export async function filesUnder(root: string, skip: string[] = []): Promise<string[]> {
  const found: string[] = [];
  const walk = async (relative: string[]): Promise<void> => {
    let entries;
    try {
      entries = await readdir(path.join(root, ...relative), { withFileTypes: true });
    } catch (error) {
      if (relative.length === 0 && (error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      const parts = [...relative, entry.name];
      if (relative.length === 0 && skip.includes(entry.name)) continue;
      // A link is followed to what it names, as the store reads it.
      const kind = entry.isSymbolicLink() ? await stat(path.join(root, ...parts)) : entry;
      if (kind.isDirectory()) await walk(parts);
      else if (kind.isFile()) found.push(parts.join('/'));
      else throw new BackupError(`${path.join(root, ...parts)} is neither a file nor a folder: move it away and try again`);
    }
  };
  await walk([]);
  return found.sort();
}

/**
 * `relative` as a path below `root`, or a BackupError: a manifest's paths come from a folder anyone may
 * have edited, and none of them may lead outside the folder it is restored into.
 */
export function pathBelow(root: string, relative: string): string {
  const parts = relative.split('/');
  if (!parts.every((part) => /^[A-Za-z0-9._-]{1,255}$/.test(part) && part !== '.' && part !== '..')) {
    throw new BackupError(`The manifest names a file outside the blob folder (${JSON.stringify(relative.slice(0, 80))}): the backup is damaged`);
  }
  return path.join(root, ...parts);
}

/** Whether `dir` is missing or holds nothing at all. */
export async function isEmptyOrMissing(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return true;
    if (code === 'ENOTDIR') return false;
    throw error;
  }
}

/** Bytes as a person reads them: 912 B, 14.2 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = -1;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 2 : 1)} ${units[unit]}`;
}

/** Runs `work` on every item, `limit` at a time, answering the results in the items' order. */
export async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
