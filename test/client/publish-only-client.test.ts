import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ConfigurationError, createClient } from '../../src/index';
import { ORG, useMswServer } from '../support/msw';

const { server, seen } = useMswServer();
const RECEIVER = `${ORG}/security/api/v1/security-events`;
const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A compact JWS of the right shape; the receiver here never verifies it. */
const SET = [b64url({ alg: 'RS256', kid: 'k1', typ: 'secevent+jwt' }), b64url({ jti: 'j1' }), 'c2lnbmF0dXJl'].join('.');

/** The refusal of an admin call on a client created without credentials. */
function noCredentials(method: string, path: string): ConfigurationError {
  return new ConfigurationError(
    `${method} ${path} needs credentials; this client has none, so it only publishes security event tokens. Pass \`token\` (an API token), \`accessToken\` or \`oauth\` (a service app) to createClient.`,
  );
}

describe('a client created with only orgUrl', () => {
  it('publishes a security event token, sending no Authorization header', async () => {
    const received: Headers[] = [];
    server.use(
      http.post(RECEIVER, ({ request }) => {
        received.push(request.headers);
        return new HttpResponse(null, { status: 202 });
      }),
    );
    const client = createClient({ orgUrl: ORG });
    await expect(client.securityEvents.publish(SET)).resolves.toBeUndefined();
    expect(received).toHaveLength(1);
    expect(received[0]!.has('authorization')).toBe(false);
  });

  it('refuses to get an app with a ConfigurationError naming the call and the options to pass, sending nothing', async () => {
    const client = createClient({ orgUrl: ORG });
    await expect(client.apps.get('0oa1')).rejects.toThrow(noCredentials('GET', '/api/v1/apps/0oa1'));
    expect(seen).toEqual([]);
  });

  it('refuses to list apps the same way, before the first page is asked for', async () => {
    const client = createClient({ orgUrl: ORG });
    const error = await client.apps.list().toArray({ max: 10 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toBe(noCredentials('GET', '/api/v1/apps').message);
    expect(seen).toEqual([]);
  });

  it('refuses to create a security events provider the same way', async () => {
    const client = createClient({ orgUrl: ORG });
    const input = { name: 'Risk', type: 'okta', settings: { issuer: 'https://risk.example.com', jwks_url: 'https://risk.example.com/jwks' } };
    await expect(client.securityEventsProviders.create(input)).rejects.toThrow(noCredentials('POST', '/api/v1/security-events-providers'));
    expect(seen).toEqual([]);
  });
});
