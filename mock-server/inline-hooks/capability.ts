import type { Capability, CapabilityDefinition } from '../capability';
import { randomToken } from '../pipeline/ids';
import { OktaHttpError } from '../pipeline/okta-errors';
import { copyChannel } from './channel';
import { INLINE_HOOKS_SNAPSHOT_MEMBERS, type SnapshotHook } from './documents';
import { hookRoutes } from './routes';
import { hookFields, HookService, type StoredHook } from './service';
import type { InlineHooksBackendState, MockInlineHook } from './state';

/** A copy of a hook as `backend.inlineHooks` and the snapshot show it. */
const shown = (hook: StoredHook): MockInlineHook => ({ ...hook, channel: copyChannel(hook.channel) });

/** A hook as a snapshot holds it: its auth secret only when the snapshot carries secrets. */
function taken(hook: StoredHook, secrets: boolean): SnapshotHook {
  const copy = shown(hook);
  if (!secrets && copy.channel.authScheme) {
    const { value: _secret, ...scheme } = copy.channel.authScheme;
    return { ...copy, channel: { ...copy.channel, authScheme: scheme } };
  }
  return copy;
}

/** A snapshot's hook as stored: a secret left out of the snapshot is drawn anew, as apps' client secrets are. */
function restored(hook: SnapshotHook): StoredHook {
  const scheme = hook.channel.authScheme;
  if (!scheme || scheme.value !== undefined) return hook as StoredHook;
  return { ...hook, channel: { ...hook.channel, authScheme: { ...scheme, value: randomToken(40) } } };
}

/** Inline hooks: the organization's HTTP inline hooks (`/api/v1/inlineHooks…`, `backend.inlineHooks`); never called. */
export const INLINE_HOOKS = {
  name: 'inline-hooks',
  snapshotMembers: INLINE_HOOKS_SNAPSHOT_MEMBERS,
  create(ctx): Capability<InlineHooksBackendState> {
    const hooks = new HookService(ctx.newId);
    return {
      routes: (env) => hookRoutes(env, hooks),
      clear: () => hooks.clear(),
      snapshot: {
        phase: 80,
        take: ({ includeSecrets }) => ({ inlineHooks: hooks.all().map((hook) => taken(hook, includeSecrets)) }),
        check(doc, refuse) {
          const ids = new Set<string>();
          ((doc as { inlineHooks?: SnapshotHook[] }).inlineHooks ?? []).forEach((h, i) => {
            if (ids.has(h.id)) refuse(`inlineHooks[${i}].id`, `the id ${h.id} is given twice`);
            ids.add(h.id);
            try {
              // A secret left out of the snapshot is drawn anew at restore (see `restored`): the rest is checked as given.
              const { uri, headers, method, authScheme: _given, ...channel } = h.channel;
              const authScheme = restored(h).channel.authScheme;
              hookFields({ name: h.name, type: h.type, version: h.version, channel: { ...channel, config: { uri, headers, method, authScheme } } });
            } catch (error) {
              if (!(error instanceof OktaHttpError)) throw error;
              refuse(`inlineHooks[${i}]`, error.causes.join('; '));
            }
          });
        },
        restore(doc) {
          for (const h of (doc as { inlineHooks?: SnapshotHook[] }).inlineHooks ?? []) hooks.put(restored(h));
        },
      },
      state: {
        inlineHooks: {
          list: () => hooks.all().map(shown),
          get size() {
            return hooks.size;
          },
        },
      },
    };
  },
} satisfies CapabilityDefinition;
