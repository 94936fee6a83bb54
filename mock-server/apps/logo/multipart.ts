import { readStreamUpTo } from '../../../src/core/bounded-body';
import { OktaHttpError, malformedBody, validationFailed } from '../../pipeline/okta-errors';

/** `E0000021`: the request's media type is not one the endpoint takes. */
function unsupportedMediaType(): OktaHttpError {
  return new OktaHttpError(400, 'E0000021', 'Bad request. Accept and/or Content-Type headers likely do not match supported values.', [
    'Send the file as multipart/form-data, in a part named "file".',
  ]);
}

/** The refusal of a body larger than the endpoint reads, naming the form field it carries. */
function tooLarge(field: string, limit: string, seen: number): OktaHttpError {
  return validationFailed([{ path: field, reason: `Must be less than ${limit}; the request body is ${seen} bytes or more` }]);
}

/**
 * The bytes of the file in form field `field` of a `multipart/form-data` request, or `undefined`
 * when the form has no file there. The body is bounded before it is parsed: a declared
 * `Content-Length` over `maxBytes` is refused unread, and reading stops once it passes the bound.
 * The form itself is parsed by the platform (`Response.formData()`). `limit` says the bound in words.
 */
export async function readFormFile(request: Request, field: string, maxBytes: number, limit: string): Promise<Uint8Array | undefined> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;.*\bboundary=/i.test(contentType)) throw unsupportedMediaType();
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(field, limit, declared);
  const bytes = request.body === null ? new Uint8Array() : await readStreamUpTo(request.body, maxBytes);
  if (bytes === undefined) throw tooLarge(field, limit, maxBytes + 1);
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw malformedBody('The multipart/form-data body could not be read; check its boundary and part headers.');
  }
  const file = form.get(field);
  return typeof file === 'string' || file === null ? undefined : new Uint8Array(await file.arrayBuffer());
}
