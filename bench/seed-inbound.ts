import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FormField } from '../common/forms';
import type { Db } from '../server/src/db/client';
import {
  defaultFormSettings,
  defaultFormStyle,
  forms,
  schedulingAvailability,
  schedulingSettings,
} from '../server/src/db/schema';
import { selectRows } from '../server/src/db/select-rows';
import { BENCH_EMAIL } from './seed';
import { contactNameSql } from './seed-names';

// The heavy user's forms with their submissions, bookings and mailbox: what reaches an account from outside.

/** The booking page's slot length: short slots leave many free ones for the benchmark's bookings. */
export const BOOKING_SLOT_MINUTES = 15;
/** How far ahead the booking page takes bookings (the most the settings allow). */
export const BOOKING_MAX_ADVANCE_DAYS = 365;

function formFields(): FormField[] {
  return [
    { id: randomUUID(), type: 'name', label: 'Full Name', required: true },
    { id: randomUUID(), type: 'email', label: 'Email', required: true },
    { id: randomUUID(), type: 'company', label: 'Company', required: false },
    { id: randomUUID(), type: 'select', label: 'Plan', required: false, options: ['Basic', 'Pro', 'Enterprise'] },
    { id: randomUUID(), type: 'textarea', label: 'Message', required: false },
  ];
}

/**
 * `formCount` forms and `submissionCount` submissions spread over them, half a minute apart, each answering the
 * form's fields by id (with the fields' snapshot as a submission stores it); each form counts its submissions.
 */
export async function seedForms(db: Db, userId: string, formCount: number, submissionCount: number) {
  const fieldIds: string[][] = [];
  const values = Array.from({ length: formCount }, (_, i) => {
    const fields = formFields();
    fieldIds.push(fields.map((field) => field.id));
    return {
      userId,
      workspaceId: userId,
      name: `Lead form ${i + 1}`,
      description: 'Tell us about your project',
      fields,
      settings: defaultFormSettings,
      style: defaultFormStyle,
      createdAt: new Date(Date.now() - (formCount - i) * 86_400_000),
    };
  });
  const made = await db.insert(forms).values(values).returning({ id: forms.id });
  const formIds = made.map((form) => form.id);
  await db.execute(sql`insert into form_submissions (form_id, workspace_id, user_id, data, fields, ip_hash,
      idempotency_key, created_at)
    select f.id, ${userId}, ${userId},
      jsonb_build_object(f.fields->0->>'id', 'Visitor ' || i, f.fields->1->>'id', 'visitor' || i || '@example.com',
        f.fields->2->>'id', (array['Acme', 'Globex', 'Initech'])[1 + i % 3],
        f.fields->3->>'id', (array['Basic', 'Pro', 'Enterprise'])[1 + i % 3],
        f.fields->4->>'id', 'We would like a demo for a team of ' || (i % 50 + 2) || '.'),
      (select jsonb_agg(jsonb_build_object('id', e->>'id', 'label', e->>'label', 'type', e->>'type'))
        from jsonb_array_elements(f.fields) e),
      md5(i::text), gen_random_uuid()::text, now() - i * interval '30 seconds'
    from generate_series(1, ${submissionCount}) as i
      join (select id, fields, row_number() over (order by created_at) - 1 as k from forms where user_id = ${userId}) f
        on f.k = i % ${formCount}`);
  await db.execute(sql`update forms f set submission_count = s.n
    from (select form_id, count(*)::int as n from form_submissions where user_id = ${userId} group by form_id) s
    where f.id = s.form_id`);
  return { formIds, fieldIds };
}

/** A booking page open every day around the clock in UTC, 15-minute slots a year ahead. */
export async function openBookingPage(db: Db, userId: string): Promise<void> {
  await db.insert(schedulingSettings).values({
    userId,
    timezone: 'UTC',
    slotMinutes: BOOKING_SLOT_MINUTES,
    maxAdvanceDays: BOOKING_MAX_ADVANCE_DAYS,
  });
  await db.insert(schedulingAvailability).values(
    Array.from({ length: 7 }, (_, dayOfWeek) => ({
      userId,
      dayOfWeek,
      isAvailable: true,
      startTime: '00:00',
      endTime: '23:30',
    })),
  );
}

/**
 * The booking page: open every day around the clock in UTC, 15-minute slots a year ahead; `count` bookings an
 * hour apart, 70 % in the past (completed, every tenth cancelled) and the rest ahead (scheduled). Returns the
 * first day from today with no booking on it or later.
 */
export async function seedBookings(db: Db, userId: string, count: number): Promise<number> {
  await openBookingPage(db, userId);
  const past = Math.floor(count * 0.7);
  await db.execute(sql`insert into bookings (user_id, scheduled_start_time, scheduled_end_time, booker_name,
      booker_email, notes, status, created_at)
    select ${userId}, t, t + interval '30 minutes', 'Visitor ' || i, 'visitor' || i || '@example.com',
      case when i % 3 = 0 then 'About the renewal' end,
      case when t > now() then 'Scheduled' when i % 10 = 0 then 'Cancelled' else 'Completed' end,
      least(t, now()) - interval '2 days'
    from generate_series(1, ${count}) as i,
      lateral (select date_trunc('hour', now()) + (i - ${past}) * interval '1 hour' as t) s`);
  const firstFreeDay = Math.ceil((count - past) / 24) + 2;
  // Busy times read from the owner's calendar: half an hour every two hours between the bookings, from a week ago to
  // the first free day (the API's bookings after it must find their slots free).
  await db.execute(sql`insert into calendar_busy_times (user_id, calendar_url, event_uid, starts_at, ends_at, title)
    select ${userId}, 'https://calendar.example/work/', 'event-' || i, t, t + interval '30 minutes', 'Meeting ' || i
    from generate_series(0, ${(firstFreeDay + 7) * 12 - 1}) as i,
      lateral (select date_trunc('day', now()) - interval '7 days' + i * interval '2 hours'
        + interval '15 minutes' as t) s
    where t + interval '30 minutes' <= date_trunc('day', now()) + ${firstFreeDay} * interval '1 day'`);
  return firstFreeDay;
}

/**
 * One mail account and `count` messages a minute apart: 80 % in the inbox (every tenth unread, every twentieth
 * starred), the rest sent, spam and trash; each from or to one of the contacts, with the address rows that put it
 * on that contact's page.
 */
export async function seedEmail(db: Db, userId: string, count: number, contactCount: number) {
  const [account] = await selectRows<{ id: string }>(
    db,
    sql`insert into email_accounts (user_id, email) values (${userId}, ${BENCH_EMAIL}) returning id`,
  );
  await db.execute(sql`insert into email_messages (user_id, account_id, direction, folder, is_read, is_starred,
      message_id, from_name, from_address, "to", subject, sent_at, received_at, preview, text_body)
    select ${userId}, ${account!.id}, case when f = 'sent' then 'out' else 'in' end, f, i % 10 <> 0, i % 20 = 0,
      '<bench-' || i || '@example.com>',
      case when f = 'sent' then 'Bench User' else ${contactNameSql(sql`i % ${contactCount}`)} end,
      case when f = 'sent' then ${BENCH_EMAIL} else 'contact' || i % ${contactCount} || '@example.com' end,
      jsonb_build_array(jsonb_build_object('name', '', 'address',
        case when f = 'sent' then 'contact' || i % ${contactCount} || '@example.com' else ${BENCH_EMAIL} end)),
      'About Deal ' || i, now() - i * interval '1 minute', now() - i * interval '1 minute',
      'Following up on our call about Deal ' || i, 'Following up on our call about Deal ' || i || '. Best regards.'
    from generate_series(1, ${count}) as i,
      lateral (select case when i % 25 < 20 then 'inbox' when i % 25 < 23 then 'sent'
        when i % 25 = 23 then 'spam' else 'trash' end as f) folder`);
  await db.execute(sql`insert into email_message_addresses (message_id, user_id, address, received_at)
    select id, user_id, case when direction = 'out' then "to"->0->>'address' else from_address end, received_at
    from email_messages where user_id = ${userId}`);
}

/** Seeds the bench user (who can sign in) with `size` rows and `size.lightUsers` users with five contacts each. */
