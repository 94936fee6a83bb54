import { describe, expect, it } from 'vitest';
import { addressProblem } from '../../../mock-server/network-zones/addresses';

describe('zone address entries', () => {
  it('takes IPv4 and IPv6 CIDR blocks, host bits set or not, as real orgs keep 1.2.3.4/24', () => {
    for (const value of ['1.2.3.4/24', '203.0.113.0/24', '0.0.0.0/0', '10.0.0.1/32', '2001:db8::/32', '::1/128', 'fe80::1:2/64', '1:2:3:4:5:6:7:8/128']) {
      expect(addressProblem('CIDR', value), value).toBeUndefined();
    }
  });

  it('refuses what is not a CIDR block, naming the value', () => {
    for (const value of ['1.2.3.4', '1.2.3.4/33', '1.2.3.256/24', '1.2.3/24', '1.2.3.4/24/1', '2001:db8::/129', '1::2::3/64', '1:2:3:4:5:6:7:8:9/64', 'a.b.c.d/8', '1.2.3.4/', '1.2.3.4/x']) {
      expect(addressProblem('CIDR', value), value).toContain(`${value} is not a CIDR block`);
    }
  });

  it('takes ranges in order, and one address as a range', () => {
    for (const value of ['2.3.4.5-2.3.4.15', '3.3.4.5-3.3.4.15', '1.1.1.1-1.1.1.1', '1.1.1.1', '2001:db8::1-2001:db8::ff']) {
      expect(addressProblem('RANGE', value), value).toBeUndefined();
    }
  });

  it('refuses a range that ends before it starts, mixes families or is not two addresses', () => {
    expect(addressProblem('RANGE', '2.3.4.15-2.3.4.5')).toBe('2.3.4.15-2.3.4.5 starts after it ends');
    expect(addressProblem('RANGE', '1.1.1.1-::1')).toBe('1.1.1.1-::1 mixes IPv4 and IPv6 addresses');
    for (const value of ['1.1.1.1-1.1.1.2-1.1.1.3', '1.1.1.1-', 'x-y', '1.2.3.0/24']) expect(addressProblem('RANGE', value), value).toContain('is not a range');
  });
});
