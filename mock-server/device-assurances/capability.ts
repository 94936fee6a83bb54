import type { Capability, CapabilityDefinition } from '../capability';
import { OktaHttpError } from '../pipeline/okta-errors';
import { orgAdminId } from '../shared/org-admin';
import { copyChecks } from './checks';
import { DEVICE_ASSURANCES_SNAPSHOT_MEMBERS, type SnapshotAssurance } from './documents';
import { assuranceRoutes } from './routes';
import { assuranceFields, AssuranceService, type StoredAssurance } from './service';
import type { DeviceAssurancesBackendState, MockDeviceAssurance } from './state';

/** A copy of a policy as `backend.deviceAssurances` and the snapshot show it. */
const shown = (item: StoredAssurance): MockDeviceAssurance => ({ ...item, checks: copyChecks(item.checks) });

/** Device assurance policies (`/api/v1/device-assurances…`, `backend.deviceAssurances`). */
export const DEVICE_ASSURANCES = {
  name: 'device-assurances',
  snapshotMembers: DEVICE_ASSURANCES_SNAPSHOT_MEMBERS,
  create(ctx): Capability<DeviceAssurancesBackendState> {
    const items = new AssuranceService(ctx.newId, () => orgAdminId(ctx.org.orgId));
    return {
      routes: (env) => assuranceRoutes(env, items),
      clear: () => items.clear(),
      snapshot: {
        phase: 80,
        take: () => ({ deviceAssurances: items.all().map(shown) }),
        check(doc, refuse) {
          const ids = new Set<string>();
          ((doc as { deviceAssurances?: SnapshotAssurance[] }).deviceAssurances ?? []).forEach((a, i) => {
            if (ids.has(a.id)) refuse(`deviceAssurances[${i}].id`, `the id ${a.id} is given twice`);
            ids.add(a.id);
            try {
              assuranceFields({ name: a.name, platform: a.platform, displayRemediationMode: a.displayRemediationMode, ...a.checks });
            } catch (error) {
              if (!(error instanceof OktaHttpError)) throw error;
              refuse(`deviceAssurances[${i}]`, error.causes.join('; '));
            }
          });
        },
        restore(doc) {
          for (const a of (doc as { deviceAssurances?: SnapshotAssurance[] }).deviceAssurances ?? []) items.put(a);
        },
      },
      state: {
        deviceAssurances: {
          list: () => items.all().map(shown),
          get size() {
            return items.size;
          },
        },
      },
    };
  },
} satisfies CapabilityDefinition;
