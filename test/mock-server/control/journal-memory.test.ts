import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createMockBackend } from '../../../mock-server/index';

// Issue 31, item 2: a 1 MiB form `client_secret=<…>` was redacted into a string made from the body
// (a V8 slice, or a concatenation holding one), which kept the whole body alive: 120 such requests
// grew the heap by 121 MB. The journal's bound must hold for every kind of body, and for a path cut
// from a long URL. Measured honestly: the heap after a full collection (`--expose-gc`), in a child
// process, with a new backend per kind, each holding its entries while it is measured.
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** Requests sent per kind: at 1 MiB each, a journal that kept its bodies would grow by as many MB. */
const REQUESTS = 60;

const script = `
  import { createMockBackend } from './mock-server/index.ts';
  const MiB = 1024 * 1024;
  const fill = (head, tail = '') => head + 'x'.repeat(MiB - head.length - tail.length) + tail;
  const part = (name, value) => '--b\\r\\nContent-Disposition: form-data; name="' + name + '"\\r\\n\\r\\n' + value + '\\r\\n';
  const kinds = {
    'a form of a client secret alone, as in the issue': ['/oauth2/v1/token', 'application/x-www-form-urlencoded', fill('client_secret=')],
    'form with a client secret among fields': ['/oauth2/v1/token', 'application/x-www-form-urlencoded', fill('grant_type=client_credentials&client_secret=')],
    'form labelled as bytes': ['/oauth2/v1/token', 'application/octet-stream', fill('client_secret=')],
    'JSON with a password': ['/api/v1/users', 'application/json', fill('{"credentials":{"password":{"value":"', '"}}}')],
    'multipart with a secret part': ['/oauth2/v1/token', 'multipart/form-data; boundary=b', fill(part('client_secret', ''), '\\r\\n--b--\\r\\n')],
    'text with a private key': ['/api/v1/nothing', 'text/plain', fill('-----BEGIN PRIVATE KEY-----\\n', '\\n-----END PRIVATE KEY-----\\n')],
    'text with nothing to redact': ['/api/v1/nothing', 'text/plain', fill('')],
    'a long query': ['/api/v1/apps?q=' + 'x'.repeat(MiB), null, null],
  };
  const growth = {};
  for (const [kind, [path, contentType, body]] of Object.entries(kinds)) {
    let backend = createMockBackend();
    gc(); const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < ${REQUESTS}; i++) {
      const init = body === null ? {} : { method: 'POST', headers: { 'content-type': contentType }, body };
      await backend.fetch(new Request(backend.orgUrl + path, init));
    }
    gc(); const after = process.memoryUsage().heapUsed;
    if (backend.journal.list().length !== ${REQUESTS}) throw new Error(kind + ': not journaled');
    growth[kind] = Math.round((after - before) / 1e5) / 10;
    backend = undefined;
  }
  console.log(JSON.stringify(growth));
`;

describe("the journal's memory bound holds for every kind of body", () => {
  it(`${REQUESTS} requests of 1 MiB of each kind grow the heap by a few MB at most, not by what was sent`, () => {
    const run = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8', timeout: 170_000 });
    expect(run.stderr).toBe('');
    const growthMb = JSON.parse(run.stdout) as Record<string, number>;
    expect(Object.keys(growthMb)).toHaveLength(8);
    // 60 entries of at most 16 KiB of body each way and 20 KiB of path and headers are 3.5 MB; a
    // journal that kept each body (or URL) whole held 60 MB.
    for (const [kind, mb] of Object.entries(growthMb)) expect(mb, kind).toBeLessThan(15);
  }, 180_000);
});

describe('what an entry keeps beside its bodies is bounded too', () => {
  it('a method of a million letters, which fetch lets a test send in-process, is kept cut to 64 letters', async () => {
    const backend = createMockBackend();
    const answered = await backend.fetch(new Request(`${backend.orgUrl}/api/v1/apps`, { method: 'X'.repeat(1_000_000) }));
    expect(answered.status).toBe(405);
    expect(backend.journal.list()[0]!.method).toBe(`${'X'.repeat(64)}…`);
  });
});
