import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createClient, SecurityEventTokenError } from '../../src/index';
import { ORG, TOKEN, useMswServer } from '../support/msw';

const { server } = useMswServer();
const client = createClient({ orgUrl: ORG, token: TOKEN });
const SET = 'eyJhbGciOiJSUzI1NiJ9.eyJpc3MiOiJ4In0.c2ln';

async function refusal(err: string, description: string): Promise<SecurityEventTokenError> {
  server.use(http.post(`${ORG}/security/api/v1/security-events`, () => HttpResponse.json({ err, description }, { status: 400 })));
  return (await client.securityEvents.publish(SET).catch((e: unknown) => e)) as SecurityEventTokenError;
}

describe('the hint of a refused security event token fits the failure', () => {
  it('an unknown kid is told to check the kid', async () => {
    const error = await refusal('invalid_key', "No key with kid 'k9' in the key set at https://risk.example.com/jwks");
    expect(error.message).toContain("Check that the token's `kid` is in the key set of the provider.");
  });

  it('a kid that was found, with a key that does not suit, is told about the key, not the kid', async () => {
    const error = await refusal('invalid_key', "The key 'k1' is 1024 bits long; 'RS256' needs at least 2048");
    expect(error.message).not.toContain('`kid` is in the key set');
    expect(error.message).toContain("Check the provider's key for that kid: it must be a public key suited to the token's alg");
  });

  it('a key set that could not be fetched is told to check the kid and key set', async () => {
    const error = await refusal('invalid_key', 'The key set at https://risk.example.com/jwks could not be fetched: HTTP 500');
    expect(error.message).toContain('`kid` is in the key set');
  });
});
