import { validationFailed } from '../pipeline/okta-errors';
import type { CatalogAppDefinition } from './catalog';
import { BLANK_FIELD, type FieldIssue } from '../../src/validation/field-issues';
import { isObject, type Json } from '../shared/json';

/**
 * Checks a create body for a registered catalog app as real organizations do: `label` given, a
 * `signOnMode` the app supports (its first when left out), every required `settings.app` member
 * given and no member the app does not know. Returns the body with `name` and `signOnMode` as stored.
 */
export function checkCatalogInput(definition: CatalogAppDefinition, input: Json): Json {
  const issues: FieldIssue[] = [];
  if (typeof input.label !== 'string' || input.label.trim() === '') issues.push({ path: 'label', reason: BLANK_FIELD });
  const signOnMode = input.signOnMode ?? definition.signOnModes[0];
  if (typeof signOnMode !== 'string' || !definition.signOnModes.includes(signOnMode)) {
    issues.push({ path: 'signOnMode', reason: `${definition.name} supports ${definition.signOnModes.join(', ')}` });
  }
  const settings = input.settings;
  if (settings !== undefined && !isObject(settings)) issues.push({ path: 'settings', reason: 'Must be an object' });
  const app = isObject(settings) && settings.app !== undefined ? settings.app : {};
  if (!isObject(app)) {
    issues.push({ path: 'settings.app', reason: 'Must be an object' });
  } else {
    for (const member of definition.required ?? []) {
      if (app[member] === undefined || app[member] === null || app[member] === '') issues.push({ path: `settings.app.${member}`, reason: BLANK_FIELD });
    }
    const known = new Set([...(definition.required ?? []), ...(definition.optional ?? []), ...Object.keys(definition.defaults ?? {})]);
    for (const member of Object.keys(app)) {
      if (!known.has(member)) issues.push({ path: `settings.app.${member}`, reason: `Not a setting of ${definition.name}; remove it or check its spelling` });
    }
  }
  if (issues.length) throw validationFailed(issues);
  return { ...input, name: definition.name, signOnMode };
}
