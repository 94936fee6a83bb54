import { OktaHttpError } from '../../pipeline/okta-errors';
import { fromBase64, MAX_DER_BYTES } from './x509';

// A certificate published for a CSR, as the bytes of the request: PEM, base64 (or base64url) text, or
// binary DER. Every step is linear in the upload, which is bounded before it is read.

/** The largest certificate upload read (a PEM of the largest DER accepted, with room for its armour). */
export const MAX_UPLOAD_BYTES = 2 * MAX_DER_BYTES + 1024;

/** Media types a certificate may be published in (Okta's). */
export const CERTIFICATE_TYPES: ReadonlySet<string> = new Set(['application/x-x509-ca-cert', 'application/pkix-cert', 'application/x-pem-file']);

const refuse = (cause: string) => new OktaHttpError(400, 'E0000001', 'Api validation failed: certificate', [cause]);

/** The text without the `=` it ends with (a scan from the end: `/=+$/` is quadratic on a run of `=` that does not end the text). */
function withoutTrailingPadding(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 0x3d) end--;
  return text.slice(0, end);
}

/**
 * The DER a certificate's text holds: a PEM block (`-----BEGIN CERTIFICATE-----`), or base64 or
 * base64url (as Okta's SDKs send DER, with `Content-Transfer-Encoding: base64`); `undefined` when it
 * is none of them.
 */
export function certificateFromText(text: string): Uint8Array | undefined {
  const trimmed = text.trim();
  const pem = /^-----BEGIN CERTIFICATE-----([\s\S]*?)-----END CERTIFICATE-----$/.exec(trimmed);
  // base64url is read as base64, and the padding is made whole again (senders leave it out or keep it).
  const bare = withoutTrailingPadding((pem ? pem[1]! : trimmed).replace(/\s+/g, '').replace(/-/g, '+').replace(/_/g, '/'));
  const der = fromBase64(bare + '='.repeat((4 - (bare.length % 4)) % 4));
  return der && der.byteLength > 0 ? der : undefined;
}

/** The DER of an uploaded certificate, or 400 `E0000001` naming the certificate (too large, or not PEM, base64 or DER). */
export async function readCertificateUpload(request: Request): Promise<Uint8Array> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > MAX_UPLOAD_BYTES) throw refuse(`The certificate must be at most ${MAX_UPLOAD_BYTES} bytes.`);
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.byteLength > MAX_UPLOAD_BYTES) throw refuse(`The certificate must be at most ${MAX_UPLOAD_BYTES} bytes.`);
  if (bytes[0] === 0x30) return bytes;
  const der = certificateFromText(new TextDecoder().decode(bytes));
  if (!der) throw refuse('The certificate must be PEM, base64 DER or binary DER.');
  return der;
}
