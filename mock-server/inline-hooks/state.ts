import type { HookChannel } from './channel';
import type { HookStatus, HookType } from './service';

/** An inline hook as `backend.inlineHooks` and the snapshot show it (a copy, its auth secret included). */
export interface MockInlineHook {
  /** `cal…`, 20 characters. */
  id: string;
  /** ACTIVE or INACTIVE. */
  status: HookStatus;
  /** At most 255 characters. */
  name: string;
  /** One of the documented hook types; it does not change. */
  type: HookType;
  /** The hook's version (`1.0.0`). */
  version: string;
  /** Where Okta would call the hook; this backend never does. */
  channel: HookChannel;
  /** ISO 8601, whole seconds. */
  created: string;
  /** ISO 8601, whole seconds. */
  lastUpdated: string;
}

/** The organization's inline hooks, read directly (no HTTP, no auth). */
export interface MockInlineHooksState {
  /** Every hook, in the order they were made. */
  list(): MockInlineHook[];
  /** How many hooks the organization holds. */
  readonly size: number;
}

/** What the inline hooks capability shows on the backend (`backend.inlineHooks`). */
export interface InlineHooksBackendState {
  /** The organization's inline hooks (`/api/v1/inlineHooks`). */
  readonly inlineHooks: MockInlineHooksState;
}
