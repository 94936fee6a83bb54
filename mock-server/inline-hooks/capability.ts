import type { Capability, CapabilityDefinition } from '../capability';
import { OktaHttpError } from '../pipeline/okta-errors';
import { copyChannel } from './channel';
import { INLINE_HOOKS_SNAPSHOT_MEMBERS, type SnapshotHook } from './documents';
import { hookRoutes } from './routes';
import { hookFields, HookService, type StoredHook } from './service';
import type { InlineHooksBackendState, MockInlineHook } from './state';

/** A copy of a hook as `backend.inlineHooks` and the snapshot show it. */
const shown = (hook: StoredHook): MockInlineHook => ({ ...hook, channel: copyChannel(hook.channel) });

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
        take: () => ({ inlineHooks: hooks.all().map(shown) }),
        check(doc, refuse) {
          const ids = new Set<string>();
          ((doc as { inlineHooks?: SnapshotHook[] }).inlineHooks ?? []).forEach((h, i) => {
            if (ids.has(h.id)) refuse(`inlineHooks[${i}].id`, `the id ${h.id} is given twice`);
            ids.add(h.id);
            try {
              const { uri, headers, method, authScheme, ...channel } = h.channel;
              hookFields({ name: h.name, type: h.type, version: h.version, channel: { ...channel, config: { uri, headers, method, authScheme } } });
            } catch (error) {
              if (!(error instanceof OktaHttpError)) throw error;
              refuse(`inlineHooks[${i}]`, error.causes.join('; '));
            }
          });
        },
        restore(doc) {
          for (const h of (doc as { inlineHooks?: SnapshotHook[] }).inlineHooks ?? []) hooks.put(h);
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
