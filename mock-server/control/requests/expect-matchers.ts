// Assertions on the request journal for vitest (or Jest): `expect.extend(journalMatchers)`. Plain
// functions over the backend's `journal.find`: nothing here imports a test runner.
import { shorten } from '../../shared/text';
import type { JournalEntry } from './journal';
import type { RequestMatcher } from './matcher';

/**
 * The matchers {@link journalMatchers} adds. For TypeScript, declare them once in the test setup:
 * `declare module 'vitest' { interface Assertion<T = any> extends JournalMatchers<T> {} }`.
 */
export interface JournalMatchers<R = unknown> {
  /** The backend's journal holds a request the matcher selects: `expect(backend).toHaveReceived({ method: 'POST', path: '/api/v1/apps' })`. */
  toHaveReceived(matcher: RequestMatcher): R;
  /** The backend's journal holds exactly `times` requests the matcher selects. */
  toHaveReceivedTimes(matcher: RequestMatcher, times: number): R;
}

/** What a runner passes as `this` to a matcher: whether it was called through `.not`. */
export interface MatcherContext {
  /** `true` when the matcher was called through `.not` (`expect(backend).not.toHaveReceived(…)`). */
  isNot?: boolean;
}

/** A backend as the matchers read it (a `MockBackend`). */
interface JournalHolder {
  journal: { find(matcher: RequestMatcher): JournalEntry[]; list(): JournalEntry[] };
}

function journalOf(received: unknown): JournalHolder['journal'] {
  const journal = (received as Partial<JournalHolder> | null)?.journal;
  if (typeof journal?.find !== 'function' || typeof journal.list !== 'function') {
    throw new TypeError('toHaveReceived takes the backend made by createMockBackend: expect(backend).toHaveReceived({ method, path, … })');
  }
  return journal;
}

/** One request as a failure message shows it: method, path, status, and the start of the body sent. */
function describe(entry: JournalEntry): string {
  const body = entry.request.body === null ? '' : ` ${shorten(entry.request.body)}`;
  return `  ${entry.method} ${entry.path} → ${entry.status}${body}`;
}

/** The latest requests, to show what was sent instead. */
function latest(journal: JournalHolder['journal']): string {
  const all = journal.list();
  if (all.length === 0) return 'The journal holds no request.';
  const shown = all.slice(-5);
  return `The journal holds ${all.length} request(s); the latest:\n${shown.map(describe).join('\n')}`;
}

/**
 * Matchers for `expect.extend`: `expect(backend).toHaveReceived(matcher)` and
 * `expect(backend).toHaveReceivedTimes(matcher, n)`, with the matchers of `backend.journal.find`.
 * A failure names the matcher and shows the requests the journal holds.
 */
export const journalMatchers = {
  /** Passes when the journal of `received` (a `MockBackend`) holds at least one request `matcher` selects. */
  toHaveReceived(this: MatcherContext, received: unknown, matcher: RequestMatcher) {
    const journal = journalOf(received);
    const found = journal.find(matcher);
    const wanted = JSON.stringify(matcher);
    return {
      pass: found.length > 0,
      /** Why the assertion failed: the matcher, and the requests that matched or, if none, the latest ones. */
      message: () =>
        found.length > 0
          ? `expected no request matching ${wanted}, but ${found.length} did:\n${found.slice(-5).map(describe).join('\n')}`
          : `expected a request matching ${wanted}, but none did. ${latest(journal)}`,
    };
  },

  /** Passes when the journal of `received` (a `MockBackend`) holds exactly `times` requests `matcher` selects. */
  toHaveReceivedTimes(this: MatcherContext, received: unknown, matcher: RequestMatcher, times: number) {
    const journal = journalOf(received);
    const found = journal.find(matcher);
    const wanted = JSON.stringify(matcher);
    return {
      pass: found.length === times,
      /** Why the assertion failed: the matcher, the count found and the requests that matched or, if none, the latest ones. */
      message: () =>
        this.isNot
          ? `expected other than ${times} request(s) matching ${wanted}, and ${found.length} did`
          : `expected ${times} request(s) matching ${wanted}, but ${found.length} did${found.length > 0 ? `:\n${found.slice(-5).map(describe).join('\n')}` : `. ${latest(journal)}`}`,
      actual: found.length,
      expected: times,
    };
  },
};
