/**
 * `npm run bench`: every benchmark, each a ratio against a baseline measured in this same run.
 * Prints a table and writes bench/results.json. `npm run bench -- <name>…` runs only the benchmarks
 * named and updates their entries, keeping the others as last measured.
 */
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { bundleSizes } from './bundle-size';
import { clientOverhead } from './client-overhead';
import { createSamlThroughput } from './create-saml';
import { httpServerBenchmarks } from './http-server';
import { listVsOktaSdk, type ListResult } from './list-vs-okta-sdk';
import { pageScaling } from './page-scaling';
import { serverPeerBenchmarks } from './server-peers';
import { setPublisherThroughput } from './set-publisher';
import { setVerifyVsJose } from './set-verify';

const run = promisify(execFile);

async function iterateMemoryInChild() {
  const script = fileURLToPath(new URL('./iterate-memory.ts', import.meta.url));
  const { stdout } = await run(process.execPath, ['--expose-gc', '--import', 'tsx', script], { maxBuffer: 1 << 20 });
  return JSON.parse(stdout.trim().split('\n').pop()!) as { value: number; unit: string; goal: string };
}

const results: Record<string, Record<string, unknown>> = {};
const steps: Array<[string, () => Promise<Record<string, unknown>>]> = [
  ['client-overhead', clientOverhead],
  ['list-vs-okta-sdk', listVsOktaSdk],
  ['page-scaling', pageScaling],
  ['set-verify-vs-jose', setVerifyVsJose],
  ['set-publisher', setPublisherThroughput],
  ['iterate-memory-mb', iterateMemoryInChild],
  ['bundle-client-gzip', async () => bundleResult('client')],
  ['bundle-core-gzip', async () => bundleResult('core')],
  ['bundle-set-gzip', async () => bundleResult('set')],
  ['create-saml', createSamlThroughput],
];
// One step measures three results (the HTTP servers and their load generator start once).
const HTTP_RESULTS = ['http-get-app', 'http-get-page', 'set-ingestion-http'];
// And one step measures the built `appset-mock` against bare node:http and WireMock (bench/server-peers.ts).
const SERVER_RESULTS = ['server-get-app', 'server-get-page', 'server-cold-start-ms', 'server-import-ms'];
const only = process.argv.slice(2);
const known = [...steps.map(([name]) => name), ...HTTP_RESULTS, ...SERVER_RESULTS];
const unknown = only.filter((name) => !known.includes(name));
if (unknown.length) throw new Error(`unknown benchmark ${unknown.join(', ')}; the benchmarks are ${known.join(', ')}`);
const wanted = (name: string) => only.length === 0 || only.includes(name);

let bundles: Awaited<ReturnType<typeof bundleSizes>> | undefined;
async function bundleResult(entry: 'client' | 'core' | 'set') {
  bundles ??= await bundleSizes();
  const size = bundles[entry];
  return { value: size.gzipped, unit: `bytes gzipped (${size.minified} minified)`, goal: `≤ ${size.goal}`, largest: size.largest };
}
for (const [name, bench] of steps) {
  if (!wanted(name)) continue;
  process.stderr.write(`running ${name}…\n`);
  results[name] = await bench();
}
if (HTTP_RESULTS.some(wanted)) {
  process.stderr.write(`running ${HTTP_RESULTS.join(', ')}…\n`);
  Object.assign(results, await httpServerBenchmarks());
}
if (SERVER_RESULTS.some(wanted)) {
  process.stderr.write(`running ${SERVER_RESULTS.join(', ')}…\n`);
  Object.assign(results, await serverPeerBenchmarks(wanted));
}

const rows = Object.entries(results).map(([name, r]) => {
  const measured = 'value' in r ? `${r.value}` : `${r.ratio}`;
  const cpu = 'cpuRatio' in r ? `; CPU per request ratio ${r.cpuRatio}` : '';
  const detail = 'ratio' in r ? `subject ${r.subject} vs baseline ${r.baseline} ${r.unit}${cpu}` : `${r.unit}`;
  return [name, measured, String(r.goal), detail];
});
const widths = [0, 1, 2].map((i) => Math.max(...rows.map((row) => row[i]!.length), ['benchmark', 'result', 'goal'][i]!.length));
const line = (cells: string[]) => cells.map((c, i) => (i < 3 ? c.padEnd(widths[i]!) : c)).join('  ');
console.log(`\nappset benchmarks (node ${process.version}, ${cpus().length} cpus)\n`);
console.log(line(['benchmark', 'result', 'goal', 'measured']));
for (const row of rows) console.log(line(row));
for (const name of ['server-get-app', 'server-get-page']) {
  const r = results[name];
  if (!r) continue;
  const peers = Object.entries(r.peers as Record<string, { perSecond: number; cpuMicrosPerRequest: number }>).map(([peer, p]) => `${peer} ${p.perSecond}/s (${p.cpuMicrosPerRequest} µs CPU)`);
  const wiremock = 'vsWireMockTuned' in r ? `÷ WireMock defaults ${r.vsWireMockDefaults}, tuned ${r.vsWireMockTuned}` : String(r.wiremock);
  console.log(`${name}: ${peers.join(', ')}; ${wiremock}`);
}
const start = results['server-cold-start-ms'];
if (start) console.log(`server-cold-start-ms: appset-mock ${start.subject} ms, bare node:http ${start.baseline} ms, WireMock ${start.wiremockMs ?? start.wiremock}`);
const set = results['set-verify-vs-jose'];
if (set) {
  console.log(`SET verification one at a time (latency): ${set.sequentialRatio} of jose's throughput`);
  console.log(`SET ingestion over HTTP: ${set.ingestionPerSecond} SETs per second`);
}
const overhead = results['client-overhead'];
if (overhead) {
  console.log(`client-overhead: quartiles of the rounds ${(overhead.quartiles as number[]).join('–')}; beside a bare fetch: ${overhead.fetchRatio} (bare ky ÷ fetch: ${overhead.kyFetchRatio}); CPU time ÷ ky: ${overhead.cpuRatio}, ÷ fetch: ${overhead.cpuFetchRatio}`);
}
const publisher = results['set-publisher'];
if (publisher) {
  const unread = publisher.vsUnreadLoop as { ratio: number; quartiles: number[]; loop: number };
  console.log(`set-publisher: quartiles of the rounds ${(publisher.quartiles as number[]).join('–')}; ÷ a bare loop leaving empty answers unread (${unread.loop} per s): ${unread.ratio} (quartiles ${unread.quartiles.join('–')})`);
}
const list = results['list-vs-okta-sdk'] as ListResult | undefined;
if (list) {
  const { cpu, vsOktaSdk: sdk } = list;
  console.log(
    `Listing ÷ the floor (fetch + JSON.parse, one page at a time, ${list.floorMs} ms): lazy ${list.lazyRatio} (quartiles ${list.lazyQuartiles.join('–')}), prefetch ${list.prefetchRatio} (quartiles ${list.prefetchQuartiles.join('–')}); CPU time ÷ the floor's: lazy ${cpu.lazyRatio}, prefetch ${cpu.prefetchRatio}`,
  );
  console.log(`Listing ÷ okta-sdk-nodejs (${sdk.oktaSdkMs} ms): lazy ${sdk.lazy}, prefetch ${sdk.prefetch}, floor ${sdk.floor}`);
  console.log(`Listing from memory, CPU time ÷ the floor's (${list.inMemory.floorMs} ms): lazy ${list.inMemory.lazyRatio}, prefetch ${list.inMemory.prefetchRatio}`);
}

// Each result records the machine it was measured on, since a partial run keeps the other entries.
const machine = { date: new Date().toISOString(), node: process.version, cpus: cpus().length, cpuModel: cpus()[0]?.model ?? 'unknown', loadAverage: loadavg()[0] };
for (const result of Object.values(results)) result.machine = machine;
const file = new URL('./results.json', import.meta.url);
const kept = only.length ? (JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>) : {};
await writeFile(file, `${JSON.stringify({ ...kept, ...results }, null, 2)}\n`);
console.log('\nwrote bench/results.json');
