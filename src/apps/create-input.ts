import * as z from 'zod/mini';
import { fieldIssues, PARSE_OPTIONS, type FieldIssue } from '../validation/field-issues';
import { ApplicationSchema, SIGN_ON_MODES, type Application } from './application';
import {
  buildCatalogAppSchemas,
  CATALOG_APP_NAMES,
  CATALOG_DEFAULT_SIGN_ON_MODES,
  isCatalogAppName,
  type CatalogAppName,
} from './catalog-apps';
import {
  READ_ONLY_APP_FIELDS,
  requiredText,
  type ObjectConfig,
  type ObjectFactory,
} from './common-fields';
import {
  buildCustomAppSchemas,
  CUSTOM_APP_NAMES,
  isCustomAppName,
  UNNAMED_SIGN_ON_MODES,
  type CustomAppName,
} from './custom-apps';
import { isJsonObject } from '../validation/record';

// The registries are re-exported so that the whole input API is importable from this module.
export { CATALOG_APP_NAMES, CUSTOM_APP_NAMES, type CatalogAppName, type CustomAppName };

/**
 * Builds every app input schema, by `name` (custom and catalog apps) and `signOnMode` (catalog
 * variants and the unnamed custom apps). Create and replace call it with a different `object`, so
 * the two sets of rules cannot drift apart.
 */
function buildAppSchemas<C extends ObjectConfig, R extends z.core.$ZodLooseShape>(
  object: ObjectFactory<C>,
  extra: R,
) {
  return { custom: buildCustomAppSchemas(object, extra), catalog: buildCatalogAppSchemas(object, extra) };
}

/**
 * The union of every app schema of one set, discriminated by `name`, then by `signOnMode` (each
 * catalog app's variants, and the unnamed custom apps), in registry order. Validation does not use it
 * (it picks the app's schema itself), so it is built only where the exported unions are imported;
 * its type is {@link typedAppUnion}'s.
 */
function appUnion({ custom, catalog }: { custom: AnyAppSchemas['custom']; catalog: AnyAppSchemas['catalog'] }) {
  const variants = catalog.variants as Record<CatalogAppName, Record<string, z.ZodMiniObject>>;
  const byMode = (options: z.ZodMiniObject[]) => z.discriminatedUnion('signOnMode', options as [z.ZodMiniObject]);
  return z.discriminatedUnion('name', [
    ...CUSTOM_APP_NAMES.map((name) => custom.named[name] as z.ZodMiniObject),
    ...CATALOG_APP_NAMES.map((name) => byMode(Object.values(variants[name]))),
    byMode([custom.unnamed.SAML_2_0, custom.unnamed.AUTO_LOGIN]),
  ] as unknown as [z.ZodMiniObject]);
}

type AnyAppSchemas = ReturnType<typeof buildAppSchemas<ObjectConfig, z.core.$ZodLooseShape>>;

/** Types only, never called: the union {@link appUnion} builds, spelt out so that its type is exact. */
function typedAppUnion<C extends ObjectConfig, R extends z.core.$ZodLooseShape>(object: ObjectFactory<C>, extra: R) {
  const { custom, catalog } = buildAppSchemas(object, extra);
  const v = catalog.variants;
  const by = 'signOnMode';
  return z.discriminatedUnion('name', [
    custom.named.bookmark,
    custom.named.template_basic_auth,
    custom.named.template_swa,
    custom.named.template_swa3field,
    custom.named.template_sps,
    custom.named.template_wsfed,
    custom.named.oidc_client,
    z.discriminatedUnion(by, [v.google.BROWSER_PLUGIN, v.google.SAML_2_0]),
    z.discriminatedUnion(by, [v.office365.BROWSER_PLUGIN, v.office365.SAML_1_1, v.office365.AUTO_LOGIN]),
    z.discriminatedUnion(by, [v.okta_org2org.SAML_2_0, v.okta_org2org.AUTO_LOGIN]),
    z.discriminatedUnion(by, [v.salesforce.BROWSER_PLUGIN, v.salesforce.BOOKMARK, v.salesforce.SAML_2_0]),
    z.discriminatedUnion(by, [v.slack.BROWSER_PLUGIN, v.slack.SAML_2_0]),
    z.discriminatedUnion(by, [v.zoomus.SAML_2_0]),
    z.discriminatedUnion(by, [v.zscalerbyz.BROWSER_PLUGIN, v.zscalerbyz.SAML_2_0]),
    z.discriminatedUnion(by, [v.trendmicroapexoneservice.SAML_2_0]),
    z.discriminatedUnion(by, [custom.unnamed.SAML_2_0, custom.unnamed.AUTO_LOGIN]),
  ]);
}

const typedCreateUnion = () => typedAppUnion(z.strictObject, {});
const typedReplaceUnion = () => typedAppUnion(z.looseObject, READ_ONLY_APP_FIELDS);

const createSchemas = buildAppSchemas(z.strictObject, {});
const replaceSchemas = buildAppSchemas(z.looseObject, READ_ONLY_APP_FIELDS);

/**
 * The body of a create request for every known app: strict objects, so a misspelt member
 * (`lable`, `settings.app.domian`) is refused by name. Prefer
 * `validateCreateApplicationInput`, whose issues name the field at fault, to parsing with
 * this union directly.
 */
export const CreateApplicationInputSchema = /* @__PURE__ */ appUnion(createSchemas) as unknown as ReturnType<typeof typedCreateUnion>;

/**
 * The body of a replace request for every known app: the same rules as create, but every object is
 * loose (members a real organization adds are kept) and the read-only members of a fetched app
 * (`id`, `orn`, `status`, `created`, `lastUpdated`, `_links`, `_embedded`) are accepted.
 */
export const ReplaceApplicationInputSchema = /* @__PURE__ */ appUnion(replaceSchemas) as unknown as ReturnType<typeof typedReplaceUnion>;

/**
 * What a caller sends to create a known app, discriminated by `name` and then `signOnMode`: a mode
 * the app does not support, or a missing required setting, is a compile-time error.
 */
export type CreateApplicationInput = z.input<typeof CreateApplicationInputSchema>;

/** A create body after validation (defaults applied: `okta_org2org` always carries its mode). */
export type ParsedCreateApplicationInput = z.output<typeof CreateApplicationInputSchema>;

/** A replace body of a known app after validation; unknown members are kept. */
export type ParsedReplaceApplicationInput = z.output<typeof ReplaceApplicationInputSchema>;

/**
 * What a caller sends to replace an app: a known app's body (checked like a create body, extra
 * members allowed), or an {@link Application} as `get` returned it, possibly edited. The second
 * member exists because a fetched app's `signOnMode` is `string | null` and its settings are
 * optional, which no known app's body allows: `replace(id, { ...(await get(id)), label })` must
 * compile. Such a body is still validated at run time before it is sent.
 */
export type ReplaceApplicationInput = z.input<typeof ReplaceApplicationInputSchema> | Application;

/** The `settings.app` of each known catalog app, e.g. `CatalogAppSettings['salesforce']`. */
export type CatalogAppSettings = {
  [N in CatalogAppName]: Extract<CreateApplicationInput, { name: N }>['settings']['app'];
};

/**
 * The only shape checked for an app whose `name` no registry knows: real organizations offer
 * thousands of catalog apps, which the server validates itself.
 */
export const UnknownApplicationInputSchema = z.looseObject({
  name: requiredText,
  label: requiredText,
  signOnMode: z.optional(z.enum(SIGN_ON_MODES)),
  settings: z.looseObject({ app: z.looseObject({}) }),
});

/** A body for an app no registry knows, after the generic check. */
export type UnknownApplicationInput = z.output<typeof UnknownApplicationInputSchema>;

/**
 * The outcome of validating an app body. `known` tells whether the body was checked against a known
 * app's schema (`true`) or only against {@link UnknownApplicationInputSchema} (`false`): the client
 * sends such bodies, the reference backend answers 404 for them.
 */
export type AppInputCheck<T = ParsedCreateApplicationInput | ParsedReplaceApplicationInput> =
  | { ok: true; known: true; value: T }
  | { ok: true; known: false; value: UnknownApplicationInput }
  | { ok: false; issues: FieldIssue[] };

const ANY_OBJECT = z.looseObject({});
const NAME = z.looseObject({ name: requiredText });
const NAME_AND_MODE = z.looseObject({ name: requiredText, signOnMode: z.enum(SIGN_ON_MODES) });
const UNNAMED_MODE = z.looseObject({ signOnMode: z.enum(UNNAMED_SIGN_ON_MODES) });
const KEY_ORDER: readonly string[] = Object.keys(ApplicationSchema.shape);

/**
 * Validates a create body. Dispatch: a known custom or catalog `name` selects that app's schema;
 * no `name` selects the unnamed custom app of `signOnMode` `SAML_2_0` or `AUTO_LOGIN`; any other
 * `name` passes with `known: false` after the generic check.
 */
export function validateCreateApplicationInput(
  input: unknown,
): AppInputCheck<ParsedCreateApplicationInput> {
  if (!isJsonObject(input)) return refuse(ANY_OBJECT, input);
  const { name } = input;
  if (name === undefined || name === null) {
    const body = withoutName(input);
    const mode = body.signOnMode;
    if (isUnnamedMode(mode)) return parse(createSchemas.custom.unnamed[mode], body);
    return refuse(NAME_AND_MODE, input);
  }
  if (typeof name !== 'string' || name === '') return refuse(NAME, input);
  if (isCustomAppName(name)) return parse(createSchemas.custom.named[name], input);
  if (isCatalogAppName(name)) {
    return parseCatalogApp(createSchemas.catalog.variants[name], name, input);
  }
  return parseUnknownApp(input);
}

/**
 * Validates a replace body of the stored app named `appName`. The body's `name`, `id`, `status`,
 * `created` and `lastUpdated` are ignored, as the server ignores them: the stored name selects the
 * schema and replaces the body's `name` in the parsed value.
 *
 * Pass `appName` as `undefined` for an unnamed custom app (created without `name`, `SAML_2_0` or
 * `AUTO_LOGIN`): its generated name is in no registry, so the body's `signOnMode` selects the
 * schema. A name no registry knows passes with `known: false` after the generic check; this is what
 * a client sees for a real organization's apps, including its unnamed ones, whose rules only the
 * server knows.
 */
export function validateReplaceApplicationInput(
  appName: string | undefined,
  input: unknown,
): AppInputCheck<ParsedReplaceApplicationInput> {
  if (!isJsonObject(input)) return refuse(ANY_OBJECT, input);
  if (appName === undefined) {
    const body = withoutName(input);
    const mode = body.signOnMode;
    if (isUnnamedMode(mode)) return parse(replaceSchemas.custom.unnamed[mode], body);
    return refuse(UNNAMED_MODE, body);
  }
  const body = { ...input, name: appName };
  if (isCustomAppName(appName)) return parse(replaceSchemas.custom.named[appName], body);
  if (isCatalogAppName(appName)) {
    return parseCatalogApp(replaceSchemas.catalog.variants[appName], appName, body);
  }
  return parseUnknownApp(body);
}

/**
 * Parses a catalog app body with the variant of its `signOnMode`. When the mode is missing or not
 * one the app supports, the other fields are still checked (against the app's first variant), so
 * the caller learns every problem at once.
 */
function parseCatalogApp(
  variants: Partial<Record<string, z.ZodMiniType>>,
  name: CatalogAppName,
  body: Record<string, unknown>,
): AppInputCheck<never> {
  const modes = Object.keys(variants) as [string, ...string[]];
  const given = body.signOnMode;
  const mode = given === undefined ? CATALOG_DEFAULT_SIGN_ON_MODES[name] : given;
  if (typeof mode === 'string' && modes.includes(mode)) return parse(variants[mode]!, body) as AppInputCheck<never>;

  const modeIssues = issuesOf(z.looseObject({ signOnMode: z.enum(modes) }), body);
  const first = variants[modes[0]] ?? ANY_OBJECT;
  const otherIssues = issuesOf(first, { ...body, signOnMode: modes[0] });
  const issues = [...modeIssues, ...otherIssues.filter((issue) => issue.path !== 'signOnMode')];
  return { ok: false, issues: inKeyOrder(issues) };
}

function parseUnknownApp(body: Record<string, unknown>): AppInputCheck<never> {
  const result = UnknownApplicationInputSchema.safeParse(body, PARSE_OPTIONS);
  if (!result.success) return { ok: false, issues: fieldIssues(result.error) };
  return { ok: true, known: false, value: result.data };
}

function parse<S extends z.ZodMiniType>(schema: S, input: unknown): AppInputCheck<z.output<S>> {
  const result = schema.safeParse(input, PARSE_OPTIONS);
  if (!result.success) return { ok: false, issues: fieldIssues(result.error) };
  return { ok: true, known: true, value: result.data };
}

/** The issues of a body already known to be wrong, in Okta's words. */
function refuse(schema: z.ZodMiniType, input: unknown): { ok: false; issues: FieldIssue[] } {
  return { ok: false, issues: issuesOf(schema, input) };
}

function issuesOf(schema: z.ZodMiniType, input: unknown): FieldIssue[] {
  const result = schema.safeParse(input, PARSE_OPTIONS);
  return result.success ? [] : fieldIssues(result.error);
}

/** Orders issues as the fields appear in an app object; the sort is stable within a field. */
function inKeyOrder(issues: FieldIssue[]): FieldIssue[] {
  const rank = (issue: FieldIssue) => {
    const index = KEY_ORDER.indexOf(issue.path.split(/[.[]/, 1)[0] ?? '');
    return index === -1 ? KEY_ORDER.length : index;
  };
  return [...issues].sort((a, b) => rank(a) - rank(b));
}

function withoutName(input: Record<string, unknown>): Record<string, unknown> {
  const { name: _ignored, ...rest } = input;
  return rest;
}

function isUnnamedMode(mode: unknown): mode is (typeof UNNAMED_SIGN_ON_MODES)[number] {
  return (UNNAMED_SIGN_ON_MODES as readonly unknown[]).includes(mode);
}
