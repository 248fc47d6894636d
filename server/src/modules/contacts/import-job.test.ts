import { access, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, type ContactImport } from '@common/contacts';
import { contactImports, workspaceMembers } from '../../db/schema';
import { selectRows } from '../../db/select-rows';
import { importApi } from '../../test/contact-import-kit';
import { buildTestApp, signUp, type TestApp, type UserClient } from '../../test/test-app';
import { importFileOf, startContactImportJobs, workImportSlice } from './import-job';
import { importReportHeader } from './import-report';

// The import as a job (import-job.ts): run by the queue's worker, a piece at a time from its checkpoint, so a slice
// cut short and run again, or two runs at once, import each row once; a member gone stops it; its report lists every
// row not imported, and is the member's only.

let t: TestApp;
let dataDir: string;
let worker: { stop(): Promise<void> };
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'pipewise-import-job-'));
  t = await buildTestApp({ dataDir }, { jobs: true });
  // Slices of one piece each: an import of a few thousand rows goes through several of the queue's jobs.
  worker = await startContactImportJobs(t.app.db, t.app.jobs!, dataDir, console, { sliceMs: 0 });
});
afterAll(async () => {
  await worker.stop();
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});
const { importFile } = importApi(() => t);

const people = (count: number, from = 0) =>
  Array.from({ length: count }, (_, i) => `Person ${from + i},person${from + i}@example.com,,Company ${i % 7}`);
const csv = (rows: string[]) => ['Name,Email,Phone,Company', ...rows].join('\n');

/** Starts an import and answers it as the 202 gave it. */
async function started(user: UserClient, file: string): Promise<ContactImport> {
  const res = await importFile(user, file);
  expect(res.statusCode, res.body).toBe(202);
  return res.json<ContactImport>();
}

const statusOf = async (user: UserClient, id: string) =>
  (await user.get(`/api/contacts/imports/${id}`)).json<ContactImport>();

/** The user's contacts, and how many distinct e-mails they hold: equal when no row was imported twice. */
async function counted(user: UserClient) {
  const [row] = await selectRows<{ all: number; distinct: number }>(
    t.database.db,
    sql`select count(*)::int as all, count(distinct lower(email))::int as distinct from contacts
      where user_id = ${user.id}`,
  );
  return row!;
}

describe('contact import job', () => {
  it('is worked by the queue, a slice at a time: the import ends done, its counts right and its file removed', async () => {
    const user = await signUp(t.app, 'queued');
    const job = await started(user, csv([...people(6000), 'Bad,not-an-email,,']));
    expect(job).toMatchObject({ state: 'importing', totalRows: 6001, rowsDone: 0, fileName: 'contacts.csv' });
    await expect.poll(async () => (await statusOf(user, job.id)).state, { timeout: 30_000 }).toBe('done');
    expect(await statusOf(user, job.id)).toMatchObject({
      rowsDone: 6001,
      imported: 6000,
      skipped: 1,
      invalid: [{ row: 6002, reason: 'Please enter a valid email address' }],
      error: null,
    });
    expect(await counted(user)).toEqual({ all: 6000, distinct: 6000 });
    await expect(access(importFileOf(dataDir, job.id))).rejects.toThrow();
  });

  it('reports every row not imported as CSV, is the member’s own, and leaves the contacts page when dismissed', async () => {
    const user = await signUp(t.app, 'report');
    await user.post('/api/contacts', { name: 'Known', email: 'person0@example.com' });
    const bad = Array.from({ length: 150 }, (_, i) => `,nameless${i}@example.com,,"=cmd"`);
    const job = await started(user, csv([...people(3), ...bad]));
    await expect.poll(async () => (await statusOf(user, job.id)).state, { timeout: 30_000 }).toBe('done');
    const done = await statusOf(user, job.id);
    expect(done).toMatchObject({ imported: 2, skipped: 151 });
    expect(done.invalid).toHaveLength(100);
    expect(done.duplicates).toEqual([{ row: 2, email: 'person0@example.com' }]);

    const report = await user.get(`/api/contacts/imports/${job.id}/report`);
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toContain('text/csv');
    const lines = report.body.trim().split('\r\n');
    expect(lines[0]).toBe(importReportHeader.join(','));
    expect(lines).toHaveLength(1 + 151);
    expect(lines[1]).toBe('2,Duplicate e-mail address,Person 0,person0@example.com,,Company 0');
    // A refused cell that a spreadsheet would run is written guarded, as the export writes it.
    expect(lines[2]).toBe(`5,Name is required,,nameless0@example.com,,"'=cmd"`);

    const other = await signUp(t.app, 'report-other');
    for (const url of [`/api/contacts/imports/${job.id}`, `/api/contacts/imports/${job.id}/report`]) {
      expect((await other.get(url)).statusCode).toBe(404);
    }
    expect((await other.post(`/api/contacts/imports/${job.id}/dismiss`, {})).statusCode).toBe(404);
    expect((await other.get('/api/contacts/imports/current')).json()).toEqual({ import: null });

    expect((await user.get('/api/contacts/imports/current')).json<{ import: ContactImport }>().import.id).toBe(job.id);
    expect((await user.post(`/api/contacts/imports/${job.id}/dismiss`, {})).statusCode).toBe(204);
    expect((await user.get('/api/contacts/imports/current')).json()).toEqual({ import: null });
    // Dismissed, the report is still there until the next import, which replaces it.
    expect((await user.get(`/api/contacts/imports/${job.id}/report`)).statusCode).toBe(200);
    const next = await started(user, csv(people(1, 500)));
    expect((await user.get(`/api/contacts/imports/${job.id}`)).statusCode).toBe(404);
    expect((await user.get('/api/contacts/imports/current')).json<{ import: ContactImport }>().import.id).toBe(next.id);
  });
  describe('worked by hand (the queue’s worker stopped)', () => {
    beforeAll(() => worker.stop());

    it('goes on from its checkpoint after a slice is cut short, and imports each row once when run twice at once', async () => {
      const user = await signUp(t.app, 'resume');
      const job = await started(user, csv(people(9000)));
      // A slice given no time works one piece, commits its checkpoint and stops, as a process killed after it would.
      expect(await workImportSlice(t.app.db, null, dataDir, job.id, 0)).toBe('more');
      const first = await statusOf(user, job.id);
      expect(first.rowsDone).toBeGreaterThan(0);
      expect(first.rowsDone).toBeLessThan(9000);
      expect(await counted(user)).toEqual({ all: first.rowsDone, distinct: first.rowsDone });
      // Two runs of the rest at once (a slice retried while the first still works): one stops where the other moved on.
      const runs = await Promise.all([
        workImportSlice(t.app.db, null, dataDir, job.id, Infinity),
        workImportSlice(t.app.db, null, dataDir, job.id, Infinity),
      ]);
      expect(runs).toContain('done');
      expect(await statusOf(user, job.id)).toMatchObject({ state: 'done', rowsDone: 9000, imported: 9000 });
      expect(await counted(user)).toEqual({ all: 9000, distinct: 9000 });
    });

    it('stops when its member has left the workspace, keeping what was imported', async () => {
      const user = await signUp(t.app, 'leaver');
      const job = await started(user, csv(people(6000)));
      await workImportSlice(t.app.db, null, dataDir, job.id, 0);
      await t.database.db
        .delete(workspaceMembers)
        .where(and(eq(workspaceMembers.workspaceId, user.id), eq(workspaceMembers.userId, user.id)));
      expect(await workImportSlice(t.app.db, null, dataDir, job.id, Infinity)).toBe('gone');
      const [row] = await t.database.db.select().from(contactImports).where(eq(contactImports.id, job.id));
      expect(row).toMatchObject({ state: 'failed', error: contactMessages.importNotMember });
      expect((await counted(user)).all).toBe(row!.imported);
      await expect(access(importFileOf(dataDir, job.id))).rejects.toThrow();
    });
  });
});
