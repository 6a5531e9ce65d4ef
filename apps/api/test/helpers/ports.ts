import { createServer } from 'node:net';

/**
 * A loopback port free right now, asked of the system (port 0) and let go: nothing listens on it, and a process
 * told to listen there usually can (another may still take it first: callers that listen retry).
 */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', resolve);
  });
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  return address.port;
}
