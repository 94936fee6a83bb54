// What a resource set may hold, named as clients name it: an Okta Resource Name (ORN) or the REST
// URL of the same thing, read into one reference that is stored without the organization's id
// (a restored snapshot of another organization renders its own).

/** The longest resource name or URL a request may give. */
export const MAX_RESOURCE_NAME_LENGTH = 512;

/** A resource a set holds, as stored: its ORN's service and the part after the organization's id. */
export interface ResourceRef {
  /** `idp` (apps) or `directory` (users and groups). */
  service: 'idp' | 'directory';
  /** The ORN after the organization's id: `apps:bookmark:0oa…`, `groups:00g…`, `users`, … */
  path: string;
}

/** What a reference names, for the existence checks and the resource's `self` link. */
export type ResourceTarget =
  | { kind: 'all-apps' }
  | { kind: 'app-type'; name: string }
  | { kind: 'app'; name: string; id: string }
  | { kind: 'all-groups' }
  | { kind: 'group'; id: string }
  | { kind: 'group-members'; id: string }
  | { kind: 'all-users' };

const ID = '[0-9A-Za-z]{20}';
const APP_NAME = '[A-Za-z0-9_.-]{1,100}';
const PATHS: ReadonlyArray<[ResourceRef['service'], RegExp, (m: RegExpExecArray) => ResourceTarget]> = [
  ['idp', /^apps$/, () => ({ kind: 'all-apps' })],
  ['idp', new RegExp(`^apps:(${APP_NAME})$`), (m) => ({ kind: 'app-type', name: m[1]! })],
  ['idp', new RegExp(`^apps:(${APP_NAME}):(${ID})$`), (m) => ({ kind: 'app', name: m[1]!, id: m[2]! })],
  ['directory', /^groups$/, () => ({ kind: 'all-groups' })],
  ['directory', new RegExp(`^groups:(${ID})$`), (m) => ({ kind: 'group', id: m[1]! })],
  ['directory', new RegExp(`^groups:(${ID}):contained_resources$`), (m) => ({ kind: 'group-members', id: m[1]! })],
  ['directory', /^users$/, () => ({ kind: 'all-users' })],
];

/** What a reference names, or `undefined` for a path no resource set takes. */
export function targetOf(ref: ResourceRef): ResourceTarget | undefined {
  for (const [service, pattern, read] of PATHS) {
    if (service !== ref.service) continue;
    const m = pattern.exec(ref.path);
    if (m) return read(m);
  }
  return undefined;
}

/** The ORN of a reference in an organization. */
export function ornOf(ref: ResourceRef, orgId: string): string {
  return `orn:okta:${ref.service}:${orgId}:${ref.path}`;
}

const ORN = /^orn:okta:(idp|directory):([0-9A-Za-z]{20}):(.+)$/;

/** An ORN read into its organization's id and reference (its path not yet checked), or `undefined`. */
export function readOrn(orn: string): { orgId: string; ref: ResourceRef } | undefined {
  const m = ORN.exec(orn);
  if (!m) return undefined;
  return { orgId: m[2]!, ref: { service: m[1] as ResourceRef['service'], path: m[3]! } };
}

/**
 * The reference a REST URL of the organization names (`…/api/v1/apps/{id}` needs the app's name,
 * which `appName` finds or throws the refusal of), or `undefined` for a URL no resource set takes.
 */
export function refOfUrl(url: URL, appName: (id: string) => string): ResourceRef | undefined {
  const path = url.pathname.replace(/\/$/, '');
  if (path === '/api/v1/apps') {
    const filter = /^name eq "([^"]+)"$/.exec(url.searchParams.get('filter') ?? '');
    if (url.search === '') return { service: 'idp', path: 'apps' };
    return filter ? { service: 'idp', path: `apps:${filter[1]}` } : undefined;
  }
  if (url.search !== '') return undefined;
  let m: RegExpExecArray | null;
  if ((m = new RegExp(`^/api/v1/apps/(${ID})$`).exec(path))) {
    return { service: 'idp', path: `apps:${appName(m[1]!)}:${m[1]}` };
  }
  if (path === '/api/v1/groups') return { service: 'directory', path: 'groups' };
  if ((m = new RegExp(`^/api/v1/groups/(${ID})$`).exec(path))) return { service: 'directory', path: `groups:${m[1]}` };
  if ((m = new RegExp(`^/api/v1/groups/(${ID})/users$`).exec(path))) return { service: 'directory', path: `groups:${m[1]}:contained_resources` };
  if (path === '/api/v1/users') return { service: 'directory', path: 'users' };
  return undefined;
}

/** The REST URL of what a reference names, on the organization (a resource's `_links.self`). */
export function selfHref(target: ResourceTarget, origin: string): string {
  switch (target.kind) {
    case 'all-apps':
      return `${origin}/api/v1/apps`;
    case 'app-type':
      return `${origin}/api/v1/apps?filter=${encodeURIComponent(`name eq "${target.name}"`)}`;
    case 'app':
      return `${origin}/api/v1/apps/${target.id}`;
    case 'all-groups':
      return `${origin}/api/v1/groups`;
    case 'group':
      return `${origin}/api/v1/groups/${target.id}`;
    case 'group-members':
      return `${origin}/api/v1/groups/${target.id}/users`;
    case 'all-users':
      return `${origin}/api/v1/users`;
  }
}
