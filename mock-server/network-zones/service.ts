import { notFound, OktaHttpError, validationFailed } from '../pipeline/okta-errors';
import { isObject, type Json } from '../shared/json';
import { wholeSeconds } from '../shared/time';
import { addressProblem, MAX_ADDRESS_VALUE_LENGTH, type ZoneAddress } from './addresses';

/** The most zones the backend keeps. */
export const MAX_ZONES = 1_000;
/** The longest `name` (Okta's documented bound). */
export const MAX_ZONE_NAME_LENGTH = 128;
/** The most `gateways` of a POLICY zone, and the most `proxies` of any zone (Okta's documented bound). */
export const MAX_ZONE_ADDRESSES = 150;
/** The most `gateways` of a BLOCKLIST zone (Okta's documented bound). */
export const MAX_BLOCKLIST_GATEWAYS = 1_000;

/** What a zone is used for. */
export type ZoneUsage = 'POLICY' | 'BLOCKLIST';
/** Whether policies and the blocklist consider the zone. */
export type ZoneStatus = 'ACTIVE' | 'INACTIVE';

/** An IP network zone as kept. */
export interface StoredZone {
  /** `nzo…`, 20 characters. */
  id: string;
  /** Only IP zones are served. */
  type: 'IP';
  name: string;
  status: ZoneStatus;
  usage: ZoneUsage;
  /** ISO 8601, whole seconds. */
  created: string;
  /** ISO 8601, whole seconds; moves on every change and lifecycle call. */
  lastUpdated: string;
  /** The zone's IP addresses; `null` when none was given. */
  gateways: ZoneAddress[] | null;
  /** Proxies in front of the zone's addresses; `null` when none was given. */
  proxies: ZoneAddress[] | null;
}

/** A zone's fields as a create or replace gives them. */
type ZoneFields = Pick<StoredZone, 'name' | 'usage' | 'gateways' | 'proxies'>;

const noZone = (id: string): OktaHttpError => notFound(id, 'Zone');
const refuse = (path: string, reason: string) => validationFailed([{ path, reason }]);

/** Reads one of `gateways`/`proxies`: a list of `{ type: CIDR|RANGE, value }`, or `null`. */
function addresses(given: unknown, field: 'gateways' | 'proxies', max: number): ZoneAddress[] | null {
  if (given === undefined || given === null) return null;
  if (!Array.isArray(given)) throw refuse(field, 'Must be a list of { type, value } entries');
  if (given.length > max) throw refuse(field, `A zone holds at most ${max} ${field}`);
  return given.map((entry: unknown, i) => {
    const at = `${field}[${i}]`;
    if (!isObject(entry)) throw refuse(at, 'Must be an object with a type (CIDR or RANGE) and a value');
    const { type, value } = entry;
    if (type !== 'CIDR' && type !== 'RANGE') throw refuse(`${at}.type`, 'Must be CIDR or RANGE');
    if (typeof value !== 'string' || value === '') throw refuse(`${at}.value`, 'Must be specified');
    if (value.length > MAX_ADDRESS_VALUE_LENGTH) throw refuse(`${at}.value`, `Must be at most ${MAX_ADDRESS_VALUE_LENGTH} characters`);
    const problem = addressProblem(type, value);
    if (problem) throw refuse(`${at}.value`, problem);
    return { type, value };
  });
}

/**
 * Reads a zone's fields from a body (create, replace or a snapshot's zone): an IP zone with a name
 * (at most 128 characters), `usage` POLICY (the default) or BLOCKLIST, and `gateways` or `proxies`
 * (at least one of them) of valid CIDR blocks and ranges, within Okta's bounds.
 */
export function zoneFields(body: Json): ZoneFields {
  const { name } = body;
  if (typeof name !== 'string' || name.trim() === '') throw refuse('name', 'Name must be specified');
  if (name.length > MAX_ZONE_NAME_LENGTH) throw refuse('name', `Name must be at most ${MAX_ZONE_NAME_LENGTH} characters`);
  const usage = body.usage ?? 'POLICY';
  if (usage !== 'POLICY' && usage !== 'BLOCKLIST') throw refuse('usage', 'Must be POLICY or BLOCKLIST');
  const gateways = addresses(body.gateways, 'gateways', usage === 'BLOCKLIST' ? MAX_BLOCKLIST_GATEWAYS : MAX_ZONE_ADDRESSES);
  const proxies = addresses(body.proxies, 'proxies', MAX_ZONE_ADDRESSES);
  if (!gateways?.length && !proxies?.length) throw refuse('gateways', 'An IP zone must define gateways or proxies');
  return { name, usage, gateways, proxies };
}

/** Checks a body is an object whose `type` is IP (the only zone type served). */
function ipBody(body: unknown): Json {
  if (!isObject(body)) throw refuse('type', 'Type must be specified');
  if (body.type === undefined || body.type === null) throw refuse('type', 'Type must be specified');
  if (body.type === 'DYNAMIC' || body.type === 'DYNAMIC_V2') throw refuse('type', `${body.type} zones are not served by this backend; only IP zones are`);
  if (body.type !== 'IP') throw refuse('type', 'Must be IP, DYNAMIC or DYNAMIC_V2');
  return body;
}

/**
 * Okta's IP network zones: made ACTIVE unless `status` says INACTIVE, activated and deactivated by
 * their lifecycle operations, deleted only once INACTIVE (Okta's documented rule for Identity Engine
 * orgs, kept for every org here), replaced whole except their type and status.
 */
export class ZoneService {
  readonly #zones = new Map<string, StoredZone>();

  constructor(private readonly newId: (prefix: string) => string) {}

  /** How many zones are kept. */
  get size(): number {
    return this.#zones.size;
  }

  /** Every zone, in the order they were made. */
  all(): StoredZone[] {
    return [...this.#zones.values()];
  }

  /** The zone `id`; `E0000007 … (Zone)` when none. */
  get(id: string): StoredZone {
    const zone = this.#zones.get(id);
    if (!zone) throw noZone(id);
    return zone;
  }

  /** Makes a zone from a request body. */
  create(body: unknown, nowMs: number): StoredZone {
    const fields = zoneFields(ipBody(body));
    const status = (body as Json).status ?? 'ACTIVE';
    if (status !== 'ACTIVE' && status !== 'INACTIVE') throw refuse('status', 'Must be ACTIVE or INACTIVE');
    if (this.#zones.size >= MAX_ZONES) throw refuse('name', `The organization holds ${MAX_ZONES} zones, the most this backend keeps; delete some first`);
    const at = wholeSeconds(nowMs);
    const zone: StoredZone = { id: this.newId('nzo'), type: 'IP', name: fields.name, status, usage: fields.usage, created: at, lastUpdated: at, gateways: fields.gateways, proxies: fields.proxies };
    this.#zones.set(zone.id, zone);
    return zone;
  }

  /** Replaces a zone's name, usage and addresses; its type stays IP and its status is the lifecycle's. */
  replace(id: string, body: unknown, nowMs: number): StoredZone {
    const zone = this.get(id);
    const fields = zoneFields(ipBody(body));
    Object.assign(zone, fields, { lastUpdated: wholeSeconds(nowMs) });
    return zone;
  }

  /** Sets a zone's status (activate, deactivate); `lastUpdated` moves even when it was so already, as real orgs answer. */
  setStatus(id: string, status: ZoneStatus, nowMs: number): StoredZone {
    const zone = this.get(id);
    zone.status = status;
    zone.lastUpdated = wholeSeconds(nowMs);
    return zone;
  }

  /** Deletes an INACTIVE zone; an ACTIVE one is refused naming its status. */
  delete(id: string): void {
    const zone = this.get(id);
    if (zone.status === 'ACTIVE') throw refuse('status', `The zone ${id} is ACTIVE; deactivate it before deleting it`);
    this.#zones.delete(id);
  }

  /** Keeps a zone as a snapshot holds it (the store is cleared first). */
  put(zone: StoredZone): void {
    this.#zones.set(zone.id, zone);
  }

  /** Forgets every zone. */
  clear(): void {
    this.#zones.clear();
  }
}
