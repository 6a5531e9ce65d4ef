/** Child processes of the benchmarks: the API, its ceilings and the payment sandbox, each a process of its own. */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const apiRoot = fileURLToPath(new URL('..', import.meta.url));
const tsxLoader = import.meta.resolve('tsx');

/** The first line of a child's output that is a JSON object with a `port` (the ceilings print one). */
export function portFromLine(onPort: (port: number) => void): (line: string) => void {
  return (line) => {
    if (!line.startsWith('{')) return;
    const parsed = JSON.parse(line) as { port?: unknown };
    if (typeof parsed.port === 'number') onPort(parsed.port);
  };
}

export interface Child {
  pid: number;
  /** The last lines the process wrote, to show when it fails. */
  output: () => string;
  exited: () => boolean;
  stop: () => Promise<void>;
}

/**
 * Starts `node` on a script of the API package: a `.ts` file through tsx's loader (node itself, not the
 * tsx CLI, so the pid is the script's own), a built `.js` file as it is. `onLine` hears its stdout.
 */
export function startChild(name: string, args: string[], env: NodeJS.ProcessEnv, onLine?: (line: string) => void): Child {
  const loader = args[0]?.endsWith('.ts') ? ['--import', tsxLoader] : [];
  const child: ChildProcess = spawn(process.execPath, [...loader, ...args], {
    cwd: apiRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid === undefined) throw new Error(`${name} did not start`);
  let output = '';
  let partial = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  child.stdout!.on('data', (chunk: Buffer) => {
    keep(chunk);
    if (!onLine) return;
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) onLine(line);
  });
  child.stderr!.on('data', keep);
  const exit = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  return {
    pid: child.pid,
    output: () => output,
    exited,
    stop: async () => {
      if (exited()) return;
      child.kill('SIGTERM');
      // The API drains for up to 10 s on SIGTERM; past that it is killed.
      const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exit;
      clearTimeout(killer);
    },
  };
}

/** A port free right now, so the API can be told its public URL first (the tests' helper). */
export { freePort } from '../test/helpers/ports.ts';

export async function waitForHealth(child: Child, url: string, name: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exited()) throw new Error(`${name} exited while starting:\n${child.output()}`);
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${name} did not answer ${url} within 120 s:\n${child.output()}`);
}
