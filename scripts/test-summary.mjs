// Prints the closing lines for CI from the JSON reports of Vitest and Playwright: each failed test by file and name,
// the browser spec files that took longest, each suite's duration, and last "N passed, N failed, N skipped".
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);
const minutes = (ms) => `${(ms / 60_000).toFixed(1)} min`;
let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];

const vitest = read('test-results/vitest.json');
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests + (vitest.numTodoTests ?? 0);
  for (const file of vitest.testResults) {
    for (const test of file.assertionResults) {
      if (test.status === 'failed') failures.push(`${path.relative(process.cwd(), file.name)}: ${test.fullName}`);
    }
  }
}

const playwright = read('test-results/playwright.json');
/** Every test of the report with its file, its title path and its results (a retried test has two). */
function* playwrightTests(suite, titles = []) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests) yield { file: spec.file, title: [...titles, spec.title].join(' › '), test };
  }
  for (const child of suite.suites ?? [])
    yield* playwrightTests(child, suite.title === suite.file ? titles : [...titles, suite.title]);
}
const specFileTimes = new Map();
if (playwright) {
  passed += playwright.stats.expected + playwright.stats.flaky;
  failed += playwright.stats.unexpected;
  skipped += playwright.stats.skipped;
  for (const root of playwright.suites) {
    for (const { file, title, test } of playwrightTests(root)) {
      const time = test.results.reduce((sum, result) => sum + result.duration, 0);
      specFileTimes.set(file, (specFileTimes.get(file) ?? 0) + time);
      if (test.status === 'unexpected') failures.push(`e2e/${file}: ${title}`);
      if (test.status === 'flaky') console.log(`Passed on its retry: e2e/${file}: ${title}`);
    }
  }
}

for (const failure of failures) console.log(`Failed: ${failure}`);
if (specFileTimes.size > 0) {
  const slowest = [...specFileTimes].sort((a, b) => b[1] - a[1]).slice(0, 8);
  console.log(
    `Slowest browser spec files (test time, both workers): ${slowest.map(([file, ms]) => `${file} ${Math.round(ms / 1000)} s`).join(', ')}`,
  );
}
if (vitest) {
  const end = Math.max(vitest.startTime, ...vitest.testResults.map((file) => file.endTime));
  console.log(`Unit and API tests: ${minutes(end - vitest.startTime)}`);
}
if (playwright) console.log(`Browser tests: ${minutes(playwright.stats.duration)}`);
if (!vitest || !playwright) failed += 1; // a missing report is a run that did not finish
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
