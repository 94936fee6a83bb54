/** What a known secret is replaced with in everything an error keeps. */
export const REDACTED = '[REDACTED]';

/**
 * Secrets shorter than this are not redacted: they cannot be told apart from ordinary text (a
 * one-letter "secret" would garble every message), and no real credential is that short.
 */
export const MIN_REDACTED_LENGTH = 8;

/** Header names whose values a client option may carry as secrets (beside `Authorization`). */
const SECRET_HEADER = /authorization|cookie|token|secret|api[-_]?key|password|session|credential/i;

/** How many renewed access tokens a client keeps redacting (see {@link SecretRedactor.addIssued}). */
const ISSUED_KEPT = 4;

/** How many of the latest DPoP proofs a client keeps redacting (see {@link SecretRedactor.addProof}). */
const PROOFS_KEPT = 8;

/** Segments of a signed JWT shorter than this are not redacted on their own: too short to tell apart from text. */
const MIN_SEGMENT_LENGTH = 16;

/** A secret as it appears as is, in a URL and inside a JSON string. */
function spellingsOf(secret: string): string[] {
  return [...new Set([secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)])];
}

/**
 * `text` with each signed JWT of `sent` (a client assertion, a DPoP proof) taken out, whole and by
 * segment, in every spelling: for a text that is no error of the client's, such as a token
 * endpoint's description quoting what it was sent.
 */
export function withoutJwts(text: string, sent: readonly string[]): string {
  return redactWith(text, spellingsFor(sent.flatMap(jwtSecrets)));
}

/**
 * What to take out of a text that may echo a signed JWT sent (a client assertion, a DPoP proof):
 * the whole JWT and each of its segments, so an echo of the payload or signature alone goes too.
 */
function jwtSecrets(jwt: string): string[] {
  return [jwt, ...jwt.split('.')].filter((part) => part.length >= MIN_SEGMENT_LENGTH);
}

/** The secrets of an `Authorization` value (`SSWS x`, `Bearer y`, `DPoP z`): the whole value and the credential. */
function authorizationSecrets(value: string): string[] {
  const space = value.indexOf(' ');
  return space === -1 ? [value] : [value, value.slice(space + 1).trim()];
}

/** The spellings of `secrets` long enough to redact, without repeats, longest first (so a secret containing another is replaced whole). */
function spellingsFor(secrets: Iterable<string>, escaped: (secret: string) => string[] = spellingsOf): string[] {
  const spellings = new Set<string>();
  for (const secret of secrets) if (secret.length >= MIN_REDACTED_LENGTH) for (const spelling of escaped(secret)) spellings.add(spelling);
  return [...spellings].sort((a, b) => b.length - a.length);
}

/** Bound on the depth of a body walked for secrets; deeper values are replaced whole. */
const MAX_DEPTH = 32;

/**
 * Removes the secrets a client knows (its API token or access token, secret headers it was given,
 * the latest DPoP proofs it sent) from errors before they reach the caller: a server that echoes a
 * credential in an error body or header must not put it into logs through the error's message,
 * stack, causes, headers, body, `util.inspect` or `JSON.stringify`. The spellings a secret takes in
 * URLs and JSON strings are removed too.
 */
export class SecretRedactor {
  /** Secrets for the client's life: its API token or access token, secret option headers. */
  readonly #fixed = new Set<string>();
  /** The latest `Authorization` values set by the auth, oldest first (see {@link SecretRedactor.addIssued}). */
  readonly #issued: string[] = [];
  /** The latest DPoP proofs, oldest first (see {@link SecretRedactor.addProof}). */
  readonly #proofs: string[] = [];
  /** Every secret above, as {@link SecretRedactor.#gather} last gathered them. */
  #secrets: string[] = [];
  #spellings: string[] = [];
  /**
   * Whether a secret was added since the last gathering. Gathered only when something is redacted:
   * a DPoP client adds a proof with every request, and escaping and sorting every spelling each time
   * would cost more than signing the proof.
   */
  #stale = false;
  /** The spellings of each secret kept, as the last gathering escaped them. */
  #escaped = new Map<string, string[]>();

  /** Adds a secret (and its URL- and JSON-escaped spellings); short ones are ignored, see {@link MIN_REDACTED_LENGTH}. */
  add(secret: string): void {
    if (typeof secret !== 'string' || secret.length < MIN_REDACTED_LENGTH || this.#fixed.has(secret)) return;
    this.#fixed.add(secret);
    this.#stale = true;
  }

  /** Adds the secrets of an `Authorization` value (`SSWS x`, `Bearer y`): the credential and the whole value. */
  addAuthorization(value: string): void {
    for (const secret of authorizationSecrets(value)) this.add(secret);
  }

  /**
   * Adds an `Authorization` value that replaces earlier ones (a renewed access token). The last
   * {@link ISSUED_KEPT} are kept, so a long-lived client's list does not grow without bound while an
   * error about a request made with the previous token is still redacted.
   */
  addIssued(value: string): void {
    this.#keep(this.#issued, value, ISSUED_KEPT);
  }

  /**
   * Adds a DPoP proof sent with a request: the proof and each of its segments (see {@link jwtSecrets}).
   * A proof is new for every request, so only the last {@link PROOFS_KEPT} are kept; an error about
   * an older request is redacted by passing its own proofs to {@link SecretRedactor.redactError}.
   */
  addProof(proof: string): void {
    this.#keep(this.#proofs, proof, PROOFS_KEPT);
  }

  /** Adds `value` to one of the lists of latest values, dropping its oldest beyond `kept`. */
  #keep(latest: string[], value: string, kept: number): void {
    if (latest.includes(value)) return;
    if (latest.push(value) > kept) latest.shift();
    this.#stale = true;
  }

  /** Adds the values of headers whose names say they carry credentials. */
  addHeaders(headers: Record<string, string>): void {
    for (const [name, value] of Object.entries(headers)) {
      if (!SECRET_HEADER.test(name)) continue;
      this.addAuthorization(value);
    }
  }

  /** Gathers the secrets and their spellings anew (a secret dropped may share a spelling with one kept). */
  #gather(): void {
    this.#stale = false;
    this.#secrets = [...this.#fixed, ...this.#issued.flatMap(authorizationSecrets), ...this.#proofs.flatMap(jwtSecrets)];
    // Each secret is escaped once while it is kept: a DPoP client adds a proof per request, and the
    // rest (its access token, the other proofs) would otherwise be escaped again every time.
    const escaped = new Map<string, string[]>();
    const spellingsOfKept = (secret: string): string[] => {
      const spellings = this.#escaped.get(secret) ?? spellingsOf(secret);
      escaped.set(secret, spellings);
      return spellings;
    };
    this.#spellings = spellingsFor(this.#secrets, spellingsOfKept);
    this.#escaped = escaped;
  }

  /** The spellings to remove: the client's, and those of `proofs` (one request's, maybe no longer kept). */
  #spellingsWith(proofs: readonly string[] | undefined): string[] {
    if (this.#stale) this.#gather();
    if (proofs === undefined || proofs.every((proof) => this.#proofs.includes(proof))) return this.#spellings;
    return spellingsFor([...this.#secrets, ...proofs.flatMap(jwtSecrets)]);
  }

  /** `text` with every known secret (and those of `proofs`, see {@link SecretRedactor.redactError}) replaced by {@link REDACTED}. */
  redactText(text: string, proofs?: readonly string[]): string {
    return redactWith(text, this.#spellingsWith(proofs));
  }

  /** `headers` if they hold no known secret, else a copy with the secrets replaced by {@link REDACTED}. */
  redactHeaders(headers: Headers, proofs?: readonly string[]): Headers {
    return redactHeadersWith(headers, this.#spellingsWith(proofs));
  }

  /**
   * Redacts an error in place (message, stack, every own property, causes, `AggregateError` members),
   * and returns it. Anything that is not an object is returned as is. `proofs` are the DPoP proofs
   * of the request the error is about, redacted with their segments even if newer proofs have
   * pushed them out of those the client keeps.
   */
  redactError<E>(error: E, proofs?: readonly string[]): E {
    const spellings = this.#spellingsWith(proofs);
    if (spellings.length === 0 || typeof error !== 'object' || error === null) return error;
    redactObjectInPlace(error as object, spellings, new WeakSet(), 0);
    return error;
  }
}

/** `text` with each of `spellings` (longest first) replaced by {@link REDACTED}. */
function redactWith(text: string, spellings: readonly string[]): string {
  let out = text;
  for (const spelling of spellings) if (out.includes(spelling)) out = out.split(spelling).join(REDACTED);
  return out;
}

function redactObjectInPlace(target: object, spellings: readonly string[], seen: WeakSet<object>, depth: number): void {
  if (seen.has(target)) return;
  seen.add(target);
  for (const key of Object.getOwnPropertyNames(target)) {
    const descriptor = Object.getOwnPropertyDescriptor(target, key);
    // Accessors are left alone: reading one may run code, and it holds nothing itself.
    if (descriptor === undefined || !('value' in descriptor)) continue;
    const next = redactValue(descriptor.value, spellings, seen, depth + 1);
    if (next === descriptor.value) continue;
    try {
      Object.defineProperty(target, key, { ...descriptor, value: next });
    } catch {
      // A frozen foreign error: nothing can be done in place, and the error is still thrown.
    }
  }
}

function redactValue(value: unknown, spellings: readonly string[], seen: WeakSet<object>, depth: number): unknown {
  if (typeof value === 'string') return redactWith(value, spellings);
  if (typeof value !== 'object' || value === null) return value;
  if (depth > MAX_DEPTH) return REDACTED;
  if (value instanceof Error) {
    redactObjectInPlace(value, spellings, seen, depth);
    return value;
  }
  if (value instanceof Headers) return redactHeadersWith(value, spellings);
  if (Array.isArray(value)) {
    const copy = value.map((item) => redactValue(item, spellings, seen, depth + 1));
    return copy.some((item, i) => item !== value[i]) ? copy : value;
  }
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype === Object.prototype || prototype === null) {
    // A parsed body or a request summary: copied, keys included, so the caller's objects stay untouched.
    let changed = false;
    const copy: Record<string, unknown> = prototype === null ? Object.create(null) : {};
    for (const [key, item] of Object.entries(value)) {
      const redactedKey = redactWith(key, spellings);
      const redactedItem = redactValue(item, spellings, seen, depth + 1);
      if (redactedKey !== key || redactedItem !== item) changed = true;
      Object.defineProperty(copy, redactedKey, { value: redactedItem, enumerable: true, writable: true, configurable: true });
    }
    return changed ? copy : value;
  }
  return value;
}

function redactHeadersWith(headers: Headers, spellings: readonly string[]): Headers {
  if (spellings.length === 0) return headers;
  let changed = false;
  const copy = new Headers();
  headers.forEach((value, name) => {
    const redacted = redactWith(value, spellings);
    if (redacted !== value) changed = true;
    copy.append(name, redacted);
  });
  return changed ? copy : headers;
}
