// The benchmark's data: one heavy user with a realistic heavy account and many light users. The heavy user's rows
// are made by `insert … select from generate_series` statements, one per table, so the database writes them in
// bulk; the light users' in batched inserts.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Db } from '../server/src/db/client';
import { sql, type SQL } from 'drizzle-orm';
import type { FormField } from '../common/forms';
import {
  authAccounts,
  authUsers,
  contacts,
  defaultFormSettings,
  defaultFormStyle,
  forms,
  pipelines,
  schedulingAvailability,
  schedulingSettings,
  users,
} from '../server/src/db/schema';
import { hashPassword } from '../server/src/auth/password';
import { selectRows } from '../server/src/db/select-rows';

export const BENCH_EMAIL = 'bench@example.com';
export const BENCH_PASSWORD = 'bench-password-1';

const FIRST = [
  'Ada',
  'Alan',
  'Grace',
  'Linus',
  'Margaret',
  'Ken',
  'Barbara',
  'Dennis',
  'Frances',
  'John',
  'Radia',
  'Tim',
];
const LAST = [
  'Lovelace',
  'Turing',
  'Hopper',
  'Torvalds',
  'Hamilton',
  'Thompson',
  'Liskov',
  'Ritchie',
  'Allen',
  'Backus',
  'Perlman',
  'Lee',
];
const COMPANIES = ['Acme', 'Globex', 'Initech', 'Umbrella', 'Hooli', 'Stark', 'Wayne', 'Wonka', null];
const BATCH = 5_000;

/** How much the heavy user has of each kind of row. */
export interface SeedSize {
  contacts: number;
  deals: number;
  activities: number;
  tasks: number;
  projects: number;
  forms: number;
  submissions: number;
  bookings: number;
  emails: number;
  lightUsers: number;
}

/** The booking page's slot length: short slots leave many free ones for the benchmark's bookings. */
export const BOOKING_SLOT_MINUTES = 15;
/** How far ahead the booking page takes bookings (the most the settings allow). */
export const BOOKING_MAX_ADVANCE_DAYS = 365;

export interface SeedResult {
  userId: string;
  /** The bench user's largest pipeline (the default one), for the board. */
  pipelineId: string;
  /** The bench user's forms, oldest first. */
  formIds: string[];
  /** Each form's field ids: name, email, company, plan, message. */
  fieldIds: string[][];
  /** The first day (counted from today, UTC) with no seeded booking on or after it. */
  firstFreeDay: number;
  rows: number;
  /** Rows by table, in the order they were seeded. */
  counts: Record<string, number>;
  seconds: number;
}

/** The name contactRow gives the i-th contact, in SQL: the seeded tasks name their contact. */
export function contactNameSql(i: SQL): SQL {
  const pick = (names: string[], at: SQL) => sql`(${sql.raw(`array['${names.join("', '")}']`)})[1 + ${at}]`;
  return sql`${pick(FIRST, sql`(${i}) % ${FIRST.length}`)} || ' ' || ${pick(LAST, sql`(${i}) / ${FIRST.length} % ${LAST.length}`)} || ' ' || (${i})`;
}

function contactRow(userId: string, i: number) {
  return {
    userId,
    name: `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]} ${i}`,
    email: `contact${i}@example.com`,
    phone: i % 3 ? `+1 555 ${String(i % 10_000).padStart(4, '0')}` : null,
    company: COMPANIES[i % COMPANIES.length] ?? null,
  };
}

const textArray = (values: readonly string[]) =>
  sql.raw(`array[${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ')}]::text[]`);

async function insertUsers(db: Db, people: Array<{ id: string; name: string; email: string }>) {
  for (let i = 0; i < people.length; i += BATCH) {
    const batch = people.slice(i, i + BATCH);
    await db.insert(authUsers).values(batch);
    await db.insert(users).values(batch);
  }
}

/** The user's contacts as contactRow makes them, in one statement. */
async function seedContacts(db: Db, userId: string, count: number) {
  const companies = COMPANIES.filter((company): company is string => company !== null);
  await db.execute(sql`insert into contacts (user_id, name, email, phone, company)
    select ${userId}, ${contactNameSql(sql`i`)}, 'contact' || i || '@example.com',
      case when i % 3 <> 0 then '+1 555 ' || lpad((i % 10000)::text, 4, '0') end,
      (${textArray(companies)})[1 + i % ${COMPANIES.length}]
    from generate_series(0, ${count - 1}) as i`);
}

/**
 * Three pipelines (the default one holds 60 % of the deals), deals a minute apart over each pipeline's stages,
 * every other one linked to one of the first contacts, those Won with the time they were won; and two activities a
 * deal (as many as `activities` allows): a pending one due within a month either side of today (the board's next
 * activity, the calendar, today's schedule) and a completed one in the past.
 */
async function seedDeals(db: Db, userId: string, count: number, activities: number): Promise<string> {
  const made = await db
    .insert(pipelines)
    .values([
      { userId, name: 'Sales', isDefault: true },
      { userId, name: 'Partners', stages: ['Introduced', 'Evaluating', 'Signed', 'Lost'] },
      { userId, name: 'Renewals', stages: ['Upcoming', 'In Talks', 'Renewed', 'Churned'] },
    ])
    .returning({ id: pipelines.id, stages: pipelines.stages });
  const [sales, partners, renewals] = made;
  const share = (from: number, to: number) => sql`i > ${Math.floor(count * from)} and i <= ${Math.floor(count * to)}`;
  await db.execute(sql`insert into deals (user_id, pipeline_id, name, stage, value, currency, expected_close_date,
      contact_id, created_at, won_at)
    select ${userId}, p.id, 'Deal ' || i, p.stages[1 + i % array_length(p.stages, 1)], (i % 500) * 100 + 0.5,
      (array['USD', 'USD', 'USD', 'EUR', 'GBP'])[1 + i % 5], (current_date + (i % 180 - 60))::date,
      case when i % 2 = 1 then cs.ids[1 + i % array_length(cs.ids, 1)] end,
      now() - i * interval '1 minute',
      case when p.stages[1 + i % array_length(p.stages, 1)] = 'Won' then now() - (i % 365) * interval '1 day' end
    from generate_series(1, ${count}) as i
      join pipelines p on p.id = case when ${share(0, 0.6)} then ${sales!.id}::uuid
        when ${share(0.6, 0.85)} then ${partners!.id}::uuid else ${renewals!.id}::uuid end,
      (select array_agg(id) as ids from (select id from contacts where user_id = ${userId} limit 1000) c) as cs`);
  await db.execute(sql`insert into deal_activities (deal_id, user_id, assigned_user_id, activity_type, description,
      due_date, priority, status, completed_at)
    select d.id, ${userId}, ${userId}, (${textArray(['call', 'email', 'meeting', 'follow_up', 'proposal'])})[1 + n % 5],
      case when k = 1 then 'Call back about ' || d.name else 'Sent the proposal for ' || d.name end,
      case when k = 1 then now() + (n % 60 - 30) * interval '1 day' + (n % 24) * interval '1 hour'
        else now() - (1 + n % 90) * interval '1 day' end,
      (array['low', 'medium', 'high'])[1 + n % 3],
      case when k = 1 then 'pending' else 'completed' end,
      case when k = 2 then now() - (n % 90) * interval '1 day' end
    from (select id, name, row_number() over (order by created_at desc) as n from deals where user_id = ${userId}) d,
      generate_series(1, 2) as k
    where (d.n - 1) * 2 + k <= ${activities}`);
  return sales!.id;
}

/**
 * Projects over the five statuses and tasks over the three, every fourth task in a project, half of them due
 * within a month either side of today, each about a contact (its description names the contact, so a search
 * finds both).
 */
async function seedWork(db: Db, userId: string, projectCount: number, taskCount: number, contactCount: number) {
  await db.execute(sql`insert into projects (user_id, name, status, created_at)
    select ${userId}, 'Project ' || i,
      (array['Not Started', 'Planning', 'In Progress', 'Review', 'Completed'])[1 + i % 5],
      now() - i * interval '1 minute'
    from generate_series(1, ${projectCount}) as i`);
  await db.execute(sql`insert into tasks (user_id, name, description, status, due_date, project_id, created_at)
    select ${userId}, 'Task ' || i, 'Follow up with ' || ${contactNameSql(sql`i % ${contactCount}`)},
      (array['To Do', 'In Progress', 'Done'])[1 + i % 3],
      case when i % 2 = 0 then now() + (i % 60 - 30) * interval '1 day' end,
      case when i % 4 = 0 then ps.ids[1 + i % array_length(ps.ids, 1)] end,
      now() - i * interval '1 second'
    from generate_series(1, ${taskCount}) as i,
      (select array_agg(id) as ids from projects where user_id = ${userId}) as ps`);
}

/** A lead form as the builder saves it: name and e-mail required, a company, a plan to choose and a message. */
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
async function seedForms(db: Db, userId: string, formCount: number, submissionCount: number) {
  const fieldIds: string[][] = [];
  const values = Array.from({ length: formCount }, (_, i) => {
    const fields = formFields();
    fieldIds.push(fields.map((field) => field.id));
    return {
      userId,
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
  await db.execute(sql`insert into form_submissions (form_id, user_id, data, fields, ip_hash, idempotency_key,
      created_at)
    select f.id, ${userId},
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

/**
 * The booking page: open every day around the clock in UTC, 15-minute slots a year ahead; `count` bookings an
 * hour apart, 70 % in the past (completed, every tenth cancelled) and the rest ahead (scheduled). Returns the
 * first day from today with no booking on it or later.
 */
async function seedBookings(db: Db, userId: string, count: number): Promise<number> {
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
  const past = Math.floor(count * 0.7);
  await db.execute(sql`insert into bookings (user_id, scheduled_start_time, scheduled_end_time, booker_name,
      booker_email, notes, status, created_at)
    select ${userId}, t, t + interval '30 minutes', 'Visitor ' || i, 'visitor' || i || '@example.com',
      case when i % 3 = 0 then 'About the renewal' end,
      case when t > now() then 'Scheduled' when i % 10 = 0 then 'Cancelled' else 'Completed' end,
      least(t, now()) - interval '2 days'
    from generate_series(1, ${count}) as i,
      lateral (select date_trunc('hour', now()) + (i - ${past}) * interval '1 hour' as t) s`);
  return Math.ceil((count - past) / 24) + 2;
}

/**
 * One mail account and `count` messages a minute apart: 80 % in the inbox (every tenth unread, every twentieth
 * starred), the rest sent, spam and trash; each from or to one of the contacts, with the address rows that put it
 * on that contact's page.
 */
async function seedEmail(db: Db, userId: string, count: number, contactCount: number) {
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
export async function seed(db: Db, size: SeedSize): Promise<SeedResult> {
  const start = performance.now();
  const userId = randomUUID();
  await insertUsers(db, [{ id: userId, name: 'Bench User', email: BENCH_EMAIL }]);
  await db
    .insert(authAccounts)
    .values({ userId, accountId: userId, providerId: 'credential', password: await hashPassword(BENCH_PASSWORD) });

  const light = Array.from({ length: size.lightUsers }, (_, i) => ({
    id: randomUUID(),
    name: `Light User ${i}`,
    email: `light${i}@example.com`,
  }));
  await insertUsers(db, light);
  const lightContacts = light.flatMap((user, u) => Array.from({ length: 5 }, (_, i) => contactRow(user.id, u * 5 + i)));
  for (let i = 0; i < lightContacts.length; i += BATCH)
    await db.insert(contacts).values(lightContacts.slice(i, i + BATCH));

  await seedContacts(db, userId, size.contacts);
  const pipelineId = await seedDeals(db, userId, size.deals, size.activities);
  await seedWork(db, userId, size.projects, size.tasks, size.contacts);
  const { formIds, fieldIds } = await seedForms(db, userId, size.forms, size.submissions);
  const firstFreeDay = await seedBookings(db, userId, size.bookings);
  await seedEmail(db, userId, size.emails, size.contacts);

  // What was stored, counted: the report states these.
  const tables = [
    ['users', 'users'],
    ['contacts', 'contacts'],
    ['pipelines', 'pipelines'],
    ['deals', 'deals'],
    ['deal activities', 'deal_activities'],
    ['projects', 'projects'],
    ['tasks', 'tasks'],
    ['forms', 'forms'],
    ['form submissions', 'form_submissions'],
    ['bookings', 'bookings'],
    ['email messages', 'email_messages'],
    ['email addresses', 'email_message_addresses'],
  ] as const;
  const [stored] = await selectRows<Record<string, string>>(
    db,
    sql.raw(`select ${tables.map(([, table], i) => `(select count(*) from ${table}) as n${i}`).join(', ')}`),
  );
  const counts = Object.fromEntries(tables.map(([label], i) => [label, Number(stored![`n${i}`])]));
  // Users are two rows each (the sign-in's and the profile's); the bench user also has a password, booking
  // settings, seven days of availability and a mail account.
  const rows = Object.values(counts).reduce((sum, n) => sum + n, 0) + counts.users! + 10;
  return {
    userId,
    pipelineId,
    formIds,
    fieldIds,
    firstFreeDay,
    rows,
    counts,
    seconds: (performance.now() - start) / 1000,
  };
}
