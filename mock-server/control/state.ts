import type { RateLimitTable } from '../pipeline/rate-limits';
import type { Fault, FaultInput } from './faults';
import type { RateLimitSetting } from './plane';
import type { JournalEntry, JournalFilter, UnmatchedEntry } from './requests/journal';
import type { RequestMatcher } from './requests/matcher';
import type { Stub, StubInput } from './stubs';

// What tests see of the control plane on the backend object: backend.faults, .clock, .journal,
// .stubs and .rateLimits.

/** Injected faults, matched at the router before the route. */
export interface MockFaultsState {
  /** Adds a fault; throws `ControlInputError` naming the field of a bad one. */
  add(fault: FaultInput): Fault;
  /** Removes one fault; true when it was waiting. */
  remove(id: string): boolean;
  /** Removes every fault. */
  clear(): void;
  /** The waiting faults, in the order they are matched. */
  list(): Fault[];
}

/** The backend's controllable clock. */
export interface MockClockState {
  /** The backend's current time. */
  now(): Date;
  /** Moves the clock forward by `ms`. */
  advance(ms: number): void;
  /** Makes the clock read `at` now; it keeps running from there. */
  set(at: Date | string | number): void;
}

/**
 * The journal of requests answered on Okta's paths: what was sent and answered, secrets redacted,
 * bodies cut to `journalBodyBytes`. A bad filter or matcher throws `ControlInputError` naming the field.
 */
export interface MockJournalState {
  /** Oldest first; a filter selects by method, path, status, time (`since`) and keeps the latest `limit`. */
  list(filter?: JournalFilter): JournalEntry[];
  /** The request answered with this `X-Okta-Request-Id`, while the journal holds it. */
  get(requestId: string): JournalEntry | undefined;
  /** The requests a matcher selects, oldest first: `find({ method: 'POST', path: '/api/v1/apps', json: { label: 'Wiki' } })`. */
  find(matcher: RequestMatcher): JournalEntry[];
  /** How many requests a matcher selects. */
  count(matcher: RequestMatcher): number;
  /** The requests no route or stub served, each with the routes it came closest to and what differs. */
  unmatched(): UnmatchedEntry[];
  /** Forgets every entry. */
  clear(): void;
}

/** Stubs: answers given before the routes, cleared by `reset()`. A bad stub throws `ControlInputError` naming the field. */
export interface MockStubsState {
  /** Adds a stub: `{ method, path | pathPattern, status, headers?, body?, times?, request?: { query?, headers?, bodyJson? }, priority? }`. */
  add(stub: StubInput): Stub;
  /** Removes one stub; true when it was waiting. */
  remove(id: string): boolean;
  /** Removes every stub. */
  clear(): void;
  /** The waiting stubs, in the order they were added. */
  list(): Stub[];
}

/** The enforced rate limits. */
export interface MockRateLimitsState {
  /** `'okta'`, `'off'` or numbers per bucket (the others Okta's); the current windows keep their counts. */
  set(setting: RateLimitSetting): void;
  /** The limits per bucket, or `'off'`. */
  get(): RateLimitTable | 'off';
}
