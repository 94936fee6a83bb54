// Every answer is checked against the schema its type comes from: a list page by page, and a wrong
// answer throws an InvalidResponseError naming the request, the item and the field. docs/checked-answers.md
// opens with this file; run it with `npx tsx examples/checked-answers.ts`.
import { createClient, InvalidResponseError } from 'appset';
import { createMockBackend } from 'appset/mock-server';

const backend = createMockBackend();
const client = createClient({
  orgUrl: backend.orgUrl,
  token: backend.defaultToken,
  fetch: (input, init) => backend.fetch(new Request(input, init)),
});
await client.apps.create({ name: 'bookmark', label: 'Wiki', signOnMode: 'BOOKMARK', settings: { app: { url: 'https://wiki.example.com' } } });

for await (const app of client.apps.list({ limit: 200 }, { prefetch: true })) {
  console.log(app.id, app.label, app.status); // typed members, checked
}

// An answer of the wrong shape: here a proxy that breaks every app's `settings`.
const broken = createClient({
  orgUrl: backend.orgUrl,
  token: backend.defaultToken,
  fetch: async (input, init) => {
    const response = await backend.fetch(new Request(input, init));
    const apps = (await response.json()) as Array<Record<string, unknown>>;
    return Response.json(apps.map((app) => ({ ...app, settings: 'oops' })), { headers: response.headers });
  },
});
try {
  await broken.apps.list().toArray({ max: 10 });
} catch (error) {
  if (error instanceof InvalidResponseError) console.log(error.message);
  // GET /api/v1/apps answered 200 with a body that is not a list of applications
  // (at [0].settings: Must be an object) (request id …). Check that orgUrl points at an Okta organization.
}
