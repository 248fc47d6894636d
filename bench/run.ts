// `npm run bench`: the request path measured over real HTTP against the real server, beside its floors.
//   npm run bench                       embedded database (PGlite), the full data (SIZE), 8 s a measurement
//   DATABASE_URL=postgres://… npm run bench   the same on PostgreSQL (a fresh database is made and dropped)
//   npm run bench -- --quick            a twentieth of the data, concurrency 16, 1 s a measurement, figures only (CI)
// With the test mail servers' settings (eval "$(scripts/mail-servers.sh start)"), also the server while a ~25 MB
// message arrives.
// The bench user is a heavy user (see SIZE: contacts, deals over three pipelines with their activities, projects,
// tasks, forms with submissions, bookings and a booking page open a year ahead, a mailbox); the light users have a
// few rows.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import {
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { Cursors } from '../server/src/http/cursor';
import { contactListName } from '../server/src/modules/contacts/order';
import { openDatabase, type Db } from '../server/src/db/client';
import { cleanGinPendingLists } from '../server/src/db/auto-analyze';
import {
  boardCountsSql as projectCountsSql,
  boardFirstPagesSql as projectPagesSql,
} from '../server/src/modules/projects/service';
import {
  boardCountsSql as taskCountsSql,
  boardFirstPagesSql as taskPagesSql,
  listSql as taskListSql,
} from '../server/src/modules/tasks/service';
import {
  emailAccountsSql,
  pipelineOverviewSql,
  recentTasksSql,
  revenueSql,
  scheduleSql,
  statsSql,
} from '../server/src/modules/dashboard/queries';
import { revenueMonths } from '../server/src/modules/dashboard/service';
import { searchSql } from '../server/src/modules/search/service';
import { dueRange } from '../server/src/modules/tasks/filters';
import { listContactsQuery } from '../server/src/modules/contacts/service';
import { activityEventsSql, bookingEventsSql, taskEventsSql } from '../server/src/modules/calendar/events';
import { submissionsQuery } from '../server/src/modules/forms/submissions';
import { listEmailsQuery } from '../server/src/modules/email/service';
import { CALENDAR_KIND_CAP } from '../common/calendar';
import type { EmailCheckResult, EmailListItem } from '../common/email';
import * as schema from '../server/src/db/schema';
import { createPostgresDatabase } from '../server/src/test/test-app';
import { formatBundleReport, measureBundles, type BundleReport } from './bundle';
import { fetchOnce, measureHttp, measureLoop, type HttpTarget, type Stats } from './load';
import { startAiProviderServer } from '../server/src/test/ai-provider-server';
import { anyWordQuery } from '../server/src/modules/chatbots/ai/retrieval';
import {
  AI_QUESTION,
  aiTurnFloorSql,
  askTurnFloorSql,
  chatTargets,
  seedChatbots,
  turnFloorParams,
  type ChatbotFixture,
} from './chatbot-lines';
import {
  BENCH_EMAIL,
  BENCH_PASSWORD,
  BOOKING_MAX_ADVANCE_DAYS,
  BOOKING_SLOT_MINUTES,
  seed,
  type SeedSize,
} from './seed';

const projectDir = fileURLToPath(new URL('..', import.meta.url));
const quick = process.argv.includes('--quick');
// The bundle sizes do not depend on the database: CI's second quick run leaves out their build.
const skipBundles = process.argv.includes('--no-bundles');
/** `--only=board,calendar`: measure only the lines whose names contain one of these (to re-measure a fix). */
const only = process.argv
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const chosen = <T extends { name: string }>(lines: T[]) =>
  only ? lines.filter((line) => only.some((part) => line.name.includes(part))) : lines;
// CI runs the quick bench on both databases: a few minutes each, to show every path still answers and roughly how fast.
const scale = quick ? 20 : 1;
/** A realistic heavy user (issue 14); a twentieth of it with --quick. */
const SIZE: SeedSize = {
  contacts: 100_000 / scale,
  deals: 50_000 / scale,
  activities: 100_000 / scale,
  tasks: 200_000 / scale,
  projects: 2_000 / scale,
  forms: quick ? 5 : 50,
  submissions: 100_000 / scale,
  bookings: 5_000 / scale,
  emails: 100_000 / scale,
  lightUsers: 1_000 / scale,
};
const SECONDS = quick ? 0.5 : 8;
/** A selective term: a contact's name (Barbara Thompson 4242) and the descriptions of its two tasks contain it. */
const SEARCH_TERM = 'Thompson 4242';
/** What a user types in the contacts' search box: a last name and the start of a number. */
const CONTACT_SEARCH_TERM = 'Thompson 42';
// Before each path is measured: long enough for V8 to optimise its code (a second was not).
const WARM_UP_SECONDS = quick ? 0.25 : 4;
const CONCURRENCY = quick ? [16] : [1, 16, 64];
const SECRET_KEY = 'bench-secret-key-0123456789-abcdefghijklmnop';
const adminUrl = process.env.DATABASE_URL;
const kind = adminUrl ? 'postgres' : 'pglite';

/** Each measured request, with the SQL that the cheapest server of it would run (the driver floor). */
interface Line {
  name: string;
  target: HttpTarget;
  floorSql: string;
  /** A function for writes whose rows must differ each time. */
  floorParams: unknown[] | (() => unknown[]);
}

type Query = (text: string, params: unknown[]) => Promise<unknown>;

interface Row {
  line: string;
  concurrency: number;
  api: Stats;
  driver: Stats;
  /** Left out of the quick run. */
  framework: Stats | null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts a process and resolves once `ready` answers; the process is the caller's to stop. */
async function startProcess(
  args: string[],
  env: Record<string, string>,
  ready: () => Promise<boolean>,
  pollMs = 200,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: projectDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${args[0]} exited with ${child.exitCode}`);
    if (await ready().catch(() => false)) return child;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  child.kill('SIGKILL');
  throw new Error(`${args[0]} did not start`);
}

async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/** A raw driver on the seeded database, outside the server: the floor every API request is compared with. */
async function openDriver(
  dataDir: string,
  databaseUrl: string | undefined,
): Promise<{ query: Query; close(): Promise<void> }> {
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    return { query: (text, params) => pool.query(text, params), close: () => pool.end() };
  }
  const client = new PGlite(path.join(dataDir, 'db'), { extensions: { pg_trgm, btree_gist } });
  await client.waitReady;
  return { query: (text, params) => client.query(text, params), close: () => client.close() };
}

/**
 * The board's floor: what the API reads in three queries (the pipeline, each stage's count and total, every
 * column's first page with contact names and next activities), as one statement.
 */
const boardFloorSql = `with totals as (
    select stage, count(*)::int as n, coalesce(sum(value), 0)::text as total
    from deals where user_id = $1 and pipeline_id = $2 group by stage
  )
  select s.stage as column_stage, t.n, t.total, d.id, d.name, d.pipeline_id, d.stage, d.value::text as value, d.currency,
    d.expected_close_date::text as expected_close_date, d.contact_id,
    (select c.name from contacts c where c.id = d.contact_id) as contact_name, d.created_at,
    na.id as next_id, na.due_date as next_due
  from pipelines p
  cross join lateral unnest(p.stages) with ordinality as s(stage, ord)
  left join totals t on t.stage = s.stage
  left join lateral (
    select * from deals where user_id = $1 and pipeline_id = $2 and stage = s.stage
    order by created_at desc, id desc limit 21
  ) d on true
  left join lateral (
    select a.id, a.due_date from deal_activities a where a.deal_id = d.id and a.status = 'pending'
    order by a.due_date, a.id limit 1
  ) na on true
  where p.id = $2 and p.user_id = $1
  order by s.ord, d.created_at desc, d.id desc`;

const dialect = new PgDialect();
const floorOf = (query: SQL) => {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { floorSql: text, floorParams: params };
};

/** Rows of `query` as one JSON value: several reads answered by one statement, each planned on its own. */
const jsonRows = (query: SQL) => sql`(select json_agg(x) from (${query}) x)`;

/** The task board's floor: its two queries (each column's capped count, every column's first page) as one statement. */
const taskBoardFloor = (userId: string) => {
  const statuses = ['To Do', 'In Progress', 'Done'] as const;
  const filter = { tz: 'UTC' };
  return floorOf(sql`select ${jsonRows(taskCountsSql(userId, statuses, filter, new Date()))} as counts,
    ${jsonRows(taskPagesSql(userId, statuses, filter))} as pages`);
};

/** The project board's floor: its three queries (counts, first pages, their task progress) as one statement. */
const projectBoardFloor = (userId: string) =>
  floorOf(sql`with pages as (${projectPagesSql(userId)})
    select ${jsonRows(projectCountsSql(userId))} as counts, ${jsonRows(sql`select pages.*, progress.n as task_count,
        progress.done as done_task_count
      from pages left join (
        select project_id, count(*) as n, count(*) filter (where status = 'Done') as done from tasks
        where project_id in (select id from pages) group by project_id
      ) progress on progress.project_id = pages.id`)} as pages`);

/** The dashboard's floor: its six widget queries as one statement. */
const dashboardFloor = (userId: string) => {
  const now = new Date();
  const { from, to } = dueRange('today', 'UTC', now);
  return floorOf(sql`select (select row_to_json(s) from (${statsSql(userId)}) s) as stats,
    ${jsonRows(scheduleSql(userId, from, to))} as schedule, ${jsonRows(recentTasksSql(userId))} as recent,
    (select n from (${emailAccountsSql(userId)}) e) as email, ${jsonRows(pipelineOverviewSql(userId))} as overview,
    ${jsonRows(revenueSql(userId, revenueMonths('UTC', now)))} as revenue`);
};

/** Drizzle's query builders without a connection: the services' builders give the SQL of a floor. */
const builder = drizzle.mock({ schema }) as unknown as Db;
const builtFloor = (query: { toSQL(): { sql: string; params: unknown[] } }) => {
  const { sql: text, params } = query.toSQL();
  return { floorSql: text, floorParams: params };
};

/** The calendar's floor: its three range reads (tasks, activities, bookings) as one statement. */
const calendarFloor = (userId: string, from: Date, to: Date) => {
  const range = { from, to, limit: CALENDAR_KIND_CAP + 1, order: 'asc' as const };
  return floorOf(sql`select ${jsonRows(taskEventsSql(userId, range))} as tasks,
    ${jsonRows(activityEventsSql(userId, range))} as activities, ${jsonRows(bookingEventsSql(userId, range))} as bookings`);
};

/** A form's submissions page's floor: the form's own fields (the ownership check) and the page, as one statement. */
const submissionsFloor = (userId: string, formId: string) =>
  floorOf(sql`select (select fields from forms where id = ${formId} and user_id = ${userId}) as form_fields, page.*
    from (${submissionsQuery(builder, userId, formId, 51, null)}) page`);

/** The booking page's slots of a day: the owner's rules and their bookings that day, as one statement. */
const slotsFloorSql = `select u.name, u.avatar_url, s.timezone, s.time_format, s.min_notice_minutes, s.max_advance_days,
    s.slot_minutes,
    (select json_agg(a) from scheduling_availability a where a.user_id = u.id) as days,
    (select json_agg(b) from (
      select scheduled_start_time, scheduled_end_time from bookings
      where user_id = u.id and status = 'Scheduled' and scheduled_start_time < $3 and scheduled_end_time > $2
    ) b) as booked
  from users u left join scheduling_settings s on s.user_id = u.id
  where u.id = $1`;

/**
 * A booking's floor: the key's earlier booking, the owner's rules, the booking and the owner's notification, as
 * one statement.
 */
const bookingFloorSql = `with earlier as (
    select id from bookings where user_id = $1 and idempotency_key = $7
  ), owner as (
    select u.name, s.timezone, s.slot_minutes,
      (select json_agg(a) from scheduling_availability a where a.user_id = u.id) as days
    from users u left join scheduling_settings s on s.user_id = u.id where u.id = $1
  ), booked as (
    insert into bookings (user_id, scheduled_start_time, scheduled_end_time, booker_name, booker_email, notes,
      status, idempotency_key)
    select $1::uuid, $2::timestamptz, $3::timestamptz, $4::text, $5::text, $6::text, 'Scheduled', $7::uuid
    where not exists (select 1 from earlier)
    returning id, scheduled_start_time, scheduled_end_time
  ), notified as (
    insert into notifications (user_id, kind, title, body, link, source_id)
    select $1, 'booking', 'New booking: ' || $4::text, $5::text, null, id from booked
  )
  select booked.*, owner.name, owner.timezone from booked, owner`;

/**
 * A public form submission's floor: the form, the key's earlier submission, the submission with the form's
 * fields, the owner's notification and the form's count, as one statement.
 */
const submitFloorSql = `with form as (
    select id, user_id, fields, settings from forms where id = $1
  ), earlier as (
    select id from form_submissions where form_id = $1 and idempotency_key = $3
  ), stored as (
    insert into form_submissions (form_id, user_id, data, fields, ip_hash, idempotency_key)
    select form.id, form.user_id, $2::jsonb,
      (select jsonb_agg(jsonb_build_object('id', e->>'id', 'label', e->>'label', 'type', e->>'type'))
        from jsonb_array_elements(form.fields) e),
      $4, $3
    from form where not exists (select 1 from earlier)
    returning id
  ), notified as (
    insert into notifications (user_id, kind, title, body, link, source_id)
    select form.user_id, 'form_submission', 'New submission', $5::text, null, stored.id from stored, form
  ), counted as (
    update forms set submission_count = submission_count + 1 where id = $1 and exists (select 1 from stored)
  )
  select stored.id, form.settings from stored, form`;

const MINUTE = 60_000;
const DAY = 86_400_000;
const utcMidnight = (days: number) => {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + days * DAY;
};
/** Slot starts of a day on the bench user's booking page: 00:00 to 23:15, a slot apart (the day's hours end at 23:30). */
const SLOTS_A_DAY = Math.floor((23 * 60 + 30) / BOOKING_SLOT_MINUTES);

/**
 * Every call a different free slot, from `firstDay` (days from today, UTC) on, soonest first. Past the booking
 * page's last day it starts over: only the framework floor, which books nothing, asks that many.
 */
function slotSequence(firstDay: number): () => Date {
  const capacity = (BOOKING_MAX_ADVANCE_DAYS - firstDay) * SLOTS_A_DAY;
  let next = 0;
  return () => {
    const n = next++ % capacity;
    const day = firstDay + Math.floor(n / SLOTS_A_DAY);
    return new Date(utcMidnight(day) + (n % SLOTS_A_DAY) * BOOKING_SLOT_MINUTES * MINUTE);
  };
}

interface Fixture {
  userId: string;
  pipelineId: string;
  formIds: string[];
  fieldIds: string[][];
  firstFreeDay: number;
  deep: { name: string; id: string };
  deepPosition: number;
  chatbots: ChatbotFixture;
  chatFloors: { ask: () => unknown[]; ai: () => unknown[] };
}

/** The chat lines' targets need the server (their conversations are started over its API); the floors do not. */
type ChatTargets = Awaited<ReturnType<typeof chatTargets>>;
const noTarget: HttpTarget = { method: 'POST', path: '' };

function linesFor(f: Fixture, cookie: string, chat: ChatTargets | null): Line[] {
  const { userId, pipelineId, deep, deepPosition } = f;
  const cursor = new Cursors(SECRET_KEY).seal([deep.name, deep.id], userId, contactListName('name', 'asc'));
  const columns = 'id, name, email, phone, company, created_at';
  const headers = { cookie };
  const now = new Date();
  const month = {
    from: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)),
    to: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)),
  };
  const tomorrow = new Date(utcMidnight(1)).toISOString().slice(0, 10);
  const [pageForm, submitForm] = f.formIds as [string, string];
  const [name, email, , plan, message] = f.fieldIds[1]!;
  const submitValues = {
    [name!]: 'Vera Visitor',
    [email!]: 'vera@example.com',
    [plan!]: 'Pro',
    [message!]: 'A demo, please.',
  };
  // The API's bookings start after the seeded ones.
  const bookingSlots = slotSequence(f.firstFreeDay);
  let floorBookings = 0;
  return [
    { name: 'GET /api/health', target: { method: 'GET', path: '/api/health' }, floorSql: 'select 1', floorParams: [] },
    {
      name: 'GET /api/me',
      target: { method: 'GET', path: '/api/me', headers },
      floorSql: 'select id, email, name, avatar_url from users where id = $1',
      floorParams: [userId],
    },
    {
      name: 'GET /api/contacts (first page)',
      target: { method: 'GET', path: '/api/contacts?limit=50', headers },
      floorSql: `select ${columns} from contacts where user_id = $1 order by name, id limit 51`,
      floorParams: [userId],
    },
    {
      name: `GET /api/contacts (page at ${deepPosition.toLocaleString('en-US')})`,
      target: { method: 'GET', path: `/api/contacts?limit=50&cursor=${encodeURIComponent(cursor)}`, headers },
      floorSql: `select ${columns} from contacts where user_id = $1 and (name, id) > ($2, $3::uuid) order by name, id limit 51`,
      floorParams: [userId, deep.name, deep.id],
    },
    {
      name: `GET /api/search (global search, "${SEARCH_TERM}")`,
      target: { method: 'GET', path: `/api/search?q=${encodeURIComponent(SEARCH_TERM)}`, headers },
      ...floorOf(searchSql(userId, SEARCH_TERM)),
    },
    {
      name: `GET /api/deals/board (largest pipeline, ${count(SIZE.deals * 0.6)} deals)`,
      target: { method: 'GET', path: `/api/deals/board?pipelineId=${pipelineId}`, headers },
      floorSql: boardFloorSql,
      floorParams: [userId, pipelineId],
    },
    {
      name: `GET /api/tasks/board (${count(SIZE.tasks)} tasks)`,
      target: { method: 'GET', path: '/api/tasks/board', headers },
      ...taskBoardFloor(userId),
    },
    {
      name: `GET /api/projects/board (${count(SIZE.projects)} projects)`,
      target: { method: 'GET', path: '/api/projects/board', headers },
      ...projectBoardFloor(userId),
    },
    {
      name: 'GET /api/dashboard (summary)',
      target: { method: 'GET', path: '/api/dashboard?tz=UTC', headers },
      ...dashboardFloor(userId),
    },
    {
      name: `GET /api/contacts (search "${CONTACT_SEARCH_TERM}")`,
      target: { method: 'GET', path: `/api/contacts?limit=50&q=${encodeURIComponent(CONTACT_SEARCH_TERM)}`, headers },
      ...builtFloor(
        listContactsQuery(builder, userId, {
          limit: 50,
          after: null,
          sort: 'name',
          dir: 'asc',
          q: CONTACT_SEARCH_TERM,
        }),
      ),
    },
    {
      name: 'GET /api/tasks (list, due this week)',
      target: { method: 'GET', path: '/api/tasks?limit=50&due=week&tz=UTC', headers },
      ...floorOf(taskListSql(userId, { filter: { due: 'week', tz: 'UTC' }, limit: 50, before: null })),
    },
    {
      name: 'GET /api/calendar (this month)',
      target: {
        method: 'GET',
        path: `/api/calendar?from=${encodeURIComponent(month.from.toISOString())}&to=${encodeURIComponent(month.to.toISOString())}`,
        headers,
      },
      ...calendarFloor(userId, month.from, month.to),
    },
    {
      name: `GET /api/forms/:id/submissions (first page of ${count(SIZE.submissions / SIZE.forms)})`,
      target: { method: 'GET', path: `/api/forms/${pageForm}/submissions?limit=50`, headers },
      ...submissionsFloor(userId, pageForm),
    },
    {
      name: `GET /api/email/messages (inbox, first page of ${count(SIZE.emails * 0.8)})`,
      target: { method: 'GET', path: '/api/email/messages?folder=inbox&limit=50', headers },
      ...builtFloor(listEmailsQuery(builder, userId, { view: { folder: 'inbox' }, limit: 50, before: null })),
    },
    {
      name: `GET /api/email/messages (search "${SEARCH_TERM}")`,
      target: {
        method: 'GET',
        path: `/api/email/messages?folder=inbox&limit=50&q=${encodeURIComponent(SEARCH_TERM)}`,
        headers,
      },
      ...builtFloor(
        listEmailsQuery(builder, userId, { view: { folder: 'inbox' }, limit: 50, before: null, q: SEARCH_TERM }),
      ),
    },
    {
      name: 'GET /api/public/booking/:userId/slots (tomorrow)',
      target: { method: 'GET', path: `/api/public/booking/${userId}/slots?date=${tomorrow}&tz=UTC` },
      floorSql: slotsFloorSql,
      floorParams: [userId, new Date(utcMidnight(1)).toISOString(), new Date(utcMidnight(2)).toISOString()],
    },
    {
      name: 'POST /api/contacts',
      target: {
        method: 'POST',
        path: '/api/contacts',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Bench Contact',
          email: 'bench.contact@example.com',
          phone: '+1 555 0100',
          company: 'Acme',
        }),
      },
      floorSql: `insert into contacts (user_id, name, email, phone, company) values ($1, $2, $3, $4, $5) returning ${columns}`,
      floorParams: [userId, 'Bench Contact', 'bench.contact@example.com', '+1 555 0100', 'Acme'],
    },
    {
      name: 'POST /api/public/forms/:id/submissions',
      target: {
        method: 'POST',
        path: `/api/public/forms/${submitForm}/submissions`,
        headers: { 'content-type': 'application/json' },
        nextBody: () => JSON.stringify({ values: submitValues, idempotencyKey: randomUUID() }),
      },
      floorSql: submitFloorSql,
      floorParams: () => [submitForm, JSON.stringify(submitValues), randomUUID(), 'ip-hash', 'Vera Visitor'],
    },
    {
      name: 'POST /api/public/booking/:userId',
      target: {
        method: 'POST',
        path: `/api/public/booking/${userId}`,
        headers: { 'content-type': 'application/json' },
        nextBody: () =>
          JSON.stringify({
            start: bookingSlots().toISOString(),
            name: 'Vera Visitor',
            email: 'vera@example.com',
            notes: 'About the renewal',
            idempotencyKey: randomUUID(),
          }),
      },
      floorSql: bookingFloorSql,
      floorParams: () => {
        // Far past the booking page's year, so the floor's bookings take none of the API's slots.
        const start = new Date(Date.UTC(2100, 0, 1) + floorBookings++ * BOOKING_SLOT_MINUTES * MINUTE);
        const end = new Date(start.getTime() + BOOKING_SLOT_MINUTES * MINUTE);
        return [userId, start.toISOString(), end.toISOString(), 'Vera Visitor', 'vera@example.com', null, randomUUID()];
      },
    },
    {
      name: 'POST /api/public/chatbots/:id/conversations/:id/turns (Message/Ask turn)',
      target: chat?.ask ?? noTarget,
      floorSql: askTurnFloorSql,
      floorParams: f.chatFloors.ask,
    },
    {
      name: 'POST /api/public/chatbots/:id/conversations/:id/turns (AI answer, streamed, local provider)',
      target: chat?.ai ?? noTarget,
      floorSql: aiTurnFloorSql,
      floorParams: f.chatFloors.ai,
    },
  ];
}

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: BENCH_EMAIL, password: BENCH_PASSWORD }),
  });
  if (!res.ok) throw new Error(`bench sign-in failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** The server's event-loop delay in a window, from bench/event-loop-probe.mjs. */
interface LoopDelay {
  p50: number;
  p99: number;
  max: number;
}

interface Burst {
  me: Stats;
  list: Stats;
  loop: LoopDelay;
}

/** Closed-loop requests to `url` until `running()` is false: their p50/p99. */
async function sampleWhile(url: string, cookie: string, running: () => boolean): Promise<Stats> {
  const samples: number[] = [];
  let errors = 0;
  const start = performance.now();
  while (running()) {
    const t0 = performance.now();
    const res = await fetch(url, { headers: { cookie } });
    await res.arrayBuffer();
    if (!res.ok) errors++;
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  const at = (p: number) => samples[Math.min(samples.length - 1, Math.floor((samples.length * p) / 100))] ?? 0;
  return { rps: samples.length / ((performance.now() - start) / 1000), p50: at(50), p99: at(99), errors };
}

/**
 * GET /api/me and the contacts' first page (each from one closed loop), and the server's event-loop delay, while
 * twenty sign-ins hash their passwords at once.
 */
async function duringSignIns(base: string, cookie: string, server: ChildProcess, loopFile: string): Promise<Burst> {
  let running = true;
  const [[me, list], loop] = await probingLoop(server, loopFile, async () => {
    const signIns = Promise.all(Array.from({ length: 20 }, () => signIn(base))).finally(() => (running = false));
    const sampled = await Promise.all([
      sampleWhile(`${base}/api/me`, cookie, () => running),
      sampleWhile(`${base}/api/contacts?limit=50`, cookie, () => running),
    ]);
    await signIns;
    return sampled;
  });
  return { me, list, loop };
}

/** `work`, between the two SIGUSR2 of bench/event-loop-probe.mjs: its result and the server's event-loop delay. */
async function probingLoop<T>(server: ChildProcess, loopFile: string, work: () => Promise<T>): Promise<[T, LoopDelay]> {
  // An earlier window's file must not be read as this one's.
  rmSync(loopFile, { force: true });
  server.kill('SIGUSR2');
  const result = await work();
  server.kill('SIGUSR2');
  const deadline = Date.now() + 10_000;
  while (!existsSync(loopFile) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  return [result, JSON.parse(readFileSync(loopFile, 'utf8')) as LoopDelay];
}

/** The test mail servers of scripts/mail-servers.sh, from their MAIL_TEST_* variables; null when they are unset. */
function mailTestServers() {
  const env = process.env;
  if (!env.MAIL_TEST_HOST || !env.MAIL_TEST_DIR || !env.MAIL_TEST_USER || !env.MAIL_TEST_PASSWORD) return null;
  const server = (port: string | undefined) => ({
    host: env.MAIL_TEST_HOST,
    port: Number(port),
    username: env.MAIL_TEST_USER,
    password: env.MAIL_TEST_PASSWORD,
    useSsl: true,
  });
  return {
    user: env.MAIL_TEST_USER,
    maildir: path.join(env.MAIL_TEST_DIR, 'mail', env.MAIL_TEST_USER, 'Maildir'),
    caFile: env.MAIL_TEST_CA_FILE ?? path.join(env.MAIL_TEST_DIR, 'cert.pem'),
    pop3: server(env.MAIL_TEST_POP3S_PORT),
    smtp: server(env.MAIL_TEST_SMTPS_PORT),
  };
}
type MailTestServers = NonNullable<ReturnType<typeof mailTestServers>>;

/**
 * A message just under the 25 MiB a check fetches: a line of text and two 9 MB attachments (each under the
 * 10 MiB kept), base64 in lines of 76 as mail clients send them.
 */
function largeMessage(to: string, subject: string): Buffer {
  const attachment = (name: string) => [
    '--part',
    `Content-Type: application/pdf; name="${name}"`,
    `Content-Disposition: attachment; filename="${name}"`,
    'Content-Transfer-Encoding: base64',
    '',
    randomBytes(9_000_000).toString('base64').replace(/.{76}/g, '$&\r\n'),
  ];
  return Buffer.from(
    [
      'From: Vera Visitor <vera@example.com>',
      `To: ${to}`,
      `Subject: ${subject}`,
      `Date: ${new Date().toUTCString()}`,
      `Message-ID: <${randomUUID()}@example.com>`,
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="part"',
      '',
      '--part',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'The scans, as promised.',
      ...attachment('scan-1.pdf'),
      ...attachment('scan-2.pdf'),
      '--part--',
      '',
    ].join('\r\n'),
  );
}

interface LargeMessage {
  me: Stats;
  loop: LoopDelay;
  bytes: number;
  checkSeconds: number;
}

/**
 * GET /api/me (one closed loop) and the server's event-loop delay while 'Check Mail' fetches a ~25 MB message by
 * POP3 over TLS, parses it (in the worker thread of parse-pool.ts) and stores it. The bench drops the message into
 * the test mailbox itself, and takes it out again after.
 */
async function duringLargeMessage(
  base: string,
  cookie: string,
  server: ChildProcess,
  loopFile: string,
  mail: MailTestServers,
): Promise<LargeMessage> {
  const post = async <T>(url: string, body: object): Promise<T> => {
    const res = await fetch(base + url, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`POST ${url} answered ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const account = await post<{ id: string }>('/api/email-accounts', {
    email: mail.user,
    pop3: mail.pop3,
    smtp: mail.smtp,
  });
  const check = async () => {
    const result = await post<EmailCheckResult>('/api/email/check', { accountId: account.id });
    if (result.accounts[0]?.error) throw new Error(`the check failed: ${result.accounts[0].error}`);
    return result.newMessages;
  };
  // The tests share the mailbox: a first check takes what they left, so the measured one fetches this message alone.
  for (let round = 0; round < 20 && (await check()) > 0; round++);
  const token = randomUUID();
  const subject = `Scans ${token}`;
  const message = largeMessage(mail.user, subject);
  const name = `${Date.now()}.bench-${token}`;
  try {
    // Maildir delivery, as the test SMTP server does it: written in tmp/, renamed into new/, owned as the mailbox is.
    const written = path.join(mail.maildir, 'tmp', name);
    writeFileSync(written, message, { mode: 0o600 });
    const owner = statSync(mail.maildir);
    if (process.getuid?.() === 0) chownSync(written, owner.uid, owner.gid);
    renameSync(written, path.join(mail.maildir, 'new', name));
    let running = true;
    let checkSeconds = 0;
    const [me, loop] = await probingLoop(server, loopFile, async () => {
      const started = performance.now();
      // 'Check Mail' answers once the check has stored what it fetched.
      const checked = check().finally(() => {
        running = false;
        checkSeconds = (performance.now() - started) / 1000;
      });
      const [sampled] = await Promise.all([sampleWhile(`${base}/api/me`, cookie, () => running), checked]);
      return sampled;
    });
    const listed = await fetch(`${base}/api/email/messages?q=${encodeURIComponent(subject)}`, { headers: { cookie } });
    const [stored] = ((await listed.json()) as { items: EmailListItem[] }).items;
    if (stored?.attachmentCount !== 2) throw new Error('the large message was not stored with its two attachments');
    return { me, loop, bytes: message.length, checkSeconds };
  } finally {
    // Dovecot moves a message it has served into cur/, its flags after its name.
    for (const folder of ['tmp', 'new', 'cur'])
      for (const file of readdirSync(path.join(mail.maildir, folder)))
        if (file.startsWith(name)) rmSync(path.join(mail.maildir, folder, file));
  }
}

/**
 * Waits until the server answers GET /api/health promptly again: a slow line's backlog (requests autocannon sent
 * and left) must not be measured as the next line's.
 */
async function settle(base: string) {
  const deadline = Date.now() + 10_000;
  await new Promise((resolve) => setTimeout(resolve, 200));
  while (Date.now() < deadline) {
    const t0 = performance.now();
    await fetch(`${base}/api/health`).then((r) => r.arrayBuffer());
    if (performance.now() - t0 < 20) return;
  }
}

const ms = (value: number) => value.toFixed(1);
const count = (value: number) => Math.round(value).toLocaleString('en-US');
const rate = (value: number) => Math.round(value).toLocaleString('en-US');
const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : '–');

function formatTable(rows: Row[]): string {
  const out = [
    '| request | conc. | req/s | p50 ms | p99 ms | driver floor req/s | p99 ms | × driver | framework floor req/s | × framework |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const { line, concurrency, api, driver, framework } of rows) {
    const flag =
      (api.errors ? ` (${api.errors} errors)` : '') + (driver.errors ? ` (driver floor: ${driver.errors} errors)` : '');
    out.push(
      `| ${line}${flag} | ${concurrency} | ${rate(api.rps)} | ${ms(api.p50)} | ${ms(api.p99)} | ${rate(driver.rps)} | ${ms(driver.p99)} | ${ratio(api.rps, driver.rps)} | ${framework ? rate(framework.rps) : '–'} | ${framework ? ratio(api.rps, framework.rps) : '–'} |`,
    );
  }
  return out.join('\n');
}

/** The targets of the request path, judged on the full run only (a quick run's figures are too short to judge). */
function judge(rows: Row[], bundles: BundleReport): string[] {
  const at16 = (prefix: string) => rows.filter((row) => row.concurrency === 16 && row.line.startsWith(prefix));
  const budget = kind === 'postgres' ? 50 : 100;
  const verdicts: string[] = [];
  const check = (ok: boolean, text: string) => verdicts.push(`${ok ? 'met   ' : 'MISSED'} ${text}`);
  // Every line at concurrency 16: a p99 within the budget, and at least half of its driver floor's rate.
  for (const row of rows.filter((row) => row.concurrency === 16)) {
    check(row.api.p99 < budget, `${row.line} p99 ${ms(row.api.p99)} ms < ${budget} ms at concurrency 16`);
    check(
      row.api.rps >= row.driver.rps / 2,
      `${row.line} ${rate(row.api.rps)} req/s ≥ half of its driver floor (${rate(row.driver.rps)}) at concurrency 16`,
    );
  }
  const [health] = at16('GET /api/health');
  const [me] = at16('GET /api/me');
  if (health && me)
    check(
      me.api.rps >= health.api.rps / 2,
      `GET /api/me ${rate(me.api.rps)} req/s ≥ half of GET /api/health (${rate(health.api.rps)})`,
    );
  // decisions.md item 17: a global search answers in under 50 ms on the embedded database, one query at a time.
  const [search] = rows.filter((row) => row.concurrency === 1 && row.line.startsWith('GET /api/search'));
  if (search) check(search.api.p99 < 50, `${search.line} p99 ${ms(search.api.p99)} ms < 50 ms at concurrency 1`);
  for (const page of bundles.pages)
    check(
      page.ok,
      `${page.page} first load ${(page.gzipBytes / 1000).toFixed(1)} KB ≤ ${page.budgetBytes / 1000} KB gzip`,
    );
  return verdicts;
}

/** The seeded counts, as the report's header states them. */
function sizeText(): string {
  return (
    `${count(SIZE.contacts)} contacts, ${count(SIZE.deals)} deals over 3 pipelines, ${count(SIZE.activities)} deal activities, ` +
    `${count(SIZE.tasks)} tasks, ${count(SIZE.projects)} projects, ${count(SIZE.forms)} forms with ${count(SIZE.submissions)} submissions, ` +
    `${count(SIZE.bookings)} bookings and ${count(SIZE.emails)} email messages for the measured user; ` +
    `${count(SIZE.lightUsers)} light users`
  );
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pipewise-bench-'));
  const fresh = adminUrl ? await createPostgresDatabase(adminUrl, 'pipewise_bench') : null;
  const children: ChildProcess[] = [];
  const benchStart = performance.now();
  const elapsed = () => `${((performance.now() - benchStart) / 1000).toFixed(0)} s`;
  // The AI provider of the chat lines: the tests' stand-in for an OpenAI-compatible endpoint, on loopback.
  const provider = await startAiProviderServer();
  try {
    console.log(`Database: ${kind}. Seeding ${sizeText()}…`);
    const database = await openDatabase({ databaseUrl: fresh?.url, dataDir });
    const seeded = await seed(database.db, SIZE);
    const chatbots = await seedChatbots(database.db, seeded.userId, SECRET_KEY, provider.baseUrls.openai);
    // Statistics and merged GIN pending lists, as autovacuum (PostgreSQL) or the server's own analyze job
    // (PGlite) leave them after a bulk load.
    await database.db.execute(sql`analyze`);
    await cleanGinPendingLists(database.db);
    await database.close();
    const seedRate = seeded.rows / seeded.seconds;
    console.log(
      `Seeded ${count(seeded.rows)} rows in ${seeded.seconds.toFixed(1)} s (${rate(seedRate)} rows/s): ` +
        Object.entries(seeded.counts)
          .map(([table, n]) => `${count(n)} ${table}`)
          .join(', '),
    );

    const driver = await openDriver(dataDir, fresh?.url);
    const deepPosition = Math.floor(SIZE.contacts * 0.9);
    const [deep] = (
      (await driver.query('select name, id from contacts where user_id = $1 order by name, id offset $2 limit 1', [
        seeded.userId,
        deepPosition,
      ])) as {
        rows: Array<{ name: string; id: string }>;
      }
    ).rows;
    const tsquery = anyWordQuery(AI_QUESTION)!;
    const chatFloors = await turnFloorParams(
      (text, params) => driver.query(text, params) as Promise<{ rows: unknown[] }>,
      chatbots,
      seeded.userId,
      tsquery,
    );
    const fixture: Fixture = { ...seeded, deep: deep!, deepPosition, chatbots, chatFloors };
    const lines = chosen(linesFor(fixture, '', null));
    const driverStats = new Map<string, Stats>();
    console.log(`[${elapsed()}] Measuring ${lines.length} lines: the driver floors…`);
    for (const line of lines) {
      const { floorSql, floorParams } = line;
      const query = () => driver.query(floorSql, typeof floorParams === 'function' ? floorParams() : floorParams);
      await measureLoop(query, 16, WARM_UP_SECONDS);
      for (const concurrency of CONCURRENCY)
        driverStats.set(`${line.name}@${concurrency}`, await measureLoop(query, concurrency, SECONDS));
    }
    // The floor's bookings lie far ahead, outside every page and calendar; they go, so the server starts on the
    // seeded data.
    await driver.query(`delete from bookings where user_id = $1 and scheduled_start_time >= '2100-01-01'`, [
      seeded.userId,
    ]);
    // The floor's AI turns counted answers against the bot's day; the server starts with the whole day's allowance.
    await driver.query('delete from chatbot_ai_usage', []);
    await driver.close();

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const loopFile = path.join(dataDir, 'event-loop.json');
    const mail = mailTestServers();
    const serverEnv = {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SECRET_KEY,
      PUBLIC_URL: base,
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      AUTH_ATTEMPTS_PER_MINUTE: '100000',
      // The public writes are measured from one address, far past what a visitor may send.
      FORM_SUBMISSIONS_PER_MINUTE: '10000000',
      FORM_SUBMISSIONS_PER_FORM_PER_MINUTE: '10000000',
      BOOKING_ATTEMPTS_PER_MINUTE: '10000000',
      CHATBOT_MESSAGES_PER_MINUTE: '10000000',
      CHATBOT_MESSAGES_PER_BOT_PER_MINUTE: '10000000',
      BENCH_LOOP_DELAY_FILE: loopFile,
      ...(fresh ? { DATABASE_URL: fresh.url } : {}),
      // The AI provider, and the test mail servers, listen on loopback (the mail servers with a certificate of their
      // own).
      ALLOW_PRIVATE_HOSTS: 'true',
      ...(mail ? { MAIL_CA_FILE: mail.caFile } : {}),
    };
    const serverArgs = ['--import', './bench/event-loop-probe.mjs', 'server/src/main.ts'];
    // Cold start: from spawning the server on the seeded data to its first 200.
    let spawnedAt = performance.now();
    const server = await startProcess(serverArgs, serverEnv, async () => (await fetch(`${base}/api/health`)).ok, 10);
    const coldHealth = (performance.now() - spawnedAt) / 1000;
    children.push(server);
    const cookie = await signIn(base);
    const measuresChat = lines.some((line) => line.name.includes('/chatbots/'));
    const apiLines = chosen(linesFor(fixture, cookie, measuresChat ? await chatTargets(base, chatbots, quick) : null));

    // The framework floor answers each path with a body of the API's own size.
    const answers = [];
    for (const { target } of apiLines) {
      const res = await fetchOnce(base, target);
      const answered = new URL(res.url).pathname + new URL(res.url).search;
      answers.push({ method: target.method, path: answered, status: res.status, body: await res.text() });
      if (!res.ok) throw new Error(`${target.method} ${answered} answered ${res.status}`);
    }
    const answersFile = path.join(dataDir, 'framework-answers.json');
    writeFileSync(answersFile, JSON.stringify(answers));

    const rows: Row[] = [];
    const apiStats = new Map<string, Stats>();
    console.log(`[${elapsed()}] The server (first 200 after ${coldHealth.toFixed(2)} s)…`);
    for (const line of apiLines) {
      await measureHttp(base, line.target, 16, WARM_UP_SECONDS); // JIT, caches, pool connections
      await settle(base);
      for (const concurrency of CONCURRENCY) {
        apiStats.set(`${line.name}@${concurrency}`, await measureHttp(base, line.target, concurrency, SECONDS));
        // An AI turn answered without the provider (no passage found, the allowance used up) measured another path.
        if (line.name.includes('AI answer') && provider.requests.length === 0)
          throw new Error(`${line.name}: no question reached the AI provider`);
        provider.requests.length = 0;
        await settle(base);
      }
    }
    const burst = await duringSignIns(base, cookie, server, loopFile);
    await settle(base);
    const during = 'While the server fetches, parses and stores a large incoming message';
    let largeMessageLine = `${during}: skipped, no MAIL_TEST_* settings (scripts/mail-servers.sh start prints them).`;
    if (mail) {
      try {
        const large = await duringLargeMessage(base, cookie, server, loopFile, mail);
        largeMessageLine =
          `${during} (${(large.bytes / 1e6).toFixed(1)} MB, a check of ${large.checkSeconds.toFixed(1)} s): ` +
          `event-loop delay p50 ${ms(large.loop.p50)} ms, p99 ${ms(large.loop.p99)} ms (max ${ms(large.loop.max)} ms); ` +
          `GET /api/me p50 ${ms(large.me.p50)} ms, p99 ${ms(large.me.p99)} ms` +
          `${large.me.errors ? ` (${large.me.errors} errors)` : ''}.`;
      } catch (error) {
        largeMessageLine = `${during}: failed, ${(error as Error).message}.`;
        process.exitCode = 1;
      }
    }
    await stopProcess(server);

    // Cold start again, to the first signed-in list (the session is in the database).
    spawnedAt = performance.now();
    const again = await startProcess(
      serverArgs,
      serverEnv,
      async () => (await fetch(`${base}/api/contacts?limit=50`, { headers: { cookie } })).ok,
      10,
    );
    const coldList = (performance.now() - spawnedAt) / 1000;
    children.push(again);
    await stopProcess(again);

    // The framework floor is near constant from run to run; the quick run, which shows every path still answers,
    // leaves it out.
    const floorPort = await freePort();
    const floorBase = `http://127.0.0.1:${floorPort}`;
    const framework = quick
      ? null
      : await startProcess(
          ['bench/framework-floor.ts', answersFile],
          { PORT: String(floorPort) },
          async () => (await fetch(`${floorBase}/api/health`)).ok,
        );
    if (framework) {
      children.push(framework);
      console.log(`[${elapsed()}] The framework floors…`);
    }
    for (const line of apiLines) {
      if (framework) await measureHttp(floorBase, line.target, 16, WARM_UP_SECONDS);
      for (const concurrency of CONCURRENCY) {
        const key = `${line.name}@${concurrency}`;
        rows.push({
          line: line.name,
          concurrency,
          api: apiStats.get(key)!,
          driver: driverStats.get(key)!,
          framework: framework ? await measureHttp(floorBase, line.target, concurrency, SECONDS) : null,
        });
      }
    }
    if (framework) await stopProcess(framework);

    const bundles = skipBundles ? null : await measureBundles();
    const errors = rows.filter((row) => row.api.errors || row.driver.errors);
    const report = [
      `### ${kind === 'postgres' ? 'PostgreSQL' : 'Embedded database (PGlite)'}${quick ? ' — quick run' : ''}`,
      '',
      `${sizeText()}; seeded ${count(seeded.rows)} rows in ${seeded.seconds.toFixed(1)} s (${rate(seedRate)} rows/s). ` +
        `${SECONDS} s a measurement, no pipelining; ${os.cpus().length} cores shared by the server, the database and the load generator.`,
      '',
      formatTable(rows),
      '',
      `Cold start on the seeded data: first GET /api/health 200 after ${coldHealth.toFixed(2)} s; ` +
        `first signed-in GET /api/contacts 200 after ${coldList.toFixed(2)} s.`,
      '',
      `While 20 sign-ins run at once: event-loop delay p50 ${ms(burst.loop.p50)} ms, p99 ${ms(burst.loop.p99)} ms ` +
        `(max ${ms(burst.loop.max)} ms); GET /api/me p50 ${ms(burst.me.p50)} ms, p99 ${ms(burst.me.p99)} ms; ` +
        `GET /api/contacts (first page) p50 ${ms(burst.list.p50)} ms, p99 ${ms(burst.list.p99)} ms` +
        `${burst.me.errors + burst.list.errors ? ` (${burst.me.errors + burst.list.errors} errors)` : ''}.`,
      '',
      largeMessageLine,
      '',
      bundles ? formatBundleReport(bundles) : 'Bundle sizes: not measured in this run (--no-bundles).',
    ].join('\n');
    console.log(`\n${report}\n`);
    if (!quick && bundles) console.log(judge(rows, bundles).join('\n'));
    mkdirSync(path.join(projectDir, 'test-results'), { recursive: true });
    writeFileSync(path.join(projectDir, 'test-results', `bench-${kind}${quick ? '-quick' : ''}.md`), `${report}\n`);
    console.log(`Bench took ${((performance.now() - benchStart) / 60_000).toFixed(1)} min.`);
    if (errors.length) {
      console.error(`Errors in: ${errors.map((row) => `${row.line} @${row.concurrency}`).join('; ')}`);
      process.exitCode = 1;
    }
  } finally {
    for (const child of children) await stopProcess(child);
    await fresh?.drop();
    await provider.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
