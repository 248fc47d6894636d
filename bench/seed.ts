// The benchmark's data: one heavy user with a realistic heavy account, in a workspace of five members (one of them
// seeing only their own records), and many light users, each in their own workspace. The heavy user's rows
// are made by `insert … select from generate_series` statements, one per table, so the database writes them in
// bulk; the light users' in batched inserts.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Db } from '../server/src/db/client';
import { sql } from 'drizzle-orm';
import {
  authAccounts,
  authUsers,
  contacts,
  pipelines,
  users,
  workspaceMembers,
  workspaces,
} from '../server/src/db/schema';
import { hashPassword } from '../server/src/auth/password';
import { openBookingPage, seedBookings, seedEmail, seedForms } from './seed-inbound';
import { COMPANIES, contactNameSql, contactRow } from './seed-names';
import { selectRows } from '../server/src/db/select-rows';

/**
 * A booking takes a slot for good, and the bench user's year of 15-minute slots (the most the settings allow) holds
 * about 28,000 past the seeded bookings: fewer than the booking line books at PostgreSQL's speed over its three
 * measurements. Past that year its requests book on these pages, one after the other.
 */
const SPARE_BOOKING_PAGES = 3;

export const BENCH_EMAIL = 'bench@example.com';
export const BENCH_PASSWORD = 'bench-password-1';

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
  /** Light users with an empty booking page, for the booking line's requests past the bench user's year. */
  spareBookingPages: string[];
  rows: number;
  /** Rows by table, in the order they were seeded. */
  counts: Record<string, number>;
  seconds: number;
}

const textArray = (values: readonly string[]) =>
  sql.raw(`array[${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ')}]::text[]`);

/** Users as sign-up makes them: each the Owner of their own workspace, which has their id. */
async function insertUsers(db: Db, people: Array<{ id: string; name: string; email: string }>) {
  for (let i = 0; i < people.length; i += BATCH) {
    const batch = people.slice(i, i + BATCH);
    await db.insert(authUsers).values(batch);
    await db.insert(workspaces).values(batch.map(({ id, name }) => ({ id, name })));
    await db.insert(users).values(batch.map((person) => ({ ...person, currentWorkspaceId: person.id })));
    await db.insert(workspaceMembers).values(batch.map(({ id }) => ({ workspaceId: id, userId: id, role: 'owner' })));
  }
}

/** The heavy user's colleagues: four more members of their workspace, the last one seeing only their own records. */
async function insertColleagues(db: Db, workspaceId: string) {
  const colleagues = Array.from({ length: 4 }, (_, i) => ({
    id: randomUUID(),
    name: `Colleague ${i + 1}`,
    email: `colleague${i + 1}@example.com`,
  }));
  await insertUsers(db, colleagues);
  await db.insert(workspaceMembers).values(
    colleagues.map(({ id }, i) => ({
      workspaceId,
      userId: id,
      role: i === 0 ? ('admin' as const) : ('member' as const),
      visibility: i === colleagues.length - 1 ? ('own' as const) : ('all' as const),
    })),
  );
}

/** The user's contacts as contactRow makes them, in one statement. */
async function seedContacts(db: Db, userId: string, count: number) {
  const companies = COMPANIES.filter((company): company is string => company !== null);
  await db.execute(sql`insert into contacts (workspace_id, user_id, name, email, phone, company)
    select ${userId}, ${userId}, ${contactNameSql(sql`i`)}, 'contact' || i || '@example.com',
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
      { userId, workspaceId: userId, name: 'Sales', isDefault: true },
      { userId, workspaceId: userId, name: 'Partners', stages: ['Introduced', 'Evaluating', 'Signed', 'Lost'] },
      { userId, workspaceId: userId, name: 'Renewals', stages: ['Upcoming', 'In Talks', 'Renewed', 'Churned'] },
    ])
    .returning({ id: pipelines.id, stages: pipelines.stages });
  const [sales, partners, renewals] = made;
  const share = (from: number, to: number) => sql`i > ${Math.floor(count * from)} and i <= ${Math.floor(count * to)}`;
  await db.execute(sql`insert into deals (workspace_id, user_id, pipeline_id, name, stage, value, currency, expected_close_date,
      contact_id, created_at, won_at)
    select ${userId}, ${userId}, p.id, 'Deal ' || i, p.stages[1 + i % array_length(p.stages, 1)], (i % 500) * 100 + 0.5,
      (array['USD', 'USD', 'USD', 'EUR', 'GBP'])[1 + i % 5], (current_date + (i % 180 - 60))::date,
      case when i % 2 = 1 then cs.ids[1 + i % array_length(cs.ids, 1)] end,
      now() - i * interval '1 minute',
      case when p.stages[1 + i % array_length(p.stages, 1)] = 'Won' then now() - (i % 365) * interval '1 day' end
    from generate_series(1, ${count}) as i
      join pipelines p on p.id = case when ${share(0, 0.6)} then ${sales!.id}::uuid
        when ${share(0.6, 0.85)} then ${partners!.id}::uuid else ${renewals!.id}::uuid end,
      (select array_agg(id) as ids from (select id from contacts where user_id = ${userId} limit 1000) c) as cs`);
  await db.execute(sql`insert into deal_activities (deal_id, workspace_id, user_id, assigned_user_id, activity_type,
      description, due_date, priority, status, completed_at)
    select d.id, ${userId}, ${userId}, ${userId}, (${textArray(['call', 'email', 'meeting', 'follow_up', 'proposal'])})[1 + n % 5],
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
  await db.execute(sql`insert into projects (workspace_id, user_id, name, status, created_at)
    select ${userId}, ${userId}, 'Project ' || i,
      (array['Not Started', 'Planning', 'In Progress', 'Review', 'Completed'])[1 + i % 5],
      now() - i * interval '1 minute'
    from generate_series(1, ${projectCount}) as i`);
  await db.execute(sql`insert into tasks (workspace_id, user_id, name, description, status, due_date, project_id, created_at)
    select ${userId}, ${userId}, 'Task ' || i, 'Follow up with ' || ${contactNameSql(sql`i % ${contactCount}`)},
      (array['To Do', 'In Progress', 'Done'])[1 + i % 3],
      case when i % 2 = 0 then now() + (i % 60 - 30) * interval '1 day' end,
      case when i % 4 = 0 then ps.ids[1 + i % array_length(ps.ids, 1)] end,
      now() - i * interval '1 second'
    from generate_series(1, ${taskCount}) as i,
      (select array_agg(id) as ids from projects where user_id = ${userId}) as ps`);
}

/** A lead form as the builder saves it: name and e-mail required, a company, a plan to choose and a message. */
export async function seed(db: Db, size: SeedSize): Promise<SeedResult> {
  const start = performance.now();
  const userId = randomUUID();
  await insertUsers(db, [{ id: userId, name: 'Bench User', email: BENCH_EMAIL }]);
  await insertColleagues(db, userId);
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
  const spareBookingPages = light.slice(0, SPARE_BOOKING_PAGES).map((user) => user.id);
  for (const owner of spareBookingPages) await openBookingPage(db, owner);
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
  // settings, seven days of availability and a mail account; each spare booking page its settings and seven days.
  const rows = Object.values(counts).reduce((sum, n) => sum + n, 0) + counts.users! + 10 + spareBookingPages.length * 8;
  return {
    userId,
    pipelineId,
    formIds,
    fieldIds,
    firstFreeDay,
    spareBookingPages,
    rows,
    counts,
    seconds: (performance.now() - start) / 1000,
  };
}
