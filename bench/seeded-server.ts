/**
 * A backend with N generated apps served over HTTP on 127.0.0.1, for benchmarks that need a real
 * server in another process. Prints `listening <url>` once ready; stops on SIGTERM.
 * With `APPSET_BENCH_PROVIDER` set to `{"issuer", "jwks"}`, that provider is registered (SET ingestion),
 * with the users the benchmark tokens name. `APPSET_BENCH_ORG_URL` sets the organization URL (the tokens' audience).
 * Usage: node --import tsx bench/seeded-server.ts <count>
 */
import { createMockBackend } from '../mock-server/index';
import { listen } from '../mock-server/node/index';
import { benchApps, benchUsers } from './fixtures';
import { answerCpuQueries } from './server-process';

const count = Number(process.argv[2] ?? '10000');
const orgUrl = process.env.APPSET_BENCH_ORG_URL;
const backend = createMockBackend({ seed: benchApps(count), ...(orgUrl ? { orgUrl } : {}) });
if (process.env.APPSET_BENCH_PROVIDER) {
  backend.providers.register(JSON.parse(process.env.APPSET_BENCH_PROVIDER));
  // The receiver acts only on events about users of the organization: the tokens name these.
  for (const user of benchUsers()) backend.directory.addUser(user);
}
const running = await listen(backend, { host: '127.0.0.1', port: 0 });
console.log(`listening ${running.url} ${backend.defaultToken}`);
answerCpuQueries();
process.on('SIGTERM', () => {
  void running.close().then(() => process.exit(0));
});
