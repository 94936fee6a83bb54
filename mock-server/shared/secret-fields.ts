import { REDACTED } from '../../src/core/redact';

// Which names carry secrets, and taking their values out of a query or a form: the one rule the
// request journal and the System Log share, so that neither keeps a secret the other would not.

/**
 * Names of members, form fields and query parameters whose values are secrets, compared in lower
 * case without `_` and `-` (`client_secret`, `clientSecret` and `client-secret` alike).
 */
const SECRET_NAMES: ReadonlySet<string> = new Set([
  'password',
  'passcode',
  'passphrase',
  'secret',
  'clientsecret',
  'clientassertion',
  'assertion',
  'accesstoken',
  'refreshtoken',
  'idtoken',
  'token',
  'tokenencrypted',
  'subjecttoken',
  'actortoken',
  'devicesecret',
  'sessiontoken',
  'sharedsecret',
  'privatekey',
  'codeverifier',
  'answer',
  'apitoken',
  'apikey',
  // An inline hook's channel.config.authScheme: its value is the secret the hook's calls carry.
  'authscheme',
]);

/**
 * Endings that name a secret whatever comes before them (\`activationToken\`, \`stateToken\`,
 * \`secretKey\`, \`oldPassword\`), compared as {@link SECRET_NAMES} are.
 */
const SECRET_ENDINGS = /(?:token|secret|password|passcode|secretkey|privatekey|apikey|accesskey|tokenhint)$/;

/**
 * Members whose value carries a secret inside it: an activation or reset link holds its one-time
 * token in its path.
 */
const SECRET_LINKS: ReadonlySet<string> = new Set(['activationurl', 'reseturl', 'resetpasswordurl']);

/** Whether a member, field or parameter name names a secret. */
export function isSecretName(name: string): boolean {
  const plain = name.toLowerCase().replace(/[-_]/g, '');
  return SECRET_NAMES.has(plain) || SECRET_ENDINGS.test(plain) || SECRET_LINKS.has(plain);
}

/** Query and form fields that are secrets there, though not as JSON members: an OAuth authorization \`code\`. */
const FORM_ONLY_SECRETS: ReadonlySet<string> = new Set(['code']);

/**
 * Text that may hold a secret: a secret's name, a JWK (`"kty"`), a PEM private key, or JSON escapes
 * (`\u0070assword` spells `password`). A body without any of these is kept as it came, unscanned.
 */
export const SECRET_HINT = /passw|passc|passph|secret|assertion|token|private|"kty"|answer|verifier|api[-_]?key|access[-_]?key|activation|reset|auth[-_]?scheme|\\u/i;

/** Whether a form field, query parameter or multipart part of this name holds a secret. */
export function isSecretField(name: string): boolean {
  return isSecretName(name) || FORM_ONLY_SECRETS.has(name.toLowerCase());
}

/** A path's query with the values of parameters named for secrets taken out. */
export function redactQuery(search: string): string {
  if (search === '' || !(SECRET_HINT.test(search) || search.includes('%') || /[?&]code=/.test(search))) return search;
  return `?${redactForm(search.slice(1))}`;
}

/**
 * A form (`a=1&b=2`) with the values of fields named for secrets, or holding a private key, replaced.
 * Names and values are decoded as the routes decode them, by `URLSearchParams`: one pass over the
 * text and no exception for a bad escape (`%zz` stays as written, bytes that are not UTF-8 become
 * U+FFFD); its fields are the non-empty pieces between `&`s, in order. A leading `?`, which
 * `URLSearchParams` drops, is kept by a leading `&` and compared both ways.
 */
export function redactForm(text: string): string {
  const fields = new URLSearchParams(`&${text}`).entries();
  return text
    .split('&')
    .map((pair, index) => {
      if (pair === '') return pair;
      const [field, value] = (fields.next().value as [string, string] | undefined) ?? [pair, pair];
      const equals = pair.indexOf('=');
      if (equals === -1) return pair;
      const secret = isSecretField(field) || (index === 0 && field.startsWith('?') && isSecretField(field.slice(1)));
      return secret || value.includes('PRIVATE KEY') ? `${pair.slice(0, equals)}=${REDACTED}` : pair;
    })
    .join('&');
}
