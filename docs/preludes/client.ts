// The names the client guide's snippets take as given: a client on an in-memory organization
// (called through the backend's fetch handler), and the id of one of its apps.
import { createClient } from 'appset';
import { createMockBackend } from 'appset/mock-server';

export const backend = createMockBackend({ seed: 'demo' });
export const client = createClient({ orgUrl: backend.orgUrl, token: backend.defaultToken, fetch: backend.fetch });
export const appId = backend.apps.list()[0]!.id;
