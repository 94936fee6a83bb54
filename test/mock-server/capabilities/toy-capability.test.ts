// A capability is one definition and one line in the backend's list: registered here in a test,
// a toy capability (notes) is routed, reset, snapshot, restored and seeded without any other change.
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { composeBackend } from '../../../mock-server/backend';
import { BUILT_IN_CAPABILITIES } from '../../../mock-server/capabilities';
import type { CapabilityDefinition } from '../../../mock-server/capability';
import { DIRECTORY } from '../../../mock-server/directory/capability';
import { LOGS } from '../../../mock-server/logs/capability';
import { ControlInputError, createMockBackend } from '../../../mock-server/index';

interface Note {
  id: string;
  text: string;
}

const NOTES = {
  name: 'notes',
  dependsOn: ['directory'],
  snapshotMembers: { notes: z.array(z.strictObject({ id: z.string(), text: z.string().max(100) })).max(100).optional() },
  seedMembers: { notes: z.array(z.strictObject({ text: z.string().min(1).max(100) })).max(100).optional() },
  create(ctx) {
    const notes = new Map<string, Note>();
    const add = (text: string) => {
      const note = { id: ctx.newId('not'), text };
      notes.set(note.id, note);
      return note;
    };
    return {
      routes: () => [{ method: 'get', path: '/api/v1/notes', summary: 'lists the notes', bucket: 'default', scope: null, handle: () => ({ status: 200, body: [...notes.values()] }) }],
      clear: () => notes.clear(),
      snapshot: {
        take: () => ({ notes: structuredClone([...notes.values()]) }),
        check(doc, refuse) {
          const list = (doc.notes as Note[] | undefined) ?? [];
          if (new Set(list.map((n) => n.id)).size !== list.length) refuse('notes', 'a note id appears twice');
        },
        restore(doc) {
          for (const note of (doc.notes as Note[] | undefined) ?? []) notes.set(note.id, { ...note });
        },
      },
      seed: {
        emptyResult: () => ({ notes: [] }),
        steps: [
          {
            phase: 60,
            apply(doc, created, { at }) {
              ((doc.notes as Array<{ text: string }> | undefined) ?? []).forEach((n, i) =>
                at(`notes[${i}]`, () => {
                  if (n.text === 'refuse me') throw new Error('this note is refused');
                  (created.notes as Note[]).push(add(n.text));
                }),
              );
            },
          },
        ],
      },
      state: { notes: { add, list: () => [...notes.values()] } },
    };
  },
} satisfies CapabilityDefinition;

// The one line: the built-in list and the toy.
const withNotes = [...BUILT_IN_CAPABILITIES, NOTES];

type NotesBackend = ReturnType<typeof composeBackend> & { notes: { add(text: string): Note; list(): Note[] } };

function backend(seed?: Record<string, unknown>): NotesBackend {
  return composeBackend({ ids: 'deterministic', ...(seed ? { seed: seed as never } : {}) }, withNotes) as NotesBackend;
}

describe('a capability registered in one line', () => {
  it('serves its route and shows its state on the backend', async () => {
    const b = backend();
    b.notes.add('hello');
    const response = await b.fetch(`${b.orgUrl}/api/v1/notes`, { headers: { authorization: `SSWS ${b.defaultToken}` } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([{ id: expect.stringMatching(/^not/), text: 'hello' }]);
  });

  it('is seeded by the seed option and by a posted seed, and a refused entry names its field', async () => {
    const b = backend({ notes: [{ text: 'from the start' }] });
    expect(b.notes.list().map((n) => n.text)).toEqual(['from the start']);
    const created = (await b.seed({ notes: [{ text: 'posted' }] } as never)) as unknown as { notes: Note[] };
    expect(created.notes.map((n) => n.text)).toEqual(['posted']);
    await expect(b.seed({ apps: [], notes: [{ text: 'fine' }, { text: 'refuse me' }] } as never)).rejects.toThrow(
      new ControlInputError('seed field notes[1]: this note is refused', 'notes[1]'),
    );
    // The refused seed changed nothing.
    expect(b.notes.list().map((n) => n.text)).toEqual(['from the start', 'posted']);
  });

  it('is cleared by reset back to the seed', () => {
    const b = backend({ notes: [{ text: 'seeded' }] });
    b.notes.add('added in the test');
    b.reset();
    expect(b.notes.list().map((n) => n.text)).toEqual(['seeded']);
  });

  it('is kept by a snapshot and put back by restore, its own check refusing a bad document', () => {
    const b = backend();
    b.notes.add('kept');
    const snapshot = b.snapshot() as unknown as { notes: Note[] };
    expect(snapshot.notes.map((n) => n.text)).toEqual(['kept']);
    b.notes.add('dropped');
    b.restore(snapshot);
    expect(b.notes.list().map((n) => n.text)).toEqual(['kept']);
    const note = snapshot.notes[0]!;
    expect(() => b.restore({ ...snapshot, notes: [note, note] })).toThrow('snapshot field notes: a note id appears twice');
    expect(() => b.restore({ ...snapshot, notes: [{ ...note, extra: 1 }] })).toThrow(ControlInputError);
    expect(b.notes.list().map((n) => n.text)).toEqual(['kept']);
  });

  it('refuses a list whose capability needs one that is not in it, or asks for one it did not declare', () => {
    expect(() => composeBackend({}, [NOTES])).toThrow('capability notes depends on "directory", which is not in the backend\'s list; add it');
    const sneaky = { ...NOTES, dependsOn: [], create: (ctx, need) => (need('apps'), NOTES.create(ctx)) } satisfies CapabilityDefinition;
    expect(() => composeBackend({}, [...BUILT_IN_CAPABILITIES, sneaky])).toThrow('capability notes asked for "apps" without declaring it; add it to dependsOn');
  });

  it('refuses capabilities that depend on each other, even when neither asks for the other while it is made', () => {
    const lazy = (name: string, dependsOn: string[]) =>
      ({ name, dependsOn, create: () => ({ routes: () => [], clear: () => undefined, state: {} }) }) satisfies CapabilityDefinition;
    expect(() => composeBackend({}, [...BUILT_IN_CAPABILITIES, lazy('ping', ['pong']), lazy('pong', ['directory', 'ping'])])).toThrow(
      'capabilities depend on each other in a circle: ping → pong → ping; break it',
    );
    expect(() => composeBackend({}, [...BUILT_IN_CAPABILITIES, lazy('self', ['self'])])).toThrow('a circle: self → self;');
  });

  it('makes a capability after those it depends on, wherever they are in the list', () => {
    const b = composeBackend({}, [NOTES, ...BUILT_IN_CAPABILITIES]) as ReturnType<typeof backend>;
    b.notes.add('first');
    expect(b.notes.list().map((n) => n.text)).toEqual(['first']);
    // New apps still get the org's default sign-in policy, which app-surroundings keeps.
    const app = b.apps.create({ name: 'bookmark', label: 'Wiki', signOnMode: 'BOOKMARK', settings: { app: { url: 'https://wiki.example.com' } } });
    expect((app as { _links?: { accessPolicy?: { href: string } } })._links?.accessPolicy?.href).toContain(b.policies.defaultAccessPolicyId);
  });

  it('refuses a capability whose seed member is named tokens, the control plane\'s own', () => {
    const thief = { ...NOTES, seedMembers: { tokens: z.array(z.string()).max(10).optional() } } satisfies CapabilityDefinition;
    expect(() => composeBackend({}, [...BUILT_IN_CAPABILITIES, thief])).toThrow('capability notes: the seedMembers member "tokens" is already the control plane\'s; give it another name');
  });

  it('serves a list without apps, policies or a security events receiver', async () => {
    // The directory writes its changes to the System Log, so it comes with it.
    const b = composeBackend({ ids: 'deterministic' }, [LOGS, DIRECTORY]);
    expect(b.health()).not.toHaveProperty('defaultAccessPolicyId');
    expect(createMockBackend().health()).toHaveProperty('defaultAccessPolicyId');
    const signals = await b.fetch(`${b.orgUrl}/__appset/signals`, { headers: { authorization: `SSWS ${b.defaultToken}` } });
    expect(await signals.json()).toEqual({ users: [], devices: [], ignored: [] });
    b.directory.addUser({ login: 'ada@example.com' });
    const snapshot = b.snapshot();
    b.reset();
    b.restore(snapshot);
    expect(b.directory.users().map((u) => u.profile.login)).toEqual(['ada@example.com']);
    expect(() => composeBackend({ seed: 'demo' }, [LOGS, DIRECTORY])).toThrow("seed: app inputs and 'demo' need the apps capability, which is not in the backend's list");
  });

  it('awaits each snapshot part\'s prepare before a restore posted over HTTP, on the unchecked document', async () => {
    const prepared: unknown[] = [];
    const preparing = {
      ...NOTES,
      create: (ctx: Parameters<typeof NOTES.create>[0]) => {
        const made = NOTES.create(ctx);
        return { ...made, snapshot: { ...made.snapshot, prepare: async (doc: unknown) => void prepared.push(structuredClone(doc)) } };
      },
    } satisfies CapabilityDefinition;
    const b = composeBackend({}, [...BUILT_IN_CAPABILITIES, preparing]);
    const snapshot = b.snapshot();
    const put = await b.fetch(`${b.orgUrl}/__appset/snapshot`, { method: 'PUT', headers: { 'content-type': 'application/json', authorization: `SSWS ${b.defaultToken}` }, body: JSON.stringify(snapshot) });
    expect(put.status).toBe(204);
    expect(prepared).toEqual([JSON.parse(JSON.stringify(snapshot))]);
  });
});
