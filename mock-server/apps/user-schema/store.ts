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

/** The base properties every app user schema has (an app's own), as Okta shows them. */
export const BASE_PROPERTIES: Readonly<Record<string, Json>> = {
  userName: { title: 'Username', type: 'string', required: true, scope: 'NONE', maxLength: 100, master: { type: 'PROFILE_MASTER' } },
};

/** App user schemas that differ from their default, by app id. */
export class UserSchemaStore {
  readonly schemas = new Map<string, StoredUserSchema>();

  /** Forgets every change. */
  clear(): void {
    this.schemas.clear();
  }
}
