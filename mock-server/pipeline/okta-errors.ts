import type { FieldIssue } from '../../src/validation/field-issues';
import { base62 } from './ids';

/**
 * An error answer in Okta's shape. Route code throws it; the route wrapper renders it with every
 * field (`errorCode`, `errorSummary`, `errorLink`, `errorId`, `errorCauses`) and the common headers.
 */
export class OktaHttpError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    readonly errorSummary: string,
    readonly causes: string[] = [],
    /** Extra response headers, e.g. `WWW-Authenticate` on a refused access token. */
    readonly headers: Array<[string, string]> = [],
  ) {
    super(`${status} ${errorCode}: ${errorSummary}`);
  }

  /** The JSON body, with a fresh unique `errorId` (25 characters, as real organizations issue them). */
  body() {
    return {
      errorCode: this.errorCode,
      errorSummary: this.errorSummary,
      errorLink: this.errorCode,
      errorId: `oae${base62(22)}`,
      errorCauses: this.causes.map((errorSummary) => ({ errorSummary })),
    };
  }
}

/** `E0000001`: one cause per refused field, the summary naming the fields. */
export function validationFailed(issues: FieldIssue[]): OktaHttpError {
  const fields = [...new Set(issues.map((i) => i.path || 'body'))];
  return new OktaHttpError(
    400,
    'E0000001',
    `Api validation failed: ${fields.join(', ')}`,
    issues.map((i) => `${i.path || 'body'}: ${i.reason}`),
  );
}

/** `E0000003`: the body is not JSON (or too large to read). */
export function malformedBody(cause?: string): OktaHttpError {
  return new OktaHttpError(400, 'E0000003', 'The request body was not well-formed.', cause ? [cause] : []);
}

/** `E0000005`: no `Authorization` header. */
export function invalidSession(): OktaHttpError {
  return new OktaHttpError(403, 'E0000005', 'Invalid session');
}

/** `E0000006`: the token lacks the scope the operation needs. */
export function permissionDenied(): OktaHttpError {
  return new OktaHttpError(403, 'E0000006', 'You do not have permission to perform the requested action');
}

/** `E0000007`: no such resource, e.g. `notFound('0oa…', 'AppInstance')`. */
export function notFound(what: string, kind: string): OktaHttpError {
  return new OktaHttpError(404, 'E0000007', `Not found: Resource not found: ${what} (${kind})`);
}

/** `E0000011`: the token is unknown. */
export function invalidToken(): OktaHttpError {
  return new OktaHttpError(401, 'E0000011', 'Invalid token provided');
}

/** `E0000031`: a filter, cursor or expand the API does not support. */
export function invalidSearch(cause: string): OktaHttpError {
  return new OktaHttpError(400, 'E0000031', 'Invalid search criteria.', [cause]);
}

/** `E0000029`: an `after` cursor the server did not issue, in real organizations' words. */
export function invalidPaging(): OktaHttpError {
  return new OktaHttpError(400, 'E0000029', 'Invalid paging request.', ['Invalid cursor.']);
}

/** `E0000001` on the request parameters: an `expand` that is not one expression (real orgs' words). */
export function malformedExpand(): OktaHttpError {
  return new OktaHttpError(400, 'E0000001', 'Api validation failed: RequestParams', ['Expand query is malformed.']);
}

/** `E0000047`: the bucket's rate limit is exhausted (no causes). */
export function rateLimited(): OktaHttpError {
  return new OktaHttpError(429, 'E0000047', 'API call exceeded rate limit due to too many requests.');
}
