import type { StoredLogEvent } from './store';
import type { LogEntity } from './writer';

/** The System Log. */
export interface MockLogsState {
  /** Every event, oldest first; with `eventType`, only those. */
  list(eventType?: string): StoredLogEvent[];
  /** The actor of the changes an API token makes: the org's admin who owns it. */
  readonly apiTokenPrincipal: LogEntity;
}

/** What the logs capability shows on the backend (`backend.logs`). */
export interface LogsBackendState {
  /** The System Log. */
  readonly logs: MockLogsState;
}
