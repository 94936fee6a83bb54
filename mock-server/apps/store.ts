import { IndexedCollection } from '../state/indexed-collection';

/** An app object as stored: the wire representation without `_links` and `_embedded`, in wire key order. */
export type AppBody = Record<string, unknown> & {
  id: string;
  name: string;
  label: string;
  status: 'ACTIVE' | 'INACTIVE';
  created: string;
  lastUpdated: string;
};

/** A user's assignment to an app, as `GET /api/v1/apps/{appId}/users/{userId}` answers it (without `_links`). */
export interface AppUserAssignment {
  /** The user's id (`00u…`). */
  id: string;
  /** The user's id in the app's own system, once provisioned; `null` before. */
  externalId: string | null;
  /** When the user was assigned (ISO 8601). */
  created: string;
  /** When the assignment last changed (ISO 8601). */
  lastUpdated: string;
  /** `USER` when assigned directly, `GROUP` when through a group. */
  scope: 'USER' | 'GROUP';
  /** The assignment's status, e.g. `ACTIVE` or `PROVISIONED`. */
  status: string;
  /** When `status` last changed (ISO 8601), if known. */
  statusChanged: string | null;
  /** When the app password last changed (ISO 8601), if the app keeps one. */
  passwordChanged: string | null;
  /** The provisioning state, e.g. `DISABLED` or `SYNCHRONIZED`. */
  syncState: string;
  /** The user's credentials for the app: `userName` (passwords are never read back). */
  credentials: { userName: string };
  /** App-specific profile attributes (`{}` unless set). */
  profile?: Record<string, unknown>;
}

/** A group's assignment to an app, as `GET /api/v1/apps/{appId}/groups/{groupId}` answers it (without `_links`). */
export interface AppGroupAssignment {
  id: string;
  lastUpdated: string;
  priority: number;
  profile: Record<string, unknown>;
}

/** One stored application with what the indexes and the renderer need beside its body. */
export interface StoredApp {
  body: AppBody;
  /**
   * The schema the app validates against on replace: its name when it is a known custom or catalog
   * app, `undefined` for unnamed custom apps (SAML 2.0, auto-login) whose names are generated.
   */
  kind: string | undefined;
  /** Lower-cased name and label, for `q`. */
  search: { name: string; label: string };
  users: Map<string, AppUserAssignment>;
  /** Group assignments by group id, in the order they were made. */
  groups: Map<string, AppGroupAssignment>;
  /** Names of the app's links; `undefined` for one `{name}_link` (apps named by the server, OpenID Connect). */
  links: readonly string[] | undefined;
  /** Links whose last path segment is an `aln…` id of the app's own rather than a catalog link id. */
  idLinks?: readonly string[];
  /** The catalog link id each named link's href ends with, the same in every org (`{ login: '2557' }`). */
  linkIds?: Readonly<Record<string, string>>;
  /** A catalog (OIN) app: its help page is the vendor's, its settings follow its definition. */
  catalog: boolean;
  /** A catalog app of the backend's registry (not typed by the SDK): replace checks only the generic shape. */
  registered: boolean;
  /** The app sign-in policy it is assigned to (`_links.accessPolicy`); absent in apps restored from older snapshots. */
  accessPolicy?: string;
  /** The uploaded logo (`_links.logo`), served at `/fs/bco/4/{id}`. */
  logo?: { id: string; type: string };
}

function signingKid(body: AppBody): string[] {
  const kid = (body.credentials as { signing?: { kid?: unknown } } | undefined)?.signing?.kid;
  return typeof kid === 'string' ? [kid] : [];
}

function sloEnabled(body: AppBody): string[] {
  const settings = body.settings as { slo?: { enabled?: unknown }; signOn?: { slo?: { enabled?: unknown } } } | undefined;
  const enabled = settings?.slo?.enabled ?? settings?.signOn?.slo?.enabled;
  return [enabled === true ? 'true' : 'false'];
}

/** The longest `q` prefix the prefix index holds; longer queries test the rest per record. */
export const Q_PREFIX_DEPTH = 32;

/** Every prefix (up to {@link Q_PREFIX_DEPTH} characters) of the lower-cased name and label. */
function searchPrefixes(app: StoredApp): Set<string> {
  const prefixes = new Set<string>();
  for (const text of [app.search.name, app.search.label]) {
    const end = Math.min(text.length, Q_PREFIX_DEPTH);
    for (let i = 1; i <= end; i++) prefixes.add(text.slice(0, i));
  }
  return prefixes;
}

/**
 * The app indexes: one per filterable attribute but `id` (a direct lookup), plus `q`, the prefixes of name and label, so a `q`
 * page is a bucket lookup (O(log n + limit)) rather than a scan. Each maps an app to its keys.
 */
export const APP_INDEXES = {
  status: (app: StoredApp) => [app.body.status],
  name: (app: StoredApp) => [app.body.name],
  'credentials.signing.kid': (app: StoredApp) => signingKid(app.body),
  'settings.slo.enabled': (app: StoredApp) => sloEnabled(app.body),
  'user.id': (app: StoredApp): Iterable<string> => app.users.keys(),
  'group.id': (app: StoredApp): Iterable<string> => app.groups.keys(),
  q: searchPrefixes,
};

/** The name of an app index. */
export type AppIndex = keyof typeof APP_INDEXES;

/** Whether `index` lists `app` under `key`: the per-record form of an index lookup. */
export function appHasKey(app: StoredApp, index: AppIndex, key: string): boolean {
  for (const k of APP_INDEXES[index](app)) if (k === key) return true;
  return false;
}

/** Builds the app collection with the {@link APP_INDEXES}. */
export function createAppCollection() {
  return new IndexedCollection({ id: (app: StoredApp) => app.body.id, indexes: APP_INDEXES });
}

/** The backend's application collection. */
export type AppCollection = ReturnType<typeof createAppCollection>;

/** Makes a stored app from its body. */
export function storedApp(
  body: AppBody,
  kind: string | undefined,
  extra: Pick<StoredApp, 'links' | 'idLinks' | 'linkIds' | 'catalog' | 'registered'> = { links: undefined, catalog: false, registered: false },
): StoredApp {
  return {
    body,
    kind,
    search: { name: body.name.toLowerCase(), label: body.label.toLowerCase() },
    users: new Map(),
    groups: new Map(),
    ...extra,
  };
}
