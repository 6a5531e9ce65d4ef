/**
 * The sandbox as a process of its own, as PayPal is another machine:
 * `node --import tsx src/cli.ts [--port N] [--host H]` (default a free port on 127.0.0.1). Once listening it prints one JSON line
 * `{"url": ...}` and, when started with an IPC channel (`fork`), sends the same object to its parent.
 * It stops on SIGTERM, SIGINT or a `close` message, and then reports how many TCP connections it
 * accepted (`{"connections": n}`): a client that reuses its connections opens few.
 */
import { parseArgs } from 'node:util';
import { startPaymentSandbox } from './standalone.ts';

const { values } = parseArgs({ options: { port: { type: 'string', default: '0' }, host: { type: 'string', default: '127.0.0.1' } } });
const sandbox = await startPaymentSandbox({ port: Number(values.port), host: values.host });
let connections = 0;
sandbox.server.on('connection', () => (connections += 1));

const announce = (message: Record<string, unknown>) => {
  process.stdout.write(`${JSON.stringify(message)}\n`);
  if (process.connected) process.send?.(message);
};
announce({ url: sandbox.url });

let closing = false;
const close = async () => {
  if (closing) return;
  closing = true;
  await sandbox.close();
  announce({ connections });
  if (process.connected) process.disconnect();
};
process.on('SIGTERM', () => void close());
process.on('SIGINT', () => void close());
process.on('message', (message) => {
  if (message === 'close') void close();
});
// Started by a parent that has gone: nothing will ask it to close.
process.on('disconnect', () => void close());
