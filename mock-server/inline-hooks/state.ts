import type { HookChannel } from './channel';

/** An inline hook's type: one of those Okta documents. */
export type HookType =
  | 'com.okta.import.transform'
  | 'com.okta.oauth2.tokens.transform'
  | 'com.okta.saml.tokens.transform'
  | 'com.okta.user.credential.password.import'
  | 'com.okta.user.pre-registration'
  | 'com.okta.telephony.provider';

/** Whether a hook is called. */
export type HookStatus = 'ACTIVE' | 'INACTIVE';

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
