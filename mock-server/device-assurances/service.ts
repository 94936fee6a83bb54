import { notFound, type OktaHttpError, validationFailed } from '../pipeline/okta-errors';
import { isObject, type Json } from '../shared/json';
import { wholeSeconds } from '../shared/time';
import { type AssuranceChecks, copyChecks, type Platform, PLATFORMS, readChecks } from './checks';

/** The most device assurance policies the backend keeps. */
export const MAX_DEVICE_ASSURANCES = 1_000;
/** The longest `name` this backend takes. */
export const MAX_ASSURANCE_NAME_LENGTH = 255;

/** Whether Okta Verify shows the user how to fix a failed check. */
export type RemediationMode = 'SHOW' | 'HIDE';

/** A device assurance policy as kept. */
export interface StoredAssurance {
  /** `dae…`, 20 characters. */
  id: string;
  name: string;
  platform: Platform;
  checks: AssuranceChecks;
  /** HIDE unless given. */
  displayRemediationMode: RemediationMode;
  /** ISO 8601, whole seconds. */
  createdDate: string;
  /** The org's administrator (`00u…`). */
  createdBy: string;
  /** ISO 8601, whole seconds. */
  lastUpdate: string;
  /** The org's administrator (`00u…`). */
  lastUpdatedBy: string;
}

/** A policy's fields as a create, a replace or a snapshot gives them. */
export type AssuranceFields = Pick<StoredAssurance, 'name' | 'platform' | 'checks' | 'displayRemediationMode'>;

const noAssurance = (id: string): OktaHttpError => notFound(id, 'DeviceAssurance');
const refuse = (path: string, reason: string) => validationFailed([{ path, reason }]);

/** Reads a policy's fields: a name, a platform, the checks that platform takes, `displayRemediationMode`. */
export function assuranceFields(body: unknown): AssuranceFields {
  if (!isObject(body)) throw refuse('name', 'Name must be specified');
  const { name, platform } = body;
  if (typeof name !== 'string' || name.trim() === '') throw refuse('name', 'Name must be specified');
  if (name.length > MAX_ASSURANCE_NAME_LENGTH) throw refuse('name', `Name must be at most ${MAX_ASSURANCE_NAME_LENGTH} characters`);
  if (platform === undefined || platform === null) throw refuse('platform', 'Platform must be specified');
  if (platform === 'CHROMEOS') throw refuse('platform', 'CHROMEOS policies (third-party signals) are not served by this backend');
  if (typeof platform !== 'string' || !(PLATFORMS as readonly string[]).includes(platform)) throw refuse('platform', `Must be one of ${PLATFORMS.join(', ')}`);
  const mode = body.displayRemediationMode ?? 'HIDE';
  if (mode !== 'SHOW' && mode !== 'HIDE') throw refuse('displayRemediationMode', 'Must be SHOW or HIDE');
  return { name, platform: platform as Platform, checks: readChecks(body as Json, platform as Platform), displayRemediationMode: mode };
}

/**
 * Okta's device assurance policies: per platform, the OS version, disk encryption, jailbreak,
 * screen lock and secure hardware checks that platform takes; replaced whole (the platform stays).
 */
export class AssuranceService {
  readonly #items = new Map<string, StoredAssurance>();

  constructor(
    private readonly newId: (prefix: string) => string,
    private readonly admin: () => string,
  ) {}

  /** How many policies are kept. */
  get size(): number {
    return this.#items.size;
  }

  /** Every policy, in the order they were made. */
  all(): StoredAssurance[] {
    return [...this.#items.values()];
  }

  /** The policy `id`; `E0000007 … (DeviceAssurance)` when none. */
  get(id: string): StoredAssurance {
    const found = this.#items.get(id);
    if (!found) throw noAssurance(id);
    return found;
  }

  /** Makes a policy from a request body. */
  create(body: unknown, nowMs: number): StoredAssurance {
    const fields = assuranceFields(body);
    if (this.#items.size >= MAX_DEVICE_ASSURANCES) throw refuse('name', `The organization holds ${MAX_DEVICE_ASSURANCES} device assurance policies, the most this backend keeps; delete some first`);
    const at = wholeSeconds(nowMs);
    const admin = this.admin();
    const item: StoredAssurance = { id: this.newId('dae'), ...fields, createdDate: at, createdBy: admin, lastUpdate: at, lastUpdatedBy: admin };
    this.#items.set(item.id, item);
    return item;
  }

  /** Replaces a policy's name, checks and remediation mode; its platform cannot change. */
  replace(id: string, body: unknown, nowMs: number): StoredAssurance {
    const item = this.get(id);
    const fields = assuranceFields(body);
    if (fields.platform !== item.platform) throw refuse('platform', `The policy is for ${item.platform}; its platform cannot change`);
    Object.assign(item, fields, { lastUpdate: wholeSeconds(nowMs), lastUpdatedBy: this.admin() });
    return item;
  }

  /** Deletes a policy. */
  delete(id: string): void {
    this.get(id);
    this.#items.delete(id);
  }

  /** Keeps a policy as a snapshot holds it (the store is cleared first). */
  put(item: StoredAssurance): void {
    this.#items.set(item.id, { ...item, checks: copyChecks(item.checks) });
  }

  /** Forgets every policy. */
  clear(): void {
    this.#items.clear();
  }
}
