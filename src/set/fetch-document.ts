import { readStreamUpTo } from '../core/bounded-body';

/** The largest key set or discovery document read: far above any real one (a few KiB). */
export const MAX_DOCUMENT_BYTES = 1024 * 1024;

/** Why a document could not be fetched, worded to follow "The key set at <url> could not be fetched: ". */
export class DocumentFetchError extends Error {}

/** Options of {@link fetchJsonDocument}. */
export interface FetchJsonDocumentOptions {
  /** The fetch to use; default `globalThis.fetch`, looked up at the call. */
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
  /** The `Accept` header. */
  accept: string;
  /** Bound on the whole exchange, body included. */
  timeoutMs: number;
  /** Bound on the body; default {@link MAX_DOCUMENT_BYTES}. */
  maxBytes?: number;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Fetches a small JSON document (a key set, an SSF discovery document) that a provider publishes,
 * as an untrusted party: no redirect is followed (the configured URL is the one the organization
 * trusts, and a redirect could lead to any other origin), the body is read incrementally and
 * abandoned past `maxBytes`, and the whole exchange is bounded by `timeoutMs`. Throws a
 * {@link DocumentFetchError} saying what went wrong.
 */
export async function fetchJsonDocument(url: string, options: FetchJsonDocumentOptions): Promise<unknown> {
  const maxBytes = options.maxBytes ?? MAX_DOCUMENT_BYTES;
  const fetchFn = options.fetch ?? ((input: string, init: RequestInit) => globalThis.fetch(input, init));
  const signal = AbortSignal.timeout(options.timeoutMs);
  let response: Response;
  try {
    response = await fetchFn(url, { headers: { accept: options.accept }, redirect: 'manual', signal });
  } catch (cause) {
    throw new DocumentFetchError(failure('the request', cause, options.timeoutMs), { cause });
  }
  if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
    void response.body?.cancel().catch(() => undefined);
    const location = response.headers.get('location');
    throw new DocumentFetchError(
      `HTTP ${response.status} redirect${location ? ` to ${location.slice(0, 200)}` : ''}; redirects are not followed, so configure the final URL`,
    );
  }
  if (!response.ok) {
    void response.body?.cancel().catch(() => undefined);
    throw new DocumentFetchError(`HTTP ${response.status}`);
  }
  const bytes = await readBounded(response, maxBytes, options.timeoutMs);
  try {
    return JSON.parse(strictUtf8.decode(bytes));
  } catch (cause) {
    throw new DocumentFetchError('the body is not UTF-8 JSON', { cause });
  }
}

function tooLarge(maxBytes: number): DocumentFetchError {
  return new DocumentFetchError(`the body is larger than ${maxBytes} bytes`);
}

/**
 * Reads the body chunk by chunk ({@link readStreamUpTo}), cancelling the stream as soon as it passes
 * `maxBytes`, and says what failed as a {@link DocumentFetchError}. A body whose `content-length` is 0
 * is not read at all: under undici, reading even an empty stream costs a tenth to a fifth of a small
 * exchange's time (bench/set-publisher.ts measures it).
 */
export async function readBounded(response: Response, maxBytes: number, timeoutMs: number): Promise<Uint8Array> {
  const length = response.headers.get('content-length');
  const declared = length !== null && /^\d+$/.test(length) ? Number(length) : undefined;
  if (declared !== undefined && declared > maxBytes) {
    void response.body?.cancel().catch(() => undefined);
    throw tooLarge(maxBytes);
  }
  // A body declared empty has nothing to read: HTTP's framing holds a real answer to its length. A
  // `Response` made by a mock or a custom fetch with a stale `content-length: 0` loses its body here.
  if (response.body === null || declared === 0) return new Uint8Array(0);
  let bytes: Uint8Array | undefined;
  try {
    bytes = await readStreamUpTo(response.body, maxBytes);
  } catch (error) {
    throw new DocumentFetchError(failure('reading the body', error, timeoutMs), { cause: error });
  }
  if (bytes === undefined) throw tooLarge(maxBytes);
  return bytes;
}

/**
 * What failed, without the network error's own text: the description reaches whoever sent the token,
 * and a connection error can name internal addresses.
 */
function failure(what: string, error: unknown, timeoutMs: number): string {
  const timedOut = error instanceof Error && error.name === 'TimeoutError';
  return timedOut ? `${what} timed out after ${timeoutMs} ms` : `${what} failed`;
}
