import type { StoredLogEvent } from './store';

/** The System Log. */
export interface MockLogsState {
  /** Every event, oldest first; with `eventType`, only those. */
  list(eventType?: string): StoredLogEvent[];
}
