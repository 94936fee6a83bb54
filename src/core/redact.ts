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

/** A secret as it appears as is, in a URL and inside a JSON string. */
function spellingsOf(secret: string): string[] {
  return [...new Set([secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)])];
}

/** Bound on the depth of a body walked for secrets; deeper values are replaced whole. */
const MAX_DEPTH = 32;

/**
 * Removes the secrets a client knows (its API token or access token, secret headers it was given)
 * from errors before they reach the caller: a server that echoes a credential in an error body or
 * header must not put it into logs through the error's message, stack, causes, headers, body,
 * `util.inspect` or `JSON.stringify`. The spellings a secret takes in URLs and JSON strings are
 * removed too.
 */
export class SecretRedactor {
  #spellings: string[] = [];
  readonly #issued: string[] = [];

  /** Adds a secret (and its URL- and JSON-escaped spellings); short ones are ignored, see {@link MIN_REDACTED_LENGTH}. */
  add(secret: string): void {
    if (typeof secret !== 'string' || secret.length < MIN_REDACTED_LENGTH) return;
    for (const spelling of spellingsOf(secret)) if (!this.#spellings.includes(spelling)) this.#spellings.push(spelling);
    // Longest first, so a secret containing another is replaced whole.
    this.#spellings.sort((a, b) => b.length - a.length);
  }

  /** Adds the secrets of an `Authorization` value (`SSWS x`, `Bearer y`): the credential and the whole value. */
  addAuthorization(value: string): void {
    this.add(value);
    const space = value.indexOf(' ');
    if (space !== -1) this.add(value.slice(space + 1).trim());
  }

  /**
   * Adds an `Authorization` value that replaces earlier ones (a renewed access token). The last
   * {@link ISSUED_KEPT} are kept, so a long-lived client's list does not grow without bound while an
   * error about a request made with the previous token is still redacted.
   */
  addIssued(value: string): void {
    if (this.#issued.includes(value)) return;
    this.#issued.push(value);
    if (this.#issued.length > ISSUED_KEPT) {
      const dropped = this.#issued.shift()!;
      const space = dropped.indexOf(' ');
      const gone = new Set([dropped, space === -1 ? dropped : dropped.slice(space + 1).trim()].flatMap(spellingsOf));
      this.#spellings = this.#spellings.filter((spelling) => !gone.has(spelling));
    }
    this.addAuthorization(value);
  }

  /** Adds the values of headers whose names say they carry credentials. */
  addHeaders(headers: Record<string, string>): void {
    for (const [name, value] of Object.entries(headers)) {
      if (!SECRET_HEADER.test(name)) continue;
      this.addAuthorization(value);
    }
  }

  /** `text` with every known secret replaced by {@link REDACTED}. */
  redactText(text: string): string {
    let out = text;
    for (const spelling of this.#spellings) if (out.includes(spelling)) out = out.split(spelling).join(REDACTED);
    return out;
  }

  /**
   * Redacts an error in place (message, stack, every own property, causes, `AggregateError` members),
   * and returns it. Anything that is not an object is returned as is.
   */
  redactError<E>(error: E): E {
    if (this.#spellings.length === 0 || typeof error !== 'object' || error === null) return error;
    this.#redactObjectInPlace(error as object, new WeakSet(), 0);
    return error;
  }

  #redactObjectInPlace(target: object, seen: WeakSet<object>, depth: number): void {
    if (seen.has(target)) return;
    seen.add(target);
    for (const key of Object.getOwnPropertyNames(target)) {
      const descriptor = Object.getOwnPropertyDescriptor(target, key);
      // Accessors are left alone: reading one may run code, and it holds nothing itself.
      if (descriptor === undefined || !('value' in descriptor)) continue;
      const next = this.#redactValue(descriptor.value, seen, depth + 1);
      if (next === descriptor.value) continue;
      try {
        Object.defineProperty(target, key, { ...descriptor, value: next });
      } catch {
        // A frozen foreign error: nothing can be done in place, and the error is still thrown.
      }
    }
  }

  #redactValue(value: unknown, seen: WeakSet<object>, depth: number): unknown {
    if (typeof value === 'string') return this.redactText(value);
    if (typeof value !== 'object' || value === null) return value;
    if (depth > MAX_DEPTH) return REDACTED;
    if (value instanceof Error) {
      this.#redactObjectInPlace(value, seen, depth);
      return value;
    }
    if (value instanceof Headers) return this.#redactHeaders(value);
    if (Array.isArray(value)) {
      const copy = value.map((item) => this.#redactValue(item, seen, depth + 1));
      return copy.some((item, i) => item !== value[i]) ? copy : value;
    }
    const prototype = Object.getPrototypeOf(value) as unknown;
    if (prototype === Object.prototype || prototype === null) {
      // A parsed body or a request summary: copied, keys included, so the caller's objects stay untouched.
      let changed = false;
      const copy: Record<string, unknown> = prototype === null ? Object.create(null) : {};
      for (const [key, item] of Object.entries(value)) {
        const redactedKey = this.redactText(key);
        const redactedItem = this.#redactValue(item, seen, depth + 1);
        if (redactedKey !== key || redactedItem !== item) changed = true;
        Object.defineProperty(copy, redactedKey, { value: redactedItem, enumerable: true, writable: true, configurable: true });
      }
      return changed ? copy : value;
    }
    return value;
  }

  #redactHeaders(headers: Headers): Headers {
    let changed = false;
    const copy = new Headers();
    headers.forEach((value, name) => {
      const redacted = this.redactText(value);
      if (redacted !== value) changed = true;
      copy.append(name, redacted);
    });
    return changed ? copy : headers;
  }
}
