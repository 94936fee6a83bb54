import { notFound, OktaHttpError, validationFailed } from '../pipeline/okta-errors';
import { isObject, type Json } from '../shared/json';
import { wholeSeconds } from '../shared/time';
import { BUILT_IN_AUTHENTICATORS, builtIn, builtInId, type AuthenticatorKey, type AuthenticatorStatus } from './catalog';

/** The longest name an authenticator takes. */
export const MAX_AUTHENTICATOR_NAME_LENGTH = 128;
/** The most characters of JSON an authenticator's `settings` take. */
export const MAX_SETTINGS_JSON = 4_096;

/** An authenticator as the backend keeps it. */
export interface StoredAuthenticator {
  id: string;
  key: AuthenticatorKey;
  name: string;
  status: AuthenticatorStatus;
  /** Absent for those that have none (the password, security keys). */
  settings?: Json;
  created: string;
  lastUpdated: string;
}

/** The phone authenticator's refusal: the backend has no telephony inline hook (real orgs' words, A191). */
export function telephonyHookRequired(): OktaHttpError {
  return new OktaHttpError(400, 'E0000226', 'You must have an active telephony inline hook to activate and use the Phone authenticator.');
}

/** `POST /api/v1/authenticators` for a key the org holds already (a built-in one), in real orgs' words (A191). */
export function catalogRefusal(): OktaHttpError {
  return new OktaHttpError(400, 'E0000001', 'Api validation failed: com.okta.services.factors.iface.dto.AuthenticatorCatalog', ['The field has an invalid value']);
}

/** `GET …/aaguids` without the feature that lists a security key's allowed models, as real orgs answer (A191). */
export function featureNotEnabled(): OktaHttpError {
  return new OktaHttpError(401, 'E0000015', 'You do not have permission to access the feature you are requesting');
}

/**
 * The organization's authenticators: the built-in ones, made once from the org's id when the
 * backend starts, kept across resets as the org's own (a reset forgets their changes).
 */
export class AuthenticatorStore {
  readonly #base: StoredAuthenticator[];
  readonly #byId = new Map<string, StoredAuthenticator>();

  constructor(orgId: string, nowMs: number) {
    const at = wholeSeconds(nowMs);
    this.#base = BUILT_IN_AUTHENTICATORS.map((entry) => ({
      id: builtInId(orgId, entry),
      key: entry.key,
      name: entry.name,
      status: entry.status,
      ...(entry.settings ? { settings: entry.settings } : {}),
      created: at,
      lastUpdated: at,
    }));
    this.clear();
  }

  /** Back to the built-in authenticators as the org got them. */
  clear(): void {
    this.#byId.clear();
    for (const a of this.#base) this.#byId.set(a.id, structuredClone(a));
  }

  /** Puts a snapshot's authenticators in place of the built-in ones of the same keys. */
  load(list: readonly StoredAuthenticator[]): void {
    const keys = new Set(list.map((a) => a.key));
    for (const [id, a] of this.#byId) if (keys.has(a.key)) this.#byId.delete(id);
    for (const a of list) this.#byId.set(a.id, structuredClone(a));
  }

  /** Every authenticator, by name as real orgs list them (letter case ignored). */
  all(): StoredAuthenticator[] {
    return [...this.#byId.values()].sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.id.localeCompare(b.id));
  }

  /** The authenticator with the id; 404 `E0000007` when there is none. */
  get(id: string): StoredAuthenticator {
    const found = this.#byId.get(id);
    if (!found) throw notFound(id.slice(0, 64), 'Authenticator');
    return found;
  }

  /**
   * `PUT /api/v1/authenticators/{id}`: a new `name` and `settings` (each kept when absent); `key`
   * and `type`, when given, must be the authenticator's. The phone authenticator needs a telephony
   * inline hook the backend does not have.
   */
  replace(id: string, body: unknown, nowMs: number): StoredAuthenticator {
    const a = this.get(id);
    if (!isObject(body)) throw validationFailed([{ path: 'body', reason: 'Must be a JSON object' }]);
    const entry = builtIn(a.key);
    if (body.key !== undefined && body.key !== a.key) throw validationFailed([{ path: 'key', reason: `The authenticator's key is ${a.key} and cannot change` }]);
    if (body.type !== undefined && body.type !== entry.type) throw validationFailed([{ path: 'type', reason: `The authenticator's type is ${entry.type} and cannot change` }]);
    const name = body.name === undefined ? a.name : body.name;
    if (typeof name !== 'string' || name.trim() === '') throw validationFailed([{ path: 'name', reason: 'Name must be a string that is not empty' }]);
    if (name.length > MAX_AUTHENTICATOR_NAME_LENGTH) throw validationFailed([{ path: 'name', reason: `Name must be at most ${MAX_AUTHENTICATOR_NAME_LENGTH} characters` }]);
    const settings = body.settings;
    if (settings !== undefined && settings !== null) {
      if (!isObject(settings)) throw validationFailed([{ path: 'settings', reason: 'Must be a JSON object' }]);
      if (JSON.stringify(settings).length > MAX_SETTINGS_JSON) throw validationFailed([{ path: 'settings', reason: `At most ${MAX_SETTINGS_JSON} characters of JSON` }]);
    }
    if (a.key === 'phone_number') throw telephonyHookRequired();
    a.name = name;
    if (isObject(settings)) a.settings = structuredClone(settings);
    a.lastUpdated = wholeSeconds(nowMs);
    return a;
  }

  /** `POST …/lifecycle/activate|deactivate`; the status stays when it is already the one asked for. */
  setStatus(id: string, status: AuthenticatorStatus, nowMs: number): StoredAuthenticator {
    const a = this.get(id);
    if (a.status === status) return a;
    if (status === 'ACTIVE' && a.key === 'phone_number') throw telephonyHookRequired();
    if (status === 'INACTIVE' && !builtIn(a.key).deactivates) {
      throw new OktaHttpError(400, 'E0000001', 'Api validation failed: Authenticator', ['The password authenticator cannot be deactivated.']);
    }
    a.status = status;
    a.lastUpdated = wholeSeconds(nowMs);
    return a;
  }
}
