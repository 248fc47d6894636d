import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { BENCH_EMAIL, BENCH_PASSWORD } from './seed';

// The bench's server processes (the server under measure, the framework floor): a free port, start and stop, the
// bench user's sign-in, and the wait for a backlog to clear between lines.

const projectDir = fileURLToPath(new URL('..', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts a process and resolves once `ready` answers; the process is the caller's to stop. */
export async function startProcess(
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

export async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

export async function signIn(base: string): Promise<string> {
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

/** An API key of the signed-in bench user that reads contacts: the lines through a key beside a session. */
export async function createApiKey(base: string, cookie: string): Promise<string> {
  const res = await fetch(`${base}/api/api-keys`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench', scopes: { contacts: 'read' } }),
  });
  if (res.status !== 201) throw new Error(`creating the bench's API key failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { secret: string }).secret;
}

/**
 * Waits until the server answers GET /api/health promptly again: a slow line's backlog (requests autocannon sent
 * and left) must not be measured as the next line's.
 */
export async function settle(base: string) {
  const deadline = Date.now() + 10_000;
  await new Promise((resolve) => setTimeout(resolve, 200));
  while (Date.now() < deadline) {
    const t0 = performance.now();
    await fetch(`${base}/api/health`).then((r) => r.arrayBuffer());
    if (performance.now() - t0 < 20) return;
  }
}

/** The server's settings in the bench: its port and folders, and every limit far past what the bench sends. */
export function benchServerEnv(options: {
  port: number;
  dataDir: string;
  loopFile: string;
  secretKey: string;
  databaseUrl: string | undefined;
  mail: { caFile: string } | null;
}): Record<string, string> {
  const { port, dataDir, loopFile, secretKey: SECRET_KEY, databaseUrl, mail } = options;
  const base = `http://127.0.0.1:${port}`;
  return {
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
    // Counted still (a key's every request updates its counter), never reached.
    API_KEY_REQUESTS_PER_MINUTE: '100000000',
    BENCH_LOOP_DELAY_FILE: loopFile,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    // The AI provider, and the test mail servers, listen on loopback (the mail servers with a certificate of their
    // own).
    ALLOW_PRIVATE_HOSTS: 'true',
    ...(mail ? { MAIL_CA_FILE: mail.caFile } : {}),
  };
}
