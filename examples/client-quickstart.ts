/**
 * The client in a few lines: list apps, create one, read an API error, clean up. With OKTA_ORG_URL and
 * OKTA_API_TOKEN set it runs against that organization (creating and deleting one bookmark app);
 * without them, against an in-memory one. Run it with `npx tsx examples/client-quickstart.ts`.
 */
import { createClient, isApiError } from 'appset';
import { createMockBackend } from 'appset/mock-server';

function clientFromEnvironment() {
  const { OKTA_ORG_URL: orgUrl, OKTA_API_TOKEN: token } = process.env;
  if (orgUrl && token) return createClient({ orgUrl, token });
  // No organization given: an in-memory one, answering through its fetch handler (no msw, no network).
  const backend = createMockBackend({ seed: 'demo' });
  return createClient({ orgUrl: backend.orgUrl, token: backend.defaultToken, fetch: backend.fetch });
}

const client = clientFromEnvironment();

// list() pages lazily through the Link headers; toArray needs a bound.
for (const app of await client.apps.list({ filter: { status: 'ACTIVE' } }).toArray({ max: 3 })) {
  console.log(`${app.label} (${String(app.name)}, ${app.id})`);
}

const wiki = await client.apps.create({
  name: 'bookmark',
  label: 'appset quick start',
  signOnMode: 'BOOKMARK',
  settings: { app: { url: 'https://wiki.example.com' } },
});
console.log(`created ${wiki.id}, ${wiki.status}`);

try {
  await client.apps.delete(wiki.id);
} catch (error) {
  // An ACTIVE app cannot be deleted: the error carries Okta's code, summary and causes.
  if (!isApiError(error) || error.errorCode !== 'E0000056') throw error;
  console.log(`${error.status} ${error.errorCode}: ${error.errorCauses.map((c) => c.errorSummary).join('; ')}`);
  await client.apps.deactivate(wiki.id);
  await client.apps.delete(wiki.id);
}
console.log('deleted');
