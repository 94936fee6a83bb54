/** A resource of a set as `backend.resourceSets` shows it. */
export interface MockResourceSetResource {
  /** `ire…`, 20 characters. */
  id: string;
  /** Its Okta Resource Name in the organization (`orn:okta:idp:{orgId}:apps:bookmark:0oa…`). */
  orn: string;
  /** ISO 8601, whole seconds. */
  created: string;
  /** ISO 8601, whole seconds. */
  lastUpdated: string;
}

/** A resource set as `backend.resourceSets` shows it (a copy). */
export interface MockResourceSet {
  /** `iam…`, 20 characters. */
  id: string;
  /** Unique among the organization's sets. */
  label: string;
  /** What the set is for. */
  description: string;
  /** ISO 8601, whole seconds. */
  created: string;
  /** ISO 8601, whole seconds; moves when the label or description changes. */
  lastUpdated: string;
  /** Its resources, in the order they were added. */
  resources: MockResourceSetResource[];
}

/** The organization's resource sets, read directly (no HTTP, no auth). */
export interface MockResourceSetsState {
  /** Every set, in the order they were made. */
  list(): MockResourceSet[];
  /** How many sets the organization holds. */
  readonly size: number;
}

/** What the resource sets capability shows on the backend (`backend.resourceSets`). */
export interface ResourceSetsBackendState {
  /** The organization's resource sets (`/api/v1/iam/resource-sets`). */
  readonly resourceSets: MockResourceSetsState;
}
