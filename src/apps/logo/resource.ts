import { apiCall, type ApiCall } from '../../core/api-call';
import { checkCallOptions, checkId } from '../../core/call-checks';
import type { CallOptions, Transport } from '../../core/transport';
import { RequestValidationError } from '../../errors';
import { detectLogoType, logoProblem, logoTooLarge, MAX_LOGO_BYTES } from './image-type';

/**
 * A logo to upload: a `Blob` (a `File`), the bytes, or a stream of them: a Node `Readable` or any
 * async iterable of `Uint8Array` (read up to the size bound, never further).
 */
export type LogoSource = Blob | Uint8Array | AsyncIterable<Uint8Array>;

/** What an upload answers. */
export interface UploadedLogo {
  /** Where the logo is served (the `Location` the API answered); the app's `_links.logo` points there. */
  url: string;
}

const refuse = (reason: string) => new RequestValidationError('logo', [{ path: 'file', reason }]);

/** The bytes of a logo; a stream is read only up to the bound (leaving the loop early closes a Node `Readable`). */
async function logoBytes(source: LogoSource): Promise<Uint8Array> {
  if (source instanceof Uint8Array) return source;
  let blob = source as Blob;
  if (!(source instanceof Blob)) {
    if (!source || !(Symbol.asyncIterator in source)) throw refuse('Must be a Blob, a Uint8Array, or a stream of Uint8Array');
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of source) {
      if (!(chunk instanceof Uint8Array)) throw refuse('A stream must give Uint8Array chunks (a Node Readable without an encoding)');
      chunks.push(chunk);
      if ((size += chunk.byteLength) >= MAX_LOGO_BYTES) throw refuse(logoTooLarge(`${size} or more`));
    }
    blob = new Blob(chunks);
  }
  if (blob.size >= MAX_LOGO_BYTES) throw refuse(logoTooLarge(blob.size));
  return new Uint8Array(await blob.arrayBuffer());
}

/** An app's logo (`POST /api/v1/apps/{appId}/logo`). */
export interface AppLogoResource {
  /**
   * Uploads the app's logo: a PNG, JPG, SVG (UTF-8) or GIF image under 1 MB. The type is read from
   * the bytes and the size bounded before anything is sent; a file of another kind or size is
   * refused with `RequestValidationError`. The previous logo, if any, is replaced.
   */
  upload(appId: string, file: LogoSource, options?: CallOptions): ApiCall<UploadedLogo>;
}

/** @internal wired into `client.apps.logo` by the `appResources` extension. */
export function appLogo(transport: Transport): AppLogoResource {
  return {
    upload: (appId, file, options) =>
      apiCall(async () => {
        checkId(appId, 'appId');
        checkCallOptions(options);
        const bytes = await logoBytes(file);
        const problem = logoProblem(bytes);
        if (problem) throw refuse(problem);
        const type = detectLogoType(bytes)!;
        const form = new FormData();
        form.append('file', new Blob([bytes], { type }), `logo.${type.slice(6, 9)}`);
        const response = await transport.send({ method: 'POST', target: `/api/v1/apps/${encodeURIComponent(appId)}/logo`, rawBody: form, retry: 'idempotent', options });
        return { data: { url: response.headers.get('location') ?? '' }, response };
      }),
  };
}
