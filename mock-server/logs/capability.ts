import { z } from 'zod';
import type { Capability, CapabilityDefinition } from '../capability';
import { isoMs, MAX_ITEMS, str } from '../state/document-fields';
import { refuseDuplicates } from '../state/duplicates';
import { logRoutes } from './routes';
import type { LogsBackendState, MockLogsState } from './state';
import { createLogCollection, logEvent, type LogCollection, type StoredLogEvent } from './store';
import { apiTokenPrincipal, createChangeLog, type LogPrincipals, type WriteChangeEvent } from './writer';

/** The System Log's member of the snapshot document. */
const LOGS_SNAPSHOT_MEMBERS = {
  logs: z.array(z.looseObject({ uuid: str(100), published: isoMs, eventType: str(255) })).max(MAX_ITEMS),
};

/** What the System Log offers the capabilities that write to it. */
export interface LogsParts {
  /** The events (the receiver inserts its own, built when read). */
  logs: LogCollection;
  /** Writes the event of a change the API made: the one way capabilities log their changes. */
  write: WriteChangeEvent;
  /** Where the authorization server tells the writer who a bearer token's client is. */
  principals: LogPrincipals;
}

/** The System Log: `GET /api/v1/logs`, `backend.logs`; other capabilities write events to it. */
export const LOGS = {
  name: 'logs',
  snapshotMembers: LOGS_SNAPSHOT_MEMBERS,
  create(ctx): Capability<LogsBackendState, LogsParts> {
    const logs = createLogCollection();
    const principals: LogPrincipals = {};
    // Deterministic mode counts change events apart from the id counter: logging a change must not
    // shift the ids of the apps, users and groups made after it.
    let changeCount = 0;
    const changeUuid = () => {
      if (ctx.ids.mode === 'random') return globalThis.crypto.randomUUID();
      let uuid: string;
      do uuid = `00000000-0000-4000-9000-${(++changeCount).toString(16).padStart(12, '0')}`;
      while (logs.has(uuid));
      return uuid;
    };
    const write = createChangeLog({ logs, uuid: changeUuid, now: ctx.now, apiToken: () => apiTokenPrincipal(ctx.org.orgId, ctx.orgUrl()), principals });
    const state: { logs: MockLogsState } = {
      logs: {
        list: (eventType) =>
          eventType === undefined
            ? [...logs.values()].map(logEvent)
            : [...logs.values()].filter((record) => record.eventType === eventType).map(logEvent),
        get apiTokenPrincipal() {
          return apiTokenPrincipal(ctx.org.orgId, ctx.orgUrl());
        },
      },
    };
    const parts: LogsParts = { logs, write, principals };
    return {
      routes: (env) => logRoutes(env, logs),
      clear: () => {
        logs.clear();
        changeCount = 0;
      },
      parts,
      snapshot: {
        phase: 40,
        take: () => ({ logs: [...logs.values()].map(logEvent) }),
        check(doc, refuse) {
          refuseDuplicates(refuse, 'logs', (doc.logs as StoredLogEvent[]).map((e) => e.uuid), 'the event uuid');
        },
        restore(doc) {
          for (const event of doc.logs as StoredLogEvent[]) logs.insert(event);
        },
      },
      state,
    };
  },
} satisfies CapabilityDefinition;
