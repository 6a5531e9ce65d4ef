import net from 'node:net';

/** A download request as it passed through the proxy: its request line and headers, lower-cased names. */
export interface ProxiedDownload {
  requestLine: string;
  headers: Record<string, string>;
}

export interface CuttingProxy {
  /** `http://127.0.0.1:<port>`: open the store through this origin. */
  origin: string;
  /** The requests for `/api/downloads/...` seen so far, in order. */
  downloads: ProxiedDownload[];
  /** Whether the one cut has happened. */
  cut: () => boolean;
  close: () => Promise<void>;
}

/**
 * A TCP proxy on a free port of loopback in front of the store, as a flaky network would be: everything is
 * passed on as it is, except that the first answer to a download (`GET /api/downloads/...`) is cut off, both
 * connections dropped, after `cutAfter` bytes have reached the browser. Only once: what follows passes whole.
 */
export async function startCuttingProxy(target: URL, cutAfter: number): Promise<CuttingProxy> {
  const downloads: ProxiedDownload[] = [];
  let cut = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    sockets.add(client).add(upstream);
    let downloading = false;
    let passed = 0;
    // Set at the cut: a chunk arriving before the sockets are gone must not reach the browser, or it would
    // receive bytes past a gap (the rest of the cut chunk missing) and resume into a corrupt file.
    let severed = false;
    client.on('data', (chunk: Buffer) => {
      const text = chunk.toString('latin1');
      if (text.startsWith('GET /api/downloads/')) {
        downloading = true;
        passed = 0;
        const [requestLine = '', ...lines] = text.slice(0, text.indexOf('\r\n\r\n')).split('\r\n');
        const headers = Object.fromEntries(
          lines.map((line) => [line.slice(0, line.indexOf(':')).trim().toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
        );
        downloads.push({ requestLine, headers });
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (severed) return;
      if (downloading && !cut && passed + chunk.length >= cutAfter) {
        cut = true;
        severed = true;
        upstream.pause();
        client.write(chunk.subarray(0, cutAfter - passed), () => {
          client.destroy();
          upstream.destroy();
        });
        return;
      }
      passed += chunk.length;
      client.write(chunk);
    });
    const drop = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop).on('close', () => sockets.delete(client));
    upstream.on('error', drop).on('close', () => sockets.delete(upstream));
    client.on('end', () => upstream.end());
    upstream.on('end', () => client.end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    downloads,
    cut: () => cut,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
