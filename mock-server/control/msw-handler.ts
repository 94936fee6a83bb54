import { http, type HttpHandler } from 'msw';
import { toResponse, type RenderedReply, type RouteEnv } from '../http/route';
import { isControlPath } from './routes';

/** The control plane as an msw handler: requests under `/__appset/` on the organization's origin. */
export function controlHandler(env: RouteEnv, route: (request: Request, url: URL) => Promise<RenderedReply>): HttpHandler {
  return http.all('*', async ({ request }) => {
    const url = new URL(request.url);
    if (url.origin !== env.orgUrl().origin || !isControlPath(url.pathname)) return undefined;
    return toResponse(await route(request, url));
  });
}
