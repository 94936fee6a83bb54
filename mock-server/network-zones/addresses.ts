/**
 * The address entries of an IP zone (`gateways`, `proxies`): `{ type: 'CIDR', value: '1.2.3.0/24' }`
 * or `{ type: 'RANGE', value: '2.3.4.5-2.3.4.15' }`, IPv4 or IPv6. A RANGE may be one address.
 */

/** The longest `value` an entry may have (an IPv6 range is at most 79 characters). */
export const MAX_ADDRESS_VALUE_LENGTH = 100;

/** One entry of `gateways` or `proxies`, as given and answered. */
export interface ZoneAddress {
  /** CIDR (`1.2.3.0/24`) or RANGE (`2.3.4.5-2.3.4.15`, or one address). */
  type: 'CIDR' | 'RANGE';
  /** The block or range, IPv4 or IPv6, as given. */
  value: string;
}

/** An address as a number and its family's width in bits. */
interface Address {
  bits: 32 | 128;
  value: bigint;
}

function ipv4(text: string): Address | undefined {
  const parts = text.split('.');
  if (parts.length !== 4) return undefined;
  let value = 0n;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255) return undefined;
    value = (value << 8n) | BigInt(part);
  }
  return { bits: 32, value };
}

function groups(text: string): string[] | undefined {
  if (text === '') return [];
  const list = text.split(':');
  return list.every((g) => /^[0-9A-Fa-f]{1,4}$/.test(g)) ? list : undefined;
}

function ipv6(text: string): Address | undefined {
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const head = groups(halves[0]!);
  const tail = halves.length === 2 ? groups(halves[1]!) : [];
  if (!head || !tail) return undefined;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
  let value = 0n;
  for (const g of [...head, ...Array<string>(missing).fill('0'), ...tail]) value = (value << 16n) | BigInt(`0x${g}`);
  return { bits: 128, value };
}

function address(text: string): Address | undefined {
  return text.includes(':') ? ipv6(text) : ipv4(text);
}

/** Why an entry's value is not of its type, or `undefined` when it is. */
export function addressProblem(type: 'CIDR' | 'RANGE', value: string): string | undefined {
  if (type === 'CIDR') {
    const [at, prefix, ...rest] = value.split('/');
    const a = address(at!);
    if (!a || prefix === undefined || rest.length > 0 || !/^\d{1,3}$/.test(prefix) || Number(prefix) > a.bits) {
      return `${value} is not a CIDR block (an IPv4 or IPv6 address, a slash and a prefix length)`;
    }
    return undefined;
  }
  const ends = value.split('-');
  const [from, to] = [address(ends[0]!), address(ends[ends.length - 1]!)];
  if (ends.length > 2 || !from || !to) return `${value} is not a range of IP addresses (two addresses joined by a hyphen, or one address)`;
  if (from.bits !== to.bits) return `${value} mixes IPv4 and IPv6 addresses`;
  if (from.value > to.value) return `${value} starts after it ends`;
  return undefined;
}
