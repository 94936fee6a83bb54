import { notFound, type OktaHttpError, validationFailed } from '../pipeline/okta-errors';
import { isObject } from '../shared/json';
import { wholeSeconds } from '../shared/time';
import { copyChannel, type HookChannel, readChannel } from './channel';
import type { HookStatus, HookType, MockInlineHook } from './state';

/** The most inline hooks the backend keeps. */
export const MAX_INLINE_HOOKS = 1_000;
/** The longest `name` this backend takes. */
export const MAX_HOOK_NAME_LENGTH = 255;

/** The inline hook types Okta documents. */
export const HOOK_TYPES = [
  'com.okta.import.transform',
  'com.okta.oauth2.tokens.transform',
  'com.okta.saml.tokens.transform',
  'com.okta.user.credential.password.import',
  'com.okta.user.pre-registration',
  'com.okta.telephony.provider',
] as const satisfies readonly HookType[];

/** An inline hook as kept: what `backend.inlineHooks` and the snapshot show a copy of. */
export type StoredHook = MockInlineHook;

/** A hook's fields as a create, a replace or a snapshot gives them. */
export type HookFields = Pick<StoredHook, 'name' | 'type' | 'version' | 'channel'>;

const noHook = (id: string): OktaHttpError => notFound(id, 'InlineHook');
const refuse = (path: string, reason: string) => validationFailed([{ path, reason }]);

/** Whether `type` is one of the documented hook types. */
export const isHookType = (type: unknown): type is HookType => typeof type === 'string' && (HOOK_TYPES as readonly string[]).includes(type);

/** Reads a hook's fields: a name, a documented type, a version, an HTTP channel (`kept`: the channel a replace starts from). */
export function hookFields(body: unknown, kept?: HookChannel): HookFields {
  if (!isObject(body)) throw refuse('name', 'Name must be specified');
  const { name, type, version } = body;
  if (typeof name !== 'string' || name.trim() === '') throw refuse('name', 'Name must be specified');
  if (name.length > MAX_HOOK_NAME_LENGTH) throw refuse('name', `Name must be at most ${MAX_HOOK_NAME_LENGTH} characters`);
  if (type === undefined || type === null) throw refuse('type', 'Type must be specified');
  if (!isHookType(type)) throw refuse('type', `Must be one of ${HOOK_TYPES.join(', ')}`);
  if (typeof version !== 'string' || version === '') throw refuse('version', 'Version must be specified');
  if (version.length > 16 || !/^\d+\.\d+\.\d+$/.test(version)) throw refuse('version', 'Must be a version such as 1.0.0');
  return { name, type, version, channel: readChannel(body.channel, kept) };
}

/**
 * Okta's inline hooks: made ACTIVE unless `status` says INACTIVE, activated and deactivated by their
 * lifecycle operations, deleted only once INACTIVE (real orgs offer `delete` in an INACTIVE hook's
 * `_links` only). The backend never calls a hook's URI.
 */
export class HookService {
  readonly #hooks = new Map<string, StoredHook>();

  constructor(private readonly newId: (prefix: string) => string) {}

  /** How many hooks are kept. */
  get size(): number {
    return this.#hooks.size;
  }

  /** Every hook, in the order they were made. */
  all(): StoredHook[] {
    return [...this.#hooks.values()];
  }

  /** The hook `id`; `E0000007 … (InlineHook)` when none. */
  get(id: string): StoredHook {
    const found = this.#hooks.get(id);
    if (!found) throw noHook(id);
    return found;
  }

  /** Makes a hook from a request body. */
  create(body: unknown, nowMs: number): StoredHook {
    const fields = hookFields(body);
    const status = (body as { status?: unknown }).status ?? 'ACTIVE';
    if (status !== 'ACTIVE' && status !== 'INACTIVE') throw refuse('status', 'Must be ACTIVE or INACTIVE');
    if (this.#hooks.size >= MAX_INLINE_HOOKS) throw refuse('name', `The organization holds ${MAX_INLINE_HOOKS} inline hooks, the most this backend keeps; delete some first`);
    const at = wholeSeconds(nowMs);
    const hook: StoredHook = { id: this.newId('cal'), status, ...fields, created: at, lastUpdated: at };
    this.#hooks.set(hook.id, hook);
    return hook;
  }

  /** Replaces a hook's name, version and channel; its type cannot change, its status stays. */
  replace(id: string, body: unknown, nowMs: number): StoredHook {
    const hook = this.get(id);
    const fields = hookFields(body, hook.channel);
    if (fields.type !== hook.type) throw refuse('type', `The hook is of type ${hook.type}; its type cannot change`);
    Object.assign(hook, fields, { lastUpdated: wholeSeconds(nowMs) });
    return hook;
  }

  /** Activates or deactivates a hook. */
  setStatus(id: string, status: HookStatus, nowMs: number): StoredHook {
    const hook = this.get(id);
    if (hook.status !== status) Object.assign(hook, { status, lastUpdated: wholeSeconds(nowMs) });
    return hook;
  }

  /** Deletes an INACTIVE hook; an ACTIVE one is refused naming its status. */
  delete(id: string): void {
    const hook = this.get(id);
    if (hook.status === 'ACTIVE') throw refuse('status', `The inline hook ${id} is ACTIVE; deactivate it before deleting it`);
    this.#hooks.delete(id);
  }

  /** Keeps a hook as a snapshot holds it (the store is cleared first). */
  put(hook: StoredHook): void {
    this.#hooks.set(hook.id, { ...hook, channel: copyChannel(hook.channel) });
  }

  /** Forgets every hook. */
  clear(): void {
    this.#hooks.clear();
  }
}
