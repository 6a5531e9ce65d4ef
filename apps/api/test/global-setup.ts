import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateToLatest, openDatabase } from '../src/db/connect.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL: the migrated template database each test file clones. */
    pgTemplate: string | null;
    /** PGlite: a migrated data folder snapshot each test file starts from. */
    pgliteSnapshot: string | null;
    /** A Redis that answered PING (TEST_REDIS_URL, default redis://127.0.0.1:6379), or null: none runs here. */
    redisUrl: string | null;
  }
}

/** Whether a Redis answers PING at `url` within a second. */
function answersPing(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port || 6379), hostname.replace(/^\[|\]$/g, ''));
    const done = (answered: boolean) => {
      socket.destroy();
      resolve(answered);
    };
    socket.setTimeout(1000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk: Buffer) => done(chunk.toString('latin1').startsWith('+PONG')));
  });
}

/**
 * The Redis the tests of shared rate limits use. A machine without one (the README's quick start needs
 * only Node.js) runs every other test and says which it left out; CI (CI=true) must have one.
 */
async function provideRedis(project: TestProject): Promise<void> {
  const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  if (await answersPing(url)) {
    project.provide('redisUrl', url);
    return;
  }
  if (process.env.CI === 'true') throw new Error(`No Redis answers at ${url} (TEST_REDIS_URL): CI runs the Redis tests`);
  console.warn(`No Redis answers at ${url} (TEST_REDIS_URL): the tests of rate limits shared through Redis do not run here.`);
  project.provide('redisUrl', null);
}

/**
 * Migrates one database once: a template database on PostgreSQL (TEST_DATABASE_URL) or a PGlite
 * snapshot otherwise. Every test file then starts from its own copy (see helpers/build.ts).
 */
export default async function setup(project: TestProject) {
  await provideRedis(project);
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = `store_test_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    admin.on('error', () => {});
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.query(`CREATE DATABASE ${template}`);
    const target = new URL(url);
    target.pathname = `/${template}`;
    const handle = await openDatabase({ kind: 'postgres', url: target.toString(), poolSize: 2 });
    await migrateToLatest(handle.db);
    await handle.close();
    project.provide('pgTemplate', template);
    project.provide('pgliteSnapshot', null);
    return async () => {
      // Only this run's databases: other runs may share the server.
      const leftovers = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [`${template}%`]);
      for (const { datname } of leftovers.rows.sort((a, b) => b.datname.length - a.datname.length)) {
        await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      }
      await admin.end();
    };
  }

  const dir = await mkdtemp(path.join(tmpdir(), 'store-test-'));
  const handle = await openDatabase({ kind: 'pglite' });
  await migrateToLatest(handle.db);
  const snapshot = await handle.pglite!.dumpDataDir('none');
  await handle.close();
  const file = path.join(dir, 'migrated.tar');
  await writeFile(file, new Uint8Array(await snapshot.arrayBuffer()));
  project.provide('pgTemplate', null);
  project.provide('pgliteSnapshot', file);
  return () => rm(dir, { recursive: true, force: true });
}
