/** An authenticator as `backend.authenticators` shows it (a copy). */
export interface MockAuthenticator {
  /** `aut…`, 20 characters, named after the organization's id. */
  id: string;
  /** `okta_email`, `okta_verify`, `okta_password`, `phone_number`, `webauthn` or `security_question`. */
  key: string;
  /** Its display name. */
  name: string;
  /** `ACTIVE` or `INACTIVE`. */
  status: 'ACTIVE' | 'INACTIVE';
  /** Its settings (`allowedFor`, `tokenLifetimeInMinutes`, …); absent for those without. */
  settings?: Record<string, unknown>;
  /** ISO 8601, whole seconds: when the backend made the organization. */
  created: string;
  /** ISO 8601, whole seconds. */
  lastUpdated: string;
}

/** The organization's authenticators, read directly (no HTTP, no auth). */
export interface MockAuthenticatorsState {
  /** Every authenticator, by name as the API lists them. */
  list(): MockAuthenticator[];
}

/** What the authenticators capability shows on the backend (`backend.authenticators`). */
export interface AuthenticatorsBackendState {
  /** The organization's built-in authenticators (`/api/v1/authenticators`). */
  readonly authenticators: MockAuthenticatorsState;
}
