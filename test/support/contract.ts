import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { parse as parseYaml } from 'yaml';

/**
 * Where the OpenAPI contract is read from: `$APPSET_CONTRACT`, else `<repo>/../shared/contract/…`
 * (DESIGN.md: "`contract/okta-apps-ssf.openapi.yaml` beside this file … use it as the contract in tests").
 */
export const CONTRACT_PATH =
  process.env.APPSET_CONTRACT ??
  fileURLToPath(new URL('../../../shared/contract/okta-apps-ssf.openapi.yaml', import.meta.url));

/** False when the contract file is absent: {@link checkContract} then checks nothing. */
export const contractAvailable = existsSync(CONTRACT_PATH);

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * OpenAPI's inheritance-style discriminator (a base schema whose `discriminator.mapping` names the
 * subschemas that extend it with `allOf`) has no JSON Schema counterpart. Each becomes `X__base`
 * (X without the discriminator, which the subschemas now extend) and X = `X__base` plus one
 * `if <property> is <value> then <subschema>` per mapping entry. Discriminators beside `oneOf` or
 * `anyOf` are left to those keywords, which already decide on their own.
 */
function rewriteInheritanceDiscriminators(schemas: Json): void {
  for (const [name, schema] of Object.entries(schemas)) {
    if (!isObject(schema) || !isObject(schema.discriminator) || 'oneOf' in schema || 'anyOf' in schema) continue;
    const { propertyName, mapping } = schema.discriminator as { propertyName: string; mapping?: Record<string, string> };
    if (!mapping) continue;
    const baseRef = `#/components/schemas/${name}__base`;
    const { discriminator: _discriminator, ...base } = schema;
    schemas[`${name}__base`] = base;
    for (const target of Object.values(mapping)) {
      const child = schemas[target.replace('#/components/schemas/', '')];
      if (!isObject(child) || !Array.isArray(child.allOf)) continue;
      child.allOf = child.allOf.map((s) => (isObject(s) && s.$ref === `#/components/schemas/${name}` ? { $ref: baseRef } : s));
    }
    schemas[name] = {
      allOf: [
        { $ref: baseRef },
        ...Object.entries(mapping).map(([value, target]) => ({
          if: { required: [propertyName], properties: { [propertyName]: { const: value } } },
          then: { $ref: target },
        })),
      ],
    };
  }
}

/*
 * Documented deviations. DESIGN.md: "Where this page and that file disagree on the wire, this page
 * states what real organizations were observed to do, and wins." Each entry below patches one place
 * of the contract, quotes the DESIGN.md sentence that justifies it, and fails loudly if the contract
 * no longer has that place (so a new contract version is looked at again, not silently loosened).
 */

/** Error statuses DESIGN.md's operations table lists that the contract does not declare; answered with the Error body. */
const UNDECLARED_ERROR_STATUSES: ReadonlyArray<{ method: string; path: string; status: string; design: string }> = [
  { method: 'get', path: '/api/v1/apps', status: '400', design: '| list | `GET /api/v1/apps` | 200, JSON array | 400, 401, 403, 429 |' },
  { method: 'get', path: '/api/v1/apps', status: '401', design: '| list | `GET /api/v1/apps` | 200, JSON array | 400, 401, 403, 429 |' },
  { method: 'post', path: '/api/v1/apps', status: '401', design: '| create | `POST /api/v1/apps?activate=true` | **200**, the app | 400, 401, 403, 404, 429 |' },
  { method: 'post', path: '/api/v1/apps', status: '404', design: '| create | `POST /api/v1/apps?activate=true` | **200**, the app | 400, 401, 403, 404, 429 |' },
  { method: 'get', path: '/api/v1/apps/{appId}', status: '401', design: '| retrieve | `GET /api/v1/apps/{appId}?expand=user/{userId}` | 200 | 401, 403, 404, 429 |' },
  { method: 'put', path: '/api/v1/apps/{appId}', status: '401', design: '| replace | `PUT /api/v1/apps/{appId}` | 200 | 400, 401, 403, 404, 429 |' },
  { method: 'delete', path: '/api/v1/apps/{appId}', status: '401', design: '| delete | `DELETE /api/v1/apps/{appId}` | **204**, empty | 401, 403, 404, 429 |' },
  { method: 'post', path: '/api/v1/apps/{appId}/lifecycle/activate', status: '401', design: '| activate | `POST /api/v1/apps/{appId}/lifecycle/activate` | 200, body `{}` | 401, 403, 404, 429 |' },
  { method: 'post', path: '/api/v1/apps/{appId}/lifecycle/deactivate', status: '401', design: '| deactivate | `POST /api/v1/apps/{appId}/lifecycle/deactivate` | 200, body `{}` | 401, 403, 404, 429 |' },
];

/** DESIGN.md on the recordings of real organizations, which answer `null` for the members below. */
const RECORDINGS_RULE = '`okta-recordings/` holds responses recorded from real organizations: on the wire they outrank everything';

/** Members the recordings (`../shared/okta-recordings/`) show as `null` when the caller did not set them. */
const RECORDED_NULLS: ReadonlyArray<readonly [string, string]> = [
  ['SwaApplicationSettingsApplication', 'loginUrlRegex'],
  ['SecurePasswordStoreApplicationSettingsApplication', 'optionalField1'],
  ['SecurePasswordStoreApplicationSettingsApplication', 'optionalField1Value'],
  ['SecurePasswordStoreApplicationSettingsApplication', 'optionalField2'],
  ['SecurePasswordStoreApplicationSettingsApplication', 'optionalField2Value'],
  ['SecurePasswordStoreApplicationSettingsApplication', 'optionalField3'],
  ['SecurePasswordStoreApplicationSettingsApplication', 'optionalField3Value'],
  ['OpenIdConnectApplicationSettingsClient', 'client_uri'],
  ['OpenIdConnectApplicationSettingsClient', 'logo_uri'],
  ['SamlApplicationSettingsSignOn', 'spIssuer'],
  ['AutoLoginApplicationSettingsSignOn', 'redirectUrl'],
  ['GoogleApplicationSettingsApplication', 'rpId'],
  ['OINSaml11ApplicationSettingsSignOn', 'defaultRelayState'],
  ['OINSaml11ApplicationSettingsSignOn', 'ssoAcsUrlOverride'],
  ['OINSaml11ApplicationSettingsSignOn', 'audienceOverride'],
  ['OINSaml11ApplicationSettingsSignOn', 'recipientOverride'],
  ['OINSaml20ApplicationSettingsSignOn', 'defaultRelayState'],
  ['OINSaml20ApplicationSettingsSignOn', 'ssoAcsUrlOverride'],
  ['OINSaml20ApplicationSettingsSignOn', 'audienceOverride'],
  ['OINSaml20ApplicationSettingsSignOn', 'recipientOverride'],
  ['OINSaml20ApplicationSettingsSignOn', 'destinationOverride'],
];

/** Members the contract types as plain strings that organizations send as `null` by default. */
const NULL_DEFAULTS: ReadonlyArray<{ schema: string; property: string; design: string }> = [
  { schema: 'ApplicationAccessibility', property: 'errorRedirectUrl', design: 'Server defaults: `accessibility {selfService:false, errorRedirectUrl:null, loginRedirectUrl:null}`' },
  { schema: 'ApplicationAccessibility', property: 'loginRedirectUrl', design: 'Server defaults: `accessibility {selfService:false, errorRedirectUrl:null, loginRedirectUrl:null}`' },
  { schema: 'ApplicationSettingsNotificationsVpn', property: 'message', design: '`settings.notifications.vpn {network:{connection:"DISABLED"}, message:null, helpUrl:null}`' },
  { schema: 'ApplicationSettingsNotificationsVpn', property: 'helpUrl', design: '`settings.notifications.vpn {network:{connection:"DISABLED"}, message:null, helpUrl:null}`' },
  { schema: 'ApplicationSettingsNotes', property: 'admin', design: '`notes {admin:null, enduser:null}`' },
  { schema: 'ApplicationSettingsNotes', property: 'enduser', design: '`notes {admin:null, enduser:null}`' },
  ...RECORDED_NULLS.map(([schema, property]) => ({ schema, property, design: RECORDINGS_RULE })),
];

/**
 * The contract types every member of `_embedded.user` as an object; DESIGN.md: "`expand=user/{userId}`
 * embeds the app user as `_embedded.user` (id, externalId, created, lastUpdated, scope, status, …)",
 * whose members are strings and nulls. The member types are dropped; `_embedded.user` stays an object.
 */
function allowEmbeddedUserMembers(schemas: Json): void {
  const user = dig(schemas, ['Application', 'properties', '_embedded', 'properties', 'user']);
  if (!isObject(user) || !('additionalProperties' in user)) throw deviationGone('Application._embedded.user.additionalProperties');
  delete user.additionalProperties;
}

/**
 * The contract holds every `BROWSER_PLUGIN` custom app to `template_swa`'s settings (url,
 * usernameField, passwordField, buttonField required), yet its own example `BrowserPluginSwa3FieldEx`
 * shows a `template_swa3field` app with the three-field selectors instead. DESIGN.md: "Custom apps,
 * keyed by `name`: … `template_swa` (url, usernameField, passwordField, buttonField),
 * `template_swa3field`, …": those four fields belong to `template_swa` alone. A `template_swa3field`
 * app's `settings.app` keeps the contract's member types without `template_swa`'s required list.
 */
function threeFieldSwaSettings(schemas: Json): void {
  const swaApp = schemas.SwaApplicationSettingsApplication;
  const part = dig(schemas, ['BrowserPluginApplication', 'allOf', '1']);
  const settings = dig(part, ['properties', 'settings']);
  if (!isObject(swaApp) || !Array.isArray(swaApp.required) || !isObject(part) || !isObject(settings) || !isObject(part.properties)) {
    throw deviationGone('BrowserPluginApplication settings as SwaApplicationSettings with required members');
  }
  const { required: _required, ...threeFieldApp } = swaApp;
  schemas.SwaThreeFieldApplicationSettings = {
    allOf: [{ $ref: '#/components/schemas/ApplicationSettings' }, { type: 'object', properties: { app: threeFieldApp } }],
  };
  delete part.properties.settings;
  part.if = { required: ['name'], properties: { name: { const: 'template_swa3field' } } };
  part.then = { properties: { settings: { $ref: '#/components/schemas/SwaThreeFieldApplicationSettings' } } };
  part.else = { properties: { settings } };
}

/**
 * A tightening: the contract's Error schema requires nothing, but DESIGN.md fixes the shape of every
 * error answer: "Error body: `{errorCode, errorSummary, errorLink (= errorCode), errorId,
 * errorCauses:[{errorSummary}]}`".
 */
function requireErrorFields(schemas: Json): void {
  const error = schemas.Error;
  if (!isObject(error) || 'required' in error) throw deviationGone('an Error schema without required members');
  error.required = ['errorCode', 'errorSummary', 'errorLink', 'errorId', 'errorCauses'];
  const cause = schemas.ErrorCause;
  if (!isObject(cause) || 'required' in cause) throw deviationGone('an ErrorCause schema without required members');
  cause.required = ['errorSummary'];
}

/**
 * The contract picks an app's schema by `signOnMode` alone, so a catalog app in a mode its own
 * schema allows (e.g. `google` with `BROWSER_PLUGIN`) would be held to the custom SWA app's
 * `name` enum. DESIGN.md: "Catalog apps, keyed by `name`" (and STYLE.md: "Discriminated unions are
 * discriminated on the wire's own keys (`name`, then `signOnMode`)"). So an app whose `name` is a
 * catalog app's (a schema marked `x-okta-defined-as` and built on `OINApplication`) is checked
 * against that catalog app's schema instead; every other app by `signOnMode`, as the contract says.
 * Runs after {@link rewriteInheritanceDiscriminators}, on the `if … then …` branches it made.
 */
function dispatchCatalogAppsByName(schemas: Json): void {
  const byName = new Map<string, string>();
  for (const [schemaName, schema] of Object.entries(schemas)) {
    if (!isObject(schema) || !isObject(schema['x-okta-defined-as']) || !Array.isArray(schema.allOf)) continue;
    const onCatalogBase = schema.allOf.some((s) => isObject(s) && s.$ref === '#/components/schemas/OINApplication');
    const name = schema['x-okta-defined-as'].name;
    if (onCatalogBase && typeof name === 'string') byName.set(name, `#/components/schemas/${schemaName}`);
  }
  const dispatch = dig(schemas, ['Application', 'allOf']);
  if (byName.size === 0 || !Array.isArray(dispatch)) throw deviationGone('catalog app schemas (x-okta-defined-as on OINApplication)');
  const notCatalog = { not: { required: ['name'], properties: { name: { enum: [...byName.keys()] } } } };
  for (const branch of dispatch) if (isObject(branch) && isObject(branch.if)) Object.assign(branch.if, notCatalog);
  for (const [name, target] of byName) {
    dispatch.push({ if: { required: ['name'], properties: { name: { const: name } } }, then: { $ref: target } });
  }
}

function deviationGone(where: string, design?: string): Error {
  const why = design === undefined ? '' : ` (a deviation DESIGN.md justifies with: ${design})`;
  return new Error(
    `The contract at ${CONTRACT_PATH} no longer has ${where}${why}; review the documented deviations in test/support/contract.ts.`,
  );
}

function dig(root: unknown, keys: string[]): unknown {
  let at = root;
  for (const key of keys) at = typeof at === 'object' && at !== null ? (at as Json)[key] : undefined;
  return at;
}

function errorResponse(): Json {
  return { description: 'Documented in DESIGN.md', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
}

/** Applies the documented deviations above but the catalog dispatch, which needs the rewritten discriminator. */
function applyDeviations(spec: Json, schemas: Json): void {
  for (const { method, path, status, design } of UNDECLARED_ERROR_STATUSES) {
    const responses = dig(spec, ['paths', path, method, 'responses']);
    const operation = `${method.toUpperCase()} ${path}`;
    if (!isObject(responses)) throw deviationGone(operation, design);
    if (status in responses) throw deviationGone(`an undeclared ${status} on ${operation} (it is declared now)`, design);
    responses[status] = errorResponse();
  }
  for (const { schema, property, design } of NULL_DEFAULTS) {
    const member = dig(schemas, [schema, 'properties', property]);
    if (!isObject(member) || member.type !== 'string') throw deviationGone(`${schema}.${property} typed as a string`, design);
    member.nullable = true;
  }
  allowEmbeddedUserMembers(schemas);
  threeFieldSwaSettings(schemas);
  requireErrorFields(schemas);
}

/** One operation of the contract, with its path template compiled to a pattern. */
interface Operation {
  method: string;
  template: string;
  pattern: RegExp;
  /** Responses by status key (`200`, `4XX`, `default`) → JSON pointer of the `application/json` schema, or null. */
  responses: Map<string, string | null>;
}

interface Contract {
  operations: Operation[];
  validator(pointer: string): ValidateFunction;
  /** The JSON pointer of a schema object of the (patched) contract, for error messages. */
  locate(schema: unknown): string | undefined;
}

let loaded: Contract | undefined;
let checked = 0;

/** How many responses were matched to a contract operation and checked so far, in this process. */
export function responsesChecked(): number {
  return checked;
}

function templatePattern(template: string): RegExp {
  const escaped = template
    .split(/(\{[^}]+\})/)
    .map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${escaped}/?$`);
}

const pointerPart = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** Records the JSON pointer of every object of the document. */
function pointersOf(node: unknown, at: string, into: WeakMap<object, string>): WeakMap<object, string> {
  if (typeof node !== 'object' || node === null) return into;
  into.set(node, at);
  for (const [key, value] of Object.entries(node)) pointersOf(value, `${at}/${pointerPart(key)}`, into);
  return into;
}

/** OpenAPI 3.0's `nullable: false` is its default, and Ajv refuses it beside a `$ref`: drop it. */
function dropNullableFalse(node: unknown): void {
  if (Array.isArray(node)) node.forEach(dropNullableFalse);
  if (!isObject(node)) return;
  if (node.nullable === false) delete node.nullable;
  Object.values(node).forEach(dropNullableFalse);
}

/**
 * The contract as the checks read it: parsed from YAML, with the documented deviations above applied.
 * Parsing the 262 KB YAML file is most of the cost, so the global setup (`contract-setup.ts`) does it
 * once per run and hands every test file the result as JSON ({@link PATCHED_CONTRACT_ENV}).
 */
export function patchedContract(): Json {
  const spec = parseYaml(readFileSync(CONTRACT_PATH, 'utf8')) as Json;
  dropNullableFalse(spec);
  const schemas = dig(spec, ['components', 'schemas']);
  if (!isObject(schemas)) throw deviationGone('components.schemas');
  applyDeviations(spec, schemas);
  rewriteInheritanceDiscriminators(schemas);
  dispatchCatalogAppsByName(schemas);
  return spec;
}

/** Names the JSON file of {@link patchedContract} that the global setup wrote for this run. */
export const PATCHED_CONTRACT_ENV = 'APPSET_PATCHED_CONTRACT';

function readPatchedContract(): Json {
  const written = process.env[PATCHED_CONTRACT_ENV];
  return written !== undefined && existsSync(written) ? (JSON.parse(readFileSync(written, 'utf8')) as Json) : patchedContract();
}

function loadContract(): Contract {
  const spec = readPatchedContract();

  const operations: Operation[] = [];
  for (const [template, item] of Object.entries(isObject(spec.paths) ? spec.paths : {})) {
    if (!isObject(item)) continue;
    for (const [method, op] of Object.entries(item)) {
      if (!isObject(op) || !isObject(op.responses)) continue;
      const responses = new Map<string, string | null>();
      for (const [status, declared] of Object.entries(op.responses)) {
        let pointer = `#/paths/${pointerPart(template)}/${method}/responses/${status}`;
        let response = declared;
        if (isObject(response) && typeof response.$ref === 'string') {
          pointer = response.$ref;
          response = dig(spec, response.$ref.slice(2).split('/'));
        }
        const json = dig(response, ['content', 'application/json', 'schema']);
        responses.set(status.toUpperCase(), json === undefined ? null : `${pointer}/content/application~1json/schema`);
      }
      operations.push({ method: method.toUpperCase(), template, pattern: templatePattern(template), responses });
    }
  }
  // Literal paths first, so `/api/v1/apps/x` never matches a template when a literal path exists.
  operations.sort((a, b) => Number(a.template.includes('{')) - Number(b.template.includes('{')));

  // The contract is a third-party document full of OpenAPI annotations (`example`, `x-…`), so
  // unknown keywords are ignored rather than refused; `nullable` is understood natively by Ajv.
  // `verbose` puts the failing schema object on each error, which `locate` turns into its pointer.
  const ajv = new Ajv({ allErrors: true, verbose: true, strict: false, validateSchema: false });
  addFormats(ajv);
  ajv.addFormat('password', true);
  ajv.addSchema(spec, 'contract');
  const validators = new Map<string, ValidateFunction>();
  const locations = pointersOf(spec, '#', new WeakMap());
  return {
    operations,
    locate: (schema) => (typeof schema === 'object' && schema !== null ? locations.get(schema) : undefined),
    validator(pointer) {
      let validate = validators.get(pointer);
      if (!validate) {
        validate = ajv.compile({ $ref: `contract${pointer}` });
        validators.set(pointer, validate);
      }
      return validate;
    },
  };
}

function contract(): Contract {
  loaded ??= loadContract();
  return loaded;
}

function statusKey(responses: Map<string, string | null>, status: number): string | undefined {
  const candidates = [String(status), `${String(status)[0]}XX`, 'DEFAULT'];
  return candidates.find((key) => responses.has(key));
}

/** `/settings/notes/admin must be string (#/components/schemas/ApplicationSettingsNotes/properties/admin/type)`. */
function describeError(error: ErrorObject, locate: Contract['locate']): string {
  const where = error.instancePath === '' ? '(body)' : error.instancePath;
  const allowed = error.keyword === 'enum' ? ` ${JSON.stringify(error.params.allowedValues)}` : '';
  const parent = locate(error.parentSchema);
  const rule = parent === undefined ? error.schemaPath : `${parent}/${error.keyword}`;
  return `${where} ${error.message ?? error.keyword}${allowed} (${rule})`;
}

/**
 * Checks one response against the OpenAPI contract and returns the problems found (none: `[]`).
 * The path template and method pick the operation; the status must be declared for it (exactly,
 * by range such as `4XX`, or by `default`); a JSON body must match that status's schema. Requests
 * outside the contract (other paths or methods) are not checked.
 */
export async function checkContract(method: string, url: URL, response: Response): Promise<string[]> {
  if (!contractAvailable) return [];
  const upper = method.toUpperCase();
  const operation = contract().operations.find((op) => op.method === upper && op.pattern.test(url.pathname));
  if (!operation) return [];
  checked += 1;
  const where = `${upper} ${operation.template}`;
  const key = statusKey(operation.responses, response.status);
  if (key === undefined) return [`${where} answered ${response.status}, which the contract does not declare`];
  const pointer = operation.responses.get(key);
  if (!pointer) return [];

  const text = await response.text();
  const type = response.headers.get('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) {
    return [`${where} answered ${response.status} with Content-Type "${type}", the contract declares application/json`];
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return [`${where} answered ${response.status} with a body that is not JSON: ${JSON.stringify(text.slice(0, 80))}`];
  }
  const { validator, locate } = contract();
  const validate = validator(pointer);
  if (validate(body)) return [];
  const errors = validate.errors ?? [];
  // "must match the `then` schema" only repeats the errors found inside that schema, and a base
  // schema reached through two `allOf`s reports its errors twice.
  const specific = errors.filter((e) => e.keyword !== 'if');
  const lines = (specific.length ? specific : errors).map((e) => `${where} ${response.status}: ${describeError(e, locate)}`);
  return [...new Set(lines)];
}

/**
 * A fetch that checks every response against the contract and records the problems in `problems`,
 * for tests that talk to a backend over real HTTP (where msw's events do not see the responses).
 */
export function contractCheckingFetch(problems: string[]) {
  return async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const response = await globalThis.fetch(request);
    problems.push(...(await checkContract(request.method, new URL(request.url), response.clone())));
    return response;
  };
}
