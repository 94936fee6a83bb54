/**
 * Reads a response body up to a bound, chunk by chunk, so an endless or oversized body is refused
 * as soon as it passes the bound instead of being buffered whole.
 */

/** A body passed `maxResponseBytes`; the transport turns it into an `InvalidResponseError`. */
export class ResponseTooLarge extends Error {
  constructor(
    readonly response: Response,
    readonly maxBytes: number,
  ) {
    super(`The response body exceeds ${maxBytes} bytes.`);
  }

  /** What an `InvalidResponseError` says of the answer, with what to do about it. */
  get problem(): string {
    return `a body larger than ${this.maxBytes} bytes (maxResponseBytes), which appset stopped reading; raise \`maxResponseBytes\` in createClient if answers this large are expected`;
  }
}

/** Reads `response`'s whole body, refusing it (and cancelling the rest) past `maxBytes`. */
export async function readBoundedBody(response: Response, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > maxBytes) {
    void response.body?.cancel().catch(() => undefined);
    throw new ResponseTooLarge(response, maxBytes);
  }
  if (response.body === null) return new Uint8Array(0);
  const body = await readStreamUpTo(response.body, maxBytes);
  if (body === undefined) throw new ResponseTooLarge(response, maxBytes);
  return body;
}

/**
 * Reads a stream whole, or `undefined` once it passes `maxBytes` (the rest is cancelled, not read).
 * The cancellation is not awaited: a source that never settles it (msw's request streams) must not
 * hold the caller.
 */
export async function readStreamUpTo(stream: ReadableStream<Uint8Array>, maxBytes: number): Promise<Uint8Array | undefined> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      void reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return chunks[0]!;
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}
