import { EVENT_TYPES, events, isKnownEventType, type EventTypeName, type SecurityEventsInput } from '../events';
import { publicJwk, type PublishableKey } from '../jwks';
import { signSecurityEventToken, type SigningKey } from '../sign';
import type { Command } from './args';
import { readKeyFile, UsageError } from './io';
import { algorithmFlag } from './keygen';

/** The event type a `--event` names: a builder's name, its kebab-case form, or a URI. */
function eventType(value: string): { name: EventTypeName | undefined; uri: string } {
  for (const [name, uri] of Object.entries(EVENT_TYPES) as Array<[EventTypeName, string]>) {
    if (value === name || value === uri || value === uri.slice(uri.lastIndexOf('/') + 1)) return { name, uri };
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return { name: undefined, uri: value };
  const known = Object.values(EVENT_TYPES).map((uri) => uri.slice(uri.lastIndexOf('/') + 1));
  throw new UsageError(`--event must be one of ${known.join(', ')}, or an event type URI (got "${value.slice(0, 80)}").`);
}

/** Reads `--field name=value`: the value as JSON when it is JSON (a number, an object), else as text. */
function fields(values: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const pair of values) {
    const at = pair.indexOf('=');
    if (at <= 0) throw new UsageError(`--field takes name=value (got "${pair.slice(0, 80)}"), e.g. --field current_level=high.`);
    const name = pair.slice(0, at);
    if (name === '__proto__' || name === 'subject') {
      throw new UsageError(`--field ${name} cannot be set this way; give the subject with --user, --device or --subject.`);
    }
    const text = pair.slice(at + 1);
    try {
      out[name] = JSON.parse(text);
    } catch {
      out[name] = text;
    }
  }
  return out;
}

function subject(values: Record<string, unknown>): Record<string, unknown> {
  const { user, device, subject: json } = values as { user?: string; device?: string; subject?: string };
  if (json !== undefined) {
    if (user !== undefined || device !== undefined) throw new UsageError('--subject gives the whole subject; leave out --user and --device with it.');
    let parsed: unknown;
    try {
      parsed = JSON.parse(json);
    } catch {
      throw new UsageError(`--subject must be a JSON object, e.g. --subject '{"user":{"format":"email","email":"ada@example.com"}}'.`);
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new UsageError('--subject must be a JSON object of RFC 9493 subject identifiers.');
    return parsed as Record<string, unknown>;
  }
  if (user === undefined && device === undefined) {
    throw new UsageError('give the event\'s subject: --user EMAIL (the user Okta acts on, by sign-in email), --device ID, or --subject JSON.');
  }
  return {
    ...(user === undefined ? {} : { user: { format: 'email', email: user } }),
    ...(device === undefined ? {} : { device: { format: 'opaque', id: device } }),
  };
}

/** `appset-set sign`: a signed security event token, printed compact. */
export const sign: Command = {
  name: 'sign',
  summary: 'sign a security event token and print it',
  description:
    'Builds one event, checks it as the signer does, and prints the signed token (compact JWS):\n' +
    'what Okta\'s guide builds on jwt.io, offline. The kid defaults to the key\'s, as jwks prints it.\n' +
    'Event types: user-risk-change, device-risk-change, ip-change, device-compliance-change,\n' +
    'session-revoked, identifier-changed (or their builder names, e.g. userRiskChange).',
  flags: {
    key: { type: 'string', value: 'FILE', help: 'the private key: PKCS #8 PEM or private JWK', example: 'provider-key.pem', required: true },
    issuer: { type: 'string', value: 'URL', help: "the provider's issuer (iss)", example: 'https://risk.example.com', required: true },
    audience: { type: 'string', value: 'URL', help: 'the organization URL (aud)', example: 'https://example.okta.com', required: true },
    event: {
      type: 'string',
      value: 'TYPE',
      help: 'the event type: user-risk-change, session-revoked, … (see above), or a URI',
      example: 'user-risk-change',
      required: true,
    },
    user: { type: 'string', value: 'EMAIL', help: "the subject user's email", example: 'ada@example.com' },
    device: { type: 'string', value: 'ID', help: "the subject device's opaque id", example: 'laptop-7' },
    subject: { type: 'string', value: 'JSON', help: 'the whole subject, as RFC 9493 identifiers', example: '\'{"user":{"format":"email","email":"ada@example.com"}}\'' },
    field: { type: 'string', multiple: true, value: 'NAME=VALUE', help: 'an event member (JSON when it parses, else text)', example: 'current_level=high' },
    kid: { type: 'string', value: 'KID', help: "the key id (default the key's, as jwks prints it)", example: 'risk-2026-01' },
    alg: { type: 'string', value: 'ALG', help: 'the signature algorithm (default: what the key implies)', example: 'RS256' },
    jti: { type: 'string', value: 'ID', help: 'the token id (default a random UUID)', example: 'evt-0001' },
  },
  async run(values) {
    const alg = algorithmFlag(values.alg);
    const key = readKeyFile(values.key as string, '--key') as SigningKey & PublishableKey;
    const { name, uri } = eventType(values.event as string);
    const payload = { ...fields((values.field as string[] | undefined) ?? []), subject: subject(values) };
    const built: SecurityEventsInput =
      name === undefined || !isKnownEventType(uri) ? { [uri]: payload } : (events[name] as (input: unknown) => SecurityEventsInput)(payload);
    const kid = (values.kid as string | undefined) ?? (await publicJwk(key, alg === undefined ? {} : { alg })).kid;
    const token = await signSecurityEventToken(
      {
        iss: values.issuer as string,
        aud: values.audience as string,
        events: built,
        ...(values.jti === undefined ? {} : { jti: values.jti as string }),
      },
      { key, kid, ...(alg === undefined ? {} : { alg }) },
    );
    process.stdout.write(`${token}\n`);
    return 0;
  },
};
