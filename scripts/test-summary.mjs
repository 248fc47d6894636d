// Prints one closing line for CI from the JSON reports of Vitest and Playwright: "N passed, N failed, N skipped".
import { existsSync, readFileSync } from 'node:fs';

const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);
let passed = 0;
let failed = 0;
let skipped = 0;

const vitest = read('test-results/vitest.json');
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests + (vitest.numTodoTests ?? 0);
}
const playwright = read('test-results/playwright.json');
if (playwright) {
  passed += playwright.stats.expected + playwright.stats.flaky;
  failed += playwright.stats.unexpected;
  skipped += playwright.stats.skipped;
}
const minutes = (ms) => `${(ms / 60_000).toFixed(1)} min`;
if (vitest) {
  const end = Math.max(vitest.startTime, ...vitest.testResults.map((file) => file.endTime));
  console.log(`Unit and API tests: ${minutes(end - vitest.startTime)}`);
}
if (playwright) console.log(`Browser tests: ${minutes(playwright.stats.duration)}`);
if (!vitest || !playwright) failed += 1; // a missing report is a run that did not finish
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
