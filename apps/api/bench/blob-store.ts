/**
 * Benchmark: the fs blob store's memory while it stores and reads back a large generated stream
 * (200 MiB by default; BENCH_BLOB_MIB changes it). Prints the speed and the growth of the process RSS
 * over its level before each step; the goal is under 64 MiB, whatever the file's size.
 * Usage: pnpm --filter @store/api bench:blob-store
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FsBlobStore } from '../src/storage/fs-blob-store.ts';

const MiB = 1024 * 1024;
const SIZE = Number(process.env.BENCH_BLOB_MIB ?? 200) * MiB;
const CHUNK = 64 * 1024;
const BUDGET = 64 * MiB;

/** SIZE bytes in fresh 64 KiB chunks, as a request body arrives, hashed on the way out for checking. */
function generated(): { stream: Readable; sha256: () => string } {
  const pool = randomBytes(MiB);
  const hash = createHash('sha256');
  let sent = 0;
  const stream = new Readable({
    read() {
      if (sent >= SIZE) {
        this.push(null);
        return;
      }
      const length = Math.min(CHUNK, SIZE - sent);
      const chunk = Buffer.allocUnsafe(length);
      pool.copy(chunk, 0, sent % (MiB - CHUNK), (sent % (MiB - CHUNK)) + length);
      // Changes every chunk, so no two are alike.
      chunk.writeUInt32BE(sent / CHUNK, 0);
      hash.update(chunk);
      sent += length;
      this.push(chunk);
    },
  });
  return { stream, sha256: () => hash.digest('hex') };
}

/** A sink that hashes what it is given and keeps nothing. */
function hashingSink(): { sink: Writable; sha256: () => string; bytes: () => number } {
  const hash = createHash('sha256');
  let bytes = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      bytes += chunk.length;
      callback();
    },
  });
  return { sink, sha256: () => hash.digest('hex'), bytes: () => bytes };
}

/** Runs `step`, sampling the RSS every 5 ms; answers its growth over the level before and the time taken. */
async function measured<T>(step: () => Promise<T>): Promise<{ result: T; growth: number; seconds: number }> {
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  const started = performance.now();
  try {
    const result = await step();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { result, growth: peak - before, seconds: (performance.now() - started) / 1000 };
  } finally {
    clearInterval(sampler);
  }
}

const root = await mkdtemp(path.join(tmpdir(), 'store-bench-blobs-'));
const store = new FsBlobStore(root);
const rows: string[] = [];
let failed = false;
const report = (step: string, seconds: number, growth: number, bytes: number) => {
  const over = growth > BUDGET;
  failed ||= over;
  rows.push(`| ${step} | ${(bytes / MiB).toFixed(0)} MiB | ${(bytes / MiB / seconds).toFixed(0)} MiB/s | ${(growth / MiB).toFixed(1)} MiB${over ? ' (over budget)' : ''} |`);
};

try {
  const source = generated();
  const put = await measured(() => store.put('bench/large.bin', source.stream, { contentType: 'application/octet-stream', maxBytes: SIZE }));
  if (put.result.size !== SIZE || put.result.sha256 !== source.sha256()) throw new Error('put: the stored size or hash differs from what was sent');
  report('put (stream in, hash, temp file, rename)', put.seconds, put.growth, SIZE);

  const whole = hashingSink();
  const get = await measured(async () => pipeline((await store.get('bench/large.bin')).body, whole.sink));
  if (whole.bytes() !== SIZE || whole.sha256() !== put.result.sha256) throw new Error('get: the bytes read differ from the bytes stored');
  report('get (whole file)', get.seconds, get.growth, SIZE);

  const tail = hashingSink();
  const half = Math.floor(SIZE / 2);
  const ranged = await measured(async () => pipeline((await store.get('bench/large.bin', { start: half })).body, tail.sink));
  if (tail.bytes() !== SIZE - half) throw new Error('get range: wrong length');
  report('get (range: second half)', ranged.seconds, ranged.growth, SIZE - half);
} finally {
  await rm(root, { recursive: true, force: true });
}

process.stdout.write(
  `${[
    `fs blob store, ${(SIZE / MiB).toFixed(0)} MiB, Node ${process.version}, RSS budget ${BUDGET / MiB} MiB${(globalThis as { gc?: unknown }).gc ? '' : ' (run with --expose-gc for steadier figures)'}`,
    '',
    '| step | bytes | speed | peak RSS growth |',
    '|---|---|---|---|',
    ...rows,
    '',
    failed ? 'FAIL: a step grew the RSS past the budget' : 'OK: every step stayed within the budget',
  ].join('\n')}\n`,
);
process.exitCode = failed ? 1 : 0;
