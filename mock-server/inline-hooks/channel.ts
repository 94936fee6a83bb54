import { validationFailed } from '../pipeline/okta-errors';
import { isObject } from '../shared/json';

/** The longest `channel.config.uri`. */
export const MAX_URI_LENGTH = 1_024;
/** The most `channel.config.headers` a hook sends. */
export const MAX_HEADERS = 20;
/** The longest header name (and `authScheme.key`). */
export const MAX_HEADER_KEY_LENGTH = 255;
/** The longest header value (and `authScheme.value`). */
export const MAX_HEADER_VALUE_LENGTH = 1_024;

/** A header the hook's calls carry. */
export interface HookHeader {
  /** The header's name. */
  key: string;
  /** The header's value (answered back: not a secret). */
  value: string;
}

/** How the hook's calls authenticate: a header whose value is a secret never answered back. */
export interface HookAuthScheme {
  /** HEADER, the only scheme Okta documents for HTTP channels. */
  type: 'HEADER';
  /** The header's name (`Authorization`). */
  key: string;
  /** The secret; kept, never answered. */
  value: string;
}

/** An HTTP channel: where and how Okta would call the hook (this backend never calls out). */
export interface HookChannel {
  /** HTTP, the only channel served (Okta's OAUTH channels are not). */
  type: 'HTTP';
  /** The channel's version (`1.0.0`). */
  version: string;
  /** An https URL. */
  uri: string;
  /** The headers each call carries, at most 20. */
  headers: HookHeader[];
  /** POST, the only method Okta calls hooks with. */
  method: 'POST';
  /** How the calls authenticate, when given. */
  authScheme?: HookAuthScheme;
}

const refuse = (path: string, reason: string) => validationFailed([{ path, reason }]);

function text(given: unknown, field: string, max: number): string {
  if (typeof given !== 'string' || given === '') throw refuse(field, `${field} must be specified`);
  if (given.length > max) throw refuse(field, `${field} must be at most ${max} characters`);
  return given;
}

function readUri(given: unknown): string {
  const uri = text(given, 'channel.config.uri', MAX_URI_LENGTH);
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    throw refuse('channel.config.uri', 'Must be an absolute URL');
  }
  if (url.protocol !== 'https:') throw refuse('channel.config.uri', 'Must be an https URL');
  return uri;
}

function readHeaders(given: unknown): HookHeader[] {
  if (given === undefined || given === null) return [];
  if (!Array.isArray(given)) throw refuse('channel.config.headers', 'Must be a list of { key, value } headers');
  if (given.length > MAX_HEADERS) throw refuse('channel.config.headers', `A hook sends at most ${MAX_HEADERS} headers`);
  return given.map((h: unknown, i) => {
    const at = `channel.config.headers[${i}]`;
    if (!isObject(h)) throw refuse(at, 'Must be an object with a key and a value');
    return { key: text(h.key, `${at}.key`, MAX_HEADER_KEY_LENGTH), value: text(h.value, `${at}.value`, MAX_HEADER_VALUE_LENGTH) };
  });
}

/**
 * Reads `channel.config.authScheme`. A replace that gives the same scheme without its `value` keeps
 * the secret already held (`kept`), since answers never show it.
 */
function readAuthScheme(given: unknown, kept: HookAuthScheme | undefined): HookAuthScheme | undefined {
  if (given === undefined || given === null) return undefined;
  const at = 'channel.config.authScheme';
  if (!isObject(given)) throw refuse(at, 'Must be an object with a type, a key and a value');
  if (given.type !== 'HEADER') throw refuse(`${at}.type`, 'Must be HEADER');
  const key = text(given.key, `${at}.key`, MAX_HEADER_KEY_LENGTH);
  if ((given.value === undefined || given.value === null) && kept && kept.key === key) return { ...kept };
  return { type: 'HEADER', key, value: text(given.value, `${at}.value`, MAX_HEADER_VALUE_LENGTH) };
}

/** Reads a hook's `channel`: HTTP only (OAUTH channels are not served), POST to an https URI. */
export function readChannel(given: unknown, kept?: HookChannel): HookChannel {
  if (!isObject(given)) throw refuse('channel', 'Channel must be specified');
  if (given.type === 'OAUTH') throw refuse('channel.type', 'OAUTH channels are not served by this backend; only HTTP ones are');
  if (given.type !== 'HTTP') throw refuse('channel.type', 'Must be HTTP');
  const version = text(given.version, 'channel.version', 16);
  if (!/^\d+\.\d+\.\d+$/.test(version)) throw refuse('channel.version', 'Must be a version such as 1.0.0');
  const config = given.config;
  if (!isObject(config)) throw refuse('channel.config', 'Config must be specified');
  const method = config.method ?? 'POST';
  if (method !== 'POST') throw refuse('channel.config.method', 'Must be POST');
  const channel: HookChannel = { type: 'HTTP', version, uri: readUri(config.uri), headers: readHeaders(config.headers), method: 'POST' };
  const authScheme = readAuthScheme(config.authScheme, kept?.authScheme);
  if (authScheme) channel.authScheme = authScheme;
  return channel;
}

/** A copy of a channel (its headers and scheme copied too). */
export function copyChannel(channel: HookChannel): HookChannel {
  const out: HookChannel = { ...channel, headers: channel.headers.map((h) => ({ ...h })) };
  if (channel.authScheme) out.authScheme = { ...channel.authScheme };
  return out;
}
