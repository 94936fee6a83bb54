/**
 * `create-saml`: custom SAML 2.0 app creates per second over HTTP ÷ bookmark app creates per second,
 * on the same server in the same run (goal ≥ 0.5). A SAML app gets a signing key of its own; the key
 * pair and certificate are made on the key's first read, so a suite creating many SAML apps does not
 * wait for RSA key generation at each create. Rounds alternate, so both kinds see the store grow alike.
 */
import { compare, type BenchResult } from './measure';
import { result, startLoad, tracked } from './http-server';
import { startSeededServer } from './server-process';
import { samlSignOn } from '../mock-server/seed/saml-sign-on';

const CREATES_PER_ROUND = 200;
const WARMUP = 2;
const ROUNDS = 15;

const bookmark = (i: number) => JSON.stringify({ name: 'bookmark', label: `Bookmark ${i}`, signOnMode: 'BOOKMARK', settings: { app: { url: `https://app${i}.example.com` } } });

const saml = (i: number) => JSON.stringify({ label: `SAML ${i}`, signOnMode: 'SAML_2_0', settings: { signOn: samlSignOn(`https://sp${i}.example.com`) } });

/** The `create-saml` result: SAML 2.0 creates ÷ bookmark creates, throughput and server CPU per request. */
export async function createSamlThroughput(): Promise<BenchResult> {
  const server = await startSeededServer(0);
  const load = startLoad();
  try {
    const headers = { authorization: `SSWS ${server.token}`, accept: 'application/json', 'content-type': 'application/json' };
    const job = (body: (i: number) => string, offset: number) => {
      let round = 0;
      return tracked(server, CREATES_PER_ROUND, () => {
        const first = offset + round++ * CREATES_PER_ROUND;
        const bodies = Array.from({ length: CREATES_PER_ROUND }, (_, i) => body(first + i));
        return load.run({ url: `${server.url}/api/v1/apps`, method: 'POST', headers, expectStatus: 200, bodies });
      });
    };
    const [baseline, subject] = [job(bookmark, 0), job(saml, 1_000_000)];
    const times = await compare(baseline.run, subject.run, { warmup: WARMUP, rounds: ROUNDS });
    return result(times, { baseline: baseline.perRequest, subject: subject.perRequest }, CREATES_PER_ROUND, {
      unit: 'creates per s (SAML 2.0 ÷ bookmark)',
      goal: '≥ 0.5',
    });
  } finally {
    await load.stop();
    await server.stop();
  }
}
