// The names the testing guide's snippets take as given: an in-memory organization.
import { createMockBackend } from 'appset/mock-server';

export const backend = createMockBackend({ seed: 'demo' });
