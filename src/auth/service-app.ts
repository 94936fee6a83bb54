import { SignJWT } from 'jose';
import * as z from 'zod/mini';
import { DpopKey } from './dpop-key';
import { untilAborted } from '../core/fetch-guards';
import { withoutJwts } from '../core/redact';
import { OAuthError } from './errors';
import { loadSigningKey, type ServiceAppPrivateKey, type SigningKey } from './private-key';
import type { AuthProvider, AuthRequest } from './provider';
import { TokenRequester, type TokenFetch } from './token-request';

/** How appset authenticates as an OAuth 2.0 service app (`createClient({ oauth })`). */
export interface ServiceAppOptions {
  /** The service app's client id (its app id, `0oa…`). */
  clientId: string;
  /** The private key whose public half is registered on the app: a private JWK, a PKCS #8 PEM, a `KeyObject` or a `CryptoKey`. */
  privateKey: ServiceAppPrivateKey;
  /** The `kid` of the registered public key; default the JWK's own `kid`. Okta picks the key by it. */
  keyId?: string;
  /** The Okta scopes to request, e.g. `['okta.apps.read']`; each must be granted to the app. */
  scopes: string[];
  /** Request DPoP-bound tokens (RFC 9449); required when the app has "Require DPoP". Default `false`. */
  dpop?: boolean;
}

/** The assertion type of `private_key_jwt` (RFC 7523 §2.2). */
const JWT_BEARER = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
/** How long a client assertion is valid: short, as it is used once. */
const ASSERTION_LIFETIME_SECONDS = 300;
/** A token is renewed this long before it expires (at most half its lifetime). */
const RENEW_MARGIN_MS = 60_000;
/** Below this, a difference between the server's `Date` and this machine's clock is ignored (`Date` has whole seconds). */
const SKEW_THRESHOLD_MS = 5_000;

const TokenResponseSchema = z.looseObject({
  access_token: z.string().check(z.regex(/^[\x21-\x7e]{1,8192}$/)),
  token_type: z.string(),
  expires_in: z.int().check(z.positive()),
  scope: z.optional(z.string()),
});

const OAuthErrorBodySchema = z.looseObject({ error: z.string().check(z.minLength(1)).check(z.maxLength(100)), error_description: z.optional(z.string()) });

/** Settings of {@link ServiceAppAuth}, from `createClient`. */
export interface ServiceAppAuthSettings {
  orgUrl: URL;
  options: ServiceAppOptions;
  fetch: TokenFetch | undefined;
  timeout: number;
  /** The largest token endpoint answer read, in bytes (the client's `maxResponseBytes`). */
  maxResponseBytes: number;
  userAgent: string;
}

interface CachedToken {
  value: string;
  type: 'Bearer' | 'DPoP';
  /** On the server's clock, epoch ms. */
  renewAt: number;
}

/**
 * Authenticates a client as an OAuth 2.0 service app: gets access tokens from the org's token
 * endpoint with a `private_key_jwt` client assertion (RFC 7523), optionally DPoP-bound (RFC 9449)
 * to a key pair generated for this client, caches them and renews them before they expire or after
 * a 401. Token requests are single-flight: concurrent calls share one. Keys and tokens stay in
 * private fields and never reach an error or a log.
 */
export class ServiceAppAuth implements AuthProvider {
  readonly #settings: ServiceAppAuthSettings;
  readonly #tokenUrl: URL;
  readonly #dpop: DpopKey | undefined;
  readonly #requester: TokenRequester;
  #signingKey: Promise<SigningKey> | undefined;
  #token: CachedToken | undefined;
  #pending: Promise<CachedToken> | undefined;
  #skewMs = 0;
  #tokenNonce: string | undefined;
  #resourceNonce: string | undefined;
  readonly #usedToken = new WeakMap<AuthRequest, CachedToken>();
  readonly #retried = new WeakMap<AuthRequest, { nonce: boolean; token: boolean }>();

  constructor(settings: ServiceAppAuthSettings) {
    this.#settings = settings;
    this.#tokenUrl = new URL('/oauth2/v1/token', settings.orgUrl);
    this.#dpop = settings.options.dpop ? new DpopKey() : undefined;
    this.#requester = new TokenRequester({ url: this.#tokenUrl, fetch: settings.fetch, timeout: settings.timeout, maxResponseBytes: settings.maxResponseBytes });
  }

  async headers(request: AuthRequest, signal?: AbortSignal): Promise<Record<string, string>> {
    const token = await this.#currentToken(signal);
    this.#usedToken.set(request, token);
    if (token.type === 'Bearer' || this.#dpop === undefined) return { authorization: `Bearer ${token.value}` };
    const proof = await this.#dpop.proof({
      method: request.method,
      url: request.url,
      nowSeconds: this.#nowSeconds(),
      nonce: this.#resourceNonce,
      accessToken: token.value,
    });
    return { authorization: `DPoP ${token.value}`, dpop: proof };
  }

  async shouldRetry(response: Response, request: AuthRequest): Promise<boolean> {
    this.#observeDate(response.headers);
    // A resource server may hand out its next nonce with any answer, successful ones included
    // (RFC 9449 §8.2, §9): the next proof carries it.
    const nonce = this.#dpop !== undefined ? response.headers.get('dpop-nonce') : null;
    if (response.status !== 401) {
      if (nonce !== null) this.#resourceNonce = nonce;
      return false;
    }
    const retried = this.#retried.get(request) ?? { nonce: false, token: false };
    this.#retried.set(request, retried);
    const challenge = response.headers.get('www-authenticate');
    const error = challenge === null ? undefined : /\berror="([^"]*)"/.exec(challenge)?.[1];
    if (error === 'use_dpop_nonce' && nonce !== null) {
      if (retried.nonce) return false;
      retried.nonce = true;
      this.#resourceNonce = nonce;
      return true;
    }
    if (nonce !== null) this.#resourceNonce = nonce;
    // Only a 401 about the token (invalid_token: expired, revoked, unknown; or one without a
    // challenge) is helped by a new one; a refused proof or another challenge is not.
    if (challenge !== null && error !== 'invalid_token') return false;
    // Drop the token this request used (unless another request already replaced it) and send
    // once more with a new one.
    if (retried.token) return false;
    retried.token = true;
    if (this.#token !== undefined && this.#token === this.#usedToken.get(request)) this.#token = undefined;
    return true;
  }

  #serverNow(): number {
    return Date.now() + this.#skewMs;
  }

  #nowSeconds(): number {
    return Math.floor(this.#serverNow() / 1000);
  }

  /** Follows the server's clock from its `Date` header, so assertions and proofs are valid there. */
  #observeDate(headers: Headers): void {
    const date = Date.parse(headers.get('date') ?? '');
    if (!Number.isFinite(date)) return;
    const skew = date - Date.now();
    this.#skewMs = Math.abs(skew) < SKEW_THRESHOLD_MS ? 0 : skew;
  }

  #currentToken(signal: AbortSignal | undefined): Promise<CachedToken> {
    const token = this.#token;
    if (token !== undefined && this.#serverNow() < token.renewAt) return Promise.resolve(token);
    this.#pending ??= this.#requestToken().finally(() => {
      this.#pending = undefined;
    });
    // A caller's signal stops only that caller's wait; the shared request goes on for the others.
    return untilAborted(this.#pending, signal);
  }

  async #assertion(): Promise<string> {
    this.#signingKey ??= loadSigningKey(this.#settings.options.privateKey, this.#settings.options.keyId);
    let signing: SigningKey;
    try {
      signing = await this.#signingKey;
    } catch (error) {
      this.#signingKey = undefined;
      throw error;
    }
    const { clientId } = this.#settings.options;
    const now = this.#nowSeconds();
    return new SignJWT({})
      .setProtectedHeader(signing.kid === undefined ? { alg: signing.alg } : { alg: signing.alg, kid: signing.kid })
      .setIssuer(clientId)
      .setSubject(clientId)
      .setAudience(this.#tokenUrl.href)
      .setIssuedAt(now)
      .setExpirationTime(now + ASSERTION_LIFETIME_SECONDS)
      .setJti(crypto.randomUUID())
      .sign(signing.key);
  }

  async #requestToken(): Promise<CachedToken> {
    const dpop = this.#dpop !== undefined;
    let retriedNonce = false;
    let retriedClock = false;
    for (;;) {
      const skewUsed = this.#skewMs;
      const assertion = await this.#assertion();
      const body = new URLSearchParams({
        grant_type: 'client_credentials',
        scope: this.#settings.options.scopes.join(' '),
        client_assertion_type: JWT_BEARER,
        client_assertion: assertion,
      });
      const headers: Record<string, string> = {
        accept: 'application/json',
        'content-type': 'application/x-www-form-urlencoded',
        'user-agent': this.#settings.userAgent,
      };
      if (this.#dpop !== undefined) {
        headers.dpop = await this.#dpop.proof({ method: 'POST', url: this.#tokenUrl, nowSeconds: this.#nowSeconds(), nonce: this.#tokenNonce });
      }
      const { response, text } = await this.#requester.post(body, headers);
      this.#observeDate(response.headers);
      const nonce = response.headers.get('dpop-nonce');
      if (nonce !== null) this.#tokenNonce = nonce;
      const requestId = response.headers.get('x-okta-request-id') ?? undefined;
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      if (response.ok) return this.#accept(json, response.status, requestId);
      const parsed = OAuthErrorBodySchema.safeParse(json);
      if (!parsed.success) {
        throw new OAuthError({
          error: response.status >= 500 ? 'server_error' : 'invalid_response',
          description: `The token endpoint answered HTTP ${response.status} without an OAuth error body.`,
          status: response.status,
          requestId,
          dpop,
        });
      }
      const { error } = parsed.data;
      if (error === 'use_dpop_nonce' && dpop && nonce !== null && !retriedNonce) {
        retriedNonce = true;
        continue;
      }
      // A clock far from the server's makes the assertion look expired: once, sign again on its clock.
      if (error === 'invalid_client' && this.#skewMs !== skewUsed && !retriedClock) {
        retriedClock = true;
        continue;
      }
      // A token endpoint that echoes what it refused must not put a signed, still unused assertion
      // (replayable until it expires) or proof into an error a caller may log.
      const sentDescription = parsed.data.error_description;
      const description = sentDescription === undefined ? undefined : withoutJwts(sentDescription, headers.dpop === undefined ? [assertion] : [assertion, headers.dpop]);
      throw new OAuthError({ error, description, status: response.status, requestId, dpop });
    }
  }

  #accept(json: unknown, status: number, requestId: string | undefined): CachedToken {
    const dpop = this.#dpop !== undefined;
    const parsed = TokenResponseSchema.safeParse(json);
    const type = parsed.success ? parsed.data.token_type.toLowerCase() : '';
    if (!parsed.success || (type !== 'bearer' && !(type === 'dpop' && dpop))) {
      throw new OAuthError({
        error: 'invalid_response',
        description: 'The token endpoint\'s answer is not an access token of type Bearer (or DPoP, when requested).',
        status,
        requestId,
        dpop,
      });
    }
    const lifetimeMs = parsed.data.expires_in * 1000;
    const token: CachedToken = {
      value: parsed.data.access_token,
      type: type === 'dpop' ? 'DPoP' : 'Bearer',
      renewAt: this.#serverNow() + lifetimeMs - Math.min(RENEW_MARGIN_MS, lifetimeMs / 2),
    };
    this.#token = token;
    return token;
  }
}

