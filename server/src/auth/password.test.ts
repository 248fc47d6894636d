import { describe, expect, it } from 'vitest';
import {
  HashQueueFullError,
  MAX_CONCURRENT_HASHES,
  MAX_WAITING_HASHES,
  hashPassword,
  verifyPassword,
} from './password';

describe.skipIf(process.env.TEST_DB === 'postgres')('password hashing', () => {
  it('verifies the right password only, with a fresh salt every time', async () => {
    const [first, second] = await Promise.all([hashPassword('correct-horse-42'), hashPassword('correct-horse-42')]);
    expect(first).toMatch(/^scrypt\$[0-9a-f]{32}\$[0-9a-f]{128}$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword({ hash: first, password: 'correct-horse-42' })).toBe(true);
    expect(await verifyPassword({ hash: first, password: 'correct-horse-43' })).toBe(false);
  });

  it('treats equivalent Unicode forms as one password and refuses malformed hashes', async () => {
    const hash = await hashPassword('caf\u00e9-secret');
    expect(await verifyPassword({ hash, password: 'cafe\u0301-secret' })).toBe(true);
    for (const bad of ['', 'scrypt$', 'bcrypt$aa$bb', 'scrypt$zz$zz']) {
      expect(await verifyPassword({ hash: bad, password: 'x' })).toBe(false);
    }
  });

  it('refuses a hash at once when MAX_WAITING_HASHES wait already, and finishes every one it took', async () => {
    const started = performance.now();
    const outcomes = await Promise.all(
      Array.from({ length: MAX_CONCURRENT_HASHES + MAX_WAITING_HASHES + 5 }, (_, i) =>
        hashPassword(`queued-${i}-secret`).then(
          (hash) => ({ hash }),
          (error: unknown) => ({ error, after: performance.now() - started }),
        ),
      ),
    );
    const refused = outcomes.filter((outcome) => 'error' in outcome);
    expect(refused).toHaveLength(5);
    for (const outcome of refused) {
      expect(outcome.error).toBeInstanceOf(HashQueueFullError);
      expect(outcome.after).toBeLessThan(100);
    }
    expect(outcomes.filter((outcome) => 'hash' in outcome)).toHaveLength(MAX_CONCURRENT_HASHES + MAX_WAITING_HASHES);
  }, 120_000);

  it('finishes every hash of a burst', async () => {
    const hashes = await Promise.all(Array.from({ length: 6 }, (_, i) => hashPassword(`burst-${i}-secret`)));
    expect(new Set(hashes).size).toBe(6);
  });
});
