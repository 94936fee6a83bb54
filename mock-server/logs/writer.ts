import type { HeaderReader } from '../pipeline/request';
import { orgAdminId } from '../shared/org-admin';
import { redactQuery } from '../shared/secret-fields';
import { CHANGE_EVENT_TYPES, type ChangeEventType } from './event-types';
import type { LogCollection, StoredLogEvent } from './store';

// The one function every capability writes a System Log event of a change with: the event type,
// the request that made the change (its principal becomes the actor, its request id the
// transaction) and the targets; the writer adds what every event of a real org carries.

/** Who did something (`actor`) or what it was done to (`target`), as the System Log names them. */
export interface LogEntity {
  /** The entity's id (`00u…`, `0oa…`, a client id, …). */
  id: string;
  /** Okta's kind of entity: `User`, `AppInstance`, `UserGroup`, `AppUser`, `PublicClientApp`, `SystemPrincipal`, … */
  type: string;
  /** Another name of it: a login, a label, `unknown` when Okta has none. */
  alternateId: string;
  /** A name for people. */
  displayName: string;
  /** More about it, or `null`. */
  detailEntry: Record<string, unknown> | null;
}

/** What of a request the writer reads: a route's request is one. */
export interface ChangeRequest {
  /** Its headers: `Authorization` names the principal (never copied into the event), `User-Agent` the client. */
  readonly headers: HeaderReader;
  /** The `X-Okta-Request-Id` of its answer: the event's transaction id. */
  readonly requestId: string;
  /** When it arrived (the backend clock): when the event is published. */
  readonly now: number;
  /** What was asked. */
  readonly url: URL;
}

/** One change to write. */
export interface ChangeEvent {
  /** The change, as Okta's catalogue names it. */
  eventType: ChangeEventType;
  /**
   * The request that made the change; without one (a change the org makes itself, such as a
   * membership a group rule grants) the actor is Okta's system principal and the event is
   * published now.
   */
  request?: ChangeRequest | undefined;
  /** What the change was made to, most specific last (the app, then the user assigned to it). */
  targets: LogEntity[];
  /** `SUCCESS` unless said. */
  outcome?: { result: 'SUCCESS' | 'FAILURE' | 'SKIPPED' | 'ALLOW' | 'DENY'; reason: string | null };
  /** More for `debugContext.debugData` (string values, as real orgs write them). */
  debugData?: Record<string, string>;
}

/** Writes one System Log event for a change; {@link createChangeLog} makes it. */
export type WriteChangeEvent = (event: ChangeEvent) => void;

/** How the writer learns the principal of a bearer token: the authorization server sets it. */
export interface LogPrincipals {
  /** The principal of an access token the backend issued (its client app), or `undefined`. */
  bearer?: ((token: string) => LogEntity | undefined) | undefined;
}

/** Okta's own principal: the actor of what the organization does by itself. */
export const SYSTEM_PRINCIPAL: LogEntity = { id: 'system@okta.com', type: 'SystemPrincipal', alternateId: 'system@okta.com', displayName: 'Okta System', detailEntry: null };

/** The longest text an event copies from a request (user agent, path). */
const MAX_COPIED = 1024;

/**
 * The principal of an API token: the org's super admin who created it, `admin@{org host}`, with the
 * id `00u` followed by the org id's last 17 characters (an API token acts as the admin it belongs to).
 */
export function apiTokenPrincipal(orgId: string, orgUrl: URL): LogEntity {
  return { id: orgAdminId(orgId), type: 'User', alternateId: `admin@${orgUrl.hostname}`, displayName: 'Okta Admin', detailEntry: null };
}

/** The actor of a request: the principal of its `Authorization` header. */
function actorOf(request: ChangeRequest, principals: LogPrincipals, apiToken: () => LogEntity): LogEntity {
  const match = /^(ssws|bearer)\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '');
  if (match && match[1]!.toLowerCase() === 'ssws') return apiToken();
  const client = match ? principals.bearer?.(match[2]!) : undefined;
  return client ?? { id: 'unknown', type: 'PublicClientApp', alternateId: 'unknown', displayName: 'Unknown client', detailEntry: null };
}

/** What real orgs write of the caller's client: its user agent (no address: the backend sees none it could trust). */
function clientOf(request: ChangeRequest | undefined): Record<string, unknown> | null {
  if (request === undefined) return null;
  const agent = (request.headers.get('user-agent') ?? 'UNKNOWN').slice(0, MAX_COPIED);
  return { userAgent: { rawUserAgent: agent, os: 'Unknown', browser: 'UNKNOWN' }, zone: 'null', device: 'Unknown', id: null, ipAddress: null, geographicalContext: null };
}

/** The parts {@link createChangeLog} needs from its backend. */
export interface ChangeLogDeps {
  /** The System Log written to. */
  readonly logs: LogCollection;
  /** A fresh event uuid (the backend's id source: deterministic mode gives predictable ones). */
  uuid(): string;
  /** The backend clock, for events without a request. */
  now(): number;
  /** The principal of an API token. */
  apiToken(): LogEntity;
  /** Principals other capabilities know of. */
  readonly principals: LogPrincipals;
}

/** Makes the writer of change events over one System Log. */
export function createChangeLog(deps: ChangeLogDeps): WriteChangeEvent {
  return ({ eventType, request, targets, outcome, debugData }) => {
    const at = request?.now ?? deps.now();
    const uuid = deps.uuid();
    const requestData = request === undefined ? {} : { requestId: request.requestId, requestUri: request.url.pathname.slice(0, MAX_COPIED), url: `${request.url.pathname}${redactQuery(request.url.search)}`.slice(0, MAX_COPIED) };
    const event: StoredLogEvent = {
      uuid,
      published: new Date(at).toISOString(),
      eventType,
      version: '0',
      severity: 'INFO',
      legacyEventType: null,
      displayMessage: CHANGE_EVENT_TYPES[eventType],
      actor: request === undefined ? { ...SYSTEM_PRINCIPAL } : actorOf(request, deps.principals, deps.apiToken),
      client: clientOf(request),
      outcome: outcome ?? { result: 'SUCCESS', reason: null },
      target: targets.map((target) => ({ ...target })),
      transaction: { type: request === undefined ? 'JOB' : 'WEB', id: request?.requestId ?? uuid, detail: {} },
      debugContext: { debugData: { ...requestData, ...debugData } },
    };
    deps.logs.insert(event);
  };
}
