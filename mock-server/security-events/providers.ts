import { validateSecurityEventsProviderInput } from '../../src/providers/schemas';
import { createLocalKeySet, createRemoteKeySet, type JsonWebKeySet, type KeyResolver } from '../../src/set/keys';
import { oktaId } from '../http/ids';
import { notFound, OktaHttpError, validationFailed } from '../http/okta-errors';
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

/** What {@link ProviderService.register} takes: a provider whose keys are given, not fetched. */
export interface RegisterProviderInput {
  issuer: string;
  jwks: JsonWebKeySet;
  name?: string;
  type?: string;
}

function createProviderCollection() {
  return new IndexedCollection({
    id: (provider: StoredProvider) => provider.id,
    indexes: {
      status: (provider) => [provider.status],
      activeIssuer: (provider) => (provider.status === 'ACTIVE' ? [provider.settings.issuer] : []),
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

  async create(input: unknown): Promise<StoredProvider> {
    const { name, type, settings } = await this.#resolve(input);
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
    const existing = this.require(id);
    const { name, type, settings } = await this.#resolve(input);
    const keys = settings.jwks_url === existing.settings.jwks_url ? existing.keys : this.#remoteKeys(settings.jwks_url);
    const next: StoredProvider = { ...existing, name, type, settings, keys };
    this.providers.update(id, next);
    return next;
  }

  /** Adds an ACTIVE provider with an in-memory key set (no fetch): the shortcut for tests. */
  register(input: RegisterProviderInput): StoredProvider {
    const provider: StoredProvider = {
      id: (this.env.newId ?? oktaId)('sse'),
      name: input.name ?? `Provider ${input.issuer}`,
      type: input.type ?? 'okta',
      status: 'ACTIVE',
      settings: { issuer: input.issuer, jwks_url: `${input.issuer.replace(/\/$/, '')}/jwks`, well_known_url: null },
      keys: createLocalKeySet(input.jwks),
      jwks: input.jwks,
    };
    this.providers.insert(provider);
    return provider;
  }

  /** Inserts a provider as recorded (snapshot restore, seed); its keys come from `jwks`, else `settings.jwks_url`. */
  load(record: ProviderRecord): StoredProvider {
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
    // No cooldown: "refetched once on an unknown kid" holds for every token, and concurrent
    // refetches share one request.
    return createRemoteKeySet(url, { now: this.env.now, cooldownMs: 0 });
  }

  async #resolve(input: unknown): Promise<{ name: string; type: string; settings: ProviderSettings }> {
    const check = validateSecurityEventsProviderInput(input);
    if (!check.ok) throw validationFailed(check.issues);
    const { name, type, settings } = check.value;
    if ('issuer' in settings) {
      return { name, type, settings: { issuer: settings.issuer, jwks_url: settings.jwks_url, well_known_url: null } };
    }
    const discovered = await discover(settings.well_known_url);
    return { name, type, settings: { ...discovered, well_known_url: settings.well_known_url } };
  }
}

/** Reads an SSF discovery document for `issuer` and `jwks_uri`; failures are `E0000001` on `settings.well_known_url`. */
async function discover(url: string): Promise<{ issuer: string; jwks_url: string }> {
  const refuse = (reason: string) => validationFailed([{ path: 'settings.well_known_url', reason }]);
  let document: unknown;
  try {
    const response = await globalThis.fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(5_000) });
    if (!response.ok) throw refuse(`The discovery document could not be fetched: HTTP ${response.status}`);
    document = await response.json();
  } catch (error) {
    if (error instanceof OktaHttpError) throw error;
    throw refuse('The discovery document could not be fetched or is not JSON');
  }
  const doc = (typeof document === 'object' && document !== null ? document : {}) as Record<string, unknown>;
  if (typeof doc.issuer !== 'string' || doc.issuer === '') throw refuse('The discovery document has no issuer');
  if (typeof doc.jwks_uri !== 'string' || !URL.canParse(doc.jwks_uri)) throw refuse('The discovery document has no valid jwks_uri');
  return { issuer: doc.issuer, jwks_url: doc.jwks_uri };
}
