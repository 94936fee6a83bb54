import { describe, expect, it } from 'vitest';
import { BadRequestError, type Application } from '../../../src/index';
import { useMockBackend } from '../../support/backend';
import { bookmark, customSaml, google } from '../app-inputs';
import { call, type RawResponse } from '../raw-http';

const { backend, client } = useMockBackend();

const ALICE = '00u1alice00000000000';
const BOB = '00u1bob0000000000000';

/** `GET /api/v1/apps` with these query parameters. */
const list = (params: Record<string, string> = {}) => {
  const query = new URLSearchParams(params).toString();
  return call(backend, `/api/v1/apps${query ? `?${query}` : ''}`);
};

const labelsOf = (response: RawResponse): string[] => response.body.map((app: Application) => app.label);
const idsOf = (response: RawResponse): string[] => response.body.map((app: Application) => app.id);

/** The `Link` header values in the order they were sent, as [rel, target]. */
function linksOf(response: RawResponse): Array<[string, string]> {
  const header = response.headers.get('link') ?? '';
  return [...header.matchAll(/<([^>]*)>;\s*rel="([^"]+)"/g)].map((m) => [m[2]!, m[1]!]);
}

function nextLink(response: RawResponse): string | undefined {
  return linksOf(response).find(([rel]) => rel === 'next')?.[1];
}

/** `E0000031` with one cause that says what was wrong. */
function expectInvalidSearch(response: RawResponse): void {
  expect({ status: response.status, body: response.body }).toEqual({
    status: 400,
    body: {
      errorCode: 'E0000031',
      errorSummary: 'Invalid search criteria.',
      errorLink: 'E0000031',
      errorId: expect.any(String),
      errorCauses: [{ errorSummary: expect.any(String) }],
    },
  });
}

function createBookmarks(count: number, label = (i: number) => `App ${String(i).padStart(3, '0')}`): Application[] {
  return Array.from({ length: count }, (_, i) => backend.apps.create(bookmark(label(i))));
}

describe('GET /api/v1/apps', () => {
  it('answers 200 with an empty JSON array when there are no apps', async () => {
    const response = await list();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.text).toBe('[]');
  });

  it('answers the apps in creation order, as GET renders each', async () => {
    const apps = createBookmarks(3);
    const response = await list();
    expect(response.body).toEqual(apps);
  });

  it('serves 20 apps per page by default', async () => {
    createBookmarks(25);
    const response = await list();
    expect(response.body).toHaveLength(20);
    expect(nextLink(response)).toBeDefined();
  });

  it('serves as many apps as limit asks for', async () => {
    createBookmarks(10);
    expect((await list({ limit: '7' })).body).toHaveLength(7);
  });

  it('clamps limit to 200', async () => {
    createBookmarks(205);
    const first = await list({ limit: '1000' });
    expect(first.body).toHaveLength(200);
    const second = await call(backend, nextLink(first)!);
    expect(second.body).toHaveLength(5);
    expect(nextLink(second)).toBeUndefined();
  });

  it('lists ACTIVE and INACTIVE apps but never a deleted one', async () => {
    const active = backend.apps.create(bookmark('Active'));
    const inactive = backend.apps.create(bookmark('Inactive'), { activate: false });
    const deleted = backend.apps.create(bookmark('Deleted'), { activate: false });
    backend.apps.delete(deleted.id);
    expect(idsOf(await list())).toEqual([active.id, inactive.id]);
    expect((await list({ filter: 'status eq "DELETED"' })).body).toEqual([]);
  });

  it('the client lists every app with for await', async () => {
    const apps = createBookmarks(45);
    const seen: string[] = [];
    for await (const app of client().apps.list()) seen.push(app.id);
    expect(seen).toEqual(apps.map((a) => a.id));
  });
});

describe('q', () => {
  it('matches the start of the label, case-insensitively, not a word inside it', async () => {
    for (const label of ['Salesforce Prod', 'SALES Dashboard', 'My Sales', 'Wiki']) backend.apps.create(bookmark(label));
    expect(labelsOf(await list({ q: 'sales' }))).toEqual(['Salesforce Prod', 'SALES Dashboard']);
    expect(labelsOf(await list({ q: 'SaLeSf' }))).toEqual(['Salesforce Prod']);
  });

  it('matches the start of the name, case-insensitively', async () => {
    backend.apps.create(bookmark('Wiki'));
    backend.apps.create(google('Workspace'));
    expect(labelsOf(await list({ q: 'BOOK' }))).toEqual(['Wiki']);
    expect(labelsOf(await list({ q: 'goo' }))).toEqual(['Workspace']);
    expect(labelsOf(await list({ q: 'mark' }))).toEqual([]);
  });

  it('pages through the matches with next links', async () => {
    createBookmarks(12, (i) => (i % 2 === 0 ? `Match ${i}` : `Other ${i}`));
    const labels: string[] = [];
    let response = await list({ q: 'match', limit: '2' });
    for (;;) {
      labels.push(...labelsOf(response));
      const next = nextLink(response);
      if (!next) break;
      response = await call(backend, next);
    }
    expect(labels).toEqual(['Match 0', 'Match 2', 'Match 4', 'Match 6', 'Match 8', 'Match 10']);
  });
});

describe('filter', () => {
  it('id eq "…" answers that app only', async () => {
    const [, second] = createBookmarks(3);
    expect(idsOf(await list({ filter: `id eq "${second!.id}"` }))).toEqual([second!.id]);
  });

  it('id eq an unknown id answers an empty list', async () => {
    createBookmarks(2);
    expect((await list({ filter: 'id eq "0oa00000000000000000"' })).body).toEqual([]);
  });

  it('status eq "INACTIVE" and status eq "ACTIVE" split the apps', async () => {
    const a = backend.apps.create(bookmark('A'));
    const b = backend.apps.create(bookmark('B'), { activate: false });
    const c = backend.apps.create(bookmark('C'));
    backend.apps.deactivate(c.id);
    expect(idsOf(await list({ filter: 'status eq "INACTIVE"' }))).toEqual([b.id, c.id]);
    expect(idsOf(await list({ filter: 'status eq "ACTIVE"' }))).toEqual([a.id]);
  });

  it('name eq "…" answers the apps with that name', async () => {
    const wiki = backend.apps.create(bookmark('Wiki'));
    backend.apps.create(google());
    const expenses = backend.apps.create(bookmark('Expenses'));
    expect(idsOf(await list({ filter: 'name eq "bookmark"' }))).toEqual([wiki.id, expenses.id]);
  });

  it('name eq a generated name answers that custom app', async () => {
    backend.apps.create(customSaml('Analytics'));
    const payroll = backend.apps.create(customSaml('Payroll'));
    expect(idsOf(await list({ filter: 'name eq "appset_payroll_1"' }))).toEqual([payroll.id]);
  });

  it('credentials.signing.kid eq "…" answers the SAML app with that key', async () => {
    backend.apps.create(customSaml('One'));
    const two = backend.apps.create(customSaml('Two'));
    backend.apps.create(bookmark());
    const kid = two.credentials?.signing?.kid;
    expect(kid).toEqual(expect.any(String));
    expect(idsOf(await list({ filter: `credentials.signing.kid eq "${kid}"` }))).toEqual([two.id]);
  });

  it('settings.slo.enabled eq true and eq false split the apps', async () => {
    const sloOn = backend.apps.create(customSaml('Logout On', true));
    const sloOff = backend.apps.create(customSaml('Logout Off', false));
    const plain = backend.apps.create(bookmark());
    expect(idsOf(await list({ filter: 'settings.slo.enabled eq true' }))).toEqual([sloOn.id]);
    expect(idsOf(await list({ filter: 'settings.slo.enabled eq false' }))).toEqual([sloOff.id, plain.id]);
  });

  it('user.id eq "…" answers the apps the user is assigned to, and stops after unassignment', async () => {
    const [a, b, c] = createBookmarks(3);
    backend.users.assign(a!.id, { id: ALICE });
    backend.users.assign(c!.id, { id: ALICE });
    backend.users.assign(b!.id, { id: BOB });
    expect(idsOf(await list({ filter: `user.id eq "${ALICE}"` }))).toEqual([a!.id, c!.id]);
    backend.users.unassign(a!.id, ALICE);
    expect(idsOf(await list({ filter: `user.id eq "${ALICE}"` }))).toEqual([c!.id]);
  });

  it('group.id eq "…" answers the apps the group is assigned to', async () => {
    const [a, b] = createBookmarks(3);
    backend.groups.assign(b!.id, '00g1engineering00000');
    backend.groups.assign(a!.id, '00g1engineering00000');
    backend.groups.assign(a!.id, '00g1sales00000000000');
    expect(idsOf(await list({ filter: 'group.id eq "00g1engineering00000"' }))).toEqual([a!.id, b!.id]);
    expect(idsOf(await list({ filter: 'group.id eq "00g1sales00000000000"' }))).toEqual([a!.id]);
  });

  it('combines with q', async () => {
    backend.apps.create(bookmark('Wiki One'));
    backend.apps.create(bookmark('Wiki Two'), { activate: false });
    backend.apps.create(bookmark('Expenses'));
    expect(labelsOf(await list({ filter: 'status eq "ACTIVE"', q: 'wiki' }))).toEqual(['Wiki One']);
    expect(labelsOf(await list({ filter: 'status eq "INACTIVE"', q: 'wiki' }))).toEqual(['Wiki Two']);
  });

  it.each(['status EQ "ACTIVE"', 'status Eq "ACTIVE"', '  status eq "ACTIVE"  '])('accepts the operator in any case: %s', async (filter) => {
    const active = backend.apps.create(bookmark('A'));
    backend.apps.create(bookmark('B'), { activate: false });
    const response = await list({ filter });
    expect(response.status).toBe(200);
    expect(idsOf(response)).toEqual([active.id]);
  });

  it.each([
    ['an attribute in another case', 'Status eq "ACTIVE"'],
    ['an attribute in upper case', 'NAME eq "bookmark"'],
    ['an attribute the API does not filter on', 'label eq "Wiki"'],
    ['another operator', 'status ne "ACTIVE"'],
    ['starts-with', 'status sw "ACT"'],
    ['an unquoted string', 'status eq ACTIVE'],
    ['a quoted boolean', 'settings.slo.enabled eq "true"'],
    ['an unterminated string', 'name eq "bookmark'],
    ['two expressions joined by and', 'status eq "ACTIVE" and name eq "bookmark"'],
    ['two expressions joined by or', 'status eq "ACTIVE" or status eq "INACTIVE"'],
    ['an attribute alone', 'status'],
  ])('refuses %s with 400 E0000031 "Invalid search criteria."', async (_, filter) => {
    backend.apps.create(bookmark());
    expectInvalidSearch(await list({ filter }));
  });

  it('the client filters with an object and walks the matches', async () => {
    const inactive = [
      backend.apps.create(bookmark('B'), { activate: false }),
      backend.apps.create(bookmark('D'), { activate: false }),
    ];
    backend.apps.create(bookmark('A'));
    const found = await client().apps.list({ filter: { status: 'INACTIVE' }, limit: 1 }).toArray({ max: 10 });
    expect(found.map((a) => a.id)).toEqual(inactive.map((a) => a.id));
  });

  it('the client filters on a boolean attribute', async () => {
    const sloOn = backend.apps.create(customSaml('Logout On', true));
    backend.apps.create(bookmark());
    const found = await client().apps.list({ filter: { 'settings.slo.enabled': true } }).toArray({ max: 10 });
    expect(found.map((a) => a.id)).toEqual([sloOn.id]);
  });

  it('the client throws BadRequestError E0000031 for a filter the backend refuses', async () => {
    const error = await client()
      .apps.list({ filter: 'Status eq "ACTIVE"' })
      .toArray({ max: 1 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ status: 400, errorCode: 'E0000031', errorSummary: 'Invalid search criteria.' });
  });
});

describe('expand=user/{userId}', () => {
  function embedded(appId: string, assignment: object) {
    return {
      ...assignment,
      profile: {},
      _links: {
        app: { href: `${backend.orgUrl}/api/v1/apps/${appId}` },
        user: { href: `${backend.orgUrl}/api/v1/users/${ALICE}` },
      },
    };
  }

  it('with filter=user.id eq the same user, embeds the assignment as _embedded.user', async () => {
    const [a, , c] = createBookmarks(3);
    const onA = backend.users.assign(a!.id, { id: ALICE, userName: 'alice@example.com', externalId: 'ext-1' });
    const onC = backend.users.assign(c!.id, { id: ALICE, scope: 'GROUP' });
    const response = await list({ filter: `user.id eq "${ALICE}"`, expand: `user/${ALICE}` });
    expect(response.status).toBe(200);
    expect(response.body.map((app: Application) => app._embedded)).toEqual([
      { user: embedded(a!.id, onA) },
      { user: embedded(c!.id, onC) },
    ]);
  });

  it('embeds the app user as real answers show it (no lastSync, which no recorded answer has)', async () => {
    const [a] = createBookmarks(1);
    backend.users.assign(a!.id, { id: ALICE });
    const response = await list({ filter: `user.id eq "${ALICE}"`, expand: `user/${ALICE}` });
    expect(Object.keys(response.body[0]._embedded.user).sort()).toEqual(
      [
        'id',
        'externalId',
        'created',
        'lastUpdated',
        'scope',
        'status',
        'statusChanged',
        'passwordChanged',
        'syncState',
        'credentials',
        'profile',
        '_links',
      ].sort(),
    );
    expect(response.body[0]._embedded.user.credentials).toEqual({ userName: expect.any(String) });
  });

  it('without a filter is refused with 400 E0000031', async () => {
    const [a] = createBookmarks(1);
    backend.users.assign(a!.id, { id: ALICE });
    expectInvalidSearch(await list({ expand: `user/${ALICE}` }));
  });

  it('with a filter on another user or attribute is refused with 400 E0000031', async () => {
    const [a] = createBookmarks(1);
    backend.users.assign(a!.id, { id: ALICE });
    expectInvalidSearch(await list({ filter: `user.id eq "${BOB}"`, expand: `user/${ALICE}` }));
    expectInvalidSearch(await list({ filter: 'status eq "ACTIVE"', expand: `user/${ALICE}` }));
  });

  it('filter=user.id without expand embeds nothing', async () => {
    const [a] = createBookmarks(1);
    backend.users.assign(a!.id, { id: ALICE });
    const response = await list({ filter: `user.id eq "${ALICE}"` });
    expect(idsOf(response)).toEqual([a!.id]);
    expect(response.body[0]._embedded).toBeUndefined();
  });

  it('on GET /api/v1/apps/{appId}, embeds the assignment', async () => {
    const [a] = createBookmarks(1);
    const assignment = backend.users.assign(a!.id, { id: ALICE });
    const response = await call(backend, `/api/v1/apps/${a!.id}?expand=user/${ALICE}`);
    expect(response.status).toBe(200);
    expect(response.body._embedded).toEqual({ user: embedded(a!.id, assignment) });
    expect((await call(backend, `/api/v1/apps/${a!.id}`)).body._embedded).toBeUndefined();
  });

  it('the client embeds the assignment with get(id, { expandUser }) and with list', async () => {
    const [a] = createBookmarks(1);
    const assignment = backend.users.assign(a!.id, { id: ALICE });
    const apps = client().apps;
    expect((await apps.get(a!.id, { expandUser: ALICE }))._embedded).toEqual({ user: embedded(a!.id, assignment) });
    const listed = await apps.list({ filter: { 'user.id': ALICE }, expand: `user/${ALICE}` }).toArray({ max: 5 });
    expect(listed.map((app) => app._embedded)).toEqual([{ user: embedded(a!.id, assignment) }]);
  });
});

describe('Link headers and cursors', () => {
  it('sends rel="self" then rel="next", absolute on the organization, while more apps exist', async () => {
    createBookmarks(5);
    const response = await list({ limit: '2' });
    const links = linksOf(response);
    expect(links.map(([rel]) => rel)).toEqual(['self', 'next']);
    expect(links[0]![1]).toBe(`${backend.orgUrl}/api/v1/apps?limit=2`);
    const next = new URL(links[1]![1]);
    expect(next.origin + next.pathname).toBe(`${backend.orgUrl}/api/v1/apps`);
    expect(next.searchParams.get('limit')).toBe('2');
    expect(next.searchParams.get('after')).toEqual(expect.any(String));
  });

  it('sends only rel="self" on the last page, and on an empty list, with the default limit as real orgs write it', async () => {
    expect(linksOf(await list())).toEqual([['self', `${backend.orgUrl}/api/v1/apps?limit=20`]]);
    createBookmarks(3);
    expect(linksOf(await list({ limit: '3' }))).toEqual([['self', `${backend.orgUrl}/api/v1/apps?limit=3`]]);
  });

  it('keeps q, filter and limit in the next link', async () => {
    createBookmarks(4, (i) => `Wiki ${i}`);
    const next = new URL(nextLink(await list({ q: 'wiki', filter: 'status eq "ACTIVE"', limit: '1' }))!);
    expect(next.searchParams.get('q')).toBe('wiki');
    expect(next.searchParams.get('filter')).toBe('status eq "ACTIVE"');
    expect(next.searchParams.get('limit')).toBe('1');
  });

  it('following next links walks every app exactly once, in order', async () => {
    const apps = createBookmarks(10);
    const seen: string[] = [];
    let response = await list({ limit: '3' });
    let pages = 1;
    while (nextLink(response)) {
      seen.push(...idsOf(response));
      response = await call(backend, nextLink(response)!);
      pages += 1;
    }
    seen.push(...idsOf(response));
    expect(seen).toEqual(apps.map((a) => a.id));
    expect(pages).toBe(4);
  });

  it.each(['not-a-cursor', '42', 'djEuNDI=', 'ABC!'])('refuses a malformed after cursor %s with 400 E0000029, as real orgs do', async (after) => {
    createBookmarks(3);
    const response = await list({ after });
    expect({ status: response.status, body: response.body }).toEqual({
      status: 400,
      body: {
        errorCode: 'E0000029',
        errorSummary: 'Invalid paging request.',
        errorLink: 'E0000029',
        errorId: expect.stringMatching(/^oae[0-9A-Za-z]{22}$/),
        errorCauses: [{ errorSummary: 'Invalid cursor.' }],
      },
    });
  });

  it('writes the links\' query as real orgs do: known parameters in their order, unknown ones dropped', async () => {
    createBookmarks(3, (i) => `Wiki ${i}`);
    const response = await list({ q: 'wiki', useOptimization: 'true', filter: 'status eq "ACTIVE"', limit: '1' });
    const [self, next] = linksOf(response);
    expect(self).toEqual(['self', `${backend.orgUrl}/api/v1/apps?limit=1&q=wiki&filter=status+eq+%22ACTIVE%22`]);
    expect(next![1]).toMatch(new RegExp(`^${backend.orgUrl}/api/v1/apps\\?after=[^&]+&limit=1&q=wiki&filter=status\\+eq\\+%22ACTIVE%22$`));
  });

  it('answers 400 E0000001 to a malformed expand (a list of expansions), as real orgs do', async () => {
    const response = await list({ expand: 'user/a,group/b' });
    expect(response.body).toMatchObject({
      errorCode: 'E0000001',
      errorSummary: 'Api validation failed: RequestParams',
      errorCauses: [{ errorSummary: 'Expand query is malformed.' }],
    });
  });

  it('an app present during the whole walk appears exactly once while others are created and deleted between pages', async () => {
    const stable: string[] = [];
    const transient: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      stable.push(backend.apps.create(bookmark(`Stable ${i}`)).id);
      transient.push(backend.apps.create(bookmark(`Transient ${i}`), { activate: false }).id);
    }
    const seen: string[] = [];
    let round = 0;
    for await (const page of client().apps.list({ limit: 4 }).pages()) {
      seen.push(...page.items.map((app) => app.id));
      // Between pages: delete one transient app already seen and one not yet reached, add two new ones.
      round += 1;
      for (const id of [transient[round - 1], transient[transient.length - round]]) {
        if (id && backend.apps.get(id)) backend.apps.delete(id);
      }
      backend.apps.create(bookmark(`New ${round}a`), { activate: false });
      backend.apps.create(bookmark(`New ${round}b`), { activate: false });
      expect(round).toBeLessThan(50);
    }
    for (const id of stable) expect(seen.filter((s) => s === id)).toHaveLength(1);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('a filtered walk lists each app that matches throughout exactly once while others stop matching', async () => {
    const stable: string[] = [];
    const leaving: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      stable.push(backend.apps.create(bookmark(`Stable ${i}`)).id);
      leaving.push(backend.apps.create(bookmark(`Leaving ${i}`)).id);
    }
    const seen: string[] = [];
    let round = 0;
    for await (const page of client().apps.list({ filter: { status: 'ACTIVE' }, limit: 3 }).pages()) {
      seen.push(...page.items.map((app) => app.id));
      const id = leaving[round];
      if (id) backend.apps.deactivate(id);
      backend.apps.create(bookmark(`Joining ${round}`));
      round += 1;
      expect(round).toBeLessThan(50);
    }
    for (const id of stable) expect(seen.filter((s) => s === id)).toHaveLength(1);
    expect(new Set(seen).size).toBe(seen.length);
  });
});
