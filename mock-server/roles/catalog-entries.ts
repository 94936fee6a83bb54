/**
 * Catalog (OIN) apps as a role's app targets list them (`GET …/roles/{id}/targets/catalog/apps`):
 * the catalog's description of the app, not an instance. The entries real organizations were
 * recorded answering are kept as they answered; another name the backend knows (a catalog app it
 * can create, or a custom app's template) is described from what the backend knows of it.
 */

/** A catalog app as a role target. */
export interface CatalogEntry {
  /** The catalog app's key (`facebook`). */
  readonly name: string;
  /** What the catalog calls it (`Facebook`). */
  readonly displayName: string;
  readonly description: string;
  readonly status: 'ACTIVE';
  /** When the catalog entry last changed (the catalog's time, not the org's). */
  readonly lastUpdated: string;
  readonly category: string;
  readonly verificationStatus: string;
  readonly website: string | null;
  readonly signOnModes: readonly string[];
  /** Present only when the catalog lists features for the app. */
  readonly features?: readonly string[];
  /** The catalog's logo; `type` only where the catalog gives one. */
  readonly logo: { readonly href: string; readonly type?: string };
}

/** The catalog's default logo, which apps without one of their own show. */
const DEFAULT_LOGO = { href: 'https://op3static.oktacdn.com/assets/img/logos/default.6770228fb0dab49a1695ef440a5279bb.png', type: 'image/png' };

/** The entries real organizations answered, by name. */
const RECORDED: Readonly<Record<string, CatalogEntry>> = {
  oidc_client: {
    name: 'oidc_client',
    displayName: 'OpenID Connect Client',
    description: 'OpenID Connect Client',
    status: 'ACTIVE',
    lastUpdated: '2017-06-20T02:25:02.000Z',
    category: 'OAUTH2',
    verificationStatus: 'OKTA_VERIFIED',
    website: 'http://openid.net/specs/openid-connect-core-1_0.html',
    signOnModes: ['OPENID_CONNECT'],
    features: ['DEFAULT_PUSH_STATUS_TO_PUSH'],
    logo: DEFAULT_LOGO,
  },
  facebook: {
    name: 'facebook',
    displayName: 'Facebook',
    description: 'Giving people the power to share and make the world more open and connected.',
    status: 'ACTIVE',
    lastUpdated: '2021-03-18T17:37:56.000Z',
    category: 'SOCIAL',
    verificationStatus: 'OKTA_VERIFIED',
    website: 'https://www.facebook.com/',
    signOnModes: ['BROWSER_PLUGIN'],
    logo: { href: 'https://op3static.oktacdn.com/fs/bcg/4/gfshpspesrHHFC4Ve1d6' },
  },
};

/** The recorded entry of a catalog app, if real organizations were recorded listing it. */
export function recordedCatalogEntry(name: string): CatalogEntry | undefined {
  return Object.hasOwn(RECORDED, name) ? RECORDED[name] : undefined;
}

/** An entry for a catalog app the backend knows but was not recorded listed: its name stands for its description. */
export function describedCatalogEntry(name: string, signOnModes: readonly string[]): CatalogEntry {
  return {
    name,
    displayName: name,
    description: name,
    status: 'ACTIVE',
    lastUpdated: '2017-06-20T02:25:02.000Z',
    category: 'GENERIC',
    verificationStatus: 'OKTA_VERIFIED',
    website: null,
    signOnModes: [...signOnModes],
    logo: DEFAULT_LOGO,
  };
}
