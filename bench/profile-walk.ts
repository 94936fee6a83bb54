/**
 * profile-walk: where the CPU time of list-vs-okta-sdk's walks goes, read from Node's own profiler.
 * Not a benchmark (it prints no ratio and writes nothing to results.json): a way to find costs.
 *
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx bench/profile-walk.ts walk lazy 30
 *   node --import tsx bench/profile-walk.ts report /tmp/prof/<the larger file>.cpuprofile 30
 *
 * `walk <floor|lazy|prefetch> <n>` walks the 10,000 apps of bench/seeded-server.ts (200 a page, over
 * HTTP, the server in another process) 3 + n times and prints this process's CPU milliseconds per
 * walk; `walk <…> <n> memory` walks 50 copies of its first page served from memory instead (see
 * `inMemoryWalks`), leaving the server and the socket out of the profile. `report <file> <n>` sorts the profile's samples into the categories below (each sample by the
 * first rule its stack meets, from the running function outwards) and prints milliseconds per walk;
 * compare a floor profile with an appset one. Under load the profiler's milliseconds grow with the
 * machine's, so compare shares and categories, not totals, across runs.
 */
import { readFileSync } from 'node:fs';
import { inMemoryWalks, listWalks } from './list-walks';
import { startSeededServer } from './server-process';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}

type Rule = [category: string, matches: (frame: ProfileNode['callFrame']) => boolean];

/** Rules for the running function itself. */
const LEAF_RULES: Rule[] = [
  ['idle', (f) => f.functionName === '(idle)'],
  ['garbage collection', (f) => f.functionName === '(garbage collector)'],
  ['socket write (system call)', (f) => f.functionName === 'writeLatin1String'],
  ['body decode (TextDecoder)', (f) => f.functionName === 'decode' && f.url.includes('encoding')],
  // JSON.parse runs inlined into its caller: the floor's walk, appset's parseJson.
  ['JSON.parse', (f) => f.functionName === 'parseJson' || f.functionName === 'floorWalk' || (f.functionName === 'parse' && f.url === '')],
];

/** Rules for the stack, from the running function outwards. */
const STACK_RULES: Rule[] = [
  ['fetch (undici), streams, promises', (f) => f.url.includes('undici')],
  ['module loading', (f) => /modules\/(esm|cjs)|esbuild|tsx/.test(f.url)],
  ['validation (zod, parseInPlace, app schema)', (f) => /zod\/|validation\/in-place|apps\/application/.test(f.url)],
  ['body read (readBoundedBody)', (f) => f.functionName === 'readBoundedBody'],
  ['ky', (f) => f.url.includes('/ky/')],
  ['Link header and next-link checks', (f) => /parseLinkHeader|nextStep/.test(f.functionName)],
  ['appset, other', (f) => /\/(src|dist)\//.test(f.url) && !f.url.includes('node_modules')],
];

function report(file: string, walks: number): void {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const totals = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    let category = LEAF_RULES.find(([, matches]) => matches(nodes.get(id)!.callFrame))?.[0];
    for (let at: number | undefined = id; category === undefined && at !== undefined; at = parent.get(at)) {
      category = STACK_RULES.find(([, matches]) => matches(nodes.get(at!)!.callFrame))?.[0];
    }
    category ??= 'node, other (promises, timers, streams)';
    totals.set(category, (totals.get(category) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  totals.delete('idle');
  totals.delete('module loading');
  const busy = [...totals.values()].reduce((a, b) => a + b, 0);
  console.log(`${(busy / 1000 / walks).toFixed(1)} ms per walk of CPU samples (idle and module loading left out)`);
  for (const [category, us] of [...totals].sort((a, b) => b[1] - a[1])) {
    console.log(`${((100 * us) / busy).toFixed(1).padStart(5)}%  ${(us / 1000 / walks).toFixed(1).padStart(6)} ms  ${category}`);
  }
}

async function walk(kind: 'floor' | 'lazy' | 'prefetch', walks: number, fromMemory: boolean): Promise<void> {
  const server = await startSeededServer(10_000);
  try {
    const run = (fromMemory ? await inMemoryWalks(server, 50) : listWalks(server, 10_000))[kind];
    for (let i = 0; i < 3; i++) await run();
    const start = process.cpuUsage();
    for (let i = 0; i < walks; i++) await run();
    const spent = process.cpuUsage(start);
    console.log(`${kind}: ${((spent.user + spent.system) / 1000 / walks).toFixed(1)} ms of CPU per walk (this process)`);
  } finally {
    await server.stop();
  }
}

const [command, what, count, from] = process.argv.slice(2);
if (command === 'walk' && (what === 'floor' || what === 'lazy' || what === 'prefetch')) await walk(what, Number(count ?? 30), from === 'memory');
else if (command === 'report' && what) report(what, Number(count ?? 30) + 3);
else throw new Error('usage: profile-walk.ts walk <floor|lazy|prefetch> [walks] [memory] | report <file.cpuprofile> [walks]');
