import { ConfigurationError } from '../../src/errors';

/** One request the backend answered on Okta's paths. */
export interface JournalEntry {
  /** The request's method. */
  method: string;
  /** Path and query, as requested. */
  path: string;
  /** The status answered; `0` when a fault dropped the connection. */
  status: number;
  /** The Okta `errorCode` (or the receiver's `err`) of an error answer, else `null`. */
  errorCode: string | null;
  /** The `X-Okta-Request-Id` of the answer. */
  requestId: string;
  /** When it was answered, by the backend's clock (ISO 8601). */
  time: string;
}

/**
 * An answered request as the router hands it over: the path and time are made into text only when
 * the journal is read, not for every request.
 */
export interface AnsweredRequest {
  method: string;
  url: URL;
  status: number;
  errorCode: string | null;
  requestId: string;
  /** When it was answered, by the backend's clock (epoch ms). */
  at: number;
}

function toEntry(answered: AnsweredRequest): JournalEntry {
  const { method, url, status, errorCode, requestId, at } = answered;
  return { method, path: url.pathname + url.search, status, errorCode, requestId, time: new Date(at).toISOString() };
}

/** The default number of entries the journal keeps. */
export const JOURNAL_DEFAULT_SIZE = 1_000;

/** The last requests answered, oldest first; past `size` the oldest are dropped. */
export class RequestJournal {
  #entries: AnsweredRequest[] = [];

  constructor(private readonly size = JOURNAL_DEFAULT_SIZE) {
    if (!Number.isInteger(size) || size < 1 || size > 100_000) {
      throw new ConfigurationError(`journalSize must be a whole number from 1 to 100000 (got ${size}); leave it out for the default, ${JOURNAL_DEFAULT_SIZE}.`);
    }
  }

  record(entry: AnsweredRequest): void {
    this.#entries.push(entry);
    // Trim in batches so recording stays O(1) amortized.
    if (this.#entries.length > this.size * 2) this.#entries = this.#entries.slice(-this.size);
  }

  list(): JournalEntry[] {
    return this.#entries.slice(-this.size).map(toEntry);
  }

  clear(): void {
    this.#entries = [];
  }
}
