import { IssuerAndJwksSettingsSchema, validateSecurityEventsProviderInput } from '../../src/providers/schemas';
import { DocumentFetchError, fetchJsonDocument } from '../../src/set/fetch-document';
import { fieldIssues, PARSE_OPTIONS } from '../../src/validation/field-issues';
import { createLocalKeySet, createRemoteKeySet, type JsonWebKeySet, type KeyResolver } from '../../src/set/key-sets';
import { oktaId } from '../pipeline/ids';
import { InlineJwksSchema, publicKeySet } from './documents';
import { notFound, validationFailed } from '../pipeline/okta-errors';
import { IndexedCollection } from '../state/indexed-collection';

/** A provider's settings as the API answers them. */
export interface ProviderSettings {
  issuer: string;
  jwks_url: string;
  well_known_url: string | null;
}

/** A security events provider as stored, with the key source its tokens are verified against. */
export interface StoredProvider {
  id: string;
  name: string;
  type: string;
  status: 'ACTIVE' | 'INACTIVE';
  settings: ProviderSettings;
  /** Finds the key for a token's `kid`: a cached remote key set, or the key set given to `register`. */
  keys: KeyResolver;
  /** The key set given to `register` (kept for snapshots); absent when keys are fetched from `jwks_url`. */
  jwks?: JsonWebKeySet;
}

/** A provider as a snapshot or seed holds it: an inline key set, or `null` to fetch from `settings.jwks_url`. */
export interface ProviderRecord {
  id: string;
  name: string;
  type: string;
  status: 'ACTIVE' | 'INACTIVE';
  settings: ProviderSettings;
  jwks: JsonWebKeySet | null;
}

/** What `backend.providers.register` takes: a provider whose keys are given, not fetched. */
export interface RegisterProviderInput {
  /** The `iss` its tokens carry. */
  issuer: string;
  /** Its public keys, each with the `kid` its tokens name. */
  jwks: JsonWebKeySet;
  /** Its name; default `Provider <issuer>`. */
  name?: string;
  /** Its type; default `'okta'`. */
  type?: string;
}

/** Bound on fetching a provider's SSF discovery document. */
const DISCOVERY_TIMEOUT_MS = 5_000;

function createProviderCollection() {
  return new IndexedCollection({
    id: (provider: StoredProvider) => provider.id,
    indexes: {
      status: (provider) => [provider.status],
      activeIssuer: (provider) => (provider.status === 'ACTIVE' ? [provider.settings.issuer] : []),
      issuer: (provider) => [provider.settings.issuer],
    },
  });
}

/**
 * Security events providers: their lifecycle, SSF discovery, and the key sources ingestion verifies
 * tokens with. Key sets are fetched through the global `fetch` (so msw can serve them in tests),
 * cached, and fetched again once when a token names an unknown `kid`.
 */
export class ProviderService {
  readonly providers = createProviderCollection();

  constructor(private readonly env: { now: () => number; newId?: (prefix: string) => string }) {}

  clear(): void {
    this.providers.clear();
  }

  require(id: string): StoredProvider {
    const provider = this.providers.get(id);
    if (!provider) throw notFound(id, 'SecurityEventsProvider');
    return provider;
  }

  /** The ACTIVE provider whose issuer is `issuer`, if any. */
  activeByIssuer(issuer: string): StoredProvider | undefined {
    return this.providers.page({ index: ['activeIssuer', issuer], limit: 1 }).items[0];
  }

  /**
   * Refuses an issuer that another provider already has, whatever its status: a token names its
   * provider by `iss` only, so two active ones would make the key set that verifies it a matter of
   * chance, and checking at creation keeps activation (which answers no 400) free of the conflict.
   */
  #checkIssuerFree(issuer: string, self: string | undefined, field: string): void {
    const holder = this.providers.page({ index: ['issuer', issuer], limit: 2 }).items.find((p) => p.id !== self);
    if (holder === undefined) return;
    throw validationFailed([
      {
        path: field,
        reason: `The issuer '${issuer.slice(0, 200)}' belongs to the provider ${holder.id}; delete it first or use another issuer`,
      },
    ]);
  }

  async create(input: unknown): Promise<StoredProvider> {
    const { name, type, settings, issuerField } = await this.#resolve(input);
    this.#checkIssuerFree(settings.issuer, undefined, issuerField);
    const provider: StoredProvider = {
      id: (this.env.newId ?? oktaId)('sse'),
      name,
      type,
      status: 'ACTIVE',
      settings,
      keys: this.#remoteKeys(settings.jwks_url),
    };
    this.providers.insert(provider);
    return provider;
  }

  async replace(id: string, input: unknown): Promise<StoredProvider> {
    this.require(id);
    const { name, type, settings, issuerField } = await this.#resolve(input);
    // Read again after the discovery: a lifecycle call or a delete made meanwhile stands.
    const current = this.require(id);
    this.#checkIssuerFree(settings.issuer, id, issuerField);
    const keys = settings.jwks_url === current.settings.jwks_url ? current.keys : this.#remoteKeys(settings.jwks_url);
    const next: StoredProvider = { ...current, name, type, settings, keys };
    this.providers.update(id, next);
    return next;
  }

  /** Adds an ACTIVE provider with an in-memory key set (no fetch): the shortcut for tests. */
  register(input: RegisterProviderInput): StoredProvider {
    // As in seeds: tokens name their key by kid, so a key without one would leave every token invalid_key.
    const kidless = Array.isArray(input.jwks?.keys) ? input.jwks.keys.findIndex((key) => typeof key?.kid !== 'string' || key.kid === '') : -1;
    if (kidless >= 0) {
      throw new TypeError(
        `providers.register: jwks.keys[${kidless}].kid is required: tokens name their key by kid, so a key without one verifies none; give the kid your tokens' header carries (for instance the key's RFC 7638 thumbprint, jose's calculateJwkThumbprint)`,
      );
    }
    // What a seed checks of the rest: a provider registered here is written to snapshots, which must load again.
    if (typeof input.issuer !== 'string' || input.issuer.length < 1 || input.issuer.length > 700) {
      throw new TypeError('providers.register: issuer must be the iss its tokens carry, 1 to 700 characters, e.g. https://risk.example.com');
    }
    if (input.name !== undefined && (typeof input.name !== 'string' || input.name.length < 1 || input.name.length > 100)) {
      throw new TypeError('providers.register: name must be 1 to 100 characters; leave it out for "Provider <issuer>"');
    }
    if (input.type !== undefined && (typeof input.type !== 'string' || input.type.length < 1 || input.type.length > 255)) {
      throw new TypeError("providers.register: type must be 1 to 255 characters; leave it out for 'okta'");
    }
    // A private key may be given (its public members verify); snapshots keep the public members only.
    // An empty set is taken, as it always was here: a provider that sends nothing in a test.
    const given = isKeySet(input.jwks) ? publicKeySet(input.jwks) : input.jwks;
    if (!isKeySet(given) || given.keys.length > 0) {
      const checked = InlineJwksSchema.safeParse(given, PARSE_OPTIONS);
      if (!checked.success) {
        const [issue] = fieldIssues(checked.error);
        throw new TypeError(`providers.register: jwks${issue!.path ? `.${issue!.path}` : ''}: ${issue!.reason}`);
      }
    }
    if (this.providers.page({ index: ['issuer', input.issuer], limit: 1 }).items.length > 0) {
      throw new TypeError(`providers.register: a provider already has the issuer '${input.issuer}'; delete it first`);
    }
    const provider: StoredProvider = {
      id: (this.env.newId ?? oktaId)('sse'),
      name: input.name ?? `Provider ${input.issuer}`.slice(0, 100),
      type: input.type ?? 'okta',
      status: 'ACTIVE',
      settings: { issuer: input.issuer, jwks_url: `${input.issuer.replace(/\/$/, '')}/jwks`, well_known_url: null },
      keys: createLocalKeySet(input.jwks),
      jwks: input.jwks,
    };
    this.providers.insert(provider);
    return provider;
  }

  /**
   * Inserts a provider as recorded (snapshot restore, seed); its keys come from `jwks`, else
   * `settings.jwks_url`. Its issuer must be free, as on every other way in.
   */
  load(record: ProviderRecord): StoredProvider {
    this.#checkIssuerFree(record.settings.issuer, record.id, 'settings.issuer');
    const { jwks, ...rest } = record;
    const provider: StoredProvider = jwks
      ? { ...rest, settings: { ...rest.settings }, keys: createLocalKeySet(jwks), jwks }
      : { ...rest, settings: { ...rest.settings }, keys: this.#remoteKeys(rest.settings.jwks_url) };
    this.providers.insert(provider);
    return provider;
  }

  setStatus(id: string, status: StoredProvider['status']): StoredProvider {
    const provider = this.require(id);
    if (provider.status !== status) this.providers.update(id, { ...provider, status });
    return this.require(id);
  }

  delete(id: string): void {
    this.require(id);
    this.providers.delete(id);
  }

  #remoteKeys(url: string): KeyResolver {
    // The verifier's defaults: an unknown kid refetches at most once per cooldown (30 s), so anonymous
    // tokens with invented kids cannot make the backend hammer the provider's key set URL.
    return createRemoteKeySet(url, { now: this.env.now });
  }

  async #resolve(input: unknown): Promise<{ name: string; type: string; settings: ProviderSettings; issuerField: string }> {
    const check = validateSecurityEventsProviderInput(input);
    if (!check.ok) throw validationFailed(check.issues);
    const { name, type, settings } = check.value;
    if ('issuer' in settings) {
      const direct = { issuer: settings.issuer, jwks_url: settings.jwks_url, well_known_url: null };
      return { name, type, settings: direct, issuerField: 'settings.issuer' };
    }
    const discovered = await discover(settings.well_known_url);
    return { name, type, settings: { ...discovered, well_known_url: settings.well_known_url }, issuerField: 'settings.well_known_url' };
  }
}

/** Reads an SSF discovery document for `issuer` and `jwks_uri`; failures are `E0000001` on `settings.well_known_url`. */
async function discover(url: string): Promise<{ issuer: string; jwks_url: string }> {
  const refuse = (reason: string) => validationFailed([{ path: 'settings.well_known_url', reason }]);
  let document: unknown;
  try {
    document = await fetchJsonDocument(url, { accept: 'application/json', timeoutMs: DISCOVERY_TIMEOUT_MS });
  } catch (error) {
    const reason = error instanceof DocumentFetchError ? error.message : 'the request failed';
    throw refuse(`The discovery document could not be fetched: ${reason}`);
  }
  const doc = (typeof document === 'object' && document !== null ? document : {}) as Record<string, unknown>;
  if (typeof doc.issuer !== 'string' || doc.issuer === '') throw refuse('The discovery document has no issuer');
  if (typeof doc.jwks_uri !== 'string' || doc.jwks_uri === '') throw refuse('The discovery document has no valid jwks_uri');
  // What the document says gets the checks a caller's own `{ issuer, jwks_url }` gets.
  const checked = IssuerAndJwksSettingsSchema.safeParse({ issuer: doc.issuer, jwks_url: doc.jwks_uri }, PARSE_OPTIONS);
  if (!checked.success) {
    const problems = fieldIssues(checked.error).map((issue) => `${issue.path === 'jwks_url' ? 'jwks_uri' : issue.path}: ${issue.reason}`);
    throw refuse(`The discovery document is not usable (${problems.join('; ')})`);
  }
  return checked.data;
}

/** Whether a value has the shape `{ keys: [objects] }` (the rest is for the key set's schema to say). */
function isKeySet(value: unknown): value is { keys: object[] } {
  return typeof value === 'object' && value !== null && Array.isArray((value as { keys?: unknown }).keys) && (value as { keys: unknown[] }).keys.every((key) => typeof key === 'object' && key !== null);
}
