import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import pg from 'pg';
import { cookieOf, createPostgresDatabase, testConfig } from '../test/test-app';
import { DatabaseEncodingError, openDatabase } from './client';
import { selectRows } from './select-rows';
import { FolderLockedError } from './folder-lock';

const folders: string[] = [];
const freshDataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pipewise-db-'));
  folders.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(process.env.TEST_DB === 'postgres')('the embedded database', () => {
  it('keeps data across restarts and runs its migrations again safely', async () => {
    const dataDir = freshDataDir();
    const first = await openDatabase({ dataDir });
    await first.db.execute(sql`create table kept (value text)`);
    await first.db.execute(sql`insert into kept values ('still here')`);
    await first.close();
    const second = await openDatabase({ dataDir });
    expect(await selectRows(second.db, sql`select value from kept`)).toEqual([{ value: 'still here' }]);
    await second.close();
  });

  it('refuses a folder that another running server holds', async () => {
    const dataDir = freshDataDir();
    writeFileSync(path.join(dataDir, 'db.lock'), String(process.ppid));
    await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(FolderLockedError);
  });

  it('takes over a lock left by a process that no longer runs', async () => {
    const dataDir = freshDataDir();
    writeFileSync(path.join(dataDir, 'db.lock'), '2147483646');
    const database = await openDatabase({ dataDir });
    await database.close();
  });
});

describe.skipIf(process.env.TEST_DB === 'postgres')('a server restart', () => {
  it('keeps accounts and sessions', async () => {
    const dataDir = freshDataDir();
    const start = async () => {
      const database = await openDatabase({ dataDir });
      const app = await buildApp({ config: testConfig, database, webDir: null, logger: false });
      return { app, stop: async () => (await app.close(), await database.close()) };
    };
    const first = await start();
    const body = { name: 'Kept User', email: 'kept@example.com', password: 'kept-password-7' };
    const signUp = await first.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: body });
    expect(signUp.statusCode).toBe(201);
    await first.stop();

    const second = await start();
    const me = await second.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: cookieOf(signUp) } });
    expect(me.json().user).toMatchObject({ email: body.email, name: body.name });
    const signIn = await second.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: body.email, password: body.password },
    });
    expect(signIn.statusCode).toBe(200);
    await second.stop();
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('a PostgreSQL server ending connections', () => {
  it('keeps the server running and answering when its idle connections are terminated', async () => {
    const created = await createPostgresDatabase();
    const database = await openDatabase({ databaseUrl: created.url, dataDir: null });
    try {
      await selectRows(database.db, sql`select 1`);
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [
        new URL(created.url).pathname.slice(1),
      ]);
      await admin.end();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await selectRows(database.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
    } finally {
      await database.close();
      await created.drop();
    }
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('a PostgreSQL database not in UTF8', () => {
  it('is refused at start with how to make one, and left unmigrated', async () => {
    const name = `pipewise_ascii_${Date.now()}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      await admin.query(`create database ${name} encoding 'SQL_ASCII' lc_collate 'C' lc_ctype 'C' template template0`);
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      const opening = openDatabase({ databaseUrl: url.toString(), dataDir: null });
      await expect(opening).rejects.toThrow(DatabaseEncodingError);
      await expect(opening).rejects.toThrow(
        "The PostgreSQL database uses the SQL_ASCII encoding; Pipewise needs UTF8. Create it with: CREATE DATABASE name ENCODING 'UTF8' TEMPLATE template0",
      );
      const probe = new pg.Client({ connectionString: url.toString() });
      await probe.connect();
      const { rows } = await probe.query("select to_regclass('public.contacts') as contacts");
      await probe.end();
      expect(rows).toEqual([{ contacts: null }]);
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
