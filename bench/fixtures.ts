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
