import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createClient, SecurityEventTokenError } from '../../src/index';
import { ORG, TOKEN, useMswServer } from '../support/msw';

const { server } = useMswServer();
const client = createClient({ orgUrl: ORG, token: TOKEN });
const SET = 'eyJhbGciOiJSUzI1NiJ9.eyJpc3MiOiJ4In0.c2ln';

async function refusal(err: string, description: string | undefined): Promise<SecurityEventTokenError> {
  server.use(http.post(`${ORG}/security/api/v1/security-events`, () => HttpResponse.json({ err, description }, { status: 400 })));
  const error = await client.securityEvents.publish(SET).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(SecurityEventTokenError);
  return error as SecurityEventTokenError;
}

const KID = "Check that the token's `kid` is in the key set of the provider.";
const KEY_SET = "Check that the provider's `jwks_url` is reachable from the organization and serves a JSON Web Key Set";
const KEY = "Check the provider's key for that kid: it must be a public key suited to the token's alg";
const HINTS = [KID, KEY_SET, KEY];

describe('the hint of a refused security event token fits the failure', () => {
  // One row per hint kind: the code, the receiver's description, and the one hint the message carries.
  it.each([
    ['an unknown kid', 'invalid_key', "No key with kid 'k9' in the key set at https://risk.example.com/jwks", KID],
    ['an unknown kid whose value reads like another failure', 'invalid_key', "No key with kid 'could not be fetched' in the key set", KID],
    ['an invalid_key without a description', 'invalid_key', undefined, KID],
    ['a key set that could not be fetched', 'invalid_key', 'The key set at https://risk.example.com/jwks could not be fetched: HTTP 500', KEY_SET],
    ['a key set URL that is not a JWK set', 'invalid_key', 'The document at https://risk.example.com/jwks is not a JSON Web Key Set ({"keys": [...]})', KEY_SET],
    ['a key set location that is not a URL', 'invalid_key', "The key set location 'risk' is not a valid URL", KEY_SET],
    ['a kid that was found, with a key too short', 'invalid_key', "The key 'k1' is 1024 bits long; 'RS256' needs at least 2048", KEY],
    ['a kid that was found, with a key declared for encryption', 'invalid_key', "The key 'k1' is declared for use 'enc', not for signatures", KEY],
  ])('%s', async (_what, err, description, hint) => {
    const error = await refusal(err, description);
    expect(error.message).toContain(hint);
    for (const other of HINTS.filter((h) => h !== hint)) expect(error.message).not.toContain(other);
  });

  it.each([
    ['invalid_request', "Check the token's header (typ secevent+jwt, kid, an asymmetric alg), its claims and its events."],
    ['invalid_issuer', "Check that the token's `iss` is the issuer of an ACTIVE security events provider."],
    ['invalid_audience', "Check that the token's `aud` is the organization URL."],
    ['authentication_failed', "Check that the token is signed with the private key of the provider's key set."],
    ['access_denied', 'Check that the provider is allowed to send security events to this organization.'],
  ])('%s has its own hint, whatever the description', async (err, hint) => {
    expect((await refusal(err, 'something went wrong')).message).toContain(hint);
    expect((await refusal(err, undefined)).message).toContain(hint);
  });

  it('an unknown code has no hint', async () => {
    const error = await refusal('slow_down', 'Too many tokens');
    expect(error.message).toMatch(/: slow_down: Too many tokens\.$/);
  });
});
