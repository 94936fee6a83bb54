import type { SeedApp } from '../mock-server/index';

/**
 * `count` bookmark apps: every other one INACTIVE (so `status eq "ACTIVE"` keeps half), and one in
 * four labelled `Beta …` (so `q=beta` keeps a quarter) — the same proportions at every size.
 */
export function benchApps(count: number): SeedApp[] {
  return Array.from({ length: count }, (_, i) => ({
    input: {
      name: 'bookmark',
      label: `${i % 4 === 1 ? 'Beta' : 'Alpha'} app ${i}`,
      signOnMode: 'BOOKMARK',
      settings: { app: { url: `https://app${i}.example.com` } },
    },
    activate: i % 2 === 0,
  }));
}

/** How many users the SET benchmarks' organizations have: the tokens name them in turn. */
export const BENCH_USERS = 100;

/** The email of the `n`th token's subject: one of the {@link BENCH_USERS} users, in turn. */
export function benchUserEmail(n: number): string {
  return `user${n % BENCH_USERS}@example.com`;
}

/** The users the SET benchmarks seed: the receiver acts only on events about users of the organization. */
export function benchUsers(): Array<{ login: string }> {
  return Array.from({ length: BENCH_USERS }, (_, i) => ({ login: benchUserEmail(i) }));
}
