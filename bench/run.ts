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
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../server/src/db/client';
import { cleanGinPendingLists } from '../server/src/db/auto-analyze';
import { anyWordQuery } from '../server/src/modules/chatbots/ai/retrieval';
import type { EmailCheckResult, EmailListItem } from '../common/email';
import { startAiProviderServer } from '../server/src/test/ai-provider-server';
import { createPostgresDatabase } from '../server/src/test/test-app';
import { formatBundleReport, measureBundles, type BundleReport } from './bundle';
import { fetchOnce, measureHttp, measureLoop, type Stats } from './load';
import { bookingLines } from './lines/booking';
import { calendarLines } from './lines/calendar';
import {
  AI_QUESTION,
  chatbotLines,
  chatTargets,
  seedChatbots,
  turnFloorParams,
  type ChatTargets,
} from './lines/chatbots';
import { contactLines } from './lines/contacts';
import { coreLines } from './lines/core';
import { dashboardLines } from './lines/dashboard';
import { dealLines } from './lines/deals';
import { emailLines } from './lines/email';
import { formLines } from './lines/forms';
import { count, type Fixture, type Line, type LineContext } from './lines/line';
import { projectLines } from './lines/projects';
import { taskLines } from './lines/tasks';
import { BENCH_EMAIL, BENCH_PASSWORD, seed, type SeedSize } from './seed';

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
// Before each path is measured: long enough for V8 to optimise its code (a second was not).
const WARM_UP_SECONDS = quick ? 0.25 : 4;
const CONCURRENCY = quick ? [16] : [1, 16, 64];
const SECRET_KEY = 'bench-secret-key-0123456789-abcdefghijklmnop';
const adminUrl = process.env.DATABASE_URL;
const kind = adminUrl ? 'postgres' : 'pglite';

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

/** Every area's lines (bench/lines/), in the report's order. */
function linesFor(f: Fixture, cookie: string, chat: ChatTargets | null): Line[] {
  const context: LineContext = { f, size: SIZE, headers: { cookie }, secretKey: SECRET_KEY };
  return [
    ...coreLines(context),
    ...contactLines(context),
    ...dealLines(context),
    ...taskLines(context),
    ...projectLines(context),
    ...dashboardLines(context),
    ...calendarLines(context),
    ...formLines(context),
    ...emailLines(context),
    ...bookingLines(context),
    ...chatbotLines(context, chat),
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
