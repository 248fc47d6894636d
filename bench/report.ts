import os from 'node:os';
import { formatBundleReport, type BundleReport } from './bundle';
import { count } from './lines/line';
import type { Burst } from './probes';
import type { Stats } from './load';

// The bench's report: the table of lines beside their floors, and the targets judged on a full run.

export interface Row {
  line: string;
  concurrency: number;
  api: Stats;
  driver: Stats;
  /** Left out of the quick run. */
  framework: Stats | null;
}

export const ms = (value: number) => value.toFixed(1);
export const rate = (value: number) => Math.round(value).toLocaleString('en-US');
export const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : '–');

export function formatTable(rows: Row[]): string {
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
export function judge(rows: Row[], bundles: BundleReport, kind: 'postgres' | 'pglite'): string[] {
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

/** The report of a run, as printed and kept in test-results/. */
export function reportText(run: {
  kind: 'postgres' | 'pglite';
  quick: boolean;
  /** The seeded counts, in words. */
  size: string;
  seeded: { rows: number; seconds: number };
  seconds: number;
  rows: Row[];
  coldHealth: number;
  coldList: number;
  burst: Burst;
  largeMessageLine: string;
  /** The import of a large CSV file (bench/contact-import.ts). */
  importLine: string;
  bundles: BundleReport | null;
}): string {
  const {
    kind,
    quick,
    size,
    seeded,
    seconds,
    rows,
    coldHealth,
    coldList,
    burst,
    largeMessageLine,
    importLine,
    bundles,
  } = run;
  return [
    `### ${kind === 'postgres' ? 'PostgreSQL' : 'Embedded database (PGlite)'}${quick ? ' — quick run' : ''}`,
    '',
    `${size}; seeded ${count(seeded.rows)} rows in ${seeded.seconds.toFixed(1)} s (${rate(seeded.rows / seeded.seconds)} rows/s). ` +
      `${seconds} s a measurement, no pipelining; ${os.cpus().length} cores shared by the server, the database and the load generator.`,
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
    importLine,
    '',
    bundles ? formatBundleReport(bundles) : 'Bundle sizes: not measured in this run (--no-bundles).',
  ].join('\n');
}
