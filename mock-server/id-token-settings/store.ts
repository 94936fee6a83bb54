import type { Json } from '../shared/json';

/** How the ID token's issuer is chosen: the org URL, the org's custom domain, or the domain the request came to. */
export const ISSUER_MODES = ['ORG_URL', 'CUSTOM_URL', 'DYNAMIC'] as const;

/** An issuer mode. */
export type IssuerMode = (typeof ISSUER_MODES)[number];

/** What a groups claim's `value` is: an Okta expression, or a filter on the user's group names. */
export const CLAIM_VALUE_TYPES = ['EXPRESSION', 'GROUPS'] as const;

/** How a `GROUPS` claim's `value` filters group names. */
export const GROUP_FILTER_TYPES = ['STARTS_WITH', 'EQUALS', 'CONTAINS', 'REGEX'] as const;

/** The claim an OAuth app's ID tokens carry beside the standard ones (the app's Sign On tab), as the API names its members. */
export interface IdTokenClaim {
  valueType?: (typeof CLAIM_VALUE_TYPES)[number];
  name?: string;
  groupFilterType?: (typeof GROUP_FILTER_TYPES)[number];
  value?: string;
}

/** An app's claim settings as kept: the app they belong to, and the claim. */
export interface StoredIdTokenClaim extends IdTokenClaim {
  appId: string;
}

/** The claim members in the order real orgs answer them. */
export const CLAIM_MEMBERS = ['valueType', 'name', 'groupFilterType', 'value'] as const;

/**
 * The ID token claim settings of OAuth apps, by app id (the issuer mode lives in the app itself, as
 * `settings.oauthClient.issuer_mode`). At most {@link IdTokenClaims.max} apps keep one: past it, the
 * settings of apps that no longer exist are dropped first.
 */
export class IdTokenClaims {
  readonly #byApp = new Map<string, StoredIdTokenClaim>();

  constructor(
    /** The most apps that keep settings. */
    readonly max: number,
    /** Whether an app still exists (settings of deleted apps are forgotten). */
    private readonly exists: (appId: string) => boolean,
  ) {}

  /** An existing app's claim settings, if any were set. */
  get(appId: string): StoredIdTokenClaim | undefined {
    const claim = this.#byApp.get(appId);
    if (claim && !this.exists(appId)) {
      this.#byApp.delete(appId);
      return undefined;
    }
    return claim;
  }

  /** Sets (or, with no member, clears) an app's claim settings; false when the bound is reached. */
  set(claim: StoredIdTokenClaim): boolean {
    if (CLAIM_MEMBERS.every((m) => claim[m] === undefined)) {
      this.#byApp.delete(claim.appId);
      return true;
    }
    if (!this.#byApp.has(claim.appId) && this.#byApp.size >= this.max) {
      for (const appId of this.#byApp.keys()) if (!this.exists(appId)) this.#byApp.delete(appId);
      if (this.#byApp.size >= this.max) return false;
    }
    this.#byApp.set(claim.appId, claim);
    return true;
  }

  /** The settings of every app that exists, for a snapshot. */
  all(): StoredIdTokenClaim[] {
    return [...this.#byApp.values()].filter((c) => this.exists(c.appId)).map((c) => ({ ...c }));
  }

  /** Forgets every app's settings. */
  clear(): void {
    this.#byApp.clear();
  }
}

/** The claim members of stored settings, in answer order. */
export function claimMembers(claim: IdTokenClaim | undefined): Json {
  const out: Json = {};
  if (!claim) return out;
  for (const member of CLAIM_MEMBERS) if (claim[member] !== undefined) out[member] = claim[member];
  return out;
}
