// `npm run bench`: the request path measured over real HTTP against the real server, beside its floors.
//   npm run bench                       embedded database (PGlite), the full data (SIZE), 8 s a measurement
//   DATABASE_URL=postgres://… npm run bench   the same on PostgreSQL (a fresh database is made and dropped)
//   npm run bench -- --quick            a twentieth of the data, concurrency 16, 1 s a measurement, figures only (CI)
//   npm run bench -- --only=contacts    only the lines whose names contain a word given ("import": the contact import)
//   npm run bench -- --cpu-prof         the server's CPU profile of the run, into test-results/cpu-profiles
// With the test mail servers' settings (eval "$(scripts/mail-servers.sh start)"), also the server while a ~25 MB
// message arrives.
// The bench user is a heavy user (see SIZE: contacts, deals over three pipelines with their activities, projects,
// tasks, forms with submissions, bookings and a booking page open a year ahead, a mailbox); the light users have a
// few rows.
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/src/db/client';
import { cleanGinPendingLists, cleanGinPendingListsSql } from '../server/src/db/auto-analyze';
import { anyWordQuery } from '../server/src/modules/chatbots/ai/retrieval';
import { startAiProviderServer } from '../server/src/test/ai-provider-server';
import { createPostgresDatabase } from '../server/src/test/test-app';
import { measureBundles } from './bundle';
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
import { count, floorOf, type Fixture, type Line, type LineContext } from './lines/line';
import { projectLines } from './lines/projects';
import { taskLines } from './lines/tasks';
import { openDriver } from './driver';
import { seed, type SeedSize } from './seed';
import { importLine, measureImport } from './contact-import';
import { largeMessageReport, mailTestServers } from './large-message';
import { duringSignIns } from './probes';
import { judge, rate, ratio, reportText, type Row } from './report';
import { benchServerEnv, createApiKey, freePort, settle, signIn, startProcess, stopProcess } from './server-process';

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
/** The contact import is measured with the lines, or when `--only` names it ("import"). */
const IMPORT_LINE = 'contact import';
/** `--cpu-prof`: the server writes its CPU profile of the run into test-results/cpu-profiles (node's --cpu-prof). */
const cpuProfile = process.argv.includes('--cpu-prof');
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
/** The rows of the bench's contact import (issue 30: a million in under 5 minutes on PostgreSQL). */
const IMPORT_ROWS = quick ? 50_000 : 1_000_000;
// Before each path is measured: long enough for V8 to optimise its code (a second was not).
const WARM_UP_SECONDS = quick ? 0.25 : 4;
const CONCURRENCY = quick ? [16] : [1, 16, 64];
const SECRET_KEY = 'bench-secret-key-0123456789-abcdefghijklmnop';
const adminUrl = process.env.DATABASE_URL;
const kind = adminUrl ? 'postgres' : 'pglite';

/**
 * The quick run's regression guard: a line whose rate falls under this share of its driver floor fails the run. A
 * ratio, not a time: it holds on a slower machine, and the floor is measured in the same run.
 */
const QUICK_GUARD = 0.3;
/** A half-second measurement is noisy: a line under the guard is measured again, longer, before it fails the run. */
const GUARD_RETRIES = 2;
const GUARD_RETRY_SECONDS = 2;

const underGuard = (rows: Row[]) => rows.filter((row) => row.api.rps < row.driver.rps * QUICK_GUARD);

/** A quick run's line under the guard, measured again (at most GUARD_RETRIES times); its best measurement stands. */
async function remeasureUnderGuard(
  line: Line,
  base: string,
  apiStats: Map<string, Stats>,
  driverStats: Map<string, Stats>,
) {
  const key = `${line.name}@16`;
  const floor = driverStats.get(key)!.rps;
  for (let i = 0; i < GUARD_RETRIES && apiStats.get(key)!.rps < floor * QUICK_GUARD; i++) {
    console.log(`${line.name}: under ${QUICK_GUARD} of its floor, measured again`);
    const again = await measureHttp(base, line.target, 16, GUARD_RETRY_SECONDS);
    if (again.rps > apiStats.get(key)!.rps) apiStats.set(key, again);
    await settle(base);
  }
}

/** Every area's lines (bench/lines/), in the report's order. */
function linesFor(f: Fixture, cookie: string, apiKey: string, chat: ChatTargets | null): Line[] {
  const context: LineContext = { f, size: SIZE, headers: { cookie }, apiKey, secretKey: SECRET_KEY };
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
    const lines = chosen(linesFor(fixture, '', '', null));
    const driverStats = new Map<string, Stats>();
    console.log(`[${elapsed()}] Measuring ${lines.length} lines: the driver floors…`);
    for (const line of lines) {
      const { floorSql, floorParams } = line;
      const query = async () => {
        await driver.query(floorSql, typeof floorParams === 'function' ? floorParams() : floorParams);
        await line.floorAlso?.();
      };
      await measureLoop(query, 16, WARM_UP_SECONDS);
      for (const concurrency of CONCURRENCY)
        driverStats.set(`${line.name}@${concurrency}`, await measureLoop(query, concurrency, SECONDS));
    }
    // The floor's bookings lie far ahead, outside every page and calendar; they go, so the server starts on the
    // seeded data.
    await driver.query(`delete from bookings where user_id = $1 and scheduled_start_time >= '2100-01-01'`, [
      seeded.userId,
    ]);
    // The floor's AI turns counted answers against the bot's day; the server starts with the whole day's allowance,
    // and the provider's record of questions with the server's.
    await driver.query('delete from chatbot_ai_usage', []);
    provider.requests.length = 0;
    // The floors' writes (contacts, submissions, bookings, chat lines) filled GIN pending lists, which every search
    // then reads whole until autovacuum merges them, at a moment no run controls: the server starts, as the floors
    // did, on statistics and merged lists (a search once measured at 0.11 of its floor for this alone).
    await driver.query('analyze', []);
    const { floorSql: cleanLists } = floorOf(cleanGinPendingListsSql());
    await driver.query(cleanLists, []);
    await driver.close();

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const loopFile = path.join(dataDir, 'event-loop.json');
    const mail = mailTestServers();
    const serverEnv = benchServerEnv({ port, dataDir, loopFile, secretKey: SECRET_KEY, databaseUrl: fresh?.url, mail });
    const profileArgs = cpuProfile
      ? ['--cpu-prof', `--cpu-prof-dir=${path.join(projectDir, 'test-results', 'cpu-profiles')}`]
      : [];
    const serverArgs = [...profileArgs, '--import', './bench/event-loop-probe.mjs', 'server/src/main.ts'];
    // Cold start: from spawning the server on the seeded data to its first 200.
    let spawnedAt = performance.now();
    const server = await startProcess(serverArgs, serverEnv, async () => (await fetch(`${base}/api/health`)).ok, 10);
    const coldHealth = (performance.now() - spawnedAt) / 1000;
    children.push(server);
    const cookie = await signIn(base);
    const measuresChat = lines.some((line) => line.name.includes('/chatbots/'));
    const apiKey = await createApiKey(base, cookie);
    const apiLines = chosen(
      linesFor(fixture, cookie, apiKey, measuresChat ? await chatTargets(base, chatbots, quick) : null),
    );

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
      if (quick) await remeasureUnderGuard(line, base, apiStats, driverStats);
    }
    const burst = await duringSignIns(base, cookie, server, loopFile);
    await settle(base);
    const largeMessageLine = await largeMessageReport(base, cookie, server, loopFile, mail);
    // Last, as it adds its rows to the bench user's contacts: a million (a twentieth with --quick), new e-mails.
    const measuresImport = chosen([{ name: IMPORT_LINE }]).length > 0;
    if (measuresImport) console.log(`[${elapsed()}] A contact import…`);
    const importFigures = measuresImport ? await measureImport(base, cookie, dataDir, IMPORT_ROWS) : null;
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
    const report = reportText({
      kind,
      quick,
      size: sizeText(),
      seeded,
      seconds: SECONDS,
      rows,
      coldHealth,
      coldList,
      burst,
      largeMessageLine,
      importLine: importFigures ? importLine(importFigures) : 'Contact import: not measured in this run (--only).',
      bundles,
    });
    console.log(`\n${report}\n`);
    if (!quick && bundles) console.log(judge(rows, bundles, kind).join('\n'));
    mkdirSync(path.join(projectDir, 'test-results'), { recursive: true });
    writeFileSync(path.join(projectDir, 'test-results', `bench-${kind}${quick ? '-quick' : ''}.md`), `${report}\n`);
    console.log(`Bench took ${((performance.now() - benchStart) / 60_000).toFixed(1)} min.`);
    if (errors.length) {
      console.error(`Errors in: ${errors.map((row) => `${row.line} @${row.concurrency}`).join('; ')}`);
      process.exitCode = 1;
    }
    const slow = quick ? underGuard(rows) : [];
    if (slow.length) {
      console.error(
        `Under ${QUICK_GUARD} of the driver floor: ${slow.map((row) => `${row.line} (${ratio(row.api.rps, row.driver.rps)})`).join('; ')}`,
      );
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
