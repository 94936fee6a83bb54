import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The provider's side uses appset/set alone (and its node:http adapter).
import {
  createProviderHandler,
  createPublisher,
  events,
  signSecurityEventToken,
  type ProviderHandler,
  type PublishOutcome,
  type SigningKey,
} from '../../src/set/index';
import { toNodeListener } from '../../src/set/node/index';
// The organization's side: appset-mock over HTTP, administered with the client.
import { createClient } from '../../src/index';
import { createMockBackend } from '../../mock-server/index';
import { listen, type RunningServer } from '../../mock-server/node/index';

const RECEIVER_PATH = '/security/api/v1/security-events';

function listening(server: Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

function closed(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

/**
 * A hop between the provider and the organization that fails the first deliveries as networks do:
 * a 503; a delivery passed on whose answer is lost (the connection dropped after the organization
 * accepted it); a 429 with `Retry-After: 1`. Every later request passes through.
 */
function flakyHop(target: string) {
  const seen: string[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const n = req.url === RECEIVER_PATH ? seen.push(Buffer.concat(chunks).toString()) : 0;
      if (n === 1) return void res.writeHead(503, { 'content-type': 'text/plain' }).end('upstream unavailable');
      if (n === 3) return void res.writeHead(429, { 'retry-after': '1' }).end();
      const upstream = request(new URL(req.url!, target), { method: req.method, headers: req.headers }, (answer) => {
        const body: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => body.push(chunk));
        answer.on('end', () => {
          // The organization has the token; its answer never reaches the provider.
          if (n === 2) return void res.socket?.destroy();
          res.writeHead(answer.statusCode!, answer.headers).end(Buffer.concat(body));
        });
      });
      upstream.end(Buffer.concat(chunks));
    });
  });
  return { server, seen };
}

const backend = createMockBackend();
let organization: RunningServer;
let provider: Server;
let providerUrl: string;
let handler: ProviderHandler;
let hop: ReturnType<typeof flakyHop>;
let hopUrl: string;
let signingKey: SigningKey;

beforeAll(async () => {
  organization = await listen(backend, { host: '127.0.0.1', port: 0 });
  backend.directory.addUser({ login: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' });

  // The provider: a key pair, and its discovery document and key set served over node:http.
  const pair = await crypto.subtle.generateKey(
    { name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  signingKey = pair.privateKey;
  provider = createServer(toNodeListener((req) => handler(req)));
  providerUrl = await listening(provider);
  handler = await createProviderHandler({ issuer: `${providerUrl}/risk`, keys: [pair.publicKey as SigningKey] });

  hop = flakyHop(organization.url);
  hopUrl = await listening(hop.server);
});

afterAll(async () => {
  await closed(hop.server);
  await closed(provider);
  await organization.close();
});

describe('a provider on 127.0.0.1, using appset/set only, and an organization in appset-mock', () => {
  it('the organization registers the provider by its well-known URL, reading issuer and jwks_uri from it', async () => {
    const admin = createClient({ orgUrl: organization.url, token: backend.defaultToken });
    const created = await admin.securityEventsProviders.create({ name: 'Risk Engine', type: 'okta', settings: { well_known_url: handler.configurationUrl } });
    expect(handler.configurationUrl).toBe(`${providerUrl}/.well-known/ssf-configuration/risk`);
    expect(created.settings).toEqual({ issuer: `${providerUrl}/risk`, jwks_url: `${providerUrl}/risk/jwks.json`, well_known_url: handler.configurationUrl });
    expect(created.status).toBe('ACTIVE');
  });

  it('tokens published through a flaky hop are each acted on exactly once', async () => {
    const outcomes: PublishOutcome[] = [];
    const publisher = createPublisher({ endpoint: `${hopUrl}${RECEIVER_PATH}`, concurrency: 1, baseDelayMs: 20, onOutcome: (o) => outcomes.push(o) });
    const sign = (jti: string, input: ReturnType<typeof events.userRiskChange> | ReturnType<typeof events.sessionRevoked>) =>
      signSecurityEventToken({ iss: `${providerUrl}/risk`, aud: organization.url, jti, events: input }, { key: signingKey, kid: handler.jwks.keys[0]!.kid });
    const ada = { user: { format: 'email', email: 'ada@example.com' } } as const;
    const tokens = await Promise.all([
      sign('risk-1', events.userRiskChange({ subject: ada, current_level: 'high', previous_level: 'low' })),
      sign('revoke-1', events.sessionRevoked({ subject: ada })),
    ]);

    const receipts = await Promise.all(tokens.map((token) => publisher.publish(token)));

    expect(receipts.map((r) => [r.status, r.attempts])).toEqual([[202, 4], [202, 1]]);
    expect(outcomes.map((o) => [o.jti, o.status, o.attempts])).toEqual([['risk-1', 'delivered', 4], ['revoke-1', 'delivered', 1]]);
    // The hop saw the first token four times, identical each time, then the second once.
    expect(hop.seen).toEqual([tokens[0], tokens[0], tokens[0], tokens[0], tokens[1]]);
    // Acted on once: the risk level, one revocation, one System Log event each, one risk detection.
    expect(backend.signals.user('ada@example.com')).toMatchObject({ riskLevel: 'high', sessionsRevoked: 1 });
    const admin = createClient({ orgUrl: organization.url, token: backend.defaultToken });
    const received = await admin.logs.list({ filter: 'eventType eq "security.events.provider.receive_event"' }).toArray({ max: 10 });
    expect(received.map((event) => (event.debugContext?.debugData as { jti?: string } | undefined)?.jti)).toEqual(['risk-1', 'revoke-1']);
    const detected = await admin.logs.list({ filter: 'eventType eq "user.risk.detect"' }).toArray({ max: 10 });
    expect(detected).toHaveLength(1);
    // The redelivery after the lost answer reached the organization, which ignored it as the same token.
    expect(backend.signals.ignored().map((entry) => [entry.jti, entry.reason])).toEqual([['risk-1', 'duplicate']]);
  });
});
