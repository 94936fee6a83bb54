// A CommonJS TypeScript consumer (module node16, skipLibCheck false): it must compile against the
// built declarations of every entry point.
import { createClient, isApiError, type ClientHooks, type ResponseInfo } from 'appset';
import { createClient as createBareClient, directory } from 'appset/core';
import { events, signSecurityEventToken, verifySecurityEventToken, type SigningKey } from 'appset/set';

const hooks: ClientHooks = { afterResponse: [(request, _options, response) => console.log(request.method, response.status)] };
const client = createClient({ orgUrl: 'https://example.okta.com', token: 'token', hooks });
// The whole client has the directory; the bare client of appset/core has it once extended with it.
export const users = [client.users, createBareClient({ orgUrl: 'https://example.okta.com', token: 'token' }).extend(directory).users];

export async function main(key: SigningKey): Promise<ResponseInfo> {
  const token = await signSecurityEventToken(
    { iss: 'https://risk.example.com', aud: 'https://example.okta.com', events: events.ipChange({ subject: { user: { format: 'email', email: 'a@example.com' } }, event_timestamp: 1, current_ip_address: '203.0.113.7', previous_ip_address: '198.51.100.1' }) },
    { key, kid: 'k1' },
  );
  await verifySecurityEventToken(token, { audience: 'https://example.okta.com', keys: { keys: [] } }).catch((e: unknown) => isApiError(e));
  const { response } = await client.apps.get('0oa1').withResponse();
  return response;
}
