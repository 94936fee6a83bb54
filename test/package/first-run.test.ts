import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The README's first promise: in a clone with nothing installed, `npm install && npm run demo` runs
// the demo against the embedded organization. This copies the repository's files (what a clone
// holds: tracked files and new ones git does not ignore) into an empty folder and runs exactly that
// command. npm reads its cache first (npm_config_prefer_offline), as a machine that ran `npm ci`
// would; `npm test`, the block's other command, is what runs this file (.ci/run runs it).
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FIRST_RUN = 'npm install && npm run demo';

function cloneLikeCopy(): string {
  const listed = spawnSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: ROOT, encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  const work = mkdtempSync(join(tmpdir(), 'appset-first-run-'));
  const copy = join(work, 'appset');
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    cpSync(join(ROOT, file), join(copy, file));
  }
  return copy;
}

describe('the first run of a clone, as the README gives it', () => {
  it(`\`${FIRST_RUN}\` installs and runs the demo, with no organization and no credentials`, () => {
    const copy = cloneLikeCopy();
    try {
      // Only the environment a user's shell has: none of the outer npm run's settings.
      const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(npm_|VITEST|NODE_OPTIONS$)/i.test(name)));
      const run = spawnSync('bash', ['-c', FIRST_RUN], {
        cwd: copy,
        encoding: 'utf8',
        timeout: 420_000,
        env: { ...env, npm_config_prefer_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' },
      });
      expect(run.error).toBeUndefined();
      expect(run.stdout).toContain('appset demo: a client against an in-memory organization at https://appset.okta.test');
      expect(run.stdout).toContain('ada@example.com risk level is now high');
      expect(run.status, run.stderr).toBe(0);
    } finally {
      rmSync(dirname(copy), { recursive: true, force: true });
    }
  }, 480_000);
});
