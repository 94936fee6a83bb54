import type { Json } from '../shared/json';

/** The keys of the authenticators every organization has from the start. */
export const BUILT_IN_KEYS = ['okta_email', 'okta_verify', 'okta_password', 'phone_number', 'webauthn', 'security_question'] as const;

/** The key of a built-in authenticator. */
export type AuthenticatorKey = (typeof BUILT_IN_KEYS)[number];

/** `ACTIVE` or `INACTIVE`, for an authenticator and for each of its methods. */
export type AuthenticatorStatus = 'ACTIVE' | 'INACTIVE';

/** One way an authenticator verifies a user, as `GET …/methods` lists it. */
export interface AuthenticatorMethod {
  readonly type: string;
  readonly status: AuthenticatorStatus;
  readonly settings?: Json;
}

/** A built-in authenticator as a new organization holds it. */
export interface BuiltInAuthenticator {
  readonly key: AuthenticatorKey;
  readonly type: string;
  readonly name: string;
  readonly status: AuthenticatorStatus;
  readonly settings?: Json;
  /** Eight letters of its id, the rest coming from the organization's id. */
  readonly idPart: string;
  /** Whether it can be deactivated (the password cannot: it has no `deactivate` link). */
  readonly deactivates: boolean;
  /** Whether it links to `/idp/authenticators` to enroll (Okta Verify). */
  readonly enrolls: boolean;
  readonly methods: readonly AuthenticatorMethod[];
}

/**
 * The built-in authenticators, their statuses, settings and methods as a recorded organization
 * (the Python SDK's, A191) answered them before any change.
 */
export const BUILT_IN_AUTHENTICATORS: readonly BuiltInAuthenticator[] = [
  {
    key: 'okta_email',
    type: 'email',
    name: 'Email',
    status: 'ACTIVE',
    settings: { allowedFor: 'recovery', tokenLifetimeInMinutes: 5 },
    idPart: 'OktaMail',
    deactivates: true,
    enrolls: false,
    methods: [{ type: 'email', status: 'ACTIVE' }],
  },
  {
    key: 'okta_verify',
    type: 'app',
    name: 'Okta Verify',
    status: 'ACTIVE',
    settings: {
      compliance: { fips: 'OPTIONAL' },
      channelBinding: { style: 'NUMBER_CHALLENGE', required: 'NEVER' },
      userVerification: 'PREFERRED',
      userVerificationMethods: ['BIOMETRICS', 'PIN'],
      appInstanceId: '',
    },
    idPart: 'OktaVrfy',
    deactivates: true,
    enrolls: true,
    methods: [
      { type: 'totp', status: 'ACTIVE', settings: { timeIntervalInSeconds: 30, encoding: 'Base32', algorithm: 'HMACSHA1', passCodeLength: 6 } },
      { type: 'push', status: 'INACTIVE', settings: { algorithms: ['ES256', 'RS256'], keyProtection: 'ANY', transactionTypes: ['LOGIN'] } },
      { type: 'signed_nonce', status: 'INACTIVE', settings: { algorithms: ['ES256', 'RS256'], keyProtection: 'ANY', showSignInWithOV: 'NEVER' } },
    ],
  },
  {
    key: 'okta_password',
    type: 'password',
    name: 'Password',
    status: 'ACTIVE',
    idPart: 'OktaPass',
    deactivates: false,
    enrolls: false,
    methods: [{ type: 'password', status: 'ACTIVE' }],
  },
  {
    key: 'phone_number',
    type: 'phone',
    name: 'Phone',
    status: 'INACTIVE',
    settings: { allowedFor: 'recovery' },
    idPart: 'OktaPhon',
    deactivates: true,
    enrolls: false,
    methods: [
      { type: 'sms', status: 'INACTIVE' },
      { type: 'voice', status: 'INACTIVE' },
    ],
  },
  {
    key: 'webauthn',
    type: 'security_key',
    name: 'Security Key or Biometric',
    status: 'INACTIVE',
    idPart: 'OktaWebn',
    deactivates: true,
    enrolls: false,
    methods: [{ type: 'webauthn', status: 'ACTIVE', settings: { userVerification: 'DISCOURAGED', attachment: 'ANY' } }],
  },
  {
    key: 'security_question',
    type: 'security_question',
    name: 'Security Question',
    status: 'ACTIVE',
    settings: { allowedFor: 'recovery' },
    idPart: 'OktaSecQ',
    deactivates: true,
    enrolls: false,
    methods: [{ type: 'security_question', status: 'ACTIVE' }],
  },
];

/** The catalog entry of a built-in key. */
export function builtIn(key: AuthenticatorKey): BuiltInAuthenticator {
  return BUILT_IN_AUTHENTICATORS.find((a) => a.key === key)!;
}

/** A built-in authenticator's id in an organization: `aut`, named after the org (`00o…`), so the same org has the same ids. */
export function builtInId(orgId: string, entry: BuiltInAuthenticator): string {
  return `aut${orgId.slice(3, 9)}${entry.idPart}${orgId.slice(-3)}`;
}
