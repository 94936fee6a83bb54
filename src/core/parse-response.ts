import type * as z from 'zod/mini';
import { InvalidResponseError } from '../errors';
import type { TransportResponse } from './transport';

/** Parses a response body with a schema; a body of the wrong shape becomes an {@link InvalidResponseError}. */
export function parseResponse<S extends z.ZodMiniType>(
  schema: S,
  response: TransportResponse,
  method: string,
): z.output<S> {
  const result = schema.safeParse(response.body);
  if (result.success) return result.data;
  const first = result.error.issues[0];
  const where = first && first.path.length ? ` at ${first.path.join('.')}` : '';
  return fail(response, method, `a body of an unexpected shape${where}`, result.error);
}

function fail(response: TransportResponse, method: string, problem: string, cause: unknown): never {
  throw new InvalidResponseError(
    { method, path: `${response.url.pathname}${response.url.search}` },
    response.status,
    response.headers,
    problem,
    cause,
  );
}
