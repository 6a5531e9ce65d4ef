import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './ports.ts';

/** Debian's package puts it here; HAPROXY_BIN names another. */
const HAPROXY_BIN = process.env.HAPROXY_BIN ?? '/usr/sbin/haproxy';

/** A backend server as HAProxy's stats name it, with the counts the rolling-restart test and the bench read. */
export interface HaproxyServerStats {
  name: string;
  /** `UP`, `DOWN`, `DOWN 1/2` (rising), `MAINT`, ... */
  status: string;
  /** The last health check's result, e.g. `L7OK`, `L7STS` (a 503 from /readyz), `L4CON` (refused). */
  checkStatus: string;
  /** Requests (sessions) sent to it. */
  sessions: number;
  /** Connection attempts retried, and requests sent to another server after a failure. */
  retries: number;
  redispatches: number;
  /** Answers of each class it gave, and responses HAProxy saw fail (aborted or invalid). */
  http2xx: number;
  http5xx: number;
  responseErrors: number;
  connectionErrors: number;
  /** Connections opened to it, and requests sent over one already open (`http-reuse`). */
  connectionsOpened: number;
  connectionsReused: number;
}

export interface RunningHaproxy {
  /** The frontend's address, `http://127.0.0.1:<port>`. */
  url: string;
  /** Its process id (the bench reads its CPU time). */
  pid: number;
  /** Each backend server's stats, through the stats socket (`show stat`). */
  servers: () => Promise<HaproxyServerStats[]>;
  output: () => string;
  close: () => Promise<void>;
}

export interface HaproxyOptions {
  /** Health check interval (`inter`), 300 ms by default. */
  checkIntervalMs?: number;
}


/**
 * The load balancer in front of the store's instances, as docs/decisions/058-operations.md expects one:
 * - `option httpchk` on `/readyz` (HTTP/1.1 with a Host, as a real balancer sends), `expect status 200`,
 *   `inter` 300 ms, `fall 1`, `rise 2`: a SIGTERMed instance answers 503 at once and is out after one check,
 *   well inside SHUTDOWN_DRAIN_SECONDS; a started one takes traffic after two good checks.
 * - `retries 3` with `retry-on conn-failure` and `option redispatch 1`: a request whose connection could not
 *   be opened (a server that stopped between two checks) is sent to the other server. Nothing of it reached
 *   the first, so this is safe for a POST too. `empty-response` and `response-timeout` retries are left out
 *   on purpose: the server may have run a non-idempotent POST (an order, a capture) before its connection
 *   closed, and HAProxy would send it again; the drain is what keeps those from happening.
 * - `option forwardfor`: the shopper's address in X-Forwarded-For (the store runs with TRUST_PROXY=true).
 * - `X-Server`: which server answered, so a test can tell the instances apart.
 * - Timeouts longer than any request of the tests (a capture waits on the payment sandbox), a short connect.
 * - No `log` line: HAProxy logs nothing, and the stats socket says what happened.
 */
export function haproxyConfig(
  frontendPort: number,
  servers: { name: string; port: number }[],
  socketPath: string,
  { checkIntervalMs = 300 }: HaproxyOptions = {},
): string {
  return [
    'global',
    `  stats socket ${socketPath} mode 600 level admin`,
    '  maxconn 4000',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout http-request 10s',
    '  timeout http-keep-alive 60s',
    '  timeout queue 30s',
    '  timeout check 3s',
    '  retries 3',
    '  option redispatch 1',
    'frontend shop',
    `  bind 127.0.0.1:${frontendPort}`,
    '  default_backend api',
    'backend api',
    '  balance roundrobin',
    '  option forwardfor',
    '  option httpchk',
    '  http-check send meth GET uri /readyz ver HTTP/1.1 hdr Host haproxy-check',
    '  http-check expect status 200',
    '  retry-on conn-failure',
    `  default-server inter ${checkIntervalMs}ms fall 1 rise 2`,
    '  http-response set-header X-Server %s',
    ...servers.map((server) => `  server ${server.name} 127.0.0.1:${server.port} check`),
    '',
  ].join('\n');
}

/** One command on HAProxy's stats socket (non-interactive: it answers and closes). */
function askSocket(socketPath: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(socketPath);
    let answer = '';
    socket.on('connect', () => socket.write(`${command}\n`));
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

/** `show stat` CSV, the servers of the `api` backend only. */
function parseStats(csv: string): HaproxyServerStats[] {
  const [head, ...rows] = csv.trim().split('\n');
  const columns = (head ?? '').replace(/^# /, '').split(',');
  const at = (fields: string[], name: string) => fields[columns.indexOf(name)] ?? '';
  const count = (fields: string[], name: string) => Number(at(fields, name) || 0);
  return rows
    .map((row) => row.split(','))
    .filter((fields) => at(fields, 'pxname') === 'api' && !['FRONTEND', 'BACKEND'].includes(at(fields, 'svname')))
    .map((fields) => ({
      name: at(fields, 'svname'),
      status: at(fields, 'status'),
      checkStatus: at(fields, 'check_status'),
      sessions: count(fields, 'stot'),
      retries: count(fields, 'wretr'),
      redispatches: count(fields, 'wredis'),
      http2xx: count(fields, 'hrsp_2xx'),
      http5xx: count(fields, 'hrsp_5xx'),
      responseErrors: count(fields, 'eresp'),
      connectionErrors: count(fields, 'econ'),
      connectionsOpened: count(fields, 'connect'),
      connectionsReused: count(fields, 'reuse'),
    }));
}

/**
 * HAProxy in the foreground (`-db`) with a configuration of its own in a temporary folder, listening on a
 * free loopback port (tried again on another if that one was taken meanwhile), ready once its stats socket answers.
 */
export async function startHaproxy(servers: { name: string; port: number }[], options: HaproxyOptions = {}): Promise<RunningHaproxy> {
  const dir = await mkdtemp(path.join(tmpdir(), 'store-haproxy-'));
  const socketPath = path.join(dir, 'admin.sock');
  const configPath = path.join(dir, 'haproxy.cfg');
  for (let attempt = 1; ; attempt += 1) {
    const port = await freePort();
    await writeFile(configPath, haproxyConfig(port, servers, socketPath, options));
    const child = spawn(HAPROXY_BIN, ['-f', configPath, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    let gone = false;
    void exited.then(() => (gone = true));
    const deadline = Date.now() + 15_000;
    let answering = false;
    while (!gone && !answering && Date.now() < deadline) {
      answering = await askSocket(socketPath, 'show info').then(
        () => true,
        () => false,
      );
      if (!answering) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    if (answering) {
      return {
        url: `http://127.0.0.1:${port}`,
        pid: child.pid!,
        servers: async () => parseStats(await askSocket(socketPath, 'show stat')),
        output: () => output,
        close: async () => {
          if (!gone) {
            child.kill('SIGTERM');
            await exited;
          }
          await rm(dir, { recursive: true, force: true });
        },
      };
    }
    if (!gone) {
      child.kill('SIGKILL');
      await exited;
    }
    if (attempt === 3 || !/cannot bind|Address already in use/i.test(output)) {
      await rm(dir, { recursive: true, force: true });
      throw new Error(`HAProxy did not start:\n${output}`);
    }
  }
}
