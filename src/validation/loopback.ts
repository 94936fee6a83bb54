import { BLANK_FIELD } from './field-issues';

/** Whether `hostname` (as `URL.hostname` spells it) can only be this machine: `localhost`, `127.0.0.0/8`, `[::1]`. */
export function isLoopbackHost(hostname: string): boolean {
  // The URL parser has already normalised IPv4 spellings (`127.1`, `0x7f.1`) to dotted decimal.
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/**
 * Why `value` cannot be the address of a provider's document or of a receiver, or `undefined` when it
 * can: an absolute `https` URL without credentials, or `http` only on this machine (a local test).
 */
export function secureUrlProblem(value: unknown): string | undefined {
  const text = value instanceof URL ? value.href : value;
  if (typeof text !== 'string' || text === '') return BLANK_FIELD;
  if (!URL.canParse(text)) return 'Must be an absolute URL, e.g. https://risk.example.com';
  const url = new URL(text);
  if (url.username !== '' || url.password !== '') return 'Must not carry credentials';
  if (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname))) return undefined;
  return url.protocol === 'http:'
    ? 'Must use https (http only for this machine: localhost, 127.0.0.0/8, [::1])'
    : `Must use https, not ${url.protocol}`;
}
