import { BLANK_FIELD } from '../../../src/validation/field-issues';
import { malformedBody, notFound, OktaHttpError, validationFailed } from '../../pipeline/okta-errors';
import { readJsonBody } from '../../pipeline/request';
import { type RouteSpec } from '../../pipeline/route';
import { isObject } from '../../shared/json';
import { wholeSeconds } from '../../shared/time';
import type { AppService } from '../service';
import { MAX_ALLOWED_APPS, MAX_MAPPINGS, type InterclientTrustStore, type StoredInterclientTrustMapping } from './store';
import { orgAdminId } from '../../shared/org-admin';

/** The sign-on modes of a target app: OpenID Connect and SAML apps only. */
const TARGET_MODES: ReadonlySet<unknown> = new Set(['OPENID_CONNECT', 'SAML_2_0', 'SAML_1_1']);
/** The longest app id a body may name. */
const MAX_ID = 255;

/** `E0000001` as Okta answers a refused mapping: the summary names the mappings, the cause says why. */
const mappingRefused = (cause: string) => new OktaHttpError(400, 'E0000001', 'Api validation failed: Interclient Trust Mappings', [cause]);

/**
 * Interclient trust mappings (Native to Web SSO): a target app (`/interclient-allowed-apps`) lists,
 * adds (201, the mapping) and removes (204) the apps allowed to ask for interclient SSO to it; an
 * allowed app lists its targets (`/interclient-target-apps`). Lists answer app ids. A target is an
 * OpenID Connect or SAML app and allows at most five apps, as Okta refuses otherwise.
 */
export function interclientTrustRoutes(apps: AppService, store: InterclientTrustStore, deps: { newId: (prefix: string) => string; orgId: () => string }): RouteSpec[] {
  const exists = (appId: string) => apps.apps.has(appId);
  const alive = (m: StoredInterclientTrustMapping) => exists(m.appInstanceId) && exists(m.trustedAppInstanceId);
  const allowedBy = (targetAppId: string) => store.all().filter((m) => m.appInstanceId === targetAppId && alive(m));
  const render = (m: StoredInterclientTrustMapping) => ({
    id: m.id,
    orgId: deps.orgId(),
    appInstanceId: m.appInstanceId,
    trustedAppInstanceId: m.trustedAppInstanceId,
    created: m.created,
    lastUpdated: m.lastUpdated,
    lastUpdatedBy: m.lastUpdatedBy,
  });

  return [
    {
      method: 'get',
      path: '/api/v1/apps/:appId/interclient-allowed-apps',
      summary: 'lists the ids of the apps the target app allows to ask for interclient SSO',
      bucket: 'app',
      scope: 'okta.apps.interclientTrust.read',
      handle: ({ params }) => ({ status: 200, body: allowedBy(apps.require(params.appId!).body.id).map((m) => m.trustedAppInstanceId) }),
    },
    {
      method: 'post',
      path: '/api/v1/apps/:appId/interclient-allowed-apps',
      summary: 'allows the app `{ "id" }` to ask for interclient SSO to the target app (201, the mapping); the target is an OpenID Connect or SAML app allowing at most 5',
      bucket: 'app',
      scope: 'okta.apps.interclientTrust.manage',
      handle: async (input) => {
        const { params, now } = input;
        const target = apps.require(params.appId!);
        const body = await readJsonBody(input);
        if (!isObject(body)) throw malformedBody();
        const id = body.id;
        if (id === undefined || id === null || (typeof id === 'string' && id.trim() === '')) throw validationFailed([{ path: 'id', reason: BLANK_FIELD }]);
        if (typeof id !== 'string' || id.length > MAX_ID) throw validationFailed([{ path: 'id', reason: `Must be an app id of at most ${MAX_ID} characters` }]);
        if (!TARGET_MODES.has(target.body.signOnMode)) throw mappingRefused('The target application must be an OIDC or SAML app.');
        const allowed = apps.require(id);
        if (allowed.body.id === target.body.id) throw mappingRefused('An application cannot be its own trusted app.');
        if (store.find(target.body.id, allowed.body.id)) throw mappingRefused('The application is already a trusted app of the target application.');
        if (allowedBy(target.body.id).length >= MAX_ALLOWED_APPS) throw mappingRefused(`The target application cannot have more than ${MAX_ALLOWED_APPS} trusted apps.`);
        // What deleted apps left is dropped here, so the org's bound counts live mappings only.
        store.prune(alive);
        if (store.size >= MAX_MAPPINGS) throw mappingRefused(`The org keeps at most ${MAX_MAPPINGS} interclient trust mappings; delete one first.`);
        const at = wholeSeconds(now);
        const mapping: StoredInterclientTrustMapping = {
          id: deps.newId('itm'),
          appInstanceId: target.body.id,
          trustedAppInstanceId: allowed.body.id,
          created: at,
          lastUpdated: at,
          lastUpdatedBy: orgAdminId(deps.orgId()),
        };
        store.put(mapping);
        return { status: 201, body: render(mapping) };
      },
    },
    {
      method: 'delete',
      path: '/api/v1/apps/:appId/interclient-allowed-apps/:allowedAppId',
      summary: 'removes an allowed app from the target app (204)',
      bucket: 'app',
      scope: 'okta.apps.interclientTrust.manage',
      handle: ({ params }) => {
        const target = apps.require(params.appId!);
        const mapping = store.find(target.body.id, params.allowedAppId!);
        if (!mapping || !alive(mapping)) throw notFound(params.allowedAppId!, 'InterclientTrustMapping');
        store.delete(mapping.id);
        return { status: 204 };
      },
    },
    {
      method: 'get',
      path: '/api/v1/apps/:appId/interclient-target-apps',
      summary: 'lists the ids of the target apps that allow the app to ask for interclient SSO',
      bucket: 'app',
      scope: 'okta.apps.interclientTrust.read',
      handle: ({ params }) => {
        const app = apps.require(params.appId!);
        return { status: 200, body: store.all().filter((m) => m.trustedAppInstanceId === app.body.id && alive(m)).map((m) => m.appInstanceId) };
      },
    },
  ];
}

