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

/** A user's assignment to an app, as `expand=user/{id}` embeds it. */
export interface AppUserAssignment {
  id: string;
  externalId: string | null;
  created: string;
  lastUpdated: string;
  scope: 'USER' | 'GROUP';
  status: string;
  statusChanged: string | null;
  passwordChanged: string | null;
  syncState: string;
  lastSync: string | null;
  credentials: { userName: string };
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
  groups: Set<string>;
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

/** Builds the app collection with one index per filterable attribute. */
export function createAppCollection() {
  return new IndexedCollection({
    id: (app: StoredApp) => app.body.id,
    indexes: {
      status: (app) => [app.body.status],
      name: (app) => [app.body.name],
      'credentials.signing.kid': (app) => signingKid(app.body),
      'settings.slo.enabled': (app) => sloEnabled(app.body),
      'user.id': (app) => app.users.keys(),
      'group.id': (app) => app.groups,
    },
  });
}

/** The backend's application collection. */
export type AppCollection = ReturnType<typeof createAppCollection>;

/** Makes a stored app from its body. */
export function storedApp(body: AppBody, kind: string | undefined): StoredApp {
  return {
    body,
    kind,
    search: { name: body.name.toLowerCase(), label: body.label.toLowerCase() },
    users: new Map(),
    groups: new Set(),
  };
}
