import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import multipart from '@fastify/multipart';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import {
  CONTACT_IMPORT_MAX_BYTES,
  contactImportFields,
  contactImportOptionsSchema,
  contactMessages,
  type ContactImportOptions,
} from '@common/contacts';
import { contactsApi } from '@common/contacts-api';
import { AppError } from '../../errors';
import { sendCsv } from '../../http/csv';
import { saveFilePart } from '../../http/file-part';
import { serve } from '../../http/serve';
import { checkImportFile, refuseFile } from './csv-import';
import { createImport, currentImport, dismissImport, importFileOf, importStatus } from './import-job';
import { importReportCsv } from './import-report';

/** The path the same-origin check lets post multipart (app.ts). */
export const contactImportPath = /^\/api\/contacts\/import(?:\?|$)/;

const FILE_FIELD = 'file';
/** Over the size limit: 413 (Content Too Large) with the import's own words. */
const tooLarge = () =>
  new AppError(413, contactMessages.importTooLarge, { [FILE_FIELD]: contactMessages.importTooLarge });

/**
 * POST /api/contacts/import, in a scope of its own: only this route parses multipart. The fields `mapping` (JSON)
 * and `duplicates` come first, then the file, streamed by @fastify/multipart to a file under DATA_DIR and cut at
 * CONTACT_IMPORT_MAX_BYTES, so a body of any size ends in the size message and is never held in memory. The file is
 * checked as a whole, then the import is queued (import-job.ts) and answered at once (202); the routes beside it
 * follow it.
 */
export async function contactImportRoute(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { fileSize: CONTACT_IMPORT_MAX_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 16 * 1024 },
  });
  serve(app, contactsApi.import, async (req, reply) => {
    const id = randomUUID();
    const target = importFileOf(app.config.dataDir, id);
    try {
      const { fields, fileName } = await readUpload(req, target);
      const options = readOptions(fields);
      if (fileName === null) throw refuseFile(contactMessages.importNotCsv);
      const { dialect, totalRows } = await checkImportFile(target, options.mapping);
      const queue = app.jobs;
      if (!queue) throw new AppError(503, contactMessages.importUnavailable, undefined, { 'retry-after': '5' });
      const mapped = contactImportFields.filter((field) => options.mapping[field] !== null);
      const started = await createImport(app.db, queue, req.member, {
        id,
        fileName: fileName.slice(0, 255),
        totalRows,
        options: { ...options, mapped, dialect },
      });
      return reply.code(202).send(started);
    } catch (error) {
      await rm(target, { force: true });
      throw error;
    }
  });
  serve(app, contactsApi.currentImport, async (req) => ({ import: await currentImport(app.db, req.member) }));
  serve(app, contactsApi.importStatus, (req) => importStatus(app.db, req.member, req.params.id));
  serve(app, contactsApi.importReport, async (req, reply) =>
    sendCsv(reply, 'contacts-not-imported.csv', await importReportCsv(app.db, req.member, req.params.id)),
  );
  serve(app, contactsApi.dismissImport, async (req, reply) => {
    await dismissImport(app.db, req.member, req.params.id);
    return reply.code(204).send();
  });
}

/** The options, checked by the contract's schema; a `mapping` that is not a JSON object is one without a name column. */
function readOptions(fields: Record<string, string>) {
  let mapping: unknown;
  try {
    mapping = JSON.parse(fields.mapping ?? '{}');
  } catch {
    mapping = {};
  }
  if (typeof mapping !== 'object' || mapping === null || Array.isArray(mapping)) mapping = {};
  const input: Partial<ContactImportOptions> = { mapping: mapping as ContactImportOptions['mapping'] };
  if (fields.duplicates !== undefined) input.duplicates = fields.duplicates as ContactImportOptions['duplicates'];
  const result = contactImportOptionsSchema.safeParse(input);
  if (result.success) return result.data;
  const messages: Record<string, string> = {};
  for (const issue of result.error.issues) messages[issue.path.map(String).join('.') || '_'] ??= issue.message;
  throw new AppError(400, Object.values(messages)[0]!, messages);
}

/** The text fields, and the one file field written to `target` (its name, or null when none came). */
async function readUpload(
  req: FastifyRequest,
  target: string,
): Promise<{ fields: Record<string, string>; fileName: string | null }> {
  const fields: Record<string, string> = {};
  let fileName: string | null = null;
  try {
    // Read to the end, so a part past the limits is seen rather than ignored.
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== FILE_FIELD || fileName !== null) {
        part.file.resume();
        throw refuseFile(contactMessages.importNotCsv);
      }
      await saveFilePart(part.file, target, tooLarge, () => refuseFile(contactMessages.importNotCsv));
      fileName = part.filename || 'contacts.csv';
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as FastifyError).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    // Only the body is read here: not multipart, malformed, cut short, or more parts than allowed.
    throw refuseFile(contactMessages.importNotCsv);
  }
  return { fields, fileName };
}
