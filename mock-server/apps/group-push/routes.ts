import { CreateGroupPushMappingSchema, UpdateGroupPushMappingSchema } from '../../../src/apps/group-push/input';
import type { Directory } from '../../directory/store';
import { notFound, OktaHttpError, validationFailed } from '../../pipeline/okta-errors';
import { pageLinks, parsePageLimit } from '../../pipeline/pagination';
import { readJsonBody } from '../../pipeline/request';
import { type RouteEnv, type RouteSpec } from '../../pipeline/route';
import { checkedBody } from '../checked-body';
import { pageAfter } from '../per-app';
import { provisioningKind } from '../provisioning/store';
import type { AppService } from '../service';
import { pushTimestamp, type GroupPushStore, type StoredGroupPushMapping } from './store';

/** Default and largest page sizes of `GET …/group-push/mappings` (Okta's documented limits). */
const MAPPING_PAGE_LIMITS = { default: 100, max: 1000 } as const;
/** The instant format `lastUpdated` filters take. */
const INSTANT = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,3})?Z$/;

/**
 * Group push (`/api/v1/apps/{appId}/group-push/mappings`): create (200, the target group made in the
 * directory when named), list with `sourceGroupId`, `status` and `lastUpdated` filters, get, `PATCH`
 * status, delete (200, empty, only INACTIVE ones, with `deleteTargetGroup`), as real organizations
 * answer. Only apps with provisioning push groups.
 */
export function groupPushRoutes(env: RouteEnv, apps: AppService, directory: Directory, mappings: GroupPushStore, newId: (prefix: string) => string): RouteSpec[] {
  const render = (m: StoredGroupPushMapping) => {
    const org = env.orgOrigin();
    // Okta answers these members in alphabetical order.
    return {
      ...(m.appConfig ? { appConfig: m.appConfig } : {}),
      created: m.created,
      id: m.id,
      lastUpdated: m.lastUpdated,
      sourceGroupId: m.sourceGroupId,
      status: m.status,
      targetGroupId: m.targetGroupId,
      _links: {
        app: { href: `${org}/api/v1/apps/${m.appId}` },
        sourceGroup: { href: `${org}/api/v1/groups/${m.sourceGroupId}` },
        targetGroup: { href: `${org}/api/v1/groups/${m.targetGroupId}` },
      },
    };
  };

  const requireGroup = (groupId: string) => {
    if (!directory.group(groupId)) throw notFound(groupId, 'UserGroup');
  };

  return [
    {
      method: 'get',
      path: '/api/v1/apps/:appId/group-push/mappings',
      summary: 'lists group push mappings (`sourceGroupId`, `lastUpdated`, `status` filters; paged)',
      bucket: 'app',
      scope: 'okta.apps.read',
      handle: ({ url, params }) => {
        const app = apps.require(params.appId!);
        const q = url.searchParams;
        const limit = parsePageLimit(q.get('limit'), MAPPING_PAGE_LIMITS);
        const [source, status, since] = [q.get('sourceGroupId'), q.get('status'), q.get('lastUpdated')];
        if (status !== null && !['ACTIVE', 'INACTIVE', 'ERROR'].includes(status)) {
          throw validationFailed([{ path: 'status', reason: 'Not one of the allowed values (ACTIVE, INACTIVE, ERROR)' }]);
        }
        if (since !== null && (!INSTANT.test(since) || Number.isNaN(Date.parse(since)))) {
          throw validationFailed([{ path: 'lastUpdated', reason: 'Must be an instant written YYYY-MM-DDTHH:mm:ssZ' }]);
        }
        const matching = mappings
          .list(app.body.id)
          .filter((m) => (source === null || m.sourceGroupId === source) && (status === null || m.status === status) && (since === null || Date.parse(m.lastUpdated) >= Date.parse(since)));
        // Real organizations write the links with the page size only, not the filters.
        const { page, next, query } = pageAfter(matching, q.get('after') || undefined, limit);
        return { status: 200, body: page.map(render), headers: pageLinks(env.orgUrl(), url, next, query) };
      },
    },
    {
      method: 'post',
      path: '/api/v1/apps/:appId/group-push/mappings',
      summary: 'creates a mapping (200), creating its target group when named',
      bucket: 'app',
      scope: 'okta.apps.manage',
      handle: async (input) => {
        const { params, now } = input;
        const app = apps.require(params.appId!);
        const body = checkedBody(CreateGroupPushMappingSchema, await readJsonBody(input));
        if (!provisioningKind(app)) throw new OktaHttpError(400, 'E0000001', 'Api validation failed: feature', ['Provisioning is not supported.']);
        requireGroup(body.sourceGroupId);
        if (mappings.list(app.body.id).some((m) => m.sourceGroupId === body.sourceGroupId)) {
          throw validationFailed([{ path: 'sourceGroupId', reason: `The group ${body.sourceGroupId} is already pushed to this app; update or delete its mapping` }]);
        }
        let targetGroupId = body.targetGroupId;
        if (targetGroupId !== undefined) requireGroup(targetGroupId);
        else targetGroupId = directory.addGroup({ id: newId('00g'), name: body.targetGroupName! }, now, 'APP_GROUP').id;
        const at = pushTimestamp(now);
        const mapping: StoredGroupPushMapping = {
          id: newId('gPm'),
          appId: app.body.id,
          sourceGroupId: body.sourceGroupId,
          targetGroupId,
          status: body.status ?? 'ACTIVE',
          created: at,
          lastUpdated: at,
          ...(body.appConfig ? { appConfig: body.appConfig } : {}),
        };
        mappings.add(mapping);
        return { status: 200, body: render(mapping) };
      },
    },
    {
      method: 'get',
      path: '/api/v1/apps/:appId/group-push/mappings/:mappingId',
      summary: 'reads a mapping',
      bucket: 'app',
      scope: 'okta.apps.read',
      handle: ({ params }) => {
        apps.require(params.appId!);
        return { status: 200, body: render(mappings.require(params.appId!, params.mappingId!)) };
      },
    },
    {
      method: 'patch',
      path: '/api/v1/apps/:appId/group-push/mappings/:mappingId',
      summary: 'changes a mapping\'s status',
      bucket: 'app',
      scope: 'okta.apps.manage',
      handle: async (input) => {
        const { params, now } = input;
        apps.require(params.appId!);
        const mapping = mappings.require(params.appId!, params.mappingId!);
        const { status } = checkedBody(UpdateGroupPushMappingSchema, await readJsonBody(input));
        if (mapping.status !== status) {
          mapping.status = status;
          mapping.lastUpdated = pushTimestamp(Math.max(now, Date.parse(mapping.lastUpdated) + 1000));
        }
        return { status: 200, body: render(mapping) };
      },
    },
    {
      method: 'delete',
      path: '/api/v1/apps/:appId/group-push/mappings/:mappingId',
      summary: 'deletes an INACTIVE mapping (200, empty body; `deleteTargetGroup`)',
      bucket: 'app',
      scope: 'okta.apps.manage',
      handle: ({ url, params, now }) => {
        apps.require(params.appId!);
        const mapping = mappings.require(params.appId!, params.mappingId!);
        const raw = url.searchParams.get('deleteTargetGroup');
        if (raw !== null && raw !== 'true' && raw !== 'false') {
          throw validationFailed([{ path: 'deleteTargetGroup', reason: 'Must be true or false' }]);
        }
        if (mapping.status === 'ACTIVE') {
          throw validationFailed([{ path: 'status', reason: 'The group push mapping must be INACTIVE to be deleted; set its status to INACTIVE first' }]);
        }
        mappings.remove(params.appId!, mapping.id);
        if (raw === 'true') directory.removeGroup(mapping.targetGroupId, now);
        // Real organizations answer 200 with an empty body.
        return { status: 200 };
      },
    },
  ];
}
