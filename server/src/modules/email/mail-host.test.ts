import { describe, expect, it } from 'vitest';
import { mailConnectionMessages } from '@common/mail-connection';
import { isRefusedAddress, resolveMailHost } from './mail-host';

// The server connects only to public addresses unless the operator allows private ones (MAIL_ALLOW_PRIVATE_HOSTS).

describe('isRefusedAddress', () => {
  it.each([
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', '"this network"'],
    ['10.0.0.1', 'private 10/8'],
    ['10.255.255.255', 'private 10/8, last'],
    ['100.64.0.1', 'shared address space'],
    ['100.127.255.254', 'shared address space, last'],
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback, anywhere in 127/8'],
    ['169.254.169.254', 'cloud metadata'],
    ['169.254.1.1', 'link-local'],
    ['172.16.0.1', 'private 172.16/12'],
    ['172.31.255.255', 'private 172.16/12, last'],
    ['192.168.1.1', 'private 192.168/16'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['::', 'IPv6 unspecified'],
    ['::1', 'IPv6 loopback'],
    ['fc00::1', 'unique local'],
    ['fd12:3456::1', 'unique local'],
    ['fe80::1', 'IPv6 link-local'],
    ['febf::1', 'IPv6 link-local, last'],
    ['ff02::1', 'IPv6 multicast'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hexadecimal'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
    ['0:0:0:0:0:ffff:c0a8:0101', 'IPv4-mapped private, written out'],
    ['::10.0.0.1', 'IPv4-compatible private'],
    ['not an address', 'not an IP address at all'],
  ])('refuses %s (%s)', (address) => {
    expect(isRefusedAddress(address)).toBe(true);
  });

  it.each([
    ['8.8.8.8'],
    ['1.1.1.1'],
    ['9.255.255.255'],
    ['11.0.0.0'],
    ['100.63.255.255'],
    ['100.128.0.0'],
    ['172.15.255.255'],
    ['172.32.0.0'],
    ['169.253.255.255'],
    ['192.167.255.255'],
    ['223.255.255.255'],
    ['2001:4860:4860::8888'],
    ['2a00:1450:4001::1'],
    ['::ffff:8.8.8.8'],
    ['fbff::1'],
    ['fec0::1'],
  ])('allows the public address %s', (address) => {
    expect(isRefusedAddress(address)).toBe(false);
  });
});

describe('resolveMailHost', () => {
  it('refuses a private address with the private-address message', async () => {
    await expect(resolveMailHost('127.0.0.1', { allowPrivate: false })).rejects.toThrow(
      mailConnectionMessages.privateAddress,
    );
    await expect(resolveMailHost('[::1]', { allowPrivate: false })).rejects.toThrow(
      mailConnectionMessages.privateAddress,
    );
  });

  it('refuses a name that resolves to a private address', async () => {
    await expect(resolveMailHost('localhost', { allowPrivate: false })).rejects.toThrow(
      mailConnectionMessages.privateAddress,
    );
  });

  it('allows private addresses when the operator allows them, and connects to the resolved address', async () => {
    await expect(resolveMailHost('127.0.0.1', { allowPrivate: true })).resolves.toEqual({
      address: '127.0.0.1',
      servername: undefined,
    });
    const local = await resolveMailHost('localhost', { allowPrivate: true });
    expect(isRefusedAddress(local.address)).toBe(true);
    expect(local.servername).toBe('localhost');
  });

  it('answers host not found for a name that does not exist', async () => {
    await expect(resolveMailHost('no-such-host.invalid', { allowPrivate: false })).rejects.toMatchObject({
      code: expect.stringMatching(/ENOTFOUND|EAI_AGAIN/),
    });
  });

  it('allows a public address without looking anything up', async () => {
    await expect(resolveMailHost('8.8.8.8', { allowPrivate: false })).resolves.toEqual({
      address: '8.8.8.8',
      servername: undefined,
    });
  });
});
