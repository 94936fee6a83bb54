// The names the journal guide's snippets take as given: vitest's `it` and `expect` with the journal's
// matchers, an in-memory organization, and a client on it (through the backend's fetch handler).
import { expect as vitestExpect, it as vitestIt } from 'vitest';
import { createClient } from 'appset';
import { createMockBackend, journalMatchers, type JournalMatchers } from 'appset/mock-server';

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-explicit-any
  interface Assertion<T = any> extends JournalMatchers<T> {}
}
vitestExpect.extend(journalMatchers);

export const backend = createMockBackend({ seed: 'demo' });
export const client = createClient({ orgUrl: backend.orgUrl, token: backend.defaultToken, fetch: backend.fetch });
export const expect = vitestExpect;
export const it = vitestIt;
