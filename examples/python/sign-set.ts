/**
 * The Node helper the Python suite calls to act as a security event provider, with `appset/set`:
 *   node --import tsx examples/python/sign-set.ts keygen   → {"kid", "privateJwk", "publicJwk"}
 *   node --import tsx examples/python/sign-set.ts sign     (stdin: {"privateJwk", "kid", "iss", "aud", "events"}) → the token
 */
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { signSecurityEventToken } from 'appset/set';

async function readStdin(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += chunk;
  return text;
}

const command = process.argv[2];
if (command === 'keygen') {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = 'python-suite-key';
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  process.stdout.write(JSON.stringify({ kid, privateJwk: { ...(await exportJWK(privateKey)), kid, alg: 'RS256' }, publicJwk }));
} else if (command === 'sign') {
  const input = JSON.parse(await readStdin()) as { privateJwk: JWK; kid: string; iss: string; aud: string; events: Record<string, Record<string, unknown>> };
  const token = await signSecurityEventToken(
    { iss: input.iss, aud: input.aud, events: input.events as never },
    { key: input.privateJwk, kid: input.kid },
  );
  process.stdout.write(token);
} else {
  process.stderr.write('usage: sign-set.ts keygen | sign (JSON on stdin)\n');
  process.exitCode = 2;
}
