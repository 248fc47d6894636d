import { rm } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import {
  CONTACT_IMPORT_LISTED_ROWS,
  contactMessages,
  type ContactImport,
  type ContactImportState,
} from '@common/contacts';
import type { Db } from '../../db/client';
import { asMember, type Member } from '../../db/member-scope';
import { contactImportRefusals, contactImports, workspaceMembers } from '../../db/schema';
import { notFound } from '../../errors';
import { jobsDbOf, type JobQueue } from '../../jobs/queue';
import { fileErrorMessage, isBlank } from './csv-import';
import { CsvFileError, readRecords, type CsvDialect } from './csv-records';
import { importPiece, type ImportOptions, type ImportRow } from './import';

// Large CSV imports as jobs (issue 30; docs/decisions.md, "Contact imports as jobs"). The upload is checked and kept
// under DATA_DIR; a job then imports it a piece at a time, each piece's contacts, refused rows and checkpoint in one
// transaction, for a slice of time, then queues the next slice. A process killed mid-slice leaves its job to expire
// and be retried from the last checkpoint; slices keep that wait short, and let several imports take turns.

export const CONTACT_IMPORT_QUEUE = 'contact-import';
/** A slice works this long, then hands the rest to a new job. */
const SLICE_MS = 15_000;
/** A slice still active this long after it started was cut short by a killed process: it is run again. */
const EXPIRE_SECONDS = 120;
const RETRY_LIMIT = 3;

export interface StoredImportOptions extends ImportOptions {
  dialect: CsvDialect;
}

interface ImportJob {
  importId: string;
}

export const importFileOf = (dataDir: string, importId: string) => path.join(dataDir, 'imports', `${importId}.csv`);

/**
 * Records a checked upload as the member's import and queues its first slice, in one transaction. The member's
 * earlier finished imports go (their reports with them): the contacts page shows the latest.
 */
export async function createImport(
  db: Db,
  queue: JobQueue,
  member: Member,
  values: { id: string; fileName: string; totalRows: number; options: StoredImportOptions },
): Promise<ContactImport> {
  await db.transaction(async (tx) => {
    await tx.delete(contactImports).where(and(ofMember(member), sql`${contactImports.state} <> 'importing'`));
    await tx.insert(contactImports).values({ ...values, workspaceId: member.workspaceId, userId: member.userId });
    await queue.boss.send(CONTACT_IMPORT_QUEUE, { importId: values.id } satisfies ImportJob, {
      db: jobsDbOf(tx),
    } as PgBoss.SendOptions);
  });
  return importStatus(db, member, values.id);
}

const ofMember = (member: Member) =>
  and(eq(contactImports.workspaceId, member.workspaceId), eq(contactImports.userId, member.userId));

/** One of the member's imports with the first refused rows of each kind; 404 for anyone else's. */
export async function importStatus(db: Db, member: Member, importId: string): Promise<ContactImport> {
  const [row] = await db
    .select()
    .from(contactImports)
    .where(and(eq(contactImports.id, importId), ofMember(member)));
  if (!row) throw notFound();
  const listed = (kind: 'invalid' | 'duplicate') =>
    db
      .select({
        row: contactImportRefusals.row,
        reason: contactImportRefusals.reason,
        email: contactImportRefusals.email,
      })
      .from(contactImportRefusals)
      .where(and(eq(contactImportRefusals.importId, importId), eq(contactImportRefusals.kind, kind)))
      .orderBy(asc(contactImportRefusals.row))
      .limit(CONTACT_IMPORT_LISTED_ROWS);
  const invalid = await listed('invalid');
  const duplicates = await listed('duplicate');
  const options = row.options as StoredImportOptions;
  return {
    id: row.id,
    fileName: row.fileName,
    state: row.state as ContactImportState,
    duplicatesChoice: options.duplicates,
    totalRows: row.totalRows,
    rowsDone: row.rowsDone,
    imported: row.imported,
    updated: row.updated,
    skipped: row.skipped,
    invalid: invalid.map(({ row, reason }) => ({ row, reason: reason ?? '' })),
    duplicates: duplicates.map(({ row, email }) => ({ row, email: email ?? '' })),
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** The member's latest import in this workspace, unless they dismissed it. */
export async function currentImport(db: Db, member: Member): Promise<ContactImport | null> {
  const [latest] = await db
    .select({ id: contactImports.id, dismissed: contactImports.dismissed })
    .from(contactImports)
    .where(ofMember(member))
    .orderBy(desc(contactImports.createdAt), desc(contactImports.id))
    .limit(1);
  return latest && !latest.dismissed ? importStatus(db, member, latest.id) : null;
}

/** Hides the import from the contacts page; its report stays until the member's next import. */
export async function dismissImport(db: Db, member: Member, importId: string): Promise<void> {
  const done = await db
    .update(contactImports)
    .set({ dismissed: true })
    .where(and(eq(contactImports.id, importId), ofMember(member)))
    .returning({ id: contactImports.id });
  if (done.length === 0) throw notFound();
}

/** The member's membership of the import's workspace, as its own requests would have it; null once they left. */
async function memberOf(db: Db, workspaceId: string, userId: string): Promise<Member | null> {
  const [row] = await db
    .select({ visibility: workspaceMembers.visibility })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
  return row ? { workspaceId, userId, ownOnly: row.visibility === 'own', webhooks: false } : null;
}

/** Ends an import: its state and reason, and its file removed. */
async function finish(db: Db, dataDir: string, importId: string, state: ContactImportState, error: string | null) {
  await db
    .update(contactImports)
    .set({ state, error, finishedAt: new Date() })
    .where(and(eq(contactImports.id, importId), eq(contactImports.state, 'importing')));
  await rm(importFileOf(dataDir, importId), { force: true });
}

/**
 * Works one slice of an import: from its checkpoint, a piece of the file at a time, each in one transaction as the
 * member with the checkpoint moved on; for `sliceMs`, then the next slice is queued.
 * A slice that finds the checkpoint moved by another (an expired slice's retry racing it) stops.
 */
export async function workImportSlice(
  db: Db,
  queue: JobQueue | null,
  dataDir: string,
  importId: string,
  sliceMs = SLICE_MS,
): Promise<'done' | 'more' | 'gone'> {
  const [state] = await db.select().from(contactImports).where(eq(contactImports.id, importId));
  if (!state || state.state !== 'importing') {
    if (!state) await rm(importFileOf(dataDir, importId), { force: true });
    return 'gone';
  }
  const member = await memberOf(db, state.workspaceId, state.userId);
  if (!member) {
    await finish(db, dataDir, importId, 'failed', contactMessages.importNotMember);
    return 'gone';
  }
  const options = state.options as StoredImportOptions;
  const started = Date.now();
  let offset = state.fileOffset;
  let records = state.recordsDone;
  try {
    for await (const piece of readRecords(importFileOf(dataDir, importId), options.dialect, offset)) {
      const rows: ImportRow[] = [];
      piece.records.forEach((cells, i) => {
        const index = records + i;
        // The header is record 0; blank lines keep their numbers but are not rows.
        if (index > 0 && !cells.every(isBlank)) rows.push({ row: index + 1, cells });
      });
      // A piece that completed no record (a last line without its line end, read before the end of the file is seen)
      // never ends a slice: the next would start where this one did.
      const sliceOver = !piece.last && piece.endOffset > offset && Date.now() - started >= sliceMs;
      const moved = await asMember(db, member, async (tx) => {
        const [current] = await tx
          .select({ offset: contactImports.fileOffset })
          .from(contactImports)
          .where(and(eq(contactImports.id, importId), eq(contactImports.state, 'importing')))
          .for('update');
        if (!current || current.offset !== offset) return false;
        const counts = await importPiece(tx, member, importId, rows, options);
        await tx
          .update(contactImports)
          .set({
            fileOffset: piece.endOffset,
            recordsDone: records + piece.records.length,
            rowsDone: sql`${contactImports.rowsDone} + ${rows.length}`,
            imported: sql`${contactImports.imported} + ${counts.imported}`,
            updated: sql`${contactImports.updated} + ${counts.updated}`,
            skipped: sql`${contactImports.skipped} + ${counts.skipped}`,
          })
          .where(eq(contactImports.id, importId));
        return true;
      });
      if (!moved) return 'gone';
      offset = piece.endOffset;
      records += piece.records.length;
      if (sliceOver) {
        // After the commit, as the server's role (the member's may not reach the queue): a process killed before
        // this leaves the slice's own job to expire and be run again from the checkpoint.
        await queue?.boss.send(CONTACT_IMPORT_QUEUE, { importId } satisfies ImportJob);
        return 'more';
      }
    }
  } catch (error) {
    if (!(error instanceof CsvFileError)) throw error;
    // Checked when uploaded: only a file changed on disk since could get here.
    await finish(db, dataDir, importId, 'failed', fileErrorMessage(error, records));
    return 'gone';
  }
  await finish(db, dataDir, importId, 'done', null);
  return 'done';
}

/**
 * Starts this process's worker of the imports: one slice at a time (an import is heavy work; several processes
 * share the imports). A slice that failed its last retry ends its import as failed, with what was imported kept.
 */
export async function startContactImportJobs(
  db: Db,
  queue: JobQueue,
  dataDir: string,
  log: Pick<FastifyBaseLogger, 'error'>,
  { sliceMs = SLICE_MS }: { sliceMs?: number } = {},
): Promise<{ stop(): Promise<void> }> {
  await queue.createQueue(CONTACT_IMPORT_QUEUE, {
    expireInSeconds: EXPIRE_SECONDS,
    retryLimit: RETRY_LIMIT,
    retryDelay: 5,
    retryBackoff: true,
  });
  await queue.boss.work<ImportJob>(
    CONTACT_IMPORT_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: 0.5, includeMetadata: true },
    async (jobs) => {
      for (const job of jobs) {
        try {
          await workImportSlice(db, queue, dataDir, job.data.importId, sliceMs);
        } catch (error) {
          log.error({ err: error, importId: job.data.importId }, 'a contact import slice failed');
          if (job.retryCount >= job.retryLimit) {
            await finish(db, dataDir, job.data.importId, 'failed', contactMessages.importStopped);
          }
          throw error;
        }
      }
    },
  );
  return { stop: () => queue.boss.offWork(CONTACT_IMPORT_QUEUE) };
}
