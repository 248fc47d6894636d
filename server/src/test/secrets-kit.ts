import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { openDatabase, type Database } from '../db/client';
import { createPostgresDatabase, testConfig } from './test-app';

// What the secrets tests (server/src/http/secrets-*.test.ts) share: a mail server to save a password with, and an
// app that keeps every log line.

/** A mail server's settings as an account is saved with them, `password` its secret. */
export const mailServer = (password: string, port: number) => ({
  host: 'mail.example.com',
  port,
  username: 'ann',
  password,
  useSsl: true,
  authMethod: 'login',
});

export interface VerboseApp {
  app: FastifyInstance;
  database: Database;
  /** The PostgreSQL database's address (for pg_dump); undefined on PGlite. */
  databaseUrl: string | undefined;
  close(): Promise<void>;
}

/**
 * An app on a fresh database of its own (PostgreSQL when the tests run on it), logging at the most verbose level:
 * every line kept in `lines`, for a test to look for a secret in.
 */
export async function buildVerboseApp(lines: string[]): Promise<VerboseApp> {
  const fresh = process.env.TEST_DB === 'postgres' ? await createPostgresDatabase() : undefined;
  const database = await openDatabase({ databaseUrl: fresh?.url, dataDir: null });
  const stream = { write: (line: string) => void lines.push(line) };
  const app = await buildApp({ config: testConfig, database, webDir: null, logger: { level: 'trace', stream } });
  await app.ready();
  return {
    app,
    database,
    databaseUrl: fresh?.url,
    close: async () => {
      await app.close();
      await database.close();
      await fresh?.drop();
    },
  };
}
