import { BLANK_FIELD, NOT_ALLOWED_VALUE } from '../../../src/validation/field-issues';
import { malformedBody, notFound, validationFailed } from '../../pipeline/okta-errors';
import { pageLinks } from '../../pipeline/pagination';
import { readJsonBody } from '../../pipeline/request';
import { type RouteEnv, type RouteSpec } from '../../pipeline/route';
import { isObject } from '../../shared/json';
import { wholeSeconds } from '../../shared/time';
import { pageAfter } from '../per-app';
import type { AppService } from '../service';
import type { StoredApp } from '../store';
import { MAX_CONNECTIONS, MAX_CONNECTIONS_PER_APP, type CrossAppAccessStatus, type CrossAppAccessStore, type StoredCrossAppAccessConnection } from './store';

const STATUSES: readonly CrossAppAccessStatus[] = ['ACTIVE', 'INACTIVE'];
/** The longest id or search string a request may name. */
const MAX_TEXT = 255;

type Issue = { path: string; reason: string };

/** The connection as the API answers it. */
function render(c: StoredCrossAppAccessConnection) {
  const { id, requestingAppInstanceId, resourceAppInstanceId, status, created, lastUpdated } = c;
  return { id, requestingAppInstanceId, resourceAppInstanceId, status, created, lastUpdated };
}

/** A status member: `undefined` when absent, else one of ACTIVE and INACTIVE (an issue otherwise). */
function statusOf(value: unknown, path: string, issues: Issue[]): CrossAppAccessStatus | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string' && (STATUSES as readonly string[]).includes(value)) return value as CrossAppAccessStatus;
  issues.push({ path, reason: `${NOT_ALLOWED_VALUE} (${STATUSES.join(', ')})` });
  return undefined;
}

/** An app id member: `undefined` when absent, else a non-blank string of at most 255 characters. */
function appIdOf(value: unknown, path: string, issues: Issue[]): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string' && value.trim() !== '' && value.length <= MAX_TEXT) return value;
  issues.push({ path, reason: typeof value === 'string' && value.trim() === '' ? BLANK_FIELD : `Must be an app id of at most ${MAX_TEXT} characters` });
  return undefined;
}

/**
 * The list's `limit`: -1 (the default) and anything above 200 are 200, 0 is an empty page; anything
 * else that is not a whole number from -1 up is `E0000001`.
 */
function limitOf(raw: string | null): number {
  if (raw === null || raw === '') return MAX_CONNECTIONS_PER_APP;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < -1) throw validationFailed([{ path: 'limit', reason: 'Must be -1, 0 or a positive whole number' }]);
  return n === -1 ? MAX_CONNECTIONS_PER_APP : Math.min(n, MAX_CONNECTIONS_PER_APP);
}

/** A search or id parameter of the list, bounded. */
function textParam(url: URL, name: string): string | undefined {
  const value = url.searchParams.get(name);
  if (value === null || value === '') return undefined;
  if (value.length > MAX_TEXT) throw validationFailed([{ path: name, reason: `Must be at most ${MAX_TEXT} characters` }]);
  return value;
}

/**
 * Cross App Access connections (`/api/v1/apps/{appId}/cwo/connections`): a requesting app allowed to
 * reach a resource app on a user's behalf. Create (201), list the app's inbound and outbound ones
 * (filtered, paged), get, change the status (`PATCH`), delete (204). A connection names two apps of
 * the org, one of them the app of the path, and is listed under both; at most 200 per app.
 */
export function crossAppAccessRoutes(env: RouteEnv, apps: AppService, store: CrossAppAccessStore, newId: (prefix: string) => string): RouteSpec[] {
  const exists = (appId: string) => apps.apps.has(appId);
  const alive = (c: StoredCrossAppAccessConnection) => exists(c.requestingAppInstanceId) && exists(c.resourceAppInstanceId);
  const connectionsOf = (appId: string) => store.of(appId).filter(alive);
  /** The app's connection, or `E0000007` (also for a connection of other apps). */
  const connectionOf = (appId: string, id: string) => {
    apps.require(appId);
    const c = store.get(id);
    if (!c || !alive(c) || (c.requestingAppInstanceId !== appId && c.resourceAppInstanceId !== appId)) throw notFound(id, 'OrgCrossAppAccessConnection');
    return c;
  };
  const label = (app: StoredApp | undefined) => `${String(app?.body.name ?? '')} ${String(app?.body.label ?? '')}`.toLowerCase();

  return [
    {
      method: 'get',
      path: '/api/v1/apps/:appId/cwo/connections',
      summary: "lists the app's inbound and outbound Cross App Access connections: `status`, `requestingAppId`, `resourceAppId`, `requestingAppName`, `resourceAppName`, `activeAppsOnly`, `limit` (-1 for all, at most 200), `after`",
      bucket: 'app',
      scope: 'okta.apps.read',
      handle: ({ params, url }) => {
        const app = apps.require(params.appId!);
        const issues: Issue[] = [];
        const status = statusOf(url.searchParams.get('status') || undefined, 'status', issues);
        if (issues.length) throw validationFailed(issues);
        const limit = limitOf(url.searchParams.get('limit'));
        const requestingAppId = textParam(url, 'requestingAppId');
        const resourceAppId = textParam(url, 'resourceAppId');
        const requestingAppName = textParam(url, 'requestingAppName')?.toLowerCase();
        const resourceAppName = textParam(url, 'resourceAppName')?.toLowerCase();
        const activeAppsOnly = url.searchParams.get('activeAppsOnly') === 'true';
        const matching = connectionsOf(app.body.id).filter((c) => {
          const requesting = apps.apps.get(c.requestingAppInstanceId);
          const resource = apps.apps.get(c.resourceAppInstanceId);
          if (status !== undefined && c.status !== status) return false;
          if (requestingAppId !== undefined && c.requestingAppInstanceId !== requestingAppId) return false;
          if (resourceAppId !== undefined && c.resourceAppInstanceId !== resourceAppId) return false;
          if (requestingAppName !== undefined && !label(requesting).includes(requestingAppName)) return false;
          if (resourceAppName !== undefined && !label(resource).includes(resourceAppName)) return false;
          if (activeAppsOnly && (requesting?.body.status !== 'ACTIVE' || resource?.body.status !== 'ACTIVE')) return false;
          return true;
        });
        const after = url.searchParams.get('after') || undefined;
        const { page, next } = pageAfter(matching, after, limit);
        return { status: 200, body: page.map(render), headers: pageLinks(env.orgUrl(), url, limit === 0 ? undefined : next) };
      },
    },
    {
      method: 'post',
      path: '/api/v1/apps/:appId/cwo/connections',
      summary: 'creates a Cross App Access connection from `requestingAppInstanceId` (default: the app) to `resourceAppInstanceId` (201); one per pair of apps, at most 200 per app',
      bucket: 'app',
      scope: 'okta.apps.manage',
      handle: async (input) => {
        const { params, now } = input;
        const app = apps.require(params.appId!);
        const body = await readJsonBody(input);
        if (!isObject(body)) throw malformedBody();
        // `id`, `created` and `lastUpdated` are read-only: a client that sends them back has them ignored.
        const issues: Issue[] = [];
        const requesting = appIdOf(body.requestingAppInstanceId, 'requestingAppInstanceId', issues) ?? app.body.id;
        const resource = appIdOf(body.resourceAppInstanceId, 'resourceAppInstanceId', issues);
        if (resource === undefined && !issues.some((i) => i.path === 'resourceAppInstanceId')) issues.push({ path: 'resourceAppInstanceId', reason: BLANK_FIELD });
        const status = statusOf(body.status, 'status', issues) ?? 'ACTIVE';
        if (issues.length) throw validationFailed(issues);
        if (requesting !== app.body.id && resource !== app.body.id) {
          throw validationFailed([{ path: 'requestingAppInstanceId', reason: `One of the two apps must be the app of the path (${app.body.id})` }]);
        }
        if (requesting === resource) throw validationFailed([{ path: 'resourceAppInstanceId', reason: 'An app cannot be connected to itself' }]);
        for (const id of [requesting, resource!]) apps.require(id);
        if (connectionsOf(requesting).some((c) => c.requestingAppInstanceId === requesting && c.resourceAppInstanceId === resource)) {
          throw validationFailed([{ path: 'resourceAppInstanceId', reason: 'A connection between these apps already exists' }]);
        }
        for (const id of [requesting, resource!]) {
          if (connectionsOf(id).length >= MAX_CONNECTIONS_PER_APP) {
            throw validationFailed([{ path: 'resourceAppInstanceId', reason: `An app takes part in at most ${MAX_CONNECTIONS_PER_APP} Cross App Access connections; delete one of ${id}'s first` }]);
          }
        }
        // What deleted apps left is dropped here, so the org's bound counts live connections only.
        store.prune(alive);
        if (store.size >= MAX_CONNECTIONS) throw validationFailed([{ path: 'resourceAppInstanceId', reason: `The org keeps at most ${MAX_CONNECTIONS} Cross App Access connections; delete one first` }]);
        const at = wholeSeconds(now);
        const connection: StoredCrossAppAccessConnection = { id: newId('cwo'), requestingAppInstanceId: requesting, resourceAppInstanceId: resource!, status, created: at, lastUpdated: at };
        store.put(connection);
        return { status: 201, body: render(connection) };
      },
    },
    {
      method: 'get',
      path: '/api/v1/apps/:appId/cwo/connections/:connectionId',
      summary: 'reads a Cross App Access connection of the app',
      bucket: 'app',
      scope: 'okta.apps.read',
      handle: ({ params }) => ({ status: 200, body: render(connectionOf(params.appId!, params.connectionId!)) }),
    },
    {
      method: 'patch',
      path: '/api/v1/apps/:appId/cwo/connections/:connectionId',
      summary: "changes a Cross App Access connection's `status` (`ACTIVE`, `INACTIVE`)",
      bucket: 'app',
      scope: 'okta.apps.manage',
      handle: async (input) => {
        const { params, now } = input;
        const connection = connectionOf(params.appId!, params.connectionId!);
        const body = await readJsonBody(input);
        if (!isObject(body)) throw malformedBody();
        const issues: Issue[] = [];
        const status = statusOf(body.status, 'status', issues);
        if (status === undefined && !issues.length) issues.push({ path: 'status', reason: BLANK_FIELD });
        if (issues.length) throw validationFailed(issues);
        const changed = { ...connection, status: status!, lastUpdated: wholeSeconds(now) };
        store.put(changed);
        return { status: 200, body: render(changed) };
      },
    },
    {
      method: 'delete',
      path: '/api/v1/apps/:appId/cwo/connections/:connectionId',
      summary: 'deletes a Cross App Access connection (204)',
      bucket: 'app',
      scope: 'okta.apps.manage',
      handle: ({ params }) => {
        store.delete(connectionOf(params.appId!, params.connectionId!).id);
        return { status: 204 };
      },
    },
  ];
}
