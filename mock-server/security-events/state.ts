import type { SecurityEventsProvider } from '../../src/providers/schemas';
import type { SubjectIdentifier } from '../../src/set/subject';
import type { IgnoredDelivery } from './ignored';
import type { RegisterProviderInput } from './providers';
import type { DeviceSignals, UserSignals } from './signals';

/** Security events providers, read and changed directly. */
export interface MockProvidersState {
  /**
   * Adds an ACTIVE provider whose key set is given (nothing is fetched): the shortcut for tests.
   * Throws a `TypeError` naming the member for what a seed refuses too: an issuer of no or more than
   * 700 characters, a name over 100, a key without `kid`, with private members, or whose public
   * members are not those of its type (`jose`'s `exportJWK` of a public key, with a `kid`, passes).
   */
  register(input: RegisterProviderInput): SecurityEventsProvider;
  /** The provider as the API renders it, or `undefined`. */
  get(id: string): SecurityEventsProvider | undefined;
  /** Every provider, in creation order. */
  list(): SecurityEventsProvider[];
  /** Activates a provider. */
  activate(id: string): void;
  /** Deactivates a provider: its tokens are then refused with `invalid_issuer`. */
  deactivate(id: string): void;
}

/** What received security events did to users and devices. */
export interface MockSignalsState {
  /** A user by subject identifier (a string is an email address), if any signal was about them. */
  user(subject: SubjectIdentifier | string): UserSignals | undefined;
  /** A device by subject identifier (a string is an opaque id), if any signal was about it. */
  device(subject: SubjectIdentifier | string): DeviceSignals | undefined;
  /** Every user a signal was about. */
  users(): UserSignals[];
  /** Every device a signal was about. */
  devices(): DeviceSignals[];
  /**
   * The deliveries accepted (202) and ignored, oldest first, with why: a token received before, a
   * `jti` reused by another token, a subject user who is not a user of the organization. Okta tells
   * the provider nothing of these; the last 1,000 are kept, until a reset.
   */
  ignored(): IgnoredDelivery[];
}

/** What the security-events capability shows on the backend (`backend.providers`, `backend.signals`). */
export interface SecurityEventsBackendState {
  /** Security events providers. */
  readonly providers: MockProvidersState;
  /** What received security events changed. */
  readonly signals: MockSignalsState;
}
