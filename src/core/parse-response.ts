import type * as z from 'zod/mini';
import { InvalidResponseError } from '../errors';
import { parseInPlace } from '../validation/in-place';
import type { Transport, TransportResponse } from './transport';

/**
 * Parses a body with a schema, read where it lies (see `parseInPlace`). A body of the wrong shape
 * becomes an {@link InvalidResponseError}, thrown the way the transport throws its own failures:
 * redacted, then through the `beforeError` hooks.
 */
export async function parseResponse<S extends z.ZodMiniType>(
  transport: Transport,
  schema: S,
  response: TransportResponse,
  method: string,
): Promise<z.output<S>> {
  const result = parseInPlace(schema, response.body);
  if (result.success) return result.data;
  const first = result.error.issues[0];
  const where = first && first.path.length ? ` at ${first.path.join('.')}` : '';
  throw await transport.failed(
    new InvalidResponseError(
      { method, path: `${response.url.pathname}${response.url.search}` },
      response.status,
      response.headers,
      `a body of an unexpected shape${where}`,
      result.error,
    ),
  );
}
