/**
 * The ceiling of bench/load.ts: bare Fastify, the same version as the API, answering recorded answers of
 * the store byte for byte (the same body in the same coding, the same Content-Type, Content-Encoding,
 * ETag and Cache-Control) and nothing else: no validation, no hooks, no database, no log.
 * Usage (started by the benchmark): node --import tsx bench/bare-server.ts <answers.json>
 * where the file maps a request path (with its query) to { headers, body (base64) }; a key `POST <path>` is the
 * answer to a POST of that path, whatever its body.
 * Listens on a free loopback port and prints it as one JSON line: {"port":12345}.
 */
import { readFile } from 'node:fs/promises';
import Fastify from 'fastify';

interface Recorded {
  headers: Record<string, string>;
  body: string;
}

const file = process.argv[2];
if (!file) {
  console.error('usage: bare-server.ts <answers.json>');
  process.exit(2);
}
const recorded = JSON.parse(await readFile(file, 'utf8')) as Record<string, Recorded>;
const answers = new Map(Object.entries(recorded).map(([url, { headers, body }]) => [url, { headers, body: Buffer.from(body, 'base64') }]));

const app = Fastify({ logger: false });
app.get('/*', (request, reply) => {
  const answer = answers.get(request.url);
  if (!answer) return reply.code(404).send();
  return reply.headers(answer.headers).send(answer.body);
});

app.post('/*', (request, reply) => {
  const answer = answers.get(`POST ${request.url}`);
  if (!answer) return reply.code(404).send();
  return reply.headers(answer.headers).send(answer.body);
});

await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
if (address === null || typeof address === 'string') throw new Error('the server has no TCP address');
process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);

const stop = () => {
  void app.close().then(() => process.exit(0));
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
