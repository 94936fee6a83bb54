import { describe, expect, it } from 'vitest';
import { ApplicationSchema } from '../../src/apps/application';
import { CATALOG_APP_NAMES, CUSTOM_APP_NAMES, validateCreateApplicationInput } from '../../src/apps/create-input';
import { SecurityEventsProviderSchema } from '../../src/providers/schemas';
import { loadRecordings, RECORDINGS_PATH, type RecordedStep } from './recordings';

const recordings = loadRecordings();
if (!recordings) {
  console.warn(
    `Client schema checks against real Okta recordings skipped: no recordings at ${RECORDINGS_PATH}. Set APPSET_RECORDINGS to the path of okta-recordings/recordings.json to run them.`,
  );
}
const steps: RecordedStep[] = recordings?.scenarios.flatMap((s) => s.steps) ?? [];
const KNOWN = new Set<string>([...CUSTOM_APP_NAMES, ...CATALOG_APP_NAMES]);

/** Every app body the recordings answered with (list items included). */
function recordedApps(): unknown[] {
  const apps: unknown[] = [];
  for (const step of steps) {
    if (step.response.status !== 200 || step.op.startsWith('provider') || step.op === 'activate' || step.op === 'deactivate') continue;
    const body = step.response.body;
    apps.push(...(Array.isArray(body) ? body : [body]));
  }
  return apps;
}

/** The create bodies real organizations accepted for the kinds the SDK types (a generated name is a custom app without `name`). */
function acceptedKnownCreates(): Array<Record<string, unknown>> {
  return steps
    .filter((step) => step.op === 'create' && step.response.status === 200)
    .map((step) => JSON.parse(step.request.body!) as Record<string, unknown>)
    .filter((body) => body.name === undefined || KNOWN.has(String(body.name)));
}

describe.skipIf(!recordings)('client schemas against real Okta recordings', () => {
  it('parses every app a real organization answered with the client\'s response schema', () => {
    const apps = recordedApps();
    expect(apps.length).toBeGreaterThan(400);
    const failures = apps
      .map((app) => ({ app, result: ApplicationSchema.safeParse(app) }))
      .filter(({ result }) => !result.success)
      .map(({ app, result }) => `${(app as { id?: string }).id}: ${result.error!.issues.map((i) => i.path.join('.') + ' ' + i.message).join('; ')}`);
    expect(failures).toEqual([]);
  });

  it('parses every security events provider a real organization answered', () => {
    const providers = steps.filter((s) => s.op.startsWith('provider') && s.response.status === 200).map((s) => s.response.body);
    expect(providers.length).toBeGreaterThan(0);
    for (const provider of providers) expect(SecurityEventsProviderSchema.safeParse(provider).success).toBe(true);
  });

  it('accepts every create body a real organization accepted for the kinds the SDK types', () => {
    const bodies = acceptedKnownCreates();
    expect(bodies.length).toBeGreaterThan(50);
    const refused = bodies
      .map((body) => ({ body, check: validateCreateApplicationInput(body) }))
      .filter(({ check }) => !check.ok || !check.known)
      .map(({ body, check }) => `${String(body.name ?? body.signOnMode)}: ${check.ok ? 'not known' : check.issues.map((i) => `${i.path}: ${i.reason}`).join('; ')}`);
    expect(refused).toEqual([]);
  });

  it('still refuses each of those bodies with a misspelt member before sending', () => {
    for (const body of acceptedKnownCreates()) {
      const check = validateCreateApplicationInput({ ...body, lable: body.label });
      expect(check.ok).toBe(false);
      if (!check.ok) expect(check.issues.map((i) => i.path)).toContain('lable');
    }
  });
});
