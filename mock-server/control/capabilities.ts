import { z } from 'zod';
import type { RouteEnv, RouteSpec } from '../pipeline/route';
import type { Capability, CapabilityContext, CapabilityDefinition, Refuse, SeedTools, SnapshotPart } from '../capability';

/** The members (zod shapes) a list of capability definitions adds to one document, as one type. */
export type MembersOf<L extends readonly unknown[], K extends 'snapshotMembers' | 'seedMembers'> = L extends readonly [infer H, ...infer R]
  ? (H extends { readonly [P in K]: infer S } ? S : unknown) & MembersOf<R, K>
  : unknown;

/**
 * What every capability of a list shows on the backend (`backend.apps`, `backend.directory`, …):
 * the `state` type of each definition's `create`, as one type.
 */
export type StateOf<L extends readonly unknown[]> = L extends readonly [infer H, ...infer R]
  ? (H extends { create(...args: never[]): { readonly state: infer S } } ? S : unknown) & StateOf<R>
  : unknown;

/**
 * The snapshot members of version 1, in the order documents have always been written; members of
 * capabilities added later follow, in the list's order. (The order is the document's only: a
 * restore reads members by name.)
 */
const SNAPSHOT_MEMBER_ORDER = ['apps', 'users', 'groups', 'providers', 'signals', 'logs', 'replay', 'grants', 'surroundings', 'credentials'];

/** The seed members (and seed result members) in the order the published schema has always listed them; later ones follow. */
const SEED_MEMBER_ORDER = ['apps', 'users', 'groups', 'assignments', 'providers', 'tokens'];

/** An object's members with those `order` names first, in that order, then the rest as they came. */
export function inDocumentOrder<T>(members: Record<string, T>, order: readonly string[]): Record<string, T> {
  const out: Record<string, T> = {};
  for (const name of order) if (Object.hasOwn(members, name)) out[name] = members[name]!;
  for (const [name, value] of Object.entries(members)) if (!Object.hasOwn(out, name)) out[name] = value;
  return out;
}

/** The members every capability of the list adds to one document, checked for a name two claim. */
function members(list: readonly CapabilityDefinition<never>[], which: 'snapshotMembers' | 'seedMembers', reserved: readonly string[], order: readonly string[]): z.ZodRawShape {
  const shape: Record<string, z.ZodType> = {};
  const owner = new Map<string, string>(reserved.map((name) => [name, 'the control plane']));
  for (const definition of list) {
    for (const [name, schema] of Object.entries(definition[which] ?? {})) {
      const taken = owner.get(name);
      if (taken !== undefined) throw new Error(`capability ${definition.name}: the ${which} member "${name}" is already ${taken}'s; give it another name`);
      owner.set(name, definition.name);
      shape[name] = schema as z.ZodType;
    }
  }
  return inDocumentOrder(shape, order);
}

/** The snapshot document's members of a list of capabilities, in document order (after `reserved`, the plane's own). */
export function snapshotMembersOf(list: readonly CapabilityDefinition<never>[], reserved: readonly string[]): z.ZodRawShape {
  return members(list, 'snapshotMembers', reserved, SNAPSHOT_MEMBER_ORDER);
}

/** The seed document's members of a list of capabilities, with `own` (the plane's own members), in document order. */
export function seedMembersOf(list: readonly CapabilityDefinition<never>[], own: z.ZodRawShape): z.ZodRawShape {
  return inDocumentOrder({ ...members(list, 'seedMembers', Object.keys(own), []), ...own }, SEED_MEMBER_ORDER);
}

/**
 * The capabilities of one backend, made from their definitions: what the control plane clears,
 * snapshots, restores and seeds, the routes the router serves and the state `backend.<name>` shows.
 */
export class Capabilities {
  readonly #made = new Map<string, Capability>();
  /** In the list's order. */
  readonly #list: Array<{ name: string; capability: Capability }>;

  constructor(definitions: readonly CapabilityDefinition<never>[], ctx: CapabilityContext, options: object) {
    const byName = new Map<string, CapabilityDefinition<never>>();
    for (const definition of definitions) {
      if (byName.has(definition.name)) throw new Error(`Two capabilities are named "${definition.name}"; each needs its own name`);
      byName.set(definition.name, definition);
    }
    for (const definition of definitions) {
      for (const dependency of definition.dependsOn ?? []) {
        if (!byName.has(dependency)) throw new Error(`capability ${definition.name} depends on "${dependency}", which is not in the backend's list; add it`);
      }
    }
    const making = new Set<string>();
    const make = (name: string): Capability => {
      const made = this.#made.get(name);
      if (made) return made;
      if (making.has(name)) {
        const path = [...making];
        const circle = [...path.slice(path.indexOf(name)), name].join(' → ');
        throw new Error(`capabilities depend on each other in a circle: ${circle}; break it (the lower one offers a hook in its parts that the higher one sets)`);
      }
      making.add(name);
      const definition = byName.get(name)!;
      // Dependencies are made first, whatever the list's order (which is the order routes are tried in).
      for (const dependency of definition.dependsOn ?? []) make(dependency);
      const need = <Parts>(dependency: string): Parts => {
        if (!(definition.dependsOn ?? []).includes(dependency)) {
          throw new Error(`capability ${name} asked for "${dependency}" without declaring it; add it to dependsOn`);
        }
        return make(dependency).parts as Parts;
      };
      const capability = definition.create(ctx, need, options as never);
      making.delete(name);
      this.#made.set(name, capability);
      return capability;
    };
    this.#list = definitions.map((d) => ({ name: d.name, capability: make(d.name) }));
  }

  /** What a capability offers those that depend on it. */
  parts<Parts>(name: string): Parts {
    const made = this.#made.get(name);
    if (!made) throw new Error(`No capability is named "${name}"`);
    return made.parts as Parts;
  }

  /** What a capability offers those that depend on it, or `undefined` when the list has none of that name. */
  partsIf<Parts>(name: string): Parts | undefined {
    return this.#made.get(name)?.parts as Parts | undefined;
  }

  /** Every capability's routes, in the list's order. */
  routes(env: RouteEnv): RouteSpec[] {
    return this.#list.flatMap(({ capability }) => capability.routes(env));
  }

  /** What `backend.<member>` shows: every capability's state, merged; `S` is the list's {@link StateOf}, which the caller names. */
  state<S extends object = Record<string, object>>(): S {
    const out: Record<string, object> = {};
    for (const { name, capability } of this.#list) {
      for (const [member, value] of Object.entries(Object.getOwnPropertyDescriptors(capability.state))) {
        if (Object.hasOwn(out, member)) throw new Error(`capability ${name}: backend.${member} is already shown by another capability`);
        Object.defineProperty(out, member, value);
      }
    }
    return out as S;
  }

  /** Empties what a snapshot holds. */
  clear(): void {
    for (const { capability } of this.#list) capability.clear();
  }

  /** Forgets what belongs to the test run (a reset). */
  forgetRun(): void {
    for (const { capability } of this.#list) capability.forgetRun?.();
  }

  /** Every capability's snapshot members, in document order. */
  takeSnapshot(options: { includeSecrets: boolean }): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const { capability } of this.#list) Object.assign(out, capability.snapshot?.take(options));
    return inDocumentOrder(out, SNAPSHOT_MEMBER_ORDER);
  }

  /** The snapshot parts by phase (ties in the list's order): the order checks and restores run in, whatever the list's. */
  #snapshotParts(): SnapshotPart[] {
    const parts = this.#list.flatMap(({ capability }) => (capability.snapshot ? [capability.snapshot] : []));
    // Array.prototype.sort is stable: parts of one phase keep the list's order.
    return parts.sort((a, b) => (a.phase ?? Infinity) - (b.phase ?? Infinity));
  }

  /** Checks a document every capability reads (the schema passed), by phase: the first problem found is the one refused. */
  checkSnapshot(doc: Readonly<Record<string, unknown>>, refuse: Refuse): void {
    for (const part of this.#snapshotParts()) part.check?.(doc, refuse);
  }

  /** What a restore posted over HTTP does first (each part's `prepare`), on the unchecked document. */
  async prepareRestore(doc: unknown): Promise<void> {
    for (const part of this.#snapshotParts()) await part.prepare?.(doc);
  }

  /** Loads a checked document into the (cleared) capabilities, by phase. */
  restore(doc: Readonly<Record<string, unknown>>): void {
    for (const part of this.#snapshotParts()) part.restore(doc);
  }

  /** A seed result with nothing created yet: every capability's members, in document order (with `own`, the plane's). */
  emptySeedResult(own: Record<string, unknown>): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const { capability } of this.#list) Object.assign(out, capability.seed?.emptyResult());
    return inDocumentOrder({ ...out, ...own }, SEED_MEMBER_ORDER);
  }

  /** The fetches seeds posted at run time do first (providers by discovery document, …). */
  async fetchForSeed(doc: Readonly<Record<string, unknown>>, created: Record<string, unknown>, tools: SeedTools): Promise<void> {
    for (const { capability } of this.#list) await capability.seed?.fetchFirst?.run(doc, created, tools);
  }

  /** Refuses a seed applied at start that would need a fetch. */
  refuseFetchAtStart(doc: Readonly<Record<string, unknown>>, refuse: Refuse): void {
    for (const { capability } of this.#list) capability.seed?.fetchFirst?.refuseAtStart(doc, refuse);
  }

  /** Runs every capability's seed steps, by phase (ties in the list's order). */
  applySeed(doc: Readonly<Record<string, unknown>>, created: Record<string, unknown>, tools: SeedTools): void {
    const steps = this.#list.flatMap(({ capability }) => capability.seed?.steps ?? []);
    // Array.prototype.sort is stable: steps of one phase keep the list's order.
    for (const step of steps.sort((a, b) => a.phase - b.phase)) step.apply(doc, created, tools);
  }
}
