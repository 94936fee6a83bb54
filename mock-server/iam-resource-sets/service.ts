import type { AppService } from '../apps/service';
import type { Directory } from '../directory/store';
import { notFound, type OktaHttpError, validationFailed } from '../pipeline/okta-errors';
import { isObject } from '../shared/json';
import { wholeSeconds } from '../shared/time';
import { MAX_RESOURCE_NAME_LENGTH, ornOf, readOrn, refOfUrl, targetOf, type ResourceRef } from './resources';

/** The most resource sets the backend keeps. */
export const MAX_RESOURCE_SETS = 10_000;
/** The most resources one set holds (Okta's documented bound). */
export const MAX_RESOURCES_PER_SET = 1_000;
/** The most resources all sets hold together. */
export const MAX_RESOURCES_TOTAL = 100_000;
/** The longest `label` this backend takes. */
export const MAX_LABEL_LENGTH = 255;
/** The longest `description` this backend takes. */
export const MAX_DESCRIPTION_LENGTH = 1_024;

/** One resource of a set. */
export interface StoredResource {
  /** `ire…`, 20 characters. */
  id: string;
  /** What it names, without the organization's id. */
  ref: ResourceRef;
  /** ISO 8601, whole seconds. */
  created: string;
  /** ISO 8601, whole seconds. */
  lastUpdated: string;
}

/** A resource set as kept. */
export interface StoredResourceSet {
  /** `iam…`, 20 characters. */
  id: string;
  /** Unique among the organization's sets. */
  label: string;
  description: string;
  /** ISO 8601, whole seconds. */
  created: string;
  /** ISO 8601, whole seconds; moves when the label or description changes. */
  lastUpdated: string;
  /** In the order they were added. */
  resources: StoredResource[];
}

/** A set's label and description as a create or replace asks for them. */
interface SetFields {
  label: string;
  description: string;
}

const refKey = (ref: ResourceRef) => `${ref.service}:${ref.path}`;

/** The set named by `idOrLabel` does not exist: real orgs' words (`IAMPolicy` is their name for a set). */
const noSet = (idOrLabel: string): OktaHttpError => notFound(idOrLabel, 'IAMPolicy');

/**
 * Okta's rules for resource sets: a label (unique) and a description, at most 1,000 resources each
 * named by an ORN of this organization or its REST URL (an app, every app of a kind, every app, a
 * group, its members, every group, every user), each held once; a set is found by its id or its label.
 * An app or group deleted since it was added is no resource any more: what a deletion leaves behind
 * is dropped when the set is next read, and swept before the bound on all resources is judged and
 * before a snapshot (as role targets are).
 */
export class ResourceSetService {
  readonly #sets = new Map<string, StoredResourceSet>();
  #resourceCount = 0;

  constructor(
    private readonly apps: AppService,
    private readonly directory: Directory,
    private readonly orgId: () => string,
    private readonly orgOrigin: () => string,
    private readonly newId: (prefix: string) => string,
  ) {}

  /** How many sets are kept. */
  get size(): number {
    return this.#sets.size;
  }

  /** Every set, in the order they were made. */
  all(): StoredResourceSet[] {
    return [...this.#sets.values()];
  }

  /** Drops from every set the resources naming apps and groups deleted since. */
  sweep(): void {
    for (const set of this.#sets.values()) this.#current(set);
  }

  /** The set whose id, or else label, is `idOrLabel`; `E0000007 … (IAMPolicy)` when none. */
  get(idOrLabel: string): StoredResourceSet {
    const found = this.#sets.get(idOrLabel) ?? this.all().find((s) => s.label === idOrLabel);
    if (!found) throw noSet(idOrLabel);
    return this.#current(found);
  }

  /** The set without the resources naming apps and groups deleted since (kept so). */
  #current(set: StoredResourceSet): StoredResourceSet {
    const kept = set.resources.filter((r) => this.#exists(r.ref));
    if (kept.length < set.resources.length) {
      this.#resourceCount -= set.resources.length - kept.length;
      set.resources = kept;
    }
    return set;
  }

  /** Whether what a reference names exists: the app (of that name), the group; collections always do. */
  #exists(ref: ResourceRef): boolean {
    const target = targetOf(ref);
    if (target?.kind === 'app') return this.apps.apps.get(target.id)?.body.name === target.name;
    if (target?.kind === 'group' || target?.kind === 'group-members') return this.directory.group(target.id) !== undefined;
    return target !== undefined;
  }

  /** Makes a set from a request body (`label`, `description`, `resources`). */
  create(body: unknown, nowMs: number): StoredResourceSet {
    const fields = this.#fields(body, undefined);
    const given = isObject(body) ? body.resources : undefined;
    const refs = given === undefined || given === null ? [] : this.#refs(given, 'resources');
    if (this.#sets.size >= MAX_RESOURCE_SETS) {
      throw validationFailed([{ path: 'label', reason: `The organization holds ${MAX_RESOURCE_SETS} resource sets, the most this backend keeps; delete some first` }]);
    }
    const fresh = this.#fresh([], refs, 'resources');
    const at = wholeSeconds(nowMs);
    const set: StoredResourceSet = { id: this.newId('iam'), ...fields, created: at, lastUpdated: at, resources: [] };
    this.#push(set, fresh, at);
    this.#sets.set(set.id, set);
    return set;
  }

  /** Replaces a set's label and description (its resources stay). */
  replace(idOrLabel: string, body: unknown, nowMs: number): StoredResourceSet {
    const set = this.get(idOrLabel);
    Object.assign(set, this.#fields(body, set.id), { lastUpdated: wholeSeconds(nowMs) });
    return set;
  }

  /** Deletes a set and its resources. */
  delete(idOrLabel: string): void {
    const set = this.get(idOrLabel);
    this.#resourceCount -= set.resources.length;
    this.#sets.delete(set.id);
  }

  /** Adds resources from a request body (`additions`); those the set holds already stay as they are. */
  addResources(idOrLabel: string, body: unknown, nowMs: number): StoredResourceSet {
    const set = this.get(idOrLabel);
    const given = isObject(body) ? body.additions : undefined;
    if (given === undefined || given === null) throw validationFailed([{ path: 'additions', reason: 'Additions must be specified' }]);
    this.#push(set, this.#fresh(set.resources, this.#refs(given, 'additions'), 'additions'), wholeSeconds(nowMs));
    return set;
  }

  /** Takes one resource (by its `ire…` id) out of a set. */
  removeResource(idOrLabel: string, resourceId: string): void {
    const set = this.get(idOrLabel);
    const at = set.resources.findIndex((r) => r.id === resourceId);
    if (at < 0) throw notFound(resourceId, 'IAMResource');
    set.resources.splice(at, 1);
    this.#resourceCount--;
  }

  /** Keeps a set as a snapshot holds it (the store is cleared first). */
  put(set: StoredResourceSet): void {
    this.#sets.set(set.id, set);
    this.#resourceCount += set.resources.length;
  }

  /** Forgets every set. */
  clear(): void {
    this.#sets.clear();
    this.#resourceCount = 0;
  }

  /** The resource's ORN in the organization as it is now. */
  orn(ref: ResourceRef): string {
    return ornOf(ref, this.orgId());
  }

  /** The references a set does not hold yet, each once; refuses more than the bounds allow (no id drawn yet). */
  #fresh(held: readonly StoredResource[], refs: ResourceRef[], field: string): ResourceRef[] {
    const keys = new Set(held.map((r) => refKey(r.ref)));
    const fresh: ResourceRef[] = [];
    for (const ref of refs) {
      if (keys.has(refKey(ref))) continue;
      keys.add(refKey(ref));
      fresh.push(ref);
    }
    if (held.length + fresh.length > MAX_RESOURCES_PER_SET) {
      throw validationFailed([{ path: field, reason: `A resource set holds at most ${MAX_RESOURCES_PER_SET} resources` }]);
    }
    if (this.#resourceCount + fresh.length > MAX_RESOURCES_TOTAL) this.sweep();
    if (this.#resourceCount + fresh.length > MAX_RESOURCES_TOTAL) {
      throw validationFailed([{ path: field, reason: `The organization's resource sets hold ${MAX_RESOURCES_TOTAL} resources, the most this backend keeps; remove some first` }]);
    }
    return fresh;
  }

  /** Adds checked references to a set, each with a fresh `ire…` id. */
  #push(set: StoredResourceSet, fresh: readonly ResourceRef[], at: string): void {
    for (const ref of fresh) set.resources.push({ id: this.newId('ire'), ref, created: at, lastUpdated: at });
    this.#resourceCount += fresh.length;
  }

  #fields(body: unknown, ownId: string | undefined): SetFields {
    const value = (name: string) => (isObject(body) ? body[name] : undefined);
    const text = (name: 'label' | 'description', what: string, max: number): string => {
      const v = value(name);
      if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) throw validationFailed([{ path: name, reason: `${what} must be specified` }]);
      if (typeof v !== 'string') throw validationFailed([{ path: name, reason: `${what} must be a string` }]);
      if (v.length > max) throw validationFailed([{ path: name, reason: `${what} must be at most ${max} characters` }]);
      return v;
    };
    const label = text('label', 'Label', MAX_LABEL_LENGTH);
    const description = text('description', 'Description', MAX_DESCRIPTION_LENGTH);
    if (this.all().some((s) => s.label === label && s.id !== ownId)) {
      throw validationFailed([{ path: 'label', reason: `A resource set with the label ${label} exists already` }]);
    }
    return { label, description };
  }

  /** Reads a list of resource names (ORNs or REST URLs of this organization) into references. */
  #refs(given: unknown, field: string): ResourceRef[] {
    if (!Array.isArray(given)) throw validationFailed([{ path: field, reason: 'Must be a list of resource ORNs or URLs' }]);
    // Bounds the work on the list before each entry is read; what the set holds already is counted after.
    if (given.length > MAX_RESOURCES_PER_SET) throw validationFailed([{ path: field, reason: `A resource set holds at most ${MAX_RESOURCES_PER_SET} resources` }]);
    return given.map((item, i) => this.#ref(item, `${field}[${i}]`));
  }

  #ref(item: unknown, at: string): ResourceRef {
    const refuse = (reason: string) => validationFailed([{ path: at, reason }]);
    if (typeof item !== 'string' || item === '') throw refuse('Must be a resource ORN or URL');
    if (item.length > MAX_RESOURCE_NAME_LENGTH) throw refuse(`Must be at most ${MAX_RESOURCE_NAME_LENGTH} characters`);
    let ref: ResourceRef | undefined;
    if (item.startsWith('orn:')) {
      const read = readOrn(item);
      if (read && read.orgId !== this.orgId()) throw refuse(`${item} names another organization than ${this.orgId()}`);
      ref = read?.ref;
    } else if (URL.canParse(item)) {
      const url = new URL(item);
      if (url.origin !== this.orgOrigin()) throw refuse(`${item} is not a URL of the organization ${this.orgOrigin()}`);
      ref = refOfUrl(url, (id) => this.#appName(id, at));
    }
    const target = ref && targetOf(ref);
    if (!ref || !target) throw refuse(`${item} is not a resource a resource set takes (an app, apps, a group, its users, groups or users, as an ORN or a REST URL)`);
    if (!this.#exists(ref)) throw refuse(target.kind === 'app' ? `No ${target.name} app has the id ${target.id}` : `No group has the id ${'id' in target ? target.id : ''}`);
    return ref;
  }

  #appName(id: string, at: string): string {
    const app = this.apps.apps.get(id);
    if (!app) throw validationFailed([{ path: at, reason: `No app has the id ${id}` }]);
    return String(app.body.name);
  }
}
