/**
 * Shape comparison of one recorded answer with ours: status, content type, every key at every
 * level and the top-level key order, JSON types, values (server-chosen defaults, error codes,
 * summaries and causes), `Link` relations and their query parameters, rate-limit headers.
 * Org-specific values (ids, timestamps, org URLs, generated names, secrets, numbers in hrefs) are
 * compared by format only, by normalising both sides the same way.
 */

/** What is known about a scenario while its answers are compared. */
export interface CompareContext {
  /** Every origin either side uses for the organization. */
  origins: string[];
  /** Generated app names seen so far on either side (`{org}_{label}_{n}`), compared by format. */
  generatedNames: Set<string>;
  /** Dotted member paths (array indexes left out) a replica need not produce. */
  optional: Set<string>;
  /** The recording predates members the API has since added: members only we answer are not differences. */
  old: boolean;
}

/** The admin console origin of an org origin (`https://acme-admin.okta.com` for `https://acme.okta.com`). */
export function adminOrigin(origin: string): string {
  const url = new URL(origin);
  const [sub, ...rest] = url.hostname.split('.');
  return `${url.protocol}//${sub}-admin.${rest.join('.')}`;
}

/** One side of an exchange, as compared. */
export interface Answer {
  status: number;
  headers: Record<string, string[]>;
  body: unknown;
}

/**
 * Okta ids (a 3-character prefix naming the kind, 17 base62 characters), compared by kind: the org
 * chose them. `oty`/`osc` are user types and their schemas, `spr` the org's system principal, `pks` a client's JSON Web Keys,
 * `ra1`/`gra` role assignments of users and groups, `itm` interclient trust mappings, `cwo` Cross App Access connections,
 * `iam`/`ire` resource sets and their resources, `aut` authenticators, `cal` inline hooks, `aus`/`scp`/`ocl`/`00p` custom authorization
 * servers and their scopes, claims and policies (the path segment `authorizationServers`, 20 letters starting
 * with `aut`, is not an id).
 */
const ID = /\b(?!authorizationServers\b)(?:0oa|00o|00u|00g|sse|aln|rst|oag|ocs|0pr|0oh|pol|exk|ofc|gPm|oty|osc|spr|ra1|gra|rul|nzo|dae|pks|itm|cwo|iam|ire|aut|cal|aus|scp|ocl|00p)[0-9A-Za-z]{17}\b/g;
/** Key ids, CSR ids and thumbprints: 43 base64url characters (a SHA-256 digest). */
const DIGEST_ID = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g;
/** Members (their paths without list indices) that hold a set of names in no fixed order: Okta Verify's `userVerificationMethods`. */
const UNORDERED = new Set(['settings.userVerificationMethods']);
/** Members holding base64 DER (certificates, CSRs): compared as such, not by length (which follows the org's name). */
const DER_BASE64 = new Set(['x5c', 'csr']);
const TIMESTAMP = /\b\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.(\d+))?Z\b/g;
/** Members whose values are secrets or generated keys: compared by length and alphabet only. */
const FORMAT_ONLY = new Set(['errorId', 'client_secret', 'secret_hash', 'kid', 'x5t#S256', 'n', 'e']);

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The format of a value compared by format: its alphabet and length. */
function format(value: string): string {
  const alphabet = /^[0-9A-Za-z_-]+$/.test(value) ? 'token' : 'text';
  return `<${alphabet}:${value.length}>`;
}

/**
 * A logo's href by format: an absolute `https` URL with a path. Real organizations serve logos from
 * their CDN, half of them (catalog apps) as `/fs/bcg/4/gfs…` with no file extension, so the href
 * is not held to an image file name; anything else is shown as it is and differs.
 */
function logoFormat(value: string, ctx: CompareContext): string {
  try {
    const url = new URL(value);
    if (url.protocol === 'https:' && url.pathname.length > 1) return '<https URL>';
  } catch {
    // not an absolute URL: falls through and is compared as it is
  }
  return normalise(value, ctx);
}

/** A string with its org-specific parts replaced by their kind. */
export function normalise(value: string, ctx: CompareContext): string {
  let out = value;
  for (const origin of ctx.origins) out = out.split(adminOrigin(origin)).join('<admin-org>').split(origin).join('<org>');
  for (const name of ctx.generatedNames) {
    out = out.replace(new RegExp(`(?<![A-Za-z0-9-])${escapeRegExp(name)}(?![A-Za-z0-9])`, 'g'), '<generated-name>');
  }
  out = out.replace(/\born:[a-z]+:/g, 'orn:<partition>:');
  out = out.replace(ID, (id) => `<id:${id.slice(0, 3)}>`);
  out = out.replace(DIGEST_ID, '<digest>');
  out = out.replace(TIMESTAMP, (_t, fraction: string | undefined) =>
    fraction === undefined ? '<time>' : /^0+$/.test(fraction) ? '<time.whole-seconds>' : `<time.${fraction.length}>`,
  );
  if (out.startsWith('<org>/') || out.startsWith('<admin-org>/')) out = out.replace(/\/\d+(?=$|[/?#])/g, '/<n>');
  return out;
}

const typeOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

function compareValue(
  rec: unknown,
  ours: unknown,
  path: string,
  logical: string,
  ctx: CompareContext,
  out: string[],
  isList: boolean,
): void {
  const [rt, ot] = [typeOf(rec), typeOf(ours)];
  if (rt !== ot) {
    out.push(`${path || '(body)'}: type ${ot}, real orgs answer ${rt}${rt === 'string' || rt === 'number' || rt === 'boolean' ? ` (${JSON.stringify(rec)})` : ''}`);
    return;
  }
  if (rt === 'array') {
    let [ra, oa] = [rec as unknown[], ours as unknown[]];
    // A set of names the org answers in either order (A191 reads the same one both ways): compared sorted.
    if (UNORDERED.has(logical) && [...ra, ...oa].every((v) => typeof v === 'string')) [ra, oa] = [[...ra].sort(), [...oa].sort()];
    // A list's length depends on what else the recording org held; element shapes still compare.
    if (!isList && ra.length !== oa.length) out.push(`${path}: ${oa.length} items, real orgs answer ${ra.length}`);
    for (let i = 0; i < Math.min(ra.length, oa.length); i++) compareValue(ra[i], oa[i], `${path}[${i}]`, logical, ctx, out, false);
    return;
  }
  if (rt === 'object') {
    // Keys can hold org-specific values too (`visibility.appLinks.{generated name}_link`).
    const keyed = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [normalise(k, ctx), v]));
    const [ro, oo] = [keyed(rec as Record<string, unknown>), keyed(ours as Record<string, unknown>)];
    const join = (key: string) => (logical ? `${logical}.${key}` : key);
    const at = (key: string) => (path ? `${path}.${key}` : key);
    for (const key of Object.keys(ro)) {
      if (ctx.optional.has(join(key))) continue;
      if (!(key in oo)) out.push(`${at(key)}: missing (real orgs answer ${JSON.stringify(ro[key])?.slice(0, 80)})`);
    }
    for (const key of Object.keys(oo)) {
      if (ctx.optional.has(join(key)) || ctx.old) continue;
      if (!(key in ro)) out.push(`${at(key)}: not in real answers (ours ${JSON.stringify(oo[key])?.slice(0, 80)})`);
    }
    if (logical === '') {
      const common = (keys: string[]) => keys.filter((k) => k in ro && k in oo && !ctx.optional.has(k));
      const [rk, ok] = [common(Object.keys(ro)), common(Object.keys(oo))];
      if (rk.join() !== ok.join()) out.push(`${path || '(body)'}: key order ${ok.join(',')}, real orgs ${rk.join(',')}`);
    }
    for (const key of Object.keys(ro)) {
      if (key in oo && !ctx.optional.has(join(key))) compareValue(ro[key], oo[key], at(key), join(key), ctx, out, false);
    }
    return;
  }
  if (rt === 'string') {
    const key = logical.split('.').pop() ?? '';
    const logo = logical === '_links.logo.href';
    const der = (v: string) => (/^MII[A-Za-z0-9+/]+={0,2}$/.test(v) ? '<base64 DER>' : v);
    const [r, o] = FORMAT_ONLY.has(key)
      ? [format(rec as string), format(ours as string)]
      : DER_BASE64.has(key)
        ? [der(rec as string), der(ours as string)]
      : logo
        ? [logoFormat(rec as string, ctx), logoFormat(ours as string, ctx)]
        : [normalise(rec as string, ctx), normalise(ours as string, ctx)];
    if (r !== o) out.push(`${path}: ${JSON.stringify(o)}, real orgs ${JSON.stringify(r)}`);
    return;
  }
  if (rec !== ours) out.push(`${path}: ${JSON.stringify(ours)}, real orgs ${JSON.stringify(rec)}`);
}

interface LinkValue {
  rel: string;
  path: string;
  params: Array<[string, string]>;
}

function parseLinks(values: string[] | undefined): LinkValue[] {
  const links: LinkValue[] = [];
  for (const value of values ?? []) {
    for (const part of value.split(/,(?=\s*<)/)) {
      const m = /<([^>]*)>\s*;\s*rel="?([^";]+)"?/.exec(part);
      if (!m) continue;
      const url = new URL(m[1]!);
      links.push({ rel: m[2]!, path: url.pathname, params: [...url.searchParams] });
    }
  }
  return links;
}

function compareLinks(rec: string[] | undefined, ours: string[] | undefined, ctx: CompareContext, out: string[]): void {
  const [rl, ol] = [parseLinks(rec), parseLinks(ours)];
  const rels = (l: LinkValue[]) => l.map((x) => x.rel).join(',');
  if (rels(rl) !== rels(ol)) {
    out.push(`Link: relations ${rels(ol) || '(none)'}, real orgs ${rels(rl) || '(none)'}`);
    return;
  }
  for (let i = 0; i < rl.length; i++) {
    const show = (l: LinkValue) =>
      `${normalise(l.path, ctx)}?${l.params.map(([k, v]) => `${k}=${k === 'after' ? '<cursor>' : normalise(v, ctx)}`).join('&')}`;
    if (show(rl[i]!) !== show(ol[i]!)) out.push(`Link rel="${rl[i]!.rel}": ${show(ol[i]!)}, real orgs ${show(rl[i]!)}`);
  }
}

const RATE_LIMIT_HEADERS = ['x-rate-limit-limit', 'x-rate-limit-remaining', 'x-rate-limit-reset'];

/** Every difference between a recorded answer and ours, each naming where it is; none means a match. */
export function compareAnswers(rec: Answer, ours: Answer, ctx: CompareContext, isList: boolean): string[] {
  const out: string[] = [];
  if (rec.status !== ours.status) out.push(`status ${ours.status}, real orgs ${rec.status}`);
  const mediaType = (h: Record<string, string[]>) => h['content-type']?.[0]?.split(';')[0]?.trim() ?? '(none)';
  if (mediaType(rec.headers) !== mediaType(ours.headers)) {
    out.push(`content-type ${mediaType(ours.headers)}, real orgs ${mediaType(rec.headers)}`);
  }
  compareLinks(rec.headers.link, ours.headers.link, ctx, out);
  for (const name of RATE_LIMIT_HEADERS) {
    if (rec.headers[name] && !/^\d+$/.test(ours.headers[name]?.[0] ?? '')) out.push(`${name}: absent or not an integer`);
  }
  compareValue(rec.body, ours.body, '', '', ctx, out, isList);
  return out;
}
