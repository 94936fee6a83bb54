import { z } from 'zod';
import type { Capability, CapabilityDefinition } from '../capability';
import { isoMs, MAX_ITEMS, str } from '../state/document-fields';
import { refuseDuplicates } from '../state/duplicates';
import { logRoutes } from './routes';
import type { LogsBackendState, MockLogsState } from './state';
import { createLogCollection, logEvent, type LogCollection, type StoredLogEvent } from './store';

/** The System Log's member of the snapshot document. */
const LOGS_SNAPSHOT_MEMBERS = {
  logs: z.array(z.looseObject({ uuid: str(100), published: isoMs, eventType: str(255) })).max(MAX_ITEMS),
};

/** What the System Log offers the capabilities that write to it. */
export interface LogsParts {
  logs: LogCollection;
}

/** The System Log: `GET /api/v1/logs`, `backend.logs`; other capabilities write events to it. */
export const LOGS = {
  name: 'logs',
  snapshotMembers: LOGS_SNAPSHOT_MEMBERS,
  create(): Capability<LogsBackendState, LogsParts> {
    const logs = createLogCollection();
    const state: { logs: MockLogsState } = {
      logs: {
        list: (eventType) =>
          eventType === undefined
            ? [...logs.values()].map(logEvent)
            : [...logs.values()].filter((record) => record.eventType === eventType).map(logEvent),
      },
    };
    const parts: LogsParts = { logs };
    return {
      routes: (env) => logRoutes(env, logs),
      clear: () => logs.clear(),
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
