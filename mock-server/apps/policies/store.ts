import { notFound, OktaHttpError } from '../../pipeline/okta-errors';
import { wholeSeconds } from '../../shared/time';

/** An app sign-in policy (`ACCESS_POLICY`) as the backend keeps it. */
export interface StoredPolicy {
  id: string;
  name: string;
  description: string | null;
  status: 'ACTIVE' | 'INACTIVE';
  priority: number;
  /** The org's default policy: it cannot be deleted or deactivated. */
  system: boolean;
  created: string;
  lastUpdated: string;
}

/** What a seed or `backend.policies.add` gives for a policy; the rest gets defaults. */
export interface PolicyInput {
  /** The policy's id (`rst…`); a new one when absent. */
  id?: string;
  /** Its name, as lists and `GET /api/v1/policies/{policyId}` show it. */
  name: string;
  /** Free text shown with it; none when absent. */
  description?: string;
  /** `ACTIVE` when absent. */
  status?: 'ACTIVE' | 'INACTIVE';
  /** Its place among the org's access policies, from 1; after the others when absent. */
  priority?: number;
}

/** The policy types Okta lists; only app sign-in policies are kept, the others list empty. */
export const POLICY_TYPES: ReadonlySet<string> = new Set([
  'ACCESS_POLICY', 'ENTITY_RISK', 'IDP_DISCOVERY', 'MFA_ENROLL', 'OKTA_SIGN_ON', 'PASSWORD', 'POST_AUTH_SESSION',
  'PROFILE_ENROLLMENT', 'DEVICE_SIGNAL_COLLECTION', 'SESSION_VIOLATION_DETECTION', 'CLIENT_UPDATE', 'IDENTITY_CLAIM_SOURCING',
]);

/** The most policies an org keeps (seeded ones; the API here does not create policies). */
export const MAX_POLICIES = 1000;

/**
 * The org's app sign-in policies. Every org has its default one, made with the org (its id is kept
 * across resets, as the org id is); more are added by seeds.
 */
export class PolicyStore {
  readonly #policies = new Map<string, StoredPolicy>();
  /** The default policy the org was made with, which a reset brings back. */
  readonly #base: StoredPolicy;
  #default: StoredPolicy;

  constructor(defaultId: string, nowMs: number) {
    const at = wholeSeconds(nowMs);
    this.#base = {
      id: defaultId,
      name: 'Default Policy',
      description: 'The default app sign-in policy',
      status: 'ACTIVE',
      priority: 1,
      system: true,
      created: at,
      lastUpdated: at,
    };
    this.#default = this.#base;
    this.clear();
  }

  /** The id of the org's default app sign-in policy, which every new app is assigned to. */
  get defaultId(): string {
    return this.#default.id;
  }

  /** Every policy, the default first. */
  all(): StoredPolicy[] {
    return [...this.#policies.values()];
  }

  /** A policy by id, if any. */
  get(id: string): StoredPolicy | undefined {
    return this.#policies.get(id);
  }

  /** A policy by id, or Okta's `E0000007 … (Policy)`. */
  require(id: string): StoredPolicy {
    const policy = this.#policies.get(id);
    if (!policy) throw notFound(id, 'Policy');
    return policy;
  }

  /** Adds a policy (an id is given or made by `newId`); a duplicate id throws. */
  add(input: PolicyInput, newId: () => string, nowMs: number): StoredPolicy {
    if (this.#policies.size >= MAX_POLICIES) throw new Error(`An org keeps at most ${MAX_POLICIES} policies.`);
    const id = input.id ?? newId();
    if (this.#policies.has(id)) throw new OktaHttpError(400, 'E0000001', 'Api validation failed: id', [`id: A policy with id ${id} already exists`]);
    const at = wholeSeconds(nowMs);
    const policy: StoredPolicy = {
      id,
      name: input.name,
      description: input.description ?? null,
      status: input.status ?? 'ACTIVE',
      priority: input.priority ?? this.#policies.size + 1,
      system: false,
      created: at,
      lastUpdated: at,
    };
    this.#policies.set(id, policy);
    return policy;
  }

  /** Puts a policy back as a snapshot holds it (the default one included). */
  load(policy: StoredPolicy): void {
    if (policy.system) {
      this.#policies.delete(this.#default.id);
      this.#default = { ...policy };
    }
    this.#policies.set(policy.id, { ...policy });
  }

  /** Back to the default policy the org was made with, alone. */
  clear(): void {
    this.#default = this.#base;
    this.#policies.clear();
    this.#policies.set(this.#default.id, this.#default);
  }
}

/** A policy as `GET /api/v1/policies/{policyId}` answers it, in Okta's key order. */
export function renderPolicy(policy: StoredPolicy, orgUrl: URL): Record<string, unknown> {
  const self = `${orgUrl.origin}/api/v1/policies/${policy.id}`;
  const links: Record<string, unknown> = {
    self: { href: self, hints: { allow: policy.system ? ['GET', 'PUT'] : ['GET', 'PUT', 'DELETE'] } },
    rules: { href: `${self}/rules`, hints: { allow: ['GET', 'POST'] } },
    mappings: { href: `${self}/mappings`, hints: { allow: ['GET', 'POST'] } },
  };
  if (!policy.system) {
    const action = policy.status === 'ACTIVE' ? 'deactivate' : 'activate';
    links[action] = { href: `${self}/lifecycle/${action}`, hints: { allow: ['POST'] } };
  }
  return {
    type: 'ACCESS_POLICY',
    id: policy.id,
    status: policy.status,
    name: policy.name,
    description: policy.description,
    priority: policy.priority,
    system: policy.system,
    conditions: null,
    created: policy.created,
    lastUpdated: policy.lastUpdated,
    _links: links,
  };
}
