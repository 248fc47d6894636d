import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp, type AppOptions } from '../app';
import type { Config } from '../config';
import { openDatabase, type Database } from '../db/client';
import { startJobQueue } from '../jobs/queue';

export const testConfig: Config = {
  port: 0,
  host: '127.0.0.1',
  dataDir: '/nonexistent',
  databaseUrl: undefined,
  secretKey: 'test-secret-key-of-enough-length-0123456789',
  publicUrl: 'http://localhost:3000',
  trustProxy: false,
  logLevel: 'silent',
  logFormat: 'json',
  authAttemptsPerMinute: 1000,
  bookingAttemptsPerMinute: 1000,
  formSubmissionsPerMinute: 1000,
  formSubmissionsPerFormPerMinute: 1000,
  chatbotMessagesPerMinute: 1000,
  chatbotMessagesPerBotPerMinute: 1000,
  apiKeyRequestsPerMinute: 1000,
  // The tests' mail servers run on loopback.
  allowPrivateHosts: true,
  mailFrom: 'Pipewise <no-reply@localhost>',
};

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/**
 * The real app on a fresh database: in-memory PGlite, or a new PostgreSQL database on the
 * TEST_DATABASE_URL server when the test project is "postgres".
 */
export async function buildTestApp(
  config: Partial<Config> = {},
  options: Pick<AppOptions, 'answerQuestion'> & {
    /** Starts the job queue on the test database, for routes whose work is a job ('Check Mail', an import). */
    jobs?: boolean;
    /** A data folder of its own (uploads wait there), removed on close; else `config.dataDir`, or none usable. */
    files?: boolean;
  } = {},
): Promise<TestApp> {
  const { jobs: withJobs, files, ...appOptions } = options;
  const dataDir = files ? await mkdtemp(path.join(tmpdir(), 'pipewise-test-')) : null;
  if (dataDir) config = { ...config, dataDir };
  const database = await openTestDatabase();
  const jobs = withJobs ? await startJobQueue(database, console) : undefined;
  // Errors only: a 500 in a test prints its cause instead of leaving a bare status to guess from.
  const app = await buildApp({
    config: { ...testConfig, ...config },
    database,
    webDir: null,
    logger: { level: 'error' },
    jobs,
    ...appOptions,
  });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await jobs?.stop();
      await app.close();
      await database.close();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

// What global-setup.ts provides to every test file, declared beside the one reader of it.
declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a migrated embedded database's dump, which each test database starts from. */
    pgliteSnapshot: string;
    /** A migrated PostgreSQL database that each test database is created from. */
    postgresTemplate: string;
  }
}

/** A fresh, migrated database of the project under test; closing it also drops a PostgreSQL one. */
export async function openTestDatabase(): Promise<Database> {
  // Imported here: the bench imports this module outside the test runner.
  const { inject } = await import('vitest');
  const fresh =
    process.env.TEST_DB === 'postgres'
      ? await createPostgresDatabase(undefined, 'pipewise_test', inject('postgresTemplate'))
      : null;
  const database = await openDatabase({
    databaseUrl: fresh?.url,
    dataDir: null,
    pgliteSnapshot: fresh ? undefined : await readSnapshot(inject('pgliteSnapshot')),
  });
  return {
    ...database,
    close: async () => {
      await database.close();
      await fresh?.drop();
    },
  };
}

let snapshot: { file: string; blob: Promise<Blob> } | undefined;

/** The migrated embedded database of global-setup.ts, read once per test file. */
function readSnapshot(file: string): Promise<Blob> {
  if (snapshot?.file !== file) snapshot = { file, blob: readFile(file).then((bytes) => new Blob([bytes])) };
  return snapshot.blob;
}

/** A new database on the PostgreSQL server of `adminUrl` (empty, or a copy of `template`), dropped again by `drop()`. */
export async function createPostgresDatabase(
  adminUrl = process.env.TEST_DATABASE_URL,
  prefix = 'pipewise_test',
  template?: string,
) {
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** A signed-up user driving the API with their own session cookie. */
export interface UserClient {
  id: string;
  email: string;
  cookie: string;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  patch(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  delete(url: string, body?: unknown): Promise<LightMyRequestResponse>;
}

let counter = 0;
export const uniqueEmail = (name: string) => `${name}-${Date.now()}-${++counter}@example.com`;

export function cookieOf(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  const values = Array.isArray(header) ? header : header ? [header] : [];
  return values.map((value) => value.split(';')[0]).join('; ');
}

export function clientFor(app: FastifyInstance, cookie: string, extra: Partial<UserClient> = {}): UserClient {
  const send = (method: InjectOptions['method'], url: string, body?: unknown) =>
    app.inject({ method, url, headers: { cookie }, ...(body === undefined ? {} : { payload: body as object }) });
  return {
    id: '',
    email: '',
    cookie,
    get: (url) => send('GET', url),
    post: (url, body) => send('POST', url, body ?? {}),
    patch: (url, body) => send('PATCH', url, body ?? {}),
    delete: (url, body) => send('DELETE', url, body),
    ...extra,
  };
}

export async function signUp(app: FastifyInstance, name: string, password = 'correct-horse-42'): Promise<UserClient> {
  const email = uniqueEmail(name);
  const response = await app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { name, email, password } });
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  return clientFor(app, cookieOf(response), { id: response.json().user.id, email });
}
