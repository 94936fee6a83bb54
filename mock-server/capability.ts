import type { z } from 'zod';
import type { RouteEnv, RouteSpec } from './pipeline/route';
import type { ControlClock } from './state/clock';
import type { IdSource } from './state/ids';
import type { OktaAnswers } from './shared/answer-changes';

// The contract every backend capability (apps, the directory, OAuth, security events, the System
// Log, …) implements. `createMockBackend` composes a list of them; the control plane clears,
// snapshots, restores and seeds the list, and the router serves the routes of each. Adding a
// capability is a folder with a `capability.ts` and one line in that list.

/** What the backend gives every capability: its clock, ids, organization and request environment. */
export interface CapabilityContext {
  /** What the routes read: the org URL, the clock, tokens, rate limits. */
  readonly env: RouteEnv;
  /** The backend's one clock (moved by the control plane). */
  readonly clock: ControlClock;
  /** Where object ids come from (random, or one deterministic counter a snapshot carries). */
  readonly ids: IdSource;
  /** The organization: `orgId` changes when a snapshot of another org is restored, and on reset. */
  readonly org: { orgId: string };
  /** The backend clock, epoch milliseconds. */
  now(): number;
  /** A fresh Okta id with the prefix (`0oa`, `00u`, …), from {@link ids}. */
  newId(prefix: string): string;
  /** The organization URL (it changes once when a server binds without an `orgUrl` option). */
  orgUrl(): URL;
  /** Which of Okta's answer changes the organization makes: all of them, or those up to the `answersAsOf` option's date. */
  readonly answers: OktaAnswers;
}

/** A refused member of a snapshot or seed document: names the field path and the reason; throws. */
export type Refuse = (field: string, reason: string) => never;

/** How a capability keeps its part of the snapshot document. */
export interface SnapshotPart {
  /**
   * When its `check` and `restore` run, among all capabilities' (lower first, ties in list order),
   * whatever the list's order: a document with two problems is refused on the same field. The
   * built-in ones: apps 10, users and groups 20, providers, signals and replay 30, logs 40, grants
   * 50, what is around apps 60. Without, after every phase.
   */
  readonly phase?: number;
  /** The current state as its members ({@link CapabilityDefinition.snapshotMembers}); client secrets only with `includeSecrets`. The caller copies it. */
  take(options: { includeSecrets: boolean }): Record<string, unknown>;
  /** What the schema cannot check (unique ids, references between members); calls `refuse` on the first problem. `doc` is the whole checked document. */
  check?(doc: Readonly<Record<string, unknown>>, refuse: Refuse): void;
  /**
   * Work a restore posted over HTTP (`PUT /__appset/snapshot`) does first, before the document is
   * checked, that a synchronous restore cannot do (loading a library its check needs). `doc` is
   * not checked yet: read it defensively.
   */
  prepare?(doc: unknown): Promise<void>;
  /** Loads its members of a checked document into the (just cleared) state. */
  restore(doc: Readonly<Record<string, unknown>>): void;
}

/** How a seed step reports a refused entry, and the seed's one instant. */
export interface SeedTools {
  /** The backend clock when the seed began: every step stamps what it creates with it. */
  readonly now: number;
  /** Runs `run`, turning what it throws into a refusal naming `field`. */
  at<T>(field: string, run: () => T): T;
  /** Refuses the seed at `field`. */
  refuse: Refuse;
  /** The refusal for an error thrown at `field` (a refusal already naming its field stays as it is). */
  failure(error: unknown, field: string): Error;
}

/** One step of applying a seed document: the steps of every capability run in the order of their `phase`. */
export interface SeedStep {
  /**
   * When the step runs, among all capabilities' steps (lower first, ties in list order). The built-in
   * ones: apps 10, users and groups 20, providers 30, assignments 40, what is around apps 50; the
   * seed's tokens come after every step. The order decides which ids deterministic mode gives.
   */
  readonly phase: number;
  /** Adds what its members of the document ask for, and what it created to `created` (the seed result). */
  apply(doc: Readonly<Record<string, unknown>>, created: Record<string, unknown>, tools: SeedTools): void;
}

/** How a capability applies its members of a seed document. */
export interface SeedPart {
  /** Its members of the seed result, empty (the steps fill them). */
  emptyResult(): Record<string, unknown>;
  /** The steps, each with its phase. */
  readonly steps: readonly SeedStep[];
  /**
   * Work that needs a fetch, done before the steps when a seed is posted (`POST /__appset/seed`,
   * `backend.seed`). A seed applied at start cannot fetch: there `refuseAtStart` names the entry.
   */
  readonly fetchFirst?: {
    run(doc: Readonly<Record<string, unknown>>, created: Record<string, unknown>, tools: SeedTools): Promise<void>;
    refuseAtStart(doc: Readonly<Record<string, unknown>>, refuse: Refuse): void;
  };
}

/**
 * One capability of a backend: its routes, its state, and how the control plane clears,
 * snapshots, restores and seeds that state. `State` is what tests see on the backend object
 * (`backend.apps`, `backend.directory`, …): its members are spread onto it. `Parts` is what
 * capabilities that declare a dependency on it use.
 */
export interface Capability<State extends object = object, Parts = unknown> {
  /** The Okta API routes it serves. */
  routes(env: RouteEnv): RouteSpec[];
  /** Empties its state (a reset, a restore). */
  clear(): void;
  /** Forgets what belongs to the test run rather than to the organization (issued tokens, remembered nonces, …); on reset. */
  forgetRun?(): void;
  /** Its part of the snapshot document; without, it holds nothing a snapshot keeps. */
  readonly snapshot?: SnapshotPart;
  /** Its part of the seed document. */
  readonly seed?: SeedPart;
  /** What `backend.<member>` shows of it, read and changed directly (no HTTP), with the same rules. */
  readonly state: State;
  /** What it offers the capabilities that depend on it. */
  readonly parts?: Parts;
}

/** The parts of a capability this one declared it depends on (`dependsOn`); any other name throws. */
export type NeedCapability = <Parts>(name: string) => Parts;

/**
 * A capability as the backend's list holds it: its name, dependencies and document members (known
 * before any backend exists: the published schemas are built from them), and how to make one.
 */
export interface CapabilityDefinition<Options = unknown> {
  /** A unique name (its folder's). */
  readonly name: string;
  /**
   * Capabilities it uses, by name: each is in the list (anywhere: dependencies are made first) and
   * none depends back on this one, directly or not (the composition refuses a circle).
   */
  readonly dependsOn?: readonly string[];
  /** The top-level members of the snapshot document it writes, with their schema (members added after version 1's first documents are optional). */
  readonly snapshotMembers?: z.ZodRawShape;
  /** The top-level members of the seed document it reads, with their schema (each optional). */
  readonly seedMembers?: z.ZodRawShape;
  /** Makes one for a backend; `options` are the backend's options (each capability reads its own members). */
  create(ctx: CapabilityContext, need: NeedCapability, options: Options): Capability<object, unknown>;
}
