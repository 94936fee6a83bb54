/** The status of a Cross App Access connection. */
export type CrossAppAccessStatus = 'ACTIVE' | 'INACTIVE';

/** A Cross App Access connection as the backend keeps it: a requesting app allowed to reach a resource app. */
export interface StoredCrossAppAccessConnection {
  /** `cwo…`, 20 characters. */
  id: string;
  requestingAppInstanceId: string;
  resourceAppInstanceId: string;
  status: CrossAppAccessStatus;
  created: string;
  lastUpdated: string;
}

/** The most connections one app takes part in, inbound and outbound together (a list's largest page). */
export const MAX_CONNECTIONS_PER_APP = 200;
/** The most connections an org keeps (what a snapshot document holds at most). */
export const MAX_CONNECTIONS = 100_000;

/**
 * What a snapshot's connections must hold to, as the routes keep them: unique ids, no app connected
 * to itself, one connection per requesting and resource app, at most
 * {@link MAX_CONNECTIONS_PER_APP} per app. Calls `refuse` on the first that does not.
 */
export function checkStoredConnections(connections: readonly StoredCrossAppAccessConnection[], refuse: (field: string, reason: string) => never): void {
  const ids = new Set<string>();
  const pairs = new Set<string>();
  const perApp = new Map<string, number>();
  connections.forEach((c, i) => {
    const at = `surroundings.crossAppAccess[${i}]`;
    if (ids.has(c.id)) refuse(`${at}.id`, `the connection id ${c.id} appears twice; each must be unique`);
    ids.add(c.id);
    if (c.requestingAppInstanceId === c.resourceAppInstanceId) refuse(`${at}.resourceAppInstanceId`, 'an app cannot be connected to itself');
    const pair = `${c.requestingAppInstanceId} ${c.resourceAppInstanceId}`;
    if (pairs.has(pair)) refuse(at, `a connection from ${c.requestingAppInstanceId} to ${c.resourceAppInstanceId} appears twice`);
    pairs.add(pair);
    for (const app of [c.requestingAppInstanceId, c.resourceAppInstanceId]) {
      const count = (perApp.get(app) ?? 0) + 1;
      if (count > MAX_CONNECTIONS_PER_APP) refuse(at, `${app} takes part in more than ${MAX_CONNECTIONS_PER_APP} connections`);
      perApp.set(app, count);
    }
  });
}

/**
 * The org's Cross App Access connections, by id in creation order. A connection belongs to both of
 * its apps; one whose app is gone is answered by no route, and a snapshot drops it.
 */
export class CrossAppAccessStore {
  readonly #connections = new Map<string, StoredCrossAppAccessConnection>();

  /** Keeps a connection, replacing the one with its id. */
  put(connection: StoredCrossAppAccessConnection): void {
    this.#connections.set(connection.id, connection);
  }

  /** A connection, if any. */
  get(id: string): StoredCrossAppAccessConnection | undefined {
    return this.#connections.get(id);
  }

  /** Removes a connection; true when there was one. */
  delete(id: string): boolean {
    return this.#connections.delete(id);
  }

  /** The connections an app takes part in (as requesting or resource app), in creation order. */
  of(appId: string): StoredCrossAppAccessConnection[] {
    return this.all().filter((c) => c.requestingAppInstanceId === appId || c.resourceAppInstanceId === appId);
  }

  /** How many connections are kept (those of deleted apps included until {@link prune}). */
  get size(): number {
    return this.#connections.size;
  }

  /** Forgets the connections `keep` refuses (those of deleted apps). */
  prune(keep: (connection: StoredCrossAppAccessConnection) => boolean): void {
    for (const [id, connection] of this.#connections) if (!keep(connection)) this.#connections.delete(id);
  }

  /** Every connection, in creation order. */
  all(): StoredCrossAppAccessConnection[] {
    return [...this.#connections.values()];
  }

  /** Forgets every connection. */
  clear(): void {
    this.#connections.clear();
  }
}
