import { logoProblem, detectLogoType, MAX_LOGO_BYTES } from '../../../src/apps/logo/image-type';
import { notFound, validationFailed } from '../../pipeline/okta-errors';
import { MAX_REQUEST_BODY_BYTES } from '../../pipeline/request';
import { type RouteEnv, type RouteSpec } from '../../pipeline/route';
import { relinkApp } from '../app-links';
import type { AppService } from '../service';
import { readFormFile } from './multipart';
import type { LogoStore } from './store';
import { BLANK_FIELD } from '../../../src/validation/field-issues';

/** The largest logo upload read: the file's bound and room for the multipart envelope around it. */
export const MAX_LOGO_BODY_BYTES = MAX_REQUEST_BODY_BYTES;

/** Where a logo is served, on the org (real organizations serve them from their CDN, under `/fs/bco/4/`). */
export const logoPath = (id: string) => `/fs/bco/4/${id}`;

/**
 * Headers of a served logo: its type is the one read from its bytes, browsers may not guess another
 * (`nosniff`), and an SVG cannot run script or load anything (a sandboxed, `default-src 'none'` policy).
 */
function logoHeaders(): Array<[string, string]> {
  return [
    ['x-content-type-options', 'nosniff'],
    ['content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox"],
    ['cache-control', 'no-cache'],
  ];
}

/**
 * The app logo: `POST /api/v1/apps/{appId}/logo` (multipart field `file`: PNG, JPEG, GIF or UTF-8
 * SVG under 1 MB, the type read from the bytes; 201, empty body, `Location`), and the logo served
 * where the app's `_links.logo` points.
 */
export function logoRoutes(env: RouteEnv, apps: AppService, logos: LogoStore, newId: (prefix: string) => string): RouteSpec[] {
  return [
    {
      method: 'post',
      path: '/api/v1/apps/:appId/logo',
      summary: 'uploads the app\'s logo (multipart `file`: PNG, JPEG, SVG or GIF under 1 MB); 201, empty body, `Location`',
      bucket: 'app',
      scope: 'okta.apps.manage',
      handle: async ({ request, params }) => {
        apps.require(params.appId!);
        const bytes = await readFormFile(request, 'file', MAX_LOGO_BODY_BYTES, `1 MB (${MAX_LOGO_BYTES} bytes)`);
        if (bytes === undefined) throw validationFailed([{ path: 'file', reason: BLANK_FIELD }]);
        const problem = logoProblem(bytes);
        if (problem !== undefined) throw validationFailed([{ path: 'file', reason: problem }]);
        const logo = { id: newId('fs0'), appId: params.appId!, type: detectLogoType(bytes)!, bytes };
        logos.put(logo);
        relinkApp(apps, logo.appId, (app) => {
          app.logo = { id: logo.id, type: logo.type };
        });
        return { status: 201, headers: [['location', env.orgOrigin() + logoPath(logo.id)]] };
      },
    },
    {
      method: 'get',
      path: '/fs/bco/4/:logoId',
      summary: 'serves an uploaded logo with its content type (SVG sandboxed, `nosniff`)',
      bucket: 'default',
      // Served like a CDN's image: an <img> sends no credentials.
      scope: null,
      handle: ({ params }) => {
        const logo = logos.get(params.logoId!);
        if (!logo || apps.apps.get(logo.appId)?.logo?.id !== logo.id) throw notFound(params.logoId!, 'AppLogo');
        return { status: 200, binary: { bytes: logo.bytes, contentType: logo.type }, headers: logoHeaders() };
      },
    },
  ];
}
