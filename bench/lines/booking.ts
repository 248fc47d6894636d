// The bench's lines of the booking page: each request beside the SQL its cheapest server would run (see line.ts).
import { randomUUID } from 'node:crypto';
import { BOOKING_MAX_ADVANCE_DAYS, BOOKING_SLOT_MINUTES } from '../seed-inbound';
import { attemptCounters, MINUTE, utcMidnight, type Line, type LineContext } from './line';

/**
 * The booking page's slots of a day: the owner's rules, their bookings and their calendars' busy times that day, as
 * one statement.
 */
const slotsFloorSql = `select u.name, u.avatar_url, s.timezone, s.time_format, s.min_notice_minutes, s.max_advance_days,
    s.slot_minutes,
    (select json_agg(a) from scheduling_availability a where a.user_id = u.id) as days,
    (select json_agg(b) from (
      select scheduled_start_time, scheduled_end_time from bookings
      where user_id = u.id and status = 'Scheduled' and scheduled_start_time < $3 and scheduled_end_time > $2
      union all
      select starts_at, ends_at from calendar_busy_times
      where user_id = u.id and tstzrange(starts_at, ends_at) && tstzrange($2, $3)
    ) b) as booked
  from users u left join scheduling_settings s on s.user_id = u.id
  where u.id = $1`;

/**
 * A booking's floor: the attempt counted per address, the key's earlier booking, the owner's rules, the check of
 * their busy times, the booking and the owner's notification, as one statement.
 */
const bookingFloorSql = `with ${attemptCounters('address')}, earlier as (
    select id from bookings where user_id = $1 and idempotency_key = $7
  ), owner as (
    select u.name, s.timezone, s.slot_minutes,
      (select json_agg(a) from scheduling_availability a where a.user_id = u.id) as days
    from users u left join scheduling_settings s on s.user_id = u.id where u.id = $1
  ), booked as (
    insert into bookings (user_id, scheduled_start_time, scheduled_end_time, booker_name, booker_email, notes,
      status, idempotency_key)
    select $1::uuid, $2::timestamptz, $3::timestamptz, $4::text, $5::text, $6::text, 'Scheduled', $7::uuid
    where not exists (select 1 from earlier) and not exists (select 1 from calendar_busy_times
      where user_id = $1 and tstzrange(starts_at, ends_at) && tstzrange($2::timestamptz, $3::timestamptz))
    returning id, scheduled_start_time, scheduled_end_time
  ), notified as (
    insert into notifications (user_id, kind, title, body, link, source_id)
    select $1, 'booking', 'New booking: ' || $4::text, $5::text, null, id from booked
  )
  select booked.*, owner.name, owner.timezone from booked, owner`;

/** Slot starts of a day on the bench user's booking page: 00:00 to 23:15, a slot apart (the day's hours end at 23:30). */
const SLOTS_A_DAY = Math.floor((23 * 60 + 30) / BOOKING_SLOT_MINUTES);

/**
 * Every call a different free slot of one of `owners`' booking pages: the first owner's from `firstDay` (days from
 * today, UTC) on, soonest first, then each spare page's. Past the last page's year it starts over:
 * only the framework floor, which books nothing, asks that many.
 */
function slotSequence(owners: string[], firstDay: number): () => { owner: string; start: Date } {
  const pages = owners.map((owner, index) => {
    // A spare page's from the day after tomorrow: a slot early tomorrow may be inside the minimum notice.
    const from = index === 0 ? firstDay : 2;
    return { owner, from, capacity: (BOOKING_MAX_ADVANCE_DAYS - from) * SLOTS_A_DAY };
  });
  const total = pages.reduce((sum, page) => sum + page.capacity, 0);
  let next = 0;
  return () => {
    let n = next++ % total;
    let index = 0;
    while (n >= pages[index]!.capacity) n -= pages[index++]!.capacity;
    const page = pages[index]!;
    const day = page.from + Math.floor(n / SLOTS_A_DAY);
    return { owner: page.owner, start: new Date(utcMidnight(day) + (n % SLOTS_A_DAY) * BOOKING_SLOT_MINUTES * MINUTE) };
  };
}

export function bookingLines({ f }: LineContext): Line[] {
  const { userId } = f;
  const tomorrow = new Date(utcMidnight(1)).toISOString().slice(0, 10);
  // The API's bookings start after the seeded ones.
  const bookingSlots = slotSequence([userId, ...f.spareBookingPages], f.firstFreeDay);
  let floorBookings = 0;
  return [
    {
      name: 'GET /api/public/booking/:userId/slots (tomorrow)',
      target: { method: 'GET', path: `/api/public/booking/${userId}/slots?date=${tomorrow}&tz=UTC` },
      floorSql: slotsFloorSql,
      floorParams: [userId, new Date(utcMidnight(1)).toISOString(), new Date(utcMidnight(2)).toISOString()],
    },
    {
      name: 'POST /api/public/booking/:userId',
      target: {
        method: 'POST',
        path: `/api/public/booking/${userId}`,
        headers: { 'content-type': 'application/json' },
        nextRequest: () => {
          const { owner, start } = bookingSlots();
          return {
            path: `/api/public/booking/${owner}`,
            body: JSON.stringify({
              start: start.toISOString(),
              name: 'Vera Visitor',
              email: 'vera@example.com',
              notes: 'About the renewal',
              idempotencyKey: randomUUID(),
            }),
          };
        },
      },
      floorSql: bookingFloorSql,
      floorParams: () => {
        // Far past the booking page's year, so the floor's bookings take none of the API's slots.
        const start = new Date(Date.UTC(2100, 0, 1) + floorBookings++ * BOOKING_SLOT_MINUTES * MINUTE);
        const end = new Date(start.getTime() + BOOKING_SLOT_MINUTES * MINUTE);
        return [userId, start.toISOString(), end.toISOString(), 'Vera Visitor', 'vera@example.com', null, randomUUID()];
      },
    },
  ];
}
