import { pageLinks, parsePageLimit } from '../pipeline/pagination';
import { readJsonBody } from '../pipeline/request';
import { type RouteEnv, type RouteSpec } from '../pipeline/route';
import { type RouteReply } from '../pipeline/reply';
import { invalidPaging } from '../pipeline/okta-errors';
import { exceedsUtf8Bytes } from '../pipeline/utf8';
import { InvalidCursorError } from '../state/indexed-collection';
import type { IngestionService } from './ingestion';
import type { ProviderService, StoredProvider } from './providers';

/** The largest security event token the receiver reads. */
export const MAX_SET_BYTES = 64 * 1024;

const PROVIDER_PAGE_LIMITS = { default: 20, max: 200 } as const;
const BASE = '/api/v1/security-events-providers';

/** A provider as the API answers it, with `self` and the lifecycle link its status allows. */
export function renderProvider(provider: StoredProvider, orgUrl: URL) {
  const href = (path: string) => new URL(path, orgUrl).href;
  const action = provider.status === 'ACTIVE' ? 'deactivate' : 'activate';
  // Real organizations answer in this key order and leave out settings they do not hold (no `null`s).
  const settings = Object.fromEntries(Object.entries(provider.settings).filter(([, value]) => value !== null && value !== undefined));
  return {
    id: provider.id,
    name: provider.name,
    type: provider.type,
    status: provider.status,
    settings,
    _links: {
      self: { href: href(`${BASE}/${provider.id}`), hints: { allow: ['GET', 'PUT', 'DELETE'] } },
      [action]: { href: href(`${BASE}/${provider.id}/lifecycle/${action}`), hints: { allow: ['POST'] } },
    },
  };
}

function refused(err: string, description: string): RouteReply {
  return { status: 400, body: { err, description }, headers: [['content-language', 'en-US']], journal: { ingestion: { outcome: 'refused', err, description } } };
}

/** A delivery the receiver took: 202, and in the journal whether it acted or ignored it (and why). */
function taken(ignored: string | undefined): RouteReply {
  return { status: 202, journal: { ingestion: ignored === undefined ? { outcome: 'accepted' } : { outcome: 'ignored', reason: ignored } } };
}

function isSecEventJwt(contentType: string | null): boolean {
  // What providers send, as is: no parameters, no spaces, lower case.
  if (contentType === 'application/secevent+jwt') return true;
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  return type === 'application/secevent+jwt';
}

/** The provider configuration API and the Shared Signals receiver. */
export function securityEventRoutes(env: RouteEnv, providers: ProviderService, ingestion: IngestionService): RouteSpec[] {
  const ok = (provider: StoredProvider): RouteReply => ({ status: 200, body: renderProvider(provider, env.orgUrl()) });
  return [
    {
      method: 'post',
      path: '/security/api/v1/security-events',
      summary: 'receives a Security Event Token: 202, or 400 with RFC 8935\'s `err` and `description`',
      bucket: 'security-events',
      scope: null,
      handle: async (req) => {
        const { headers, now, requestId } = req;
        if (!isSecEventJwt(headers.get('content-type'))) {
          return refused('invalid_request', 'The request must have Content-Type: application/secevent+jwt');
        }
        const declared = Number(headers.get('content-length'));
        if (Number.isFinite(declared) && declared > MAX_SET_BYTES) {
          return refused('invalid_request', `The security event token exceeds ${MAX_SET_BYTES} bytes`);
        }
        const token = (await req.text()).trim();
        if (exceedsUtf8Bytes(token, MAX_SET_BYTES)) {
          return refused('invalid_request', `The security event token exceeds ${MAX_SET_BYTES} bytes`);
        }
        const result = await ingestion.ingest(token, now, requestId);
        return result.outcome === 'refused' ? refused(result.err, result.description) : taken(result.outcome === 'ignored' ? `${result.reason}: ${result.description}` : undefined);
      },
    },
    {
      method: 'get',
      path: BASE,
      summary: 'lists providers',
      bucket: 'providers',
      scope: 'okta.securityEventsProviders.read',
      handle: ({ url }) => {
        const after = url.searchParams.get('after') || undefined;
        try {
          const page = providers.providers.page({ after, limit: parsePageLimit(url.searchParams.get('limit'), PROVIDER_PAGE_LIMITS) });
          return {
            status: 200,
            body: page.items.map((p) => renderProvider(p, env.orgUrl())),
            headers: pageLinks(env.orgUrl(), url, page.next),
          };
        } catch (error) {
          if (error instanceof InvalidCursorError) throw invalidPaging();
          throw error;
        }
      },
    },
    {
      method: 'post',
      path: BASE,
      summary: 'creates a provider (`name`, `type: \'okta\'`, `settings` `{ issuer, jwks_url }` or `{ well_known_url }`, discovered when given)',
      bucket: 'providers',
      scope: 'okta.securityEventsProviders.manage',
      handle: async (input) => ok(await providers.create(await readJsonBody(input))),
    },
    {
      method: 'get',
      path: `${BASE}/:id`,
      summary: 'reads a provider',
      bucket: 'providers',
      scope: 'okta.securityEventsProviders.read',
      handle: ({ params }) => ok(providers.require(params.id!)),
    },
    {
      method: 'put',
      path: `${BASE}/:id`,
      summary: 'replaces a provider',
      bucket: 'providers',
      scope: 'okta.securityEventsProviders.manage',
      handle: async (input) => {
        const { params } = input;
        providers.require(params.id!);
        return ok(await providers.replace(params.id!, await readJsonBody(input)));
      },
    },
    {
      method: 'delete',
      path: `${BASE}/:id`,
      summary: 'deletes a provider (204)',
      bucket: 'providers',
      scope: 'okta.securityEventsProviders.manage',
      handle: ({ params }) => {
        providers.delete(params.id!);
        return { status: 204 };
      },
    },
    {
      method: 'post',
      path: `${BASE}/:id/lifecycle/activate`,
      summary: 'activates a provider',
      bucket: 'providers',
      scope: 'okta.securityEventsProviders.manage',
      handle: ({ params }) => ok(providers.setStatus(params.id!, 'ACTIVE')),
    },
    {
      method: 'post',
      path: `${BASE}/:id/lifecycle/deactivate`,
      summary: 'deactivates a provider: its tokens are then refused with `invalid_issuer`',
      bucket: 'providers',
      scope: 'okta.securityEventsProviders.manage',
      handle: ({ params }) => ok(providers.setStatus(params.id!, 'INACTIVE')),
    },
  ];
}
