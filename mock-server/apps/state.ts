import type { Application } from '../../src/apps/application';
import type { CreateApplicationInput } from '../../src/apps/create-input';
import type { AppUserAssignment } from './store';

/** An app to seed: a create input, optionally created INACTIVE. */
export type SeedApp = CreateApplicationInput | { input: CreateApplicationInput; activate?: boolean };

/** A user assignment given to {@link MockBackend.users}`.assign`; unspecified members get realistic values. */
export interface AssignUserInput {
  /** The user's id (`00u…`). */
  id: string;
  /** The user's name in the app; default `<id>@example.com`. */
  userName?: string;
  /** The user's id in the app's own system; default `null`. */
  externalId?: string | null;
  /** The assignment's status; default `ACTIVE`. */
  status?: string;
  /** `USER` (default) or `GROUP`. */
  scope?: 'USER' | 'GROUP';
}

/** The backend's apps, read and changed directly (no HTTP, no auth, no rate limits), with the same rules. */
export interface MockAppsState {
  /** Creates an app as `POST /api/v1/apps` would; throws the appset error the client would get. */
  create(input: CreateApplicationInput, options?: { activate?: boolean }): Application;
  /** The app as `GET /api/v1/apps/{id}` renders it, or `undefined`. */
  get(id: string): Application | undefined;
  /** Every app, in creation order. */
  list(): Application[];
  /** How many apps exist. */
  readonly size: number;
  /** Activates an app. */
  activate(id: string): void;
  /** Deactivates an app. */
  deactivate(id: string): void;
  /** Deletes an INACTIVE app (an ACTIVE one throws `ForbiddenError` `E0000056`). */
  delete(id: string): void;
}

/** App-user assignments: what `expand=user/{id}` embeds and `filter=user.id eq "…"` finds. */
export interface MockUsersState {
  /** Assigns a user to an app and returns the assignment as it is embedded. */
  assign(appId: string, user: AssignUserInput): AppUserAssignment;
  /** Removes an assignment; true when there was one. */
  unassign(appId: string, userId: string): boolean;
}

/** App-group assignments: what `filter=group.id eq "…"` finds. */
export interface MockGroupsState {
  /** Assigns a group to an app. */
  assign(appId: string, groupId: string): void;
}

/** What the apps capability shows on the backend (`backend.apps`, `backend.users`, `backend.groups`). */
export interface AppsBackendState {
  /** Applications. */
  readonly apps: MockAppsState;
  /** App-user assignments. */
  readonly users: MockUsersState;
  /** App-group assignments. */
  readonly groups: MockGroupsState;
}
