/**
 * Three things the client refuses, and what the caller sees: plain http to another host (unless
 * opted into), a redirect (nothing follows it), and a secret in an error (it is redacted). Run it
 * with `npx tsx examples/security-refusals.ts`.
 */
import { ConfigurationError, createClient, RedirectError } from 'appset';

const token = 'an-api-token-that-stays-secret';

// 1. http to a host other than this machine would carry the token in cleartext.
try {
  createClient({ orgUrl: 'http://appset-mock:4010', token });
} catch (error) {
  if (!(error instanceof ConfigurationError)) throw error;
  console.log(`refused: ${error.message}`);
}
// A test backend on a network you trust (a compose or CI service) is an explicit opt-in.
const insecure = createClient({ orgUrl: 'http://appset-mock:4010', token, allowInsecureHttp: true });
console.log(`opted in: ${insecure.orgUrl.href}`);

// 2. A redirect is refused: neither the token nor the request follows it.
const redirected = createClient({
  orgUrl: 'https://example.okta.com',
  token,
  fetch: async () => new Response(null, { status: 307, headers: { location: 'https://elsewhere.example/collect' } }),
});
const refusal = await redirected.apps.get('0oa1').catch((error: unknown) => error);
if (refusal instanceof RedirectError) console.log(`redirect: ${refusal.message}`);

// 3. An error that quotes the token (here, a server that echoes it) never shows it.
const echoing = createClient({
  orgUrl: 'https://example.okta.com',
  token,
  fetch: async (input, init) => {
    const echo = new Headers(init?.headers).get('authorization') ?? '';
    return Response.json({ errorCode: 'E0000009', errorSummary: `Internal error for ${echo}`, errorCauses: [] }, { status: 500 });
  },
  maxRetries: 0,
});
const failure = await echoing.apps.get('0oa1').catch((error: unknown) => error);
console.log(`error message: ${String((failure as Error).message)}`);
console.log(`the token appears in it: ${JSON.stringify(failure).includes(token) || String((failure as Error).stack).includes(token)}`);
