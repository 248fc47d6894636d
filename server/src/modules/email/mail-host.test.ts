import { describe, expect, it } from 'vitest';
import { mailConnectionMessages } from '@common/mail-connection';
import { isPrivateAddress } from '../../net/outgoing-address';
import { resolveMailHost } from './mail-host';

// Mail hosts go through the outgoing-address guard (its own tests: server/src/net/outgoing-address.test.ts); a
// refusal reads as the mail connection's private-address message.

describe('resolveMailHost', () => {
  it('refuses a private address with the private-address message', async () => {
    await expect(resolveMailHost('127.0.0.1', { allowPrivate: false })).rejects.toThrow(
      mailConnectionMessages.privateAddress,
    );
    await expect(resolveMailHost('[::1]', { allowPrivate: false })).rejects.toThrow(
      mailConnectionMessages.privateAddress,
    );
  });

  it('refuses NAT64, 6to4 and Teredo forms of private addresses and the reserved IPv4 ranges', async () => {
    for (const host of ['64:ff9b::7f00:1', '[2002:a9fe:a9fe::1]', '2001::1', '198.18.0.1', '192.0.0.8']) {
      await expect(resolveMailHost(host, { allowPrivate: false }), host).rejects.toThrow(
        mailConnectionMessages.privateAddress,
      );
    }
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
    expect(isPrivateAddress(local.address)).toBe(true);
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
