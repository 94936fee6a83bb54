import type { Json } from '../../shared/json';

/** An app user schema changed from its default: custom properties, and base properties' `required`. */
export interface StoredUserSchema {
  appId: string;
  created: string;
  lastUpdated: string;
  /** Custom properties by name, in the order they were added. */
  custom: Record<string, Json>;
  /** `required` of base properties, where it was changed. */
  baseRequired: Record<string, boolean>;
}

/** The most custom properties an app user schema keeps. */
export const MAX_CUSTOM_PROPERTIES = 100;

/** The base properties of an app user schema (an app's own), as Okta shows them. */
export const BASE_PROPERTIES: Readonly<Record<string, Json>> = {
  userName: { title: 'Username', type: 'string', required: true, scope: 'NONE', maxLength: 100, master: { type: 'PROFILE_MASTER' } },
};

/** A base property of an OpenID Connect app: an OIDC standard claim, as real orgs answer it. */
const claim = (title: string, description: string, externalName?: string): Json => ({
  title,
  description,
  type: 'string',
  ...(externalName === undefined ? {} : { externalName }),
  scope: 'SELF',
});

/** The base properties of an OpenID Connect app's user schema: its standard claims, in the order real orgs answer them. */
export const OIDC_BASE_PROPERTIES: Readonly<Record<string, Json>> = {
  userName: { title: 'Username', type: 'string', required: true, externalName: 'preferred_username', scope: 'SELF' },
  name: claim('Name', "End-User's full name in displayable form."),
  nickname: claim('Nickname', 'Casual name of the End-User (may or may not be the same as the given_name)'),
  given_name: claim('Given Name', 'Given name or first name of the End-User.'),
  middle_name: claim('Middle Name', 'Middle name of the End-User.'),
  family_name: claim('Family Name', 'Surname or last name of the End-User.'),
  email: claim('Email', "End-User's preferred e-mail address."),
  profile: claim('Profile URL', "URL of the End-User's profile page."),
  picture: claim('Picture URL', "URL of the End-User's profile picture."),
  website: claim('Website', "URL of the End-User's Web page or blog."),
  gender: claim('Gender', "End-User's gender."),
  birthdate: claim('Birthdate', "End-User's birthday, represented as an ISO 8601:2004 YYYY-MM-DD format."),
  zoneinfo: claim('Time Zone', "String representing the End-User's time zone."),
  locale: claim('Locale Name', "ISO3166\u20111 country code in uppercase, separated by a dash (e.g. 'en-US')"),
  phone_number: claim('Phone Number', "End-User's preferred telephone number in E.164 format."),
  street_address: claim('Street Address', 'Full street address component.', 'address.street_address'),
  locality: claim('Locality', 'City or locality component.', 'address.locality'),
  region: claim('Region', 'State, province, prefecture, or region component.', 'address.region'),
  postal_code: claim('Postal Code', 'Zip code or postal code component.', 'address.postal_code'),
  country: claim('Country', 'Country name component.', 'address.country'),
  formatted: claim('Formatted', 'Full mailing address, formatted for display.', 'address.formatted'),
};

/** App user schemas that differ from their default, by app id. */
export class UserSchemaStore {
  readonly schemas = new Map<string, StoredUserSchema>();

  /** Forgets every change. */
  clear(): void {
    this.schemas.clear();
  }
}
