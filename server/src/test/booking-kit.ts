import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Slot } from '@common/booking';
import type { SchedulingSettingsInput } from '@common/scheduling';
import type { Db } from '../db/client';
import { bookings } from '../db/schema';
import { signUp, type UserClient } from './test-app';

// Helpers of the booking tests (public page and owner side).

/** A user whose booking page is open every day from `startTime` to `endTime`, with these settings. */
export async function openBookingOwner(
  app: FastifyInstance,
  settings: SchedulingSettingsInput = {},
  hours = { startTime: '00:00', endTime: '23:30' },
): Promise<UserClient> {
  const owner = await signUp(app, 'olivia');
  expect((await owner.patch('/api/profile', { name: 'Olivia Owner' })).statusCode).toBe(200);
  for (let day = 0; day < 7; day++) {
    const res = await app.inject({
      method: 'PUT',
      url: `/api/profile/availability/${day}`,
      headers: { cookie: owner.cookie },
      payload: { isAvailable: true, ...hours },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const res = await owner.patch('/api/scheduling/settings', { timezone: 'UTC', ...settings });
  expect(res.statusCode, res.body).toBe(200);
  return owner;
}

/** A visitor's booking, filled in with valid details. */
export const bookingOf = (start: string, extra: Record<string, unknown> = {}) => ({
  start,
  name: 'Vera Visitor',
  email: 'vera@example.com',
  notes: 'About the renewal',
  idempotencyKey: randomUUID(),
  ...extra,
});

export const book = (app: FastifyInstance, ownerId: string, body: unknown) =>
  app.inject({
    method: 'POST',
    url: `/api/public/booking/${ownerId}`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

export async function slotsOf(app: FastifyInstance, ownerId: string, date: string, tz = 'UTC'): Promise<Slot[]> {
  const res = await app.inject({ url: `/api/public/booking/${ownerId}/slots?date=${date}&tz=${tz}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ slots: Slot[] }>().slots;
}

/** The UTC date `days` from today. */
export const utcDate = (days = 0) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export const bookingRows = (db: Db, ownerId: string) => db.select().from(bookings).where(eq(bookings.userId, ownerId));
