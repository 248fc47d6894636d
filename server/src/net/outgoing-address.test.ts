import { createSocket, type Socket } from 'node:dgram';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { isPrivateAddress, PrivateAddressError, resolveOutgoingHost } from './outgoing-address';

// Every connection the server opens to an address a user typed goes only to public addresses, unless the operator
// allows private ones (ALLOW_PRIVATE_HOSTS).

describe('isPrivateAddress', () => {
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
    ['192.0.0.1', 'IETF protocol assignments 192.0.0/24'],
    ['192.0.0.255', 'IETF protocol assignments, last'],
    ['192.0.2.10', 'documentation'],
    ['192.168.1.1', 'private 192.168/16'],
    ['198.18.0.1', 'benchmarking 198.18/15'],
    ['198.19.255.255', 'benchmarking 198.18/15, last'],
    ['203.0.113.5', 'documentation'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved 240/4'],
    ['255.255.255.255', 'broadcast'],
    ['::', 'IPv6 unspecified'],
    ['::1', 'IPv6 loopback'],
    ['fc00::1', 'unique local'],
    ['fd12:3456::1', 'unique local'],
    ['fe80::1', 'IPv6 link-local'],
    ['fe80::1%eth0', 'IPv6 link-local with a zone'],
    ['febf::1', 'IPv6 link-local, last'],
    ['fec0::1', 'deprecated site-local'],
    ['fbff::1', 'outside global unicast'],
    ['ff02::1', 'IPv6 multicast'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hexadecimal'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
    ['0:0:0:0:0:ffff:c0a8:0101', 'IPv4-mapped private, written out'],
    ['::ffff:0:a00:1', 'IPv4-translated private'],
    ['::10.0.0.1', 'IPv4-compatible private'],
    ['64:ff9b::7f00:1', 'NAT64 of loopback'],
    ['64:ff9b::10.0.0.1', 'NAT64 of a private address, dotted'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 of cloud metadata'],
    ['64:ff9b:1::808:808', 'local-use NAT64, whatever is inside'],
    ['64:ff9b:1:ffff::1', 'local-use NAT64, last /64'],
    ['2002:7f00:1::1', '6to4 of loopback'],
    ['2002:a9fe:a9fe::', '6to4 of cloud metadata'],
    ['2002:c0a8:101:1::1', '6to4 of a private address'],
    ['2001::1', 'Teredo'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo, written out'],
    ['2001:db8::1', 'documentation'],
    ['2001:2::1', 'benchmarking'],
    ['100::1', 'discard-only'],
    ['not an address', 'not an IP address at all'],
    ['localhost', 'a name, not an address'],
  ])('refuses %s (%s)', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
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
    ['192.0.1.255'],
    ['192.0.3.0'],
    ['192.167.255.255'],
    ['198.17.255.255'],
    ['198.20.0.0'],
    ['223.255.255.255'],
    ['2001:4860:4860::8888'],
    ['2a00:1450:4001::1'],
    ['2600::1'],
    ['::ffff:8.8.8.8'],
    ['64:ff9b::808:808'],
    ['64:ff9b::8.8.8.8'],
    ['2002:808:808::1'],
  ])('allows the public address %s', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });
});

describe('resolveOutgoingHost', () => {
  it('refuses a private address, with or without brackets, without looking anything up', async () => {
    for (const host of ['127.0.0.1', '[::1]', '::ffff:10.0.0.1', '[64:ff9b::7f00:1]', '198.18.0.7']) {
      await expect(resolveOutgoingHost(host, { allowPrivate: false })).rejects.toBeInstanceOf(PrivateAddressError);
    }
  });

  it('refuses a name that resolves to a private address (localhost, from the hosts file)', async () => {
    await expect(resolveOutgoingHost('localhost', { allowPrivate: false })).rejects.toMatchObject({
      code: 'EPRIVATEADDRESS',
    });
  });

  it('allows private addresses when the operator allows them, and answers the address to connect to', async () => {
    await expect(resolveOutgoingHost('127.0.0.1', { allowPrivate: true })).resolves.toEqual({
      address: '127.0.0.1',
      servername: undefined,
    });
    const local = await resolveOutgoingHost('localhost', { allowPrivate: true });
    expect(isPrivateAddress(local.address)).toBe(true);
    expect(local.servername).toBe('localhost');
  });

  it('answers not found for a name that does not exist', async () => {
    await expect(resolveOutgoingHost('no-such-host.invalid', { allowPrivate: false })).rejects.toMatchObject({
      code: expect.stringMatching(/ENOTFOUND|EAI_AGAIN|ENODATA/),
    });
  });

  it('allows a public address without looking anything up', async () => {
    await expect(resolveOutgoingHost('8.8.8.8', { allowPrivate: false })).resolves.toEqual({
      address: '8.8.8.8',
      servername: undefined,
    });
  });

  describe('with a DNS server that never answers', () => {
    let silent: Socket;
    let questions = 0;
    beforeAll(async () => {
      silent = createSocket('udp4');
      silent.on('message', () => questions++);
      await new Promise<void>((resolve) => silent.bind(0, '127.0.0.1', resolve));
    });
    afterAll(() => new Promise<void>((resolve) => silent.close(() => resolve())));

    it('times out cleanly after the time given, without asking the system resolver after', async () => {
      const dnsServers = [`127.0.0.1:${silent.address().port}`];
      const started = performance.now();
      await expect(
        resolveOutgoingHost('mail.example.com', { allowPrivate: false, timeoutMs: 300, dnsServers }),
      ).rejects.toMatchObject({ code: 'ETIMEOUT' });
      const took = performance.now() - started;
      expect(took).toBeGreaterThanOrEqual(250);
      expect(took).toBeLessThan(2_000);
      // The question reached our DNS server: the look-up went through the resolver, not getaddrinfo.
      expect(questions).toBeGreaterThan(0);
    });
  });
});

describe('the operator setting', () => {
  const configWith = (env: NodeJS.ProcessEnv) =>
    loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'pipewise-config-')), SECRET_KEY: 'x'.repeat(32), ...env });

  it('is off by default, and on with ALLOW_PRIVATE_HOSTS or its former name MAIL_ALLOW_PRIVATE_HOSTS', () => {
    expect(configWith({}).allowPrivateHosts).toBe(false);
    expect(configWith({ ALLOW_PRIVATE_HOSTS: 'false' }).allowPrivateHosts).toBe(false);
    expect(configWith({ ALLOW_PRIVATE_HOSTS: 'true' }).allowPrivateHosts).toBe(true);
    expect(configWith({ ALLOW_PRIVATE_HOSTS: '1' }).allowPrivateHosts).toBe(true);
    expect(configWith({ MAIL_ALLOW_PRIVATE_HOSTS: 'true' }).allowPrivateHosts).toBe(true);
  });
});
