import { describe, expect, it } from 'vitest';
import { clientAddressKey } from './client-address';

describe.skipIf(process.env.TEST_DB === 'postgres')('the key of a client address for per-address limits', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('127.0.0.1')).toBe('127.0.0.1');
  });

  it('counts every address of one IPv6 /64 together, however it is written', () => {
    const spellings = [
      '2001:db8:85a3:12::1',
      '2001:db8:85a3:12:ffff:ffff:ffff:ffff',
      '2001:0DB8:85A3:0012:0000:0000:0000:0002',
      '2001:db8:85a3:12:abcd::9',
      '2001:db8:85a3:12::192.0.2.1',
      '2001:db8:85a3:12::3%eth0',
    ];
    for (const ip of spellings) expect(clientAddressKey(ip), ip).toBe('2001:db8:85a3:12::/64');
  });

  it('gives another /64 its own counter', () => {
    expect(clientAddressKey('2001:db8:85a3:13::1')).toBe('2001:db8:85a3:13::/64');
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
    expect(clientAddressKey('2001:db8::')).toBe('2001:db8:0:0::/64');
  });

  it('counts an IPv4 address written as IPv6 as that IPv4 address', () => {
    expect(clientAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::FFFF:203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::ffff:cb00:7107')).toBe('203.0.113.7');
    expect(clientAddressKey('0:0:0:0:0:ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('leaves anything else as it came', () => {
    expect(clientAddressKey('')).toBe('');
    expect(clientAddressKey('not an address')).toBe('not an address');
  });
});
