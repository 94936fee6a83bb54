import type { z } from 'zod';
import { relinkApp } from '../apps/app-links';
import type { AppsParts } from '../apps/parts';
import type { Capability, CapabilityDefinition } from '../capability';
import type { LogsParts } from '../logs/capability';
import { PolicyChangeLog } from './change-log';
import { direct } from '../state/direct';
import { refuseDuplicates } from '../state/duplicates';
import { renderPolicy, renderRule } from './render';
import { MAX_RULE_MEMBER_JSON } from './rule-body';
import { ruleRoutes } from './rule-routes';
import { policyRoutes } from './routes';
import { POLICIES_SEED_MEMBERS, PoliciesSnapshotSchema, type PoliciesSnapshot } from './schema';
import type { MockPoliciesState, PoliciesBackendState } from './state';
import { MAX_RULES_PER_POLICY, PolicyStore, type StoredPolicy, type StoredRule } from './store';

/** The policy members of a seed document, as checked. */
type PoliciesSeed = { [K in keyof typeof POLICIES_SEED_MEMBERS]?: z.output<(typeof POLICIES_SEED_MEMBERS)[K]> };

/** What the policies capability offers those that depend on it (the backend's health reads the default policy). */
export interface PoliciesParts {
  policies: PolicyStore;
}

/** The policies of an older snapshot, which kept them under `surroundings` (without rules). */
function legacyPolicies(doc: Readonly<Record<string, unknown>>): StoredPolicy[] | undefined {
  const surroundings = doc.surroundings as { policies?: StoredPolicy[] } | undefined;
  return surroundings?.policies;
}

/**
 * App sign-in policies (`ACCESS_POLICY`) and their rules: the Policy API's policies and rules, and
 * an app's assignment to a policy; `backend.policies`. Every org has its default policy ("Any two
 * factors") with its catch-all rule, which every new app is assigned to.
 */
export const POLICIES = {
  name: 'policies',
  dependsOn: ['apps', 'logs'],
  snapshotMembers: {
    /** The policies (the default one included) and their rules; absent in older documents. */
    policies: PoliciesSnapshotSchema.optional(),
  },
  seedMembers: POLICIES_SEED_MEMBERS,
  create(ctx, need): Capability<PoliciesBackendState, PoliciesParts> {
    const { apps } = need<AppsParts>('apps');
    const store = new PolicyStore(ctx.org.orgId, ctx.now());
    // New apps are assigned to the org's default sign-in policy.
    apps.defaultAccessPolicy = () => store.defaultId;
    const render = (policy: StoredPolicy) => renderPolicy(policy, ctx.orgUrl().origin);
    const changes = new PolicyChangeLog(need<LogsParts>('logs').write, store);
    const policies: MockPoliciesState = {
      get defaultAccessPolicyId() {
        return store.defaultId;
      },
      add: (input) => direct('policies.add', () => render(store.add(input, ctx.newId, ctx.now()))),
      get: (id) => {
        const policy = store.get(id);
        return policy ? render(policy) : undefined;
      },
      rules: (policyId) => direct('policies.rules', () => store.rules(policyId).map((r) => renderRule(r, ctx.orgUrl().origin))),
    };
    return {
      routes: (env) => [...policyRoutes(env, apps, store, ctx.newId, changes), ...ruleRoutes(env, store, ctx.newId, changes, ctx.answers)],
      clear: () => store.clear(),
      parts: { policies: store },
      snapshot: {
        phase: 55,
        take: () => ({ policies: structuredClone({ policies: store.all(), rules: store.allRules() }) }),
        check(doc, refuse) {
          const part = doc.policies as PoliciesSnapshot | undefined;
          const list = part?.policies ?? legacyPolicies(doc) ?? [];
          refuseDuplicates(refuse, 'policies.policies', list.map((p) => p.id), 'the policy id');
          if (list.filter((p) => p.system).length > 1) refuse('policies.policies', 'only one policy is the default one (system: true)');
          if (!part) return;
          refuseDuplicates(refuse, 'policies.rules', part.rules.map((r) => r.id), 'the rule id');
          const ids = new Set(list.map((p) => p.id));
          const count = new Map<string, number>();
          part.rules.forEach((r, i) => {
            if (!ids.has(r.policyId)) refuse(`policies.rules[${i}].policyId`, `no policy of the document has the id ${r.policyId}`);
            count.set(r.policyId, (count.get(r.policyId) ?? 0) + 1);
            if (count.get(r.policyId)! > MAX_RULES_PER_POLICY) refuse(`policies.rules[${i}]`, `a policy keeps at most ${MAX_RULES_PER_POLICY} rules`);
            for (const member of ['conditions', 'actions'] as const) {
              if (r[member] != null && JSON.stringify(r[member]).length > MAX_RULE_MEMBER_JSON) {
                refuse(`policies.rules[${i}].${member}`, `at most ${MAX_RULE_MEMBER_JSON} characters of JSON, as the API keeps`);
              }
            }
          });
        },
        restore(doc) {
          const part = doc.policies as PoliciesSnapshot | undefined;
          for (const policy of part?.policies ?? legacyPolicies(doc) ?? []) store.load(policy);
          for (const rule of part?.rules ?? []) store.loadRule(rule as StoredRule);
          store.addMissingCatchAll();
        },
      },
      seed: {
        emptyResult: () => ({ policies: [] }),
        steps: [
          {
            // With what is around apps (ties in list order: before it), after apps, users and assignments.
            phase: 50,
            apply(document, created, { at, refuse, now }) {
              const doc = document as PoliciesSeed;
              const made = created.policies as Record<string, unknown>[];
              doc.policies?.forEach((p, i) => at(`policies[${i}]`, () => made.push(render(store.add(p, ctx.newId, now)))));
              doc.policyAssignments?.forEach((a, i) => {
                if (!apps.apps.has(a.appId)) refuse(`policyAssignments[${i}].appId`, `no app has the id ${a.appId}; create the app first and use the id it was given`);
                if (!store.get(a.policyId)) refuse(`policyAssignments[${i}].policyId`, `no policy has the id ${a.policyId}; add it under "policies" first`);
                relinkApp(apps, a.appId, (stored) => {
                  stored.accessPolicy = a.policyId;
                });
              });
            },
          },
        ],
      },
      state: { policies },
    };
  },
} satisfies CapabilityDefinition;
