import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts } from './schema';
import { isoFromDriver, isoTimestamp } from './iso-timestamp';
import { buildTestApp, signUp, type TestApp } from '../test/test-app';

describe('isoFromDriver', () => {
  it('writes a UTC time exactly as Date does, its fraction cut to milliseconds', () => {
    for (const text of [
      '2026-11-27 22:50:32.123789+00',
      '2026-11-27 22:50:32.999999+00',
      '2026-11-27 22:50:32.1+00',
      '2026-11-27 22:50:32.12+00',
      '2026-11-27 22:50:32+00',
      '1999-12-31 23:59:59.5+00',
    ]) {
      expect(isoFromDriver(text)).toBe(new Date(text).toISOString());
    }
  });

  it('reads a time in another zone through Date', () => {
    expect(isoFromDriver('2026-11-27 22:50:32.5-05')).toBe('2026-11-28T03:50:32.500Z');
    expect(isoFromDriver('2026-11-27 22:50:32.12+01:30')).toBe('2026-11-27T21:20:32.120Z');
  });
});

describe('isoTimestamp', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it("reads a stored time (the database's own clock, to the microsecond) as the column's Date would write it", async () => {
    const user = await signUp(t.app, 'iso-time');
    await t.database.db.insert(contacts).values({ userId: user.id, workspaceId: user.id, name: 'Ada' });
    const [row] = await t.database.db
      .select({ iso: isoTimestamp(contacts.createdAt), date: contacts.createdAt })
      .from(contacts)
      .where(eq(contacts.userId, user.id));
    expect(row?.iso).toBe(row?.date.toISOString());
  });
});
