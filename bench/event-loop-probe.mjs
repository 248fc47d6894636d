// Loaded into the server by the bench (`node --import tsx --import ./bench/event-loop-probe.mjs …`), so the
// product's code is measured unchanged: the event loop's delay between two SIGUSR2 signals, written as JSON
// ({ p50, p99, max } in milliseconds) to the file BENCH_LOOP_DELAY_FILE names.
// Plain JavaScript: worker threads (parse-pool.ts) inherit the --import flags but not tsx's hooks, so they load this
// file too, and it does nothing there.
import { renameSync, writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

const file = process.env.BENCH_LOOP_DELAY_FILE;
if (file && isMainThread) {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  let measuring = false;
  process.on('SIGUSR2', () => {
    if (!measuring) {
      histogram.reset();
      histogram.enable();
      measuring = true;
      return;
    }
    histogram.disable();
    measuring = false;
    const ms = (ns) => ns / 1e6;
    // Written whole, then renamed: the bench waits for the file to exist and must never read it half-written.
    const partial = `${file}.partial`;
    writeFileSync(
      partial,
      JSON.stringify({ p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max) }),
    );
    renameSync(partial, file);
  });
}
