import { describe, expect, it } from 'vitest';
import { maskSecret, SecretBox } from './secret-box';

describe.skipIf(process.env.TEST_DB === 'postgres')('stored secrets', () => {
  const box = new SecretBox('server-secret-key-for-tests');

  it('round-trips, with a fresh nonce every time, and never stores the plaintext', () => {
    const first = box.encrypt('sk-live-1234567890');
    const second = box.encrypt('sk-live-1234567890');
    expect(first).not.toBe(second);
    expect(first).not.toContain('1234567890');
    expect(box.decrypt(first)).toBe('sk-live-1234567890');
    expect(box.decrypt(box.encrypt(''))).toBe('');
  });

  it('refuses a value sealed by another key, tampered with, or malformed', () => {
    const sealed = box.encrypt('secret value');
    expect(new SecretBox('another-key').decrypt(sealed)).toBeNull();
    const parts = sealed.split('.');
    const tampered = [...parts.slice(0, 3), Buffer.from('other value!').toString('base64url')].join('.');
    expect(box.decrypt(tampered)).toBeNull();
    for (const bad of ['', 'v1', 'v2.a.b.c', 'plain text']) expect(box.decrypt(bad)).toBeNull();
  });

  it('masks all but the last four characters of long secrets, and all of short ones', () => {
    expect(maskSecret('sk-live-1234567890')).toBe('••••••••7890');
    expect(maskSecret('short')).toBe('••••••••');
  });
});
