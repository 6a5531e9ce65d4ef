/**
 * Summarises a V8 CPU profile (.cpuprofile, e.g. from BENCH_CPU_PROFILE in orders-throughput.ts): the
 * share of self time by category (our code by folder, each package, Node's internals by module, GC,
 * idle) and the functions with the most self time.
 * `tsx bench/orders-profile.ts <file.cpuprofile> [top functions, default 30]`
 */
import { readFile } from 'node:fs/promises';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** Where a function lives, in a few words: `ours: orders`, `pkg: fastify`, `node: net`, `(garbage collector)`. */
export function categoryOf({ functionName, url }: ProfileNode['callFrame']): string {
  if (!url) return functionName.startsWith('(') ? functionName : `native: ${functionName || '(anonymous)'}`;
  const ours = /\/apps\/api\/(src|bench)\/([^/]+)/.exec(url);
  if (ours) return ours[1] === 'bench' ? 'ours: bench' : `ours: ${ours[2]!.replace(/\.ts$/, '')}`;
  if (url.includes('/packages/contracts/')) return 'ours: contracts';
  const modules = url.split('/node_modules/');
  if (modules.length > 1) {
    const rest = modules.at(-1)!.split('/');
    return `pkg: ${rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]}`;
  }
  if (url.startsWith('node:')) {
    const parts = url.slice('node:'.length).split('/');
    return `node: ${parts[0] === 'internal' ? (parts[1] ?? 'internal') : parts[0]}`;
  }
  return `other: ${url}`;
}

async function main(): Promise<void> {
  const [file, topArg] = process.argv.slice(2);
  if (!file) throw new Error('usage: tsx bench/orders-profile.ts <file.cpuprofile> [top]');
  const profile = JSON.parse(await readFile(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMicros = new Map<number, number>();
  profile.samples.forEach((id, index) => selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)));
  const total = [...selfMicros.values()].reduce((sum, n) => sum + n, 0);
  const idle = [...selfMicros].filter(([id]) => byId.get(id)!.callFrame.functionName === '(idle)').reduce((sum, [, n]) => sum + n, 0);
  const busy = total - idle;

  const categories = new Map<string, number>();
  const functions = new Map<string, number>();
  for (const [id, micros] of selfMicros) {
    const frame = byId.get(id)!.callFrame;
    if (frame.functionName === '(idle)') continue;
    const category = categoryOf(frame);
    categories.set(category, (categories.get(category) ?? 0) + micros);
    const name = `${frame.functionName || '(anonymous)'} ${frame.url ? `${frame.url.replace(/^.*\/node_modules\//, '').replace(/^file:\/\/.*\/apps\/api\//, '')}:${frame.lineNumber + 1}` : ''}`;
    functions.set(name, (functions.get(name) ?? 0) + micros);
  }
  const share = (micros: number) => `${((micros / busy) * 100).toFixed(1).padStart(5)}%`;
  // A socket write wakes its reader (PostgreSQL, the sandbox, a buyer) and the scheduler often runs it
  // at once: on a loaded machine much of writev's "self time" is this process waiting for a CPU. Its
  // callers, by the nearest frame of a package or of ours, tell who wrote.
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const writers = new Map<string, number>();
  let writes = 0;
  for (const [id, micros] of selfMicros) {
    const name = byId.get(id)!.callFrame.functionName;
    if (name !== 'writev' && name !== 'writeBuffer') continue;
    writes += micros;
    let at: number | undefined = id;
    let writer = '(unknown)';
    while (at !== undefined) {
      const category = categoryOf(byId.get(at)!.callFrame);
      if (category.startsWith('pkg:') || category.startsWith('ours:')) {
        writer = category;
        break;
      }
      at = parentOf.get(at);
    }
    writers.set(writer, (writers.get(writer) ?? 0) + micros);
  }
  const lines = [
    `profile: ${(total / 1e6).toFixed(1)} s, busy ${(busy / 1e6).toFixed(1)} s (${((busy / total) * 100).toFixed(0)}%), idle ${(idle / 1e6).toFixed(1)} s; shares below are of the busy time`,
    'self time by category:',
    ...[...categories]
      .sort((a, b) => b[1] - a[1])
      .filter(([, micros]) => micros / busy >= 0.003)
      .map(([category, micros]) => `  ${share(micros)}  ${category}`),
    `socket writes (writev, writeBuffer): ${share(writes)} of the busy time, by writer:`,
    ...[...writers].sort((a, b) => b[1] - a[1]).map(([writer, micros]) => `  ${share(micros)}  ${writer}`),
    `busy time without the socket writes: ${((busy - writes) / 1e6).toFixed(1)} s; the categories again as shares of it:`,
    ...[...categories]
      .filter(([category]) => category !== 'native: writev' && category !== 'native: writeBuffer')
      .sort((a, b) => b[1] - a[1])
      .filter(([, micros]) => micros / (busy - writes) >= 0.005)
      .map(([category, micros]) => `  ${((micros / (busy - writes)) * 100).toFixed(1).padStart(5)}%  ${category}`),
    `top ${Number(topArg ?? 30)} functions by self time:`,
    ...[...functions]
      .sort((a, b) => b[1] - a[1])
      .slice(0, Number(topArg ?? 30))
      .map(([name, micros]) => `  ${share(micros)}  ${name}`),
  ];
  process.stdout.write(lines.join('\n') + '\n');
}

await main();
