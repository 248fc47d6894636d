// `npm run bench`: the request path measured over real HTTP against the real server, beside its floors.
//   npm run bench                       embedded database (PGlite), 100,000 contacts, 8 s a measurement
//   DATABASE_URL=postgres://… npm run bench   the same on PostgreSQL (a fresh database is made and dropped)
//   npm run bench -- --quick            10,000 contacts, 2 s a measurement, figures only (CI)
// The bench user also has one pipeline of deals (10,000; 1,000 with --quick) for the board, and projects
// (as many as deals) and tasks (twice as many as contacts: 200,000; 20,000 with --quick) for their boards and
// the global search.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
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
import { createPostgresDatabase } from '../server/src/test/test-app';
import { formatBundleReport, measureBundles, type BundleReport } from './bundle';
import { measureHttp, measureLoop, type HttpTarget, type Stats } from './load';
import { BENCH_EMAIL, BENCH_PASSWORD, contactNameSql, seed } from './seed';

const projectDir = fileURLToPath(new URL('..', import.meta.url));
const quick = process.argv.includes('--quick');
const HEAVY_ROWS = quick ? 10_000 : 100_000;
const LIGHT_USERS = quick ? 100 : 1_000;
const DEALS = quick ? 1_000 : 10_000;
const PROJECTS = DEALS;
const TASKS = 2 * HEAVY_ROWS;
const SECONDS = quick ? 2 : 8;
/** A selective term: a contact's name (Barbara Thompson 4242) and the descriptions of its two tasks contain it. */
const SEARCH_TERM = 'Thompson 4242';
// Before each path is measured: long enough for V8 to optimise its code (a second was not).
const WARM_UP_SECONDS = quick ? 1 : 4;
const CONCURRENCY = [1, 16, 64];
const SECRET_KEY = 'bench-secret-key-0123456789-abcdefghijklmnop';
const adminUrl = process.env.DATABASE_URL;
const kind = adminUrl ? 'postgres' : 'pglite';

/** Each measured request, with the SQL that the cheapest server of it would run (the driver floor). */
interface Line {
  name: string;
  target: HttpTarget;
  floorSql: string;
  floorParams: unknown[];
}

type Query = (text: string, params: unknown[]) => Promise<unknown>;

interface Row {
  line: string;
  concurrency: number;
  api: Stats;
  driver: Stats;
  framework: Stats;
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
    await new Promise((resolve) => setTimeout(resolve, 200));
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

/**
 * The bench user's projects over the five statuses and tasks over the three, every fourth task in a project,
 * each task about a contact (its description names the contact, so a search finds both).
 */
async function seedWork(db: Db, userId: string): Promise<void> {
  await db.execute(sql`insert into projects (user_id, name, status, created_at)
    select ${userId}, 'Project ' || i,
      (array['Not Started', 'Planning', 'In Progress', 'Review', 'Completed'])[1 + i % 5],
      now() - i * interval '1 minute'
    from generate_series(1, ${PROJECTS}) as i`);
  await db.execute(sql`insert into tasks (user_id, name, description, status, due_date, project_id, created_at)
    select ${userId}, 'Task ' || i, 'Follow up with ' || ${contactNameSql(sql`i % ${HEAVY_ROWS}`)},
      (array['To Do', 'In Progress', 'Done'])[1 + i % 3],
      case when i % 2 = 0 then now() + (i % 60 - 30) * interval '1 day' end,
      case when i % 4 = 0 then ps.ids[1 + i % array_length(ps.ids, 1)] end,
      now() - i * interval '1 second'
    from generate_series(1, ${TASKS}) as i,
      (select array_agg(id) as ids from projects where user_id = ${userId}) as ps`);
}

const dialect = new PgDialect();
const floorOf = (query: SQL) => {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { floorSql: text, floorParams: params };
};

/** The task board's floor: its two queries (each column's capped count, every column's first page) as one statement. */
const taskBoardFloor = (userId: string) => {
  const statuses = ['To Do', 'In Progress', 'Done'] as const;
  const filter = { tz: 'UTC' };
  return floorOf(sql`with counts as (${taskCountsSql(userId, statuses, filter, new Date())})
    select counts.n, pages.* from counts
    left join (${taskPagesSql(userId, statuses, filter)}) pages on pages.column_status = counts.status`);
};

/** The project board's floor: its three queries (counts, first pages, their task progress) as one statement. */
const projectBoardFloor = (userId: string) =>
  floorOf(sql`with counts as (${projectCountsSql(userId)}), pages as (${projectPagesSql(userId)})
    select counts.n, pages.*, progress.n as task_count, progress.done as done_task_count from counts
    left join pages on pages.column_status = counts.status
    left join (
      select project_id, count(*) as n, count(*) filter (where status = 'Done') as done from tasks
      where project_id in (select id from pages) group by project_id
    ) progress on progress.project_id = pages.id`);

/** The dashboard's floor: its six widget queries as one statement. */
const dashboardFloor = (userId: string) => {
  const now = new Date();
  const { from, to } = dueRange('today', 'UTC', now);
  const list = (query: SQL) => sql`(select json_agg(x) from (${query}) x)`;
  return floorOf(sql`select (select row_to_json(s) from (${statsSql(userId)}) s) as stats,
    ${list(scheduleSql(userId, from, to))} as schedule, ${list(recentTasksSql(userId))} as recent,
    (select n from (${emailAccountsSql(userId)}) e) as email, ${list(pipelineOverviewSql(userId))} as overview,
    ${list(revenueSql(userId, revenueMonths('UTC', now)))} as revenue`);
};

function linesFor(
  userId: string,
  pipelineId: string,
  cookie: string,
  deep: { name: string; id: string },
  deepPosition: number,
): Line[] {
  const cursor = new Cursors(SECRET_KEY).seal([deep.name, deep.id], userId, contactListName('name', 'asc'));
  const columns = 'id, name, email, phone, company, created_at';
  const headers = { cookie };
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
      name: `GET /api/deals/board (${DEALS.toLocaleString('en-US')} deals)`,
      target: { method: 'GET', path: `/api/deals/board?pipelineId=${pipelineId}`, headers },
      floorSql: boardFloorSql,
      floorParams: [userId, pipelineId],
    },
    {
      name: `GET /api/tasks/board (${TASKS.toLocaleString('en-US')} tasks)`,
      target: { method: 'GET', path: '/api/tasks/board', headers },
      ...taskBoardFloor(userId),
    },
    {
      name: `GET /api/projects/board (${PROJECTS.toLocaleString('en-US')} projects)`,
      target: { method: 'GET', path: '/api/projects/board', headers },
      ...projectBoardFloor(userId),
    },
    {
      name: 'GET /api/dashboard (summary)',
      target: { method: 'GET', path: '/api/dashboard?tz=UTC', headers },
      ...dashboardFloor(userId),
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

/** p50/p99 of GET /api/me while twenty sign-ins hash their passwords at once. */
async function meDuringSignIns(base: string, cookie: string): Promise<Stats> {
  const samples: number[] = [];
  let running = true;
  const signIns = Promise.all(Array.from({ length: 20 }, () => signIn(base))).finally(() => (running = false));
  const start = performance.now();
  while (running) {
    const t0 = performance.now();
    await fetch(`${base}/api/me`, { headers: { cookie } }).then((r) => r.arrayBuffer());
    samples.push(performance.now() - t0);
  }
  await signIns;
  samples.sort((a, b) => a - b);
  const at = (p: number) => samples[Math.min(samples.length - 1, Math.floor((samples.length * p) / 100))] ?? 0;
  return { rps: samples.length / ((performance.now() - start) / 1000), p50: at(50), p99: at(99), errors: 0 };
}

const ms = (value: number) => value.toFixed(1);
const rate = (value: number) => Math.round(value).toLocaleString('en-US');
const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : '–');

function formatTable(rows: Row[]): string {
  const out = [
    '| request | conc. | req/s | p50 ms | p99 ms | driver floor req/s | p99 ms | × driver | framework floor req/s | × framework |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const { line, concurrency, api, driver, framework } of rows) {
    const flag = api.errors ? ` (${api.errors} errors)` : '';
    out.push(
      `| ${line}${flag} | ${concurrency} | ${rate(api.rps)} | ${ms(api.p50)} | ${ms(api.p99)} | ${rate(driver.rps)} | ${ms(driver.p99)} | ${ratio(api.rps, driver.rps)} | ${rate(framework.rps)} | ${ratio(api.rps, framework.rps)} |`,
    );
  }
  return out.join('\n');
}

/** The targets of the request path, judged on the full run only (a quick run's figures are too short to judge). */
function judge(rows: Row[], bundles: BundleReport): string[] {
  const at16 = (prefix: string) => rows.filter((row) => row.concurrency === 16 && row.line.startsWith(prefix));
  const listBudget = kind === 'postgres' ? 50 : 100;
  const verdicts: string[] = [];
  const check = (ok: boolean, text: string) => verdicts.push(`${ok ? 'met   ' : 'MISSED'} ${text}`);
  for (const row of at16('GET /api/contacts'))
    check(row.api.p99 < listBudget, `${row.line} p99 ${ms(row.api.p99)} ms < ${listBudget} ms at concurrency 16`);
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
  const [post] = at16('POST /api/contacts');
  if (post)
    check(
      post.api.rps >= post.driver.rps / 2,
      `POST /api/contacts ${rate(post.api.rps)}/s ≥ half of the insert alone (${rate(post.driver.rps)}/s)`,
    );
  for (const page of bundles.pages)
    check(
      page.ok,
      `${page.page} first load ${(page.gzipBytes / 1000).toFixed(1)} KB ≤ ${page.budgetBytes / 1000} KB gzip`,
    );
  return verdicts;
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pipewise-bench-'));
  const fresh = adminUrl ? await createPostgresDatabase(adminUrl, 'pipewise_bench') : null;
  const children: ChildProcess[] = [];
  try {
    console.log(
      `Database: ${kind}. Seeding ${HEAVY_ROWS.toLocaleString('en-US')} contacts for one user and ${LIGHT_USERS} light users…`,
    );
    const database = await openDatabase({ databaseUrl: fresh?.url, dataDir });
    const seeded = await seed(database.db, HEAVY_ROWS, LIGHT_USERS, DEALS);
    await seedWork(database.db, seeded.userId);
    // Statistics and merged GIN pending lists, as autovacuum (PostgreSQL) or the server's own analyze job
    // (PGlite) leave them after a bulk load.
    await database.db.execute(sql`analyze`);
    await cleanGinPendingLists(database.db);
    await database.close();
    console.log(
      `Seeded ${seeded.rows.toLocaleString('en-US')} rows in ${seeded.seconds.toFixed(1)} s (${rate(seeded.rows / seeded.seconds)} rows/s).`,
    );

    const driver = await openDriver(dataDir, fresh?.url);
    const deepPosition = Math.floor(HEAVY_ROWS * 0.9);
    const [deep] = (
      (await driver.query('select name, id from contacts where user_id = $1 order by name, id offset $2 limit 1', [
        seeded.userId,
        deepPosition,
      ])) as {
        rows: Array<{ name: string; id: string }>;
      }
    ).rows;
    const lines = linesFor(seeded.userId, seeded.pipelineId, '', deep!, deepPosition);
    const driverStats = new Map<string, Stats>();
    for (const line of lines) {
      await measureLoop(() => driver.query(line.floorSql, line.floorParams), 16, WARM_UP_SECONDS);
      for (const concurrency of CONCURRENCY) {
        driverStats.set(
          `${line.name}@${concurrency}`,
          await measureLoop(() => driver.query(line.floorSql, line.floorParams), concurrency, SECONDS),
        );
      }
    }
    await driver.close();

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = await startProcess(
      ['server/src/main.ts'],
      {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SECRET_KEY,
        PUBLIC_URL: base,
        LOG_LEVEL: 'info',
        LOG_FORMAT: 'json',
        AUTH_ATTEMPTS_PER_MINUTE: '100000',
        ...(fresh ? { DATABASE_URL: fresh.url } : {}),
      },
      async () => (await fetch(`${base}/api/health`)).ok,
    );
    children.push(server);
    const cookie = await signIn(base);
    const apiLines = linesFor(seeded.userId, seeded.pipelineId, cookie, deep!, deepPosition);

    // The framework floor answers each path with a body of the API's own size.
    const answers = [];
    for (const { target } of apiLines) {
      const res = await fetch(base + target.path, {
        method: target.method,
        headers: target.headers,
        body: target.body,
      });
      answers.push({ method: target.method, path: target.path, status: res.status, body: await res.text() });
      if (!res.ok) throw new Error(`${target.method} ${target.path} answered ${res.status}`);
    }
    const answersFile = path.join(dataDir, 'framework-answers.json');
    writeFileSync(answersFile, JSON.stringify(answers));

    const rows: Row[] = [];
    const apiStats = new Map<string, Stats>();
    for (const line of apiLines) {
      await measureHttp(base, line.target, 16, WARM_UP_SECONDS); // JIT, caches, pool connections
      for (const concurrency of CONCURRENCY)
        apiStats.set(`${line.name}@${concurrency}`, await measureHttp(base, line.target, concurrency, SECONDS));
    }
    const burst = await meDuringSignIns(base, cookie);
    await stopProcess(server);

    const floorPort = await freePort();
    const floorBase = `http://127.0.0.1:${floorPort}`;
    const framework = await startProcess(
      ['bench/framework-floor.ts', answersFile],
      { PORT: String(floorPort) },
      async () => (await fetch(`${floorBase}/api/health`)).ok,
    );
    children.push(framework);
    for (const line of apiLines) {
      await measureHttp(floorBase, line.target, 16, WARM_UP_SECONDS);
      for (const concurrency of CONCURRENCY) {
        const key = `${line.name}@${concurrency}`;
        rows.push({
          line: line.name,
          concurrency,
          api: apiStats.get(key)!,
          driver: driverStats.get(key)!,
          framework: await measureHttp(floorBase, line.target, concurrency, SECONDS),
        });
      }
    }
    await stopProcess(framework);

    const bundles = await measureBundles();
    const report = [
      `### ${kind === 'postgres' ? 'PostgreSQL' : 'Embedded database (PGlite)'}${quick ? ' — quick run' : ''}`,
      '',
      `${HEAVY_ROWS.toLocaleString('en-US')} contacts, ${DEALS.toLocaleString('en-US')} deals, ${PROJECTS.toLocaleString('en-US')} projects and ${TASKS.toLocaleString('en-US')} tasks for the measured user, ${LIGHT_USERS.toLocaleString('en-US')} light users; seeded at ${rate(seeded.rows / seeded.seconds)} rows/s. ` +
        `${SECONDS} s a measurement, no pipelining; ${os.cpus().length} cores shared by the server, the database and the load generator.`,
      '',
      formatTable(rows),
      '',
      `GET /api/me while 20 sign-ins run at once: p50 ${ms(burst.p50)} ms, p99 ${ms(burst.p99)} ms.`,
      '',
      formatBundleReport(bundles),
    ].join('\n');
    console.log(`\n${report}\n`);
    if (!quick) console.log(judge(rows, bundles).join('\n'));
    mkdirSync(path.join(projectDir, 'test-results'), { recursive: true });
    writeFileSync(path.join(projectDir, 'test-results', `bench-${kind}${quick ? '-quick' : ''}.md`), `${report}\n`);
  } finally {
    for (const child of children) await stopProcess(child);
    await fresh?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
