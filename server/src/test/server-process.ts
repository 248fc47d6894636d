import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { serverBundle } from '../../../scripts/server-bundle';

// The real server as its own process (bundled by the test run's global setup, scripts/server-bundle.ts), for the tests of what only a
// process shows: a kill, a restart, a second server on the same data, a database that goes away.

const projectDir = fileURLToPath(new URL('../../..', import.meta.url));
const SECRET_KEY = 'server-process-secret-key-0123456789-abcdef';
const START_TIMEOUT_MS = 60_000;

export interface ServerOptions {
  dataDir: string;
  /** PostgreSQL; the embedded database in `dataDir` when absent. */
  databaseUrl?: string;
  /** A port to reuse across restarts, so cookies and the server's own origin stay the same. */
  port?: number;
  /** Settings beside the test's usual ones, e.g. ALLOW_PRIVATE_HOSTS. */
  env?: Record<string, string>;
}

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** What the process wrote to stderr so far. */
  stderr(): string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  /** SIGKILL: no shutdown code runs, as in a crash or an out-of-memory kill. */
  kill(): Promise<void>;
  /** SIGTERM, the ordinary shutdown, falling back to SIGKILL. */
  stop(): Promise<void>;
}

/** A free TCP port on the loopback address. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Spawns the server without waiting for it: for a server that is expected to refuse to start. */
export function spawnServer(options: ServerOptions & { port: number }): ServerProcess {
  const { port } = options;
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [serverBundle], {
    cwd: projectDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      SECRET_KEY,
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      AUTH_ATTEMPTS_PER_MINUTE: '100000',
      BOOKING_ATTEMPTS_PER_MINUTE: '100000',
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  const ended = () => child.exitCode !== null || child.signalCode !== null;
  return {
    url,
    port,
    child,
    stderr: () => stderr,
    exited,
    kill: async () => {
      if (!ended()) child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      if (ended()) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Starts the server and waits until it answers its health check; fails with its stderr if it exits first. */
export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  const server = spawnServer({ ...options, port: options.port ?? (await freePort()) });
  const exit: { code?: number | string } = {};
  void server.exited.then((code) => (exit.code = code));
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exit.code !== undefined)
      throw new Error(`the server exited with ${exit.code} while starting: ${server.stderr()}`);
    const healthy = await fetch(`${server.url}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (healthy) return server;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await server.kill();
  throw new Error(`the server did not start: ${server.stderr()}`);
}

/** A signed-in user of a server process, sending JSON with their session cookie. */
export interface HttpUser {
  id: string;
  cookie: string;
  request(baseUrl: string, method: string, path: string, body?: unknown): Promise<Response>;
}

export async function signUpOver(baseUrl: string, name: string): Promise<HttpUser> {
  const email = `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const res = await fetch(`${baseUrl}/api/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, email, password: 'correct-horse-42' }),
  });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  const { user } = (await res.json()) as { user: { id: string } };
  return {
    id: user.id,
    cookie,
    request: (base, method, path, body) =>
      fetch(`${base}${path}`, {
        method,
        headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
  };
}
