import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import type { Stats } from './load';
import { signIn } from './server-process';

// What the server does for others while it works hard: closed loops of requests and its event-loop delay, read
// from bench/event-loop-probe.mjs.

/** The server's event-loop delay in a window, from bench/event-loop-probe.mjs. */
export interface LoopDelay {
  p50: number;
  p99: number;
  max: number;
}

export interface Burst {
  me: Stats;
  list: Stats;
  loop: LoopDelay;
}

/** Closed-loop requests to `url` until `running()` is false: their p50/p99. */
export async function sampleWhile(url: string, cookie: string, running: () => boolean): Promise<Stats> {
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
export async function duringSignIns(
  base: string,
  cookie: string,
  server: ChildProcess,
  loopFile: string,
): Promise<Burst> {
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
export async function probingLoop<T>(
  server: ChildProcess,
  loopFile: string,
  work: () => Promise<T>,
): Promise<[T, LoopDelay]> {
  // An earlier window's file must not be read as this one's.
  rmSync(loopFile, { force: true });
  server.kill('SIGUSR2');
  const result = await work();
  server.kill('SIGUSR2');
  const deadline = Date.now() + 10_000;
  while (!existsSync(loopFile) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  return [result, JSON.parse(readFileSync(loopFile, 'utf8')) as LoopDelay];
}
