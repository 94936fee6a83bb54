import type { StoredLogEvent } from './store';

/** The System Log. */
export interface MockLogsState {
  /** Every event, oldest first; with `eventType`, only those. */
  list(eventType?: string): StoredLogEvent[];
}

/** What the logs capability shows on the backend (`backend.logs`). */
export interface LogsBackendState {
  /** The System Log. */
  readonly logs: MockLogsState;
}
