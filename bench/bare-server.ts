/**
 * The baselines of the HTTP benchmarks: bare node:http servers doing the least the job needs.
 * - `replay <file>`: answers each path with the status, headers and body recorded in the file (the
 *   bytes the appset server sent for it), copied from memory.
 * - `set-receiver <issuer> <audience> <jwk-json>`: verifies each posted token with `jose.jwtVerify`
 *   alone, remembers its `jti` (a second use is 400) and answers 202.
 * Prints `listening <url>` once ready; stops on SIGTERM. Binds 127.0.0.1 only.
 * Usage: node --import tsx bench/bare-server.ts replay <file> | set-receiver <issuer> <audience> <jwk>
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { importJWK, jwtVerify } from 'jose';
import { answerCpuQueries } from './server-process';

/** A recorded answer: status, raw header pairs, body (base64). */
export interface RecordedAnswer {
  status: number;
  headers: Array<[string, string]>;
  body: string;
}

const MAX_BODY = 64 * 1024;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) req.destroy(new Error('body too large'));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

const [mode, ...args] = process.argv.slice(2);
let handler: Parameters<typeof createServer>[1];

if (mode === 'replay') {
  const recorded = JSON.parse(readFileSync(args[0]!, 'utf8')) as Record<string, RecordedAnswer>;
  const answers = new Map(
    Object.entries(recorded).map(([path, answer]) => [path, { ...answer, bytes: Buffer.from(answer.body, 'base64') }]),
  );
  handler = (req, res) => {
    const answer = answers.get(req.url ?? '/');
    if (!answer) {
      res.writeHead(404).end();
      return;
    }
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of answer.headers) {
      const seen = headers[name];
      headers[name] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
    }
    res.writeHead(answer.status, headers);
    res.end(answer.bytes);
  };
} else if (mode === 'set-receiver') {
  const [issuer, audience, jwk] = args as [string, string, string];
  const key = await importJWK(JSON.parse(jwk) as Parameters<typeof importJWK>[0], 'RS256');
  const seen = new Set<string>();
  handler = (req, res) => {
    void readBody(req)
      .then(async (token) => {
        const { payload } = await jwtVerify(token.trim(), key, { issuer, audience, typ: 'secevent+jwt' });
        const jti = `${payload.iss} ${payload.jti}`;
        if (seen.has(jti)) throw new Error('jti reused');
        seen.add(jti);
        res.writeHead(202).end();
      })
      .catch(() => {
        res.writeHead(400, { 'content-type': 'application/json' }).end('{"err":"invalid_request"}');
      });
  };
} else {
  throw new Error(`bare-server: unknown mode ${mode}; use replay or set-receiver`);
}

const server = createServer(handler);
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
console.log(`listening http://127.0.0.1:${(server.address() as AddressInfo).port}`);
answerCpuQueries();
process.on('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
