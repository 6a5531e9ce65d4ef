/**
 * The ceiling of bench/downloads.ts: bare Fastify, the same version as the API, answering one file with
 * @fastify/static's `reply.sendFile` and nothing else (no link check, no database, no log): GET /file
 * with sendFile's defaults, GET /file-64k reading 64 KiB at a time. It runs as a process of its own so
 * that its RSS can be sampled like the API's.
 * Usage (started by the benchmark): node --import tsx bench/sendfile-server.ts <file>
 * Listens on a free loopback port and prints it as one JSON line: {"port":12345}.
 */
import path from 'node:path';
import fastifyStatic, { type SendOptions } from '@fastify/static';
import Fastify from 'fastify';

const file = process.argv[2];
if (!file) {
  console.error('usage: sendfile-server.ts <file>');
  process.exit(2);
}

const app = Fastify({ logger: false });
// serve: false registers no route of its own; it only decorates the reply with sendFile.
await app.register(fastifyStatic, { root: path.dirname(file), serve: false });
app.get('/health', async () => ({ ok: true }));
app.get('/file', async (_request, reply) => reply.sendFile(path.basename(file)));
// @fastify/send hands fs.createReadStream a highWaterMark of null unless told one, which on Node 20 reads
// 16 KiB at a time; the API's blob store reads 64 KiB. This route is sendFile at the API's read size.
// send honours the option; @fastify/static's types do not list it.
const readSize: SendOptions & { highWaterMark: number } = { highWaterMark: 64 * 1024 };
app.get('/file-64k', async (_request, reply) => reply.sendFile(path.basename(file), path.dirname(file), readSize));

await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
if (address === null || typeof address === 'string') throw new Error('the server has no TCP address');
process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);

const stop = () => {
  void app.close().then(() => process.exit(0));
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
