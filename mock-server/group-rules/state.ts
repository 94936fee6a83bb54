/** Group rules as tests read them (`backend.groupRules`): copies, as the API answers them. */
export interface MockGroupRulesState {
  /** Every rule, in creation order, as `GET /api/v1/groups/rules` answers it. */
  list(): Record<string, unknown>[];
  /** One rule as `GET /api/v1/groups/rules/{id}` answers it, or `undefined`. */
  get(id: string): Record<string, unknown> | undefined;
  /** The users whose membership of the rule's groups it manages (it put them there, or they matched while in them). */
  managedUsers(id: string): string[];
}

/** What the group rules capability shows on the backend (`backend.groupRules`). */
export interface GroupRulesBackendState {
  /** The org's group rules. */
  readonly groupRules: MockGroupRulesState;
}
