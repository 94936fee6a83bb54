/**
 * iterate-memory-mb: heap growth while iterating 100,000 apps with the client (goal ≤ 50 MB). The
 * server runs in another process; this one measures its own heap after a forced GC before the walk
 * and the highest heap seen at each page during it. Run with --expose-gc (bench/run.ts does).
 */
import { createClient } from '../src/index';
import { startSeededServer } from './server-process';

const APPS = 100_000;

export async function iterateMemory(): Promise<{ value: number; apps: number; unit: string; goal: string }> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with node --expose-gc');
  const server = await startSeededServer(APPS);
  try {
    const client = createClient({ orgUrl: server.url, token: server.token });
    gc();
    const before = process.memoryUsage().heapUsed;
    let peak = before;
    let n = 0;
    for await (const page of client.apps.list({ limit: 200 }).pages()) {
      n += page.items.length;
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    }
    if (n !== APPS) throw new Error(`walked ${n} apps, expected ${APPS}`);
    return { value: Number(((peak - before) / 1024 / 1024).toFixed(1)), apps: n, unit: 'MB of heap growth', goal: '≤ 50' };
  } finally {
    await server.stop();
  }
}

// Run as its own process so no other benchmark's garbage is counted.
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  console.log(JSON.stringify(await iterateMemory()));
}
