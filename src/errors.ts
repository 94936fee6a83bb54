import { describeIssue, type FieldIssue } from './validation/field-issues';
import { isJsonObject } from './validation/record';

/**
 * Error codes the Applications API is documented to answer with. `ApiError.errorCode` is typed
 * as this union plus any other string, because an organization may return codes not listed here.
 */
export type OktaErrorCode =
  | 'E0000001' // Api validation failed
  | 'E0000003' // The request body was not well-formed
  | 'E0000005' // Invalid session
  | 'E0000006' // You do not have permission to perform the requested action
  | 'E0000007' // Not found
  | 'E0000011' // Invalid token provided
  | 'E0000031' // Invalid search criteria
  | 'E0000047' // API call exceeded rate limit
  | 'E0000056'; // Delete application forbidden

/** One entry of an Okta error body's `errorCauses`. */
export interface ErrorCause {
  /** What is wrong, e.g. `name: The field cannot be left blank`. */
  errorSummary: string;
}

const API_ERROR_BRAND = Symbol.for('appset.ApiError');
const APPSET_ERROR_BRAND = Symbol.for('appset.AppsetError');

/** Root of every error appset throws, so `catch (e) { if (e instanceof AppsetError) … }` catches them all. */
export class AppsetError extends Error {
  /** @internal brand read by the cross-realm guards. */
  readonly [APPSET_ERROR_BRAND] = true;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** What appset knows about the request that produced an error, with no credentials in it. */
export interface RequestSummary {
  /** The request's method, e.g. `GET`. */
  method: string;
  /** Path and query of the request on the organization, e.g. `/api/v1/apps/0oa1?expand=…`. */
  path: string;
}

/** Fields every {@link ApiError} is built from. */
export interface ApiErrorInit {
  status: number;
  headers: Headers;
  request: RequestSummary;
  body: unknown;
  cause?: unknown;
}

interface OktaErrorBody {
  errorCode?: string;
  errorSummary?: string;
  errorLink?: string;
  errorId?: string;
  errorCauses?: ErrorCause[];
}

function readErrorBody(body: unknown): OktaErrorBody {
  if (!isJsonObject(body)) return {};
  const b = body as Record<string, unknown>;
  const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
  const causes = Array.isArray(b.errorCauses)
    ? b.errorCauses
        .map((c: unknown) =>
          typeof c === 'object' && c !== null && typeof (c as ErrorCause).errorSummary === 'string'
            ? { errorSummary: (c as ErrorCause).errorSummary }
            : undefined,
        )
        .filter((c): c is ErrorCause => c !== undefined)
    : [];
  return {
    errorCode: str(b.errorCode),
    errorSummary: str(b.errorSummary),
    errorLink: str(b.errorLink),
    errorId: str(b.errorId),
    errorCauses: causes,
  };
}

/**
 * An error answer from the organization (any status ≥ 400). Subclasses name the common statuses;
 * use {@link isApiError} rather than `instanceof` when errors may cross realms or package copies.
 */
export class ApiError extends AppsetError {
  /** @internal brand read by {@link isApiError}. */
  readonly [API_ERROR_BRAND] = true;
  /** HTTP status of the response. */
  readonly status: number;
  /** Okta error code such as `E0000007`, when the body had one. */
  readonly errorCode: OktaErrorCode | (string & {}) | undefined;
  /** Okta's one-line description of the error. */
  readonly errorSummary: string | undefined;
  /** Details, one per problem (for validation errors: one per field). */
  readonly errorCauses: ErrorCause[];
  /** Okta's unique id for this error occurrence. */
  readonly errorId: string | undefined;
  /** Okta's link for the error code (equal to the code). */
  readonly errorLink: string | undefined;
  /** The `X-Okta-Request-Id` of the response: quote it to Okta support. */
  readonly requestId: string | undefined;
  /** Response headers (request headers, which carry credentials, are never kept). */
  readonly headers: Headers;
  /** Method and path of the failed request. */
  readonly request: RequestSummary;
  /**
   * The error response's body as parsed JSON (`undefined` when it was empty or not JSON), for
   * bodies that are not Okta's `{ errorCode, errorSummary, … }`, such as a receiver's RFC 8935 error.
   */
  readonly body: unknown;

  /** @param message replaces the generated message, for subclasses whose body says more. */
  constructor(init: ApiErrorInit, message?: string) {
    const body = readErrorBody(init.body);
    const requestId = init.headers.get('x-okta-request-id') ?? undefined;
    super(message ?? describeApiError(init, body, requestId), { cause: init.cause });
    this.status = init.status;
    this.errorCode = body.errorCode;
    this.errorSummary = body.errorSummary;
    this.errorCauses = body.errorCauses ?? [];
    this.errorId = body.errorId;
    this.errorLink = body.errorLink;
    this.requestId = requestId;
    this.headers = init.headers;
    this.request = init.request;
    this.body = init.body;
  }
}

// What to do about each documented error, then about each status when the code is unknown.
const CODE_HINTS: Record<string, string> = {
  E0000001: 'Fix the fields named above and send the request again.',
  E0000003: 'Send a well-formed JSON body.',
  E0000005: 'Send credentials: pass `token` or `accessToken` to createClient.',
  E0000006: 'Grant the token the scope this call needs (for apps: okta.apps.read to read, okta.apps.manage to change).',
  E0000007: 'Check the id: the resource does not exist or was deleted.',
  E0000011: 'Check the token: it is unknown, expired or revoked.',
  E0000031: 'Check the filter, q, expand and after parameters.',
  E0000047: 'Wait until the rate limit resets (RateLimitError.resetAt) or send fewer requests.',
  E0000056: 'Deactivate the application first, then delete it.',
};

function hintFor(status: number, code: string | undefined): string {
  if (code !== undefined && Object.hasOwn(CODE_HINTS, code)) return CODE_HINTS[code]!;
  if (status === 401) return CODE_HINTS.E0000011!;
  if (status === 403) return 'Check that the token has the permission this call needs.';
  if (status === 404) return CODE_HINTS.E0000007!;
  if (status === 429) return CODE_HINTS.E0000047!;
  if (status >= 500) return 'Retry later; if it persists, quote the request id to Okta support.';
  return 'Check the request against the API documentation and send it again.';
}

function describeApiError(init: ApiErrorInit, body: OktaErrorBody, requestId: string | undefined): string {
  const code = body.errorCode ? ` ${body.errorCode}` : '';
  const summary = body.errorSummary ?? `the server answered HTTP ${init.status} without an Okta error body`;
  const causes = body.errorCauses?.length
    ? ` (${body.errorCauses.map((c) => c.errorSummary).join('; ')})`
    : '';
  const id = requestId ? `, request id ${requestId}` : '';
  const target = init.request.path ? `${init.request.method} ${init.request.path}` : init.request.method;
  return `${target} failed with ${init.status}${code}: ${trimDot(summary)}${causes}${id}. ${hintFor(init.status, body.errorCode)}`;
}

function trimDot(s: string): string {
  return s.endsWith('.') ? s.slice(0, -1) : s;
}

/** 400: the request was refused as invalid (`E0000001`, `E0000003`, `E0000031`, …). */
export class BadRequestError extends ApiError {}
/** 401: the token is unknown, expired or revoked (`E0000011`). */
export class AuthenticationError extends ApiError {}
/** 403: no credentials, or the token lacks the permission (`E0000005`, `E0000006`, `E0000056`). */
export class ForbiddenError extends ApiError {}
/** 404: no such resource (`E0000007`). */
export class NotFoundError extends ApiError {}
/** 5xx: the organization failed to answer the request. */
export class ServerError extends ApiError {}

/**
 * 429: the rate limit of the endpoint's bucket is exhausted (`E0000047`). Thrown after the client's
 * retries are used up, or at once when the reset is further away than `maxRetryWait`.
 */
export class RateLimitError extends ApiError {
  /** When the bucket resets, from `X-Rate-Limit-Reset`, if the response said. */
  readonly resetAt: Date | undefined;
  /** The bucket's limit per window, from `X-Rate-Limit-Limit`. */
  readonly limit: number | undefined;

  constructor(init: ApiErrorInit) {
    super(init);
    const reset = Number(init.headers.get('x-rate-limit-reset'));
    this.resetAt = Number.isFinite(reset) && reset > 0 ? new Date(reset * 1000) : undefined;
    const limit = Number(init.headers.get('x-rate-limit-limit'));
    this.limit = Number.isFinite(limit) && limit > 0 ? limit : undefined;
  }
}

/**
 * The error codes of RFC 8935 §2.3 a security event receiver answers a refused token with.
 * `SecurityEventTokenError.err` is typed as this union plus any other string.
 */
/**
 * The error codes of RFC 8935 §2.3 that a receiver answers a refused security event token with:
 * `invalid_request` (not a compact JWS, wrong typ, missing kid, forbidden alg, invalid claims),
 * `invalid_key` (kid not in the provider's key set), `invalid_issuer` (iss is no ACTIVE provider's),
 * `invalid_audience` (aud is not the organization), `authentication_failed` (bad signature), `access_denied`.
 */
export const SET_ERROR_CODES = [
  'invalid_request',
  'invalid_key',
  'invalid_issuer',
  'invalid_audience',
  'authentication_failed',
  'access_denied',
] as const;

/** One RFC 8935 error code, e.g. `invalid_key`. */
export type SecurityEventTokenErrorCode = (typeof SET_ERROR_CODES)[number];

const KID_HINT = "Check that the token's `kid` is in the key set of the provider.";

/**
 * The hints of a refused security event token, chosen by RFC 8935's `err` and, where one code covers
 * failures with different remedies, a pattern of the receiver's `description`. The first row whose
 * `err` matches and whose pattern (if any) matches the description gives the hint; a row without a
 * pattern is the code's hint for any description, or none.
 */
const SET_ERROR_HINTS: ReadonlyArray<{ err: SecurityEventTokenErrorCode; description?: RegExp; hint: string }> = [
  // Anchored first, so a kid quoted in the description cannot pick another row.
  { err: 'invalid_key', description: /^no key\b/i, hint: KID_HINT },
  {
    err: 'invalid_key',
    description: /could not be fetched|not a JSON Web Key Set|not a valid URL/i,
    hint: "Check that the provider's `jwks_url` is reachable from the organization and serves a JSON Web Key Set ({\"keys\": [...]}).",
  },
  { err: 'invalid_key', description: /\bno key\b|\bunknown kid\b/i, hint: KID_HINT },
  {
    // Any other described invalid_key found the key: of the wrong type, too short, declared for another use or alg.
    err: 'invalid_key',
    description: /./,
    hint: "Check the provider's key for that kid: it must be a public key suited to the token's alg (RSA of at least 2048 bits, EC on the alg's curve, or Ed25519), declared for signatures.",
  },
  { err: 'invalid_key', hint: KID_HINT },
  { err: 'invalid_request', hint: "Check the token's header (typ secevent+jwt, kid, an asymmetric alg), its claims and its events." },
  { err: 'invalid_issuer', hint: "Check that the token's `iss` is the issuer of an ACTIVE security events provider." },
  { err: 'invalid_audience', hint: "Check that the token's `aud` is the organization URL." },
  { err: 'authentication_failed', hint: "Check that the token is signed with the private key of the provider's key set." },
  { err: 'access_denied', hint: 'Check that the provider is allowed to send security events to this organization.' },
];

/** The hint for a refusal (see {@link SET_ERROR_HINTS}), with its leading space, or `''` for an unknown code. */
function setErrorHint(err: string, description: string | undefined): string {
  const row = SET_ERROR_HINTS.find(
    (r) => r.err === err && (r.description === undefined || (description !== undefined && r.description.test(description))),
  );
  return row ? ` ${row.hint}` : '';
}

/** The RFC 8935 body of a refused security event token, or `undefined` for any other body. */
export function readSecurityEventErrorBody(body: unknown): { err: string; description: string | undefined } | undefined {
  if (!isJsonObject(body)) return undefined;
  const { err, description } = body as Record<string, unknown>;
  if (typeof err !== 'string' || err === '') return undefined;
  return { err, description: typeof description === 'string' ? description : undefined };
}

/**
 * 400 from the security events receiver: the organization refused a security event token and said
 * why in an RFC 8935 body `{ err, description }`. The token itself is never kept on the error.
 */
export class SecurityEventTokenError extends BadRequestError {
  /** The RFC 8935 error code, e.g. `invalid_issuer`. */
  readonly err: SecurityEventTokenErrorCode | (string & {});
  /** The receiver's explanation, when it gave one. */
  readonly description: string | undefined;

  /** Builds the error from a 400 response whose body is an RFC 8935 error (read with `readSecurityEventErrorBody`). */
  constructor(init: ApiErrorInit) {
    // invalid_request is RFC 8935's code for a request refused for any other reason.
    const parsed = readSecurityEventErrorBody(init.body) ?? { err: 'invalid_request', description: undefined };
    super(init, describeSecurityEventError(parsed.err, parsed.description, init.headers.get('x-okta-request-id')));
    this.err = parsed.err;
    this.description = parsed.description;
  }
}

function describeSecurityEventError(err: string, description: string | undefined, requestId: string | null): string {
  const detail = description ? `: ${trimDot(description)}` : '';
  const id = requestId ? ` (request id ${requestId})` : '';
  const hint = setErrorHint(err, description);
  return `The organization refused the security event token: ${err}${detail}${id}.${hint}`;
}

/** Builds the {@link ApiError} subclass that matches the status. */
export function createApiError(init: ApiErrorInit): ApiError {
  const { status } = init;
  if (status === 400) return new BadRequestError(init);
  if (status === 401) return new AuthenticationError(init);
  if (status === 403) return new ForbiddenError(init);
  if (status === 404) return new NotFoundError(init);
  if (status === 429) return new RateLimitError(init);
  if (status >= 500) return new ServerError(init);
  return new ApiError(init);
}

/**
 * True for any appset {@link ApiError}, also one created by another copy of appset or in another
 * realm (where `instanceof` fails). Narrow further on `status` or `errorCode`.
 */
export function isApiError(error: unknown): error is ApiError {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as Record<symbol, unknown>)[API_ERROR_BRAND] === true
  );
}

/** True for any error thrown by appset, across realms and package copies. */
export function isAppsetError(error: unknown): error is AppsetError {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as Record<symbol, unknown>)[APPSET_ERROR_BRAND] === true
  );
}

/**
 * The input of a call was refused by appset before any request was sent. `issues` names each bad
 * field; the message lists them and says how to fix the call.
 */
export class RequestValidationError extends AppsetError {
  /** One entry per refused field. */
  readonly issues: FieldIssue[];

  constructor(what: string, issues: FieldIssue[]) {
    const list = issues.map(describeIssue).join('; ');
    super(`Invalid ${what}: ${list}. Fix the field(s) named and call again; nothing was sent.`);
    this.issues = issues;
  }
}

/** The options given to `createClient` are unusable; the message says which and why. */
export class ConfigurationError extends AppsetError {}

/** The request could not reach the organization, or the connection broke before an answer. */
export class ConnectionError extends AppsetError {
  /** Method and path of the request. */
  readonly request: RequestSummary;

  constructor(request: RequestSummary, cause: unknown) {
    const reason = cause instanceof Error && cause.message ? `: ${cause.message}` : '';
    super(
      `${request.method} ${request.path} could not reach the organization${reason}. Check the orgUrl and the network, then retry.`,
      { cause },
    );
    this.request = request;
  }
}

/** No answer arrived within the `timeout` of the call (per attempt). */
export class TimeoutError extends AppsetError {
  /** Method and path of the request. */
  readonly request: RequestSummary;
  /** The timeout that expired, in milliseconds. */
  readonly timeout: number;

  constructor(request: RequestSummary, timeout: number) {
    super(
      `${request.method} ${request.path} got no answer within ${timeout} ms. Raise the \`timeout\` option or retry later.`,
    );
    this.request = request;
    this.timeout = timeout;
  }
}

/** The organization answered with a success status but a body appset cannot read (not JSON, wrong shape). */
export class InvalidResponseError extends AppsetError {
  /** HTTP status of the response. */
  readonly status: number;
  /** The `X-Okta-Request-Id` of the response. */
  readonly requestId: string | undefined;
  /** Method and path of the request. */
  readonly request: RequestSummary;

  constructor(request: RequestSummary, status: number, headers: Headers, problem: string, cause?: unknown) {
    const requestId = headers.get('x-okta-request-id') ?? undefined;
    super(
      `${request.method} ${request.path} answered ${status} with ${problem}${requestId ? ` (request id ${requestId})` : ''}. Check that orgUrl points at an Okta organization.`,
      { cause },
    );
    this.status = status;
    this.requestId = requestId;
    this.request = request;
  }
}

/**
 * The organization answered with a redirect (any 3xx). appset never follows one: the API does not
 * redirect, and following could send the credential or a request body to another address.
 */
export class RedirectError extends AppsetError {
  /** HTTP status of the response (0 when the platform hides a redirect's status). */
  readonly status: number;
  /** Where the redirect pointed (origin and path only), when it said. */
  readonly location: string | undefined;
  /** The `X-Okta-Request-Id` of the response. */
  readonly requestId: string | undefined;
  /** Method and path of the request. */
  readonly request: RequestSummary;

  constructor(request: RequestSummary, status: number, headers: Headers, base: URL) {
    const location = redirectTarget(headers.get('location'), base);
    const requestId = headers.get('x-okta-request-id') ?? undefined;
    super(
      `${request.method} ${request.path} answered ${status || 'a redirect'}${location ? ` to ${location}` : ''}${requestId ? ` (request id ${requestId})` : ''}; appset follows no redirects, so nothing was sent there. Give createClient the organization's own address as orgUrl (e.g. https://example.okta.com, not a vanity or http address).`,
    );
    this.status = status;
    this.location = location;
    this.requestId = requestId;
    this.request = request;
  }
}

/** A redirect's target without its query or fragment, which could carry secrets. */
function redirectTarget(location: string | null, base: URL): string | undefined {
  if (location === null) return undefined;
  try {
    const url = new URL(location, base);
    return `${url.origin}${url.pathname}`;
  } catch {
    return undefined;
  }
}
