// Users, groups and group assignments with the client, against the in-memory backend through msw.
import { setupServer } from 'msw/node';
import { createClient } from 'appset';
import { createMockBackend } from 'appset/mock-server';
import { createHandlers } from 'appset/mock-server/msw';

const backend = createMockBackend();
const server = setupServer(...createHandlers(backend));
server.listen({ onUnhandledRequest: 'error' });
const client = createClient({ orgUrl: backend.orgUrl, token: backend.defaultToken });

try {
  // With a password a new user is ACTIVE at once; the password is never answered.
  const ada = await client.users.create({
    profile: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', login: 'ada@example.com' },
    credentials: { password: { value: 'Analytical-Engine-1843' } },
  });
  console.log(`${ada.profile.login} is ${ada.status}`);

  // A group assigned to an app makes its members app users with scope GROUP.
  const engineering = await client.groups.create({ profile: { name: 'Engineering' } });
  await client.groups.addMember(engineering.id, ada.id);
  const wiki = await client.apps.create({ name: 'bookmark', label: 'Wiki', signOnMode: 'BOOKMARK', settings: { app: { url: 'https://wiki.example.com' } } });
  await client.apps.groups.assign(wiki.id, engineering.id);
  for await (const appUser of client.apps.users.list(wiki.id)) console.log(`${appUser.credentials?.userName} uses ${wiki.label} (scope ${appUser.scope})`);

  // Okta's expressions find users; Everyone holds them all.
  const active = await client.users.list({ filter: 'status eq "ACTIVE"' }).toArray({ max: 10 });
  console.log(`active: ${active.map((user) => user.profile.login).join(', ')}`);
  const groups = await client.users.groups(ada.id).toArray({ max: 10 });
  console.log(`groups: ${groups.map((group) => group.profile.name).join(', ')}`);

  // The SET receiver looks subjects up in this same directory.
  console.log(`a SET about ada@example.com names ${backend.directory.findUser('ada@example.com')?.profile.firstName}`);

  // Deleting takes two calls, as in Okta: the first deactivates.
  await client.users.delete(ada.id);
  console.log(`after one delete: ${(await client.users.get(ada.id)).status}`);
} finally {
  server.close();
}
