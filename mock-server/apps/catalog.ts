/**
 * Catalog (OIN) apps the backend can create beyond the SDK's typed table: what a create may send
 * and what the answer holds. Real organizations offer thousands; the built-in ones are those the
 * recordings of real organizations show, and a test registers more with the backend's `catalog`
 * option.
 */

/** A catalog app as the backend knows it. */
export interface CatalogAppDefinition {
  /** The app's `name` (matched without regard to letter case, stored as given here). */
  name: string;
  /** Sign-on modes a create may ask for; the first is used when `signOnMode` is left out. */
  signOnModes: readonly string[];
  /** `settings.app` members a create must give. */
  required?: readonly string[];
  /** `settings.app` members a create may give; any other member is refused. */
  optional?: readonly string[];
  /**
   * `settings.app` members the answer always holds, in answer order, with the value they have when
   * not given (usually `null`). Required and optional members not listed follow them.
   */
  defaults?: Readonly<Record<string, unknown>>;
  /** Names of the app's links (`visibility.appLinks`, `_links.appLinks`); default `['login']`. */
  appLinks?: readonly string[];
  /** Default `visibility.appLinks` values when the links are not all shown by default. */
  appLinkDefaults?: Readonly<Record<string, boolean>>;
  /** Links whose last path segment is an `aln…` id of the app's own rather than the catalog link's id. */
  idLinks?: readonly string[];
  /**
   * The catalog link id each link's href ends with (`_links.appLinks[].href`), the same in every
   * org: `{ login: '3107' }` for pagerduty. A link named neither here nor in `idLinks` ends with a
   * number derived from the app's and the link's names.
   */
  linkIds?: Readonly<Record<string, string>>;
  /** The app's `licensing` in answers, for apps licensed per seat. */
  licensing?: Readonly<Record<string, unknown>>;
  /**
   * An app the org only provisions: the sign-on mode a create asks for is accepted, and answered as
   * `signOnMode: null` with one `{name}_link` (as real orgs answer `deelhr`).
   */
  provisioningOnly?: boolean;
}

const OFFICE365_LINKS = [
  'calendar', 'mail', 'teams', 'sites', 'delve', 'sway', 'login', 'powerbi', 'people', 'excel', 'yammer',
  'newsfeed', 'onedrive', 'word', 'planner', 'powerpoint', 'tasks', 'forms', 'crm',
] as const;

/** The office365 links with a catalog link id; the others end with an `aln…` id of the app's own. */
const OFFICE365_LINK_IDS: Readonly<Record<string, string>> = {
  login: '2161', calendar: '30783', mail: '30781', onedrive: '30785', people: '31727', newsfeed: '31729', sites: '31737',
};

/** The catalog apps real organizations were recorded creating, with the answers they gave. */
export const BUILT_IN_CATALOG: readonly CatalogAppDefinition[] = [
  {
    name: 'pagerduty',
    signOnModes: ['SAML_2_0', 'AUTO_LOGIN'],
    required: ['subdomain'],
    optional: ['baseUrl'],
    defaults: { adminUserId: null, baseUrl: null, subdomain: null },
    linkIds: { login: '3107' },
  },
  {
    name: 'sharepoint_onpremise',
    signOnModes: ['SAML_1_1'],
    required: ['siteURL'],
    optional: ['groupFilter'],
    defaults: { groupFilter: null, siteURL: null, attributeStatements: null },
    linkIds: { login: '3601' },
  },
  {
    name: 'amazon_aws',
    signOnModes: ['SAML_2_0', 'AUTO_LOGIN'],
    optional: [
      'appFilter', 'groupFilter', 'useGroupMapping', 'joinAllRoles', 'identityProviderArn', 'sessionDuration',
      'roleValuePattern', 'awsEnvironmentType', 'loginURL', 'webSSOAllowedClient', 'overrideAcsURL', 'accessKey', 'secretKey',
    ],
    defaults: {
      appFilter: 'okta',
      groupFilter: 'aws_(?{{accountid}}\\d+)_(?{{role}}[a-zA-Z0-9+=,.@\\-_]+)',
      secretKey: null,
      webSSOAllowedClient: null,
      useGroupMapping: false,
      joinAllRoles: false,
      identityProviderArn: null,
      overrideAcsURL: null,
      sessionDuration: 3600,
      roleValuePattern: 'arn:aws:iam::${accountid}:saml-provider/OKTA,arn:aws:iam::${accountid}:role/${role}',
      awsEnvironmentType: 'aws.amazon',
      accessKey: null,
      loginURL: 'https://console.aws.amazon.com/ec2/home',
      secretKeyEnc: null,
    },
    linkIds: { login: '272' },
  },
  { name: 'aws_console', signOnModes: ['AUTO_LOGIN'], appLinks: ['aws_console_login'], linkIds: { aws_console_login: '4163' } },
  { name: 'deelhr', signOnModes: ['AUTO_LOGIN'], provisioningOnly: true, linkIds: { deelhr_link: 'aln5a838ba0SiO7GZ0x7' } },
  { name: 'strongdm', signOnModes: ['OPENID_CONNECT'], optional: ['base_url'], defaults: { base_url: null } },
  { name: 'deel', signOnModes: ['OPENID_CONNECT'] },
  { name: 'applauz', signOnModes: ['OPENID_CONNECT'] },
];

/**
 * Answer details of the catalog apps the SDK types itself (its schemas validate their bodies):
 * the links and `settings.app` members real organizations answer with.
 */
export const TYPED_CATALOG_ANSWERS: Readonly<Record<string, Omit<CatalogAppDefinition, 'name' | 'signOnModes'>>> = {
  google: {
    defaults: { afwOnly: false, domain: null, afwId: null, rpId: null },
    appLinks: ['sites', 'accounts', 'keep', 'mail', 'drive', 'calendar'],
    idLinks: ['keep'],
    linkIds: { sites: '56', accounts: '2555', mail: '50', drive: '52', calendar: '54' },
    licensing: { seatCount: 0 },
    appLinkDefaults: { calendar: true, mail: true, keep: true, sites: true, accounts: true, drive: true },
  },
  office365: {
    defaults: {
      tenantType: null, wsFedConfigureType: 'AUTO', occSettings: null, windowsTransportEnabled: false, domain: null,
      msftTenant: null, domains: [], office365ProvisioningType: null, requireAdminConsent: false,
      office365FlexibleProvisioningMode: null,
    },
    appLinks: ['login'],
    linkIds: OFFICE365_LINK_IDS,
    idLinks: OFFICE365_LINKS.filter((link) => !(link in OFFICE365_LINK_IDS)),
    licensing: { seatCount: 0 },
    appLinkDefaults: Object.fromEntries(OFFICE365_LINKS.map((link) => [link, link === 'login'])),
  },
  okta_org2org: { linkIds: { login: '51975' } },
  zoomus: { linkIds: { login: '1835' } },
};

/**
 * The catalog link ids of the custom app templates, whose links real orgs answer with the
 * template's entry in the catalog (`/home/bookmark/{appId}/2557`), the same in every org.
 */
export const TEMPLATE_LINK_IDS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  bookmark: { login: '2557' },
  template_basic_auth: { login: '2873' },
  template_swa: { login: '2357' },
  template_swa3field: { login: '3287' },
  template_sps: { login: '2355' },
};

/** The link id of every custom OpenID Connect app (`oidc_client_link`), the same in every org. */
export const OIDC_CLIENT_LINK_ID = 'aln177a159h7Zf52X0g8';

/** What a catalog link id may be: it ends a URL path. */
export const LINK_ID = /^[A-Za-z0-9]{1,40}$/;

/** A catalog registry: the built-in definitions plus the caller's, looked up by name. */
export class Catalog {
  readonly #byName = new Map<string, CatalogAppDefinition>();

  constructor(extra: readonly CatalogAppDefinition[] = []) {
    for (const definition of [...BUILT_IN_CATALOG, ...extra]) this.register(definition);
  }

  /** Adds (or replaces) a definition; its name must be a non-empty word and its modes non-empty. */
  register(definition: CatalogAppDefinition): void {
    if (!/^[A-Za-z0-9_]{1,100}$/.test(definition.name)) {
      throw new TypeError(`catalog app name "${String(definition.name).slice(0, 100)}" must be 1 to 100 letters, digits or "_", e.g. "pagerduty".`);
    }
    if (!Array.isArray(definition.signOnModes) || definition.signOnModes.length === 0) {
      throw new TypeError(`catalog app ${definition.name}: signOnModes must list at least one mode, e.g. ["SAML_2_0"].`);
    }
    for (const [link, id] of Object.entries(definition.linkIds ?? {})) {
      if (!LINK_ID.test(id) || link.length > 100) {
        throw new TypeError(`catalog app ${definition.name}: linkIds.${link.slice(0, 100)} must be 1 to 40 letters or digits, e.g. "3107".`);
      }
    }
    this.#byName.set(definition.name.toLowerCase(), definition);
  }

  /** The definition of `name` (any letter case), if registered. */
  get(name: string): CatalogAppDefinition | undefined {
    return this.#byName.get(name.toLowerCase());
  }
}
