import { createApiError } from '../../src/errors';
import { OktaHttpError } from '../pipeline/okta-errors';

/** Turns a backend error into the appset error class the client would throw for the same answer. */
function asClientError(error: unknown, operation: string): unknown {
  if (!(error instanceof OktaHttpError)) return error;
  return createApiError({
    status: error.status,
    headers: new Headers(),
    request: { method: `backend.${operation}`, path: '' },
    body: error.body(),
  });
}

/** Runs a direct state change (`backend.<capability>.…`), throwing what the client would for the same refusal. */
export function direct<T>(operation: string, run: () => T): T {
  try {
    return run();
  } catch (error) {
    throw asClientError(error, operation);
  }
}
