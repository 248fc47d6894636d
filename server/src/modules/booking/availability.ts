import { eq } from 'drizzle-orm';
import {
  defaultAvailability,
  weekdays,
  type Availability,
  type AvailabilityDay,
  type AvailabilityInput,
} from '@common/profile';
import type { Db } from '../../db/client';
import { schedulingAvailability } from '../../db/schema';

const dayColumns = {
  dayOfWeek: schedulingAvailability.dayOfWeek,
  isAvailable: schedulingAvailability.isAvailable,
  startTime: schedulingAvailability.startTime,
  endTime: schedulingAvailability.endTime,
};

/** Seven days, Sunday first; a day never saved is off, 09:00–17:00 (part 1 §4). */
export async function getAvailability(db: Db, userId: string): Promise<Availability> {
  const rows: AvailabilityDay[] = await db
    .select(dayColumns)
    .from(schedulingAvailability)
    .where(eq(schedulingAvailability.userId, userId));
  const saved = new Map(rows.map((row) => [row.dayOfWeek, row]));
  return {
    days: weekdays.map((_, dayOfWeek) => saved.get(dayOfWeek) ?? { dayOfWeek, ...defaultAvailability }),
  };
}

/** Part 1 §7: upsert {user_id, day_of_week, is_available, start_time, end_time}; only ever the user's own row. */
export async function saveAvailabilityDay(
  db: Db,
  userId: string,
  dayOfWeek: number,
  input: AvailabilityInput,
): Promise<AvailabilityDay> {
  const set = { isAvailable: input.isAvailable, startTime: input.startTime, endTime: input.endTime };
  const [row] = await db
    .insert(schedulingAvailability)
    .values({ userId, dayOfWeek, ...set })
    .onConflictDoUpdate({ target: [schedulingAvailability.userId, schedulingAvailability.dayOfWeek], set })
    .returning(dayColumns);
  return row!;
}
