import { notFound, OktaHttpError } from '../../pipeline/okta-errors';
import { sha256 } from '../../shared/sha256';
import { encodeBase64url } from '../../../src/set/base64url';

/** One OAuth 2.0 client secret of an app. */
export interface StoredSecret {
  id: string;
  status: 'ACTIVE' | 'INACTIVE';
  /** The secret itself (shown by every answer of the secrets API, as real organizations do). */
  client_secret: string;
  created: string;
  lastUpdated: string;
}

/** The most secrets one client may have (Okta's limit). */
export const MAX_CLIENT_SECRETS = 2;

/** `secret_hash`: base64url of the first 16 bytes of the secret's SHA-256 (what real organizations answer). */
export function secretHash(secret: string): string {
  return encodeBase64url(sha256(secret).subarray(0, 16));
}

const mediated = (cause: string) => new OktaHttpError(400, 'E0000001', 'Api validation failed: OAuth2ClientSecretMediated', [cause]);

/**
 * The client secrets of OAuth 2.0 client apps, with Okta's rules: at most two; only an INACTIVE
 * secret can be deleted; the only ACTIVE secret cannot be deactivated.
 */
export class SecretStore {
  readonly #byApp = new Map<string, StoredSecret[]>();

  clear(): void {
    this.#byApp.clear();
  }

  /** An app's secrets, oldest first. */
  list(appId: string): StoredSecret[] {
    return [...(this.#byApp.get(appId) ?? [])];
  }

  /** Every app's secrets. */
  entries(): Array<[string, StoredSecret[]]> {
    return [...this.#byApp.entries()];
  }

  /** Adds a secret, refusing a third one. */
  add(appId: string, secret: StoredSecret): StoredSecret {
    const secrets = this.#byApp.get(appId) ?? [];
    if (secrets.length >= MAX_CLIENT_SECRETS) throw mediated("You've reached the maximum number of client secrets per client.");
    secrets.push(secret);
    this.#byApp.set(appId, secrets);
    return secret;
  }

  require(appId: string, id: string): StoredSecret {
    const secret = this.#byApp.get(appId)?.find((s) => s.id === id);
    if (!secret) throw notFound(id, 'OAuth2ClientSecret');
    return secret;
  }

  /** Sets a secret's status; setting the one it has changes nothing (not even `lastUpdated`). */
  setStatus(appId: string, id: string, status: StoredSecret['status'], lastUpdated: string): StoredSecret {
    const secret = this.require(appId, id);
    if (secret.status === status) return secret;
    if (status === 'INACTIVE' && !this.list(appId).some((s) => s !== secret && s.status === 'ACTIVE')) {
      throw mediated("You can't deactivate the only active client secret.");
    }
    secret.status = status;
    secret.lastUpdated = lastUpdated;
    return secret;
  }

  delete(appId: string, id: string): void {
    const secret = this.require(appId, id);
    if (secret.status === 'ACTIVE') throw mediated("You can't delete an active client secret. Deactivate the secret before deleting it.");
    this.#byApp.set(appId, this.list(appId).filter((s) => s !== secret));
  }

  /** Whether `value` is one of the app's ACTIVE secrets. */
  isActive(appId: string, value: string): boolean {
    return this.list(appId).some((s) => s.status === 'ACTIVE' && s.client_secret === value);
  }

  /** Forgets an app's secrets. */
  detach(appId: string): void {
    this.#byApp.delete(appId);
  }

  /** Keeps an app's secrets as they are (a restored snapshot). */
  load(appId: string, secrets: StoredSecret[]): void {
    this.#byApp.set(appId, secrets);
  }
}

/** A secret as the secrets API answers it: the secret shown, its hash, and the lifecycle links its status allows. */
export function renderSecret(origin: string, appId: string, secret: StoredSecret): Record<string, unknown> {
  const self = `${origin}/api/v1/apps/${appId}/credentials/secrets/${secret.id}`;
  const post = { allow: ['POST'] };
  return {
    id: secret.id,
    created: secret.created,
    lastUpdated: secret.lastUpdated,
    status: secret.status,
    client_secret: secret.client_secret,
    secret_hash: secretHash(secret.client_secret),
    _links:
      secret.status === 'ACTIVE'
        ? { deactivate: { href: `${self}/lifecycle/deactivate`, hints: post } }
        : { activate: { href: `${self}/lifecycle/activate`, hints: post }, delete: { href: self, hints: { allow: ['DELETE'] } } },
  };
}
