// What the request journal takes out of a request or answer before keeping it: credentials and
// private keys, wherever they travel (headers, query strings, form, multipart and JSON bodies, PEM text).
import { REDACTED } from '../../../src/core/redact';
import { multipartBoundary, redactMultipart } from './redact-multipart';
import { isFormLabel } from '../../shared/media-types';
import { isSecretField, isSecretName, redactForm, redactQuery, SECRET_HINT } from '../../shared/secret-fields';

export { isSecretName, redactQuery };

export { REDACTED };

/** Members of a JSON Web Key that hold private key material (RFC 7518 §6.2.2, §6.3.2, §6.4.1). */
const JWK_PRIVATE_MEMBERS: ReadonlySet<string> = new Set(['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k']);

/** A PEM private key (PKCS #1, #8, SEC 1, OpenSSH, PGP), to its end marker or the end of a cut text. */
const PEM_PRIVATE_KEY = /-----BEGIN ((?:[A-Z0-9]+ )*)PRIVATE KEY( BLOCK)?-----[\s\S]*?(?:-----END \1PRIVATE KEY\2-----|$)/g;

/** Headers whose value is `scheme credentials`: the scheme is kept. */
const SCHEME_HEADERS: ReadonlySet<string> = new Set(['authorization', 'proxy-authorization']);

/** Headers whose whole value is a secret (beside those {@link isSecretName} names). */
const SECRET_HEADER = /^(?:dpop|cookie|set-cookie)$|token|secret|passw|key|session|credential|assertion|auth|bearer|signature/;

/** What happens to a header's value: kept, its scheme kept, or replaced whole. */
type HeaderRule = 'plain' | 'scheme' | 'secret';

/**
 * The rule of each header name seen, by its spelling: the same few names come with every request,
 * and working a name's rule out costs more than the rest of keeping the header. Bounded: a sender
 * inventing names cannot grow it past {@link MAX_RULES}.
 */
const rules = new Map<string, HeaderRule>();
const MAX_RULES = 1024;

function ruleOf(name: string): HeaderRule {
  let rule = rules.get(name);
  if (rule !== undefined) return rule;
  const lower = name.toLowerCase();
  // WWW-Authenticate names schemes and errors (a challenge), no credential.
  rule = SCHEME_HEADERS.has(lower) ? 'scheme' : lower !== 'www-authenticate' && (SECRET_HEADER.test(lower) || isSecretName(lower)) ? 'secret' : 'plain';
  if (rules.size >= MAX_RULES) rules.clear();
  rules.set(name, rule);
  return rule;
}

/**
 * A header's value as the journal keeps it: `Authorization` keeps its scheme only
 * (`SSWS [REDACTED]`), DPoP proofs, cookies and headers named for secrets are replaced whole, and a
 * PEM private key anywhere is taken out. `name` is in lower case.
 */
export function redactHeader(name: string, value: string): string {
  const rule = ruleOf(name);
  if (rule === 'plain') return value.includes('PRIVATE KEY') ? value.replace(PEM_PRIVATE_KEY, REDACTED) : value;
  if (rule === 'secret') return REDACTED;
  const trimmed = value.trim();
  const space = trimmed.indexOf(' ');
  if (space === -1) return REDACTED;
  const scheme = trimmed.slice(0, space);
  // The same few schemes come with every request: one kept string each, not one per request.
  let kept = schemes.get(scheme);
  if (kept === undefined) {
    kept = `${scheme} ${REDACTED}`;
    if (schemes.size >= MAX_RULES) schemes.clear();
    schemes.set(scheme, kept);
  }
  return kept;
}

const schemes = new Map<string, string>();

/** How a body is read for redaction and shown. */
export type BodyKind = 'json' | 'form' | 'jwt' | 'binary' | 'text';

/** The kind of body a `Content-Type` announces (`text` when it announces none). */
export function bodyKind(contentType: string | null): BodyKind {
  if (contentType === null) return 'text';
  const type = contentType.split(';', 1)[0]!.trim().toLowerCase();
  if (isFormLabel(type)) return 'form';
  if (type === 'application/json' || type.endsWith('+json')) return 'json';
  if (type === 'application/jwt' || type.endsWith('+jwt')) return 'jwt';
  if (/^(?:image|audio|video|font)\//.test(type) || /^application\/(?:octet-stream|pdf|zip|gzip|x-pkcs12|pkcs12|vnd\.)/.test(type)) return 'binary';
  return 'text';
}

/**
 * How deep the journal reads parts inside parts: a multipart part's value is redacted as a body of
 * its own (JSON, a form, multipart again), to this depth.
 */
const MAX_DEPTH = 3;

/** Text that opens JSON. */
const JSON_START = /^\s*[[{]/;

/** What besides {@link SECRET_HINT} may hide a secret in a form: a percent-encoded name, or an OAuth `code`. */
const FORM_HINT = /%|code/i;

/**
 * `text` with its secrets taken out: JSON members and form fields named for secrets (and whatever
 * they hold), multipart parts named for secrets, the private members of JSON Web Keys, and PEM
 * private keys anywhere. Text is read by what it is, whatever its label says: text that opens JSON
 * as JSON, multipart text (a `Content-Disposition` under a delimiter line) as multipart, other text
 * holding an `=` as a form, every piece between `&`s a field, as `URLSearchParams` reads it (as is
 * text that opens like JSON but holds no secret as JSON, and a multipart body's preamble and
 * epilogue); `kind` only adds that a `form` is read as one in any case, after any other reading.
 * Text without a hint of a secret comes back as it is. A cut or malformed text is read as far as it goes.
 * Signed tokens (`jwt`: a security event token) hold nothing secret and are not read. Every step is
 * linear in the text's length.
 *
 * @param contentType the body's label, for a multipart body's boundary
 */
export function redactBodyText(text: string, kind: BodyKind, contentType: string | null = null): string {
  if (kind === 'jwt') return text;
  return redactText(text, kind === 'form', contentType, 0);
}

function redactText(text: string, labelledForm: boolean, contentType: string | null, depth: number): string {
  const hinted = SECRET_HINT.test(text);
  if (!hinted && !FORM_HINT.test(text)) return text;
  const withoutKeys = text.includes('PRIVATE KEY') ? text.replace(PEM_PRIVATE_KEY, REDACTED) : text;
  if (JSON_START.test(withoutKeys)) {
    const read = hinted ? redactJson(withoutKeys) : withoutKeys;
    // Text that only opens like JSON may be a form (`[x]=1&client_secret=…`), and a form label means
    // the route reads it as one: it is read as a form too unless it held a secret as JSON.
    return labelledForm || read === withoutKeys ? redactForm(read) : read;
  }
  const boundary = depth < MAX_DEPTH ? multipartBoundary(withoutKeys, contentType) : null;
  if (boundary !== null) {
    const read = redactMultipart(
      withoutKeys,
      boundary,
      (name, value) => (name !== null && isSecretField(name) ? REDACTED : redactText(value, false, null, depth + 1)),
      (outside) => redactText(outside, labelledForm, null, depth + 1),
    );
    // A form label means the route reads the whole text as a form, delimiters and all.
    return labelledForm ? redactForm(read) : read;
  }
  // Any `=` may make a field, whatever comes before it (`=&client_secret=…`, `a b=1&client_secret=…`):
  // `URLSearchParams` reads every piece between `&`s, so the journal does too.
  if (labelledForm || withoutKeys.includes('=')) return redactForm(withoutKeys);
  return withoutKeys;
}

/** Where the string literal starting at `start` (a `"`) ends: just past its closing quote, or the text's end. */
function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5c) i++;
    else if (c === 0x22) return i + 1;
  }
  return text.length;
}

/** An escape JSON knows: what is left of a name once these are taken out must hold no backslash and no control character. */
const JSON_ESCAPE = /\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/g;
const NOT_IN_JSON_STRING = /[\\\u0000-\u001f]/;

/**
 * A member name's literal, its escapes decoded when it is whole. A malformed name is compared as
 * written, and is found malformed before `JSON.parse` would throw on it: one exception per name made
 * a body of many such names hold the server for seconds.
 */
function memberName(literal: string): string {
  if (literal.length >= 2 && literal.endsWith('"') && literal.includes('\\') && !NOT_IN_JSON_STRING.test(literal.slice(1, -1).replace(JSON_ESCAPE, ''))) {
    return JSON.parse(literal) as string;
  }
  return literal.slice(1, literal.endsWith('"') && literal.length >= 2 ? -1 : undefined);
}

const QUOTED_REDACTED = JSON.stringify(REDACTED);

/**
 * JSON text with every string and number inside a secret member's value replaced by `"[REDACTED]"`
 * (objects and arrays keep their shape, so `"password": {}` still reads `{}`), and the private
 * members of objects that are JWKs likewise. One pass over the text, which need not be whole: the
 * journal may have cut it, or the sender may have sent it malformed.
 */
function redactJson(text: string): string {
  // A JWK's \`kty\` may be spelled with escapes (\`"k\u0074y"\`): any escape makes every object a suspect.
  const hasJwk = text.includes('"kty"') || text.includes('\\u');
  const parts: string[] = [];
  let copied = 0;
  // Per open container: an array, or an object expecting a member's name or its value.
  const stack: Array<'array' | 'name' | 'value'> = [];
  // While inside a secret value: the depth at which it opened; -1 outside any.
  let secretDepth = -1;
  // A secret member's name was read; its value comes next.
  let secretNext = false;
  const replace = (start: number, end: number) => {
    parts.push(text.slice(copied, start), QUOTED_REDACTED);
    copied = end;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') {
      const end = stringEnd(text, i);
      if (stack[stack.length - 1] === 'name') {
        const name = memberName(text.slice(i, end));
        if (secretDepth === -1 && (isSecretName(name) || (hasJwk && JWK_PRIVATE_MEMBERS.has(name)))) secretNext = true;
      } else if (secretDepth !== -1 || secretNext) {
        replace(i, end);
        secretNext = false;
      }
      i = end - 1;
    } else if (c === '{' || c === '[') {
      if (secretNext) {
        secretDepth = stack.length + 1;
        secretNext = false;
      }
      stack.push(c === '{' ? 'name' : 'array');
    } else if (c === '}' || c === ']') {
      stack.pop();
      if (secretDepth !== -1 && stack.length < secretDepth) secretDepth = -1;
    } else if (c === ':') {
      if (stack[stack.length - 1] === 'name') stack[stack.length - 1] = 'value';
    } else if (c === ',') {
      if (stack[stack.length - 1] === 'value') stack[stack.length - 1] = 'name';
      secretNext = false;
    } else if ((secretDepth !== -1 || secretNext) && !/[\s\]}]/.test(c)) {
      // A number, or a bare word of malformed JSON (\`"value": Sup3rSecret\`): replaced up to where
      // the value ends. true, false and null are replaced too, harmlessly.
      let end = i + 1;
      while (end < text.length && !/[\s,\]}:"]/.test(text[end]!)) end++;
      replace(i, end);
      secretNext = false;
      i = end - 1;
    }
  }
  if (copied === 0) return text;
  parts.push(text.slice(copied));
  return parts.join('');
}
