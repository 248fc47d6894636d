import { withMember } from '../../http/with-member';
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
import { readFilePart } from '../../http/file-part';
import { serve } from '../../http/serve';
import { parseContactsCsv, refuseFile } from './csv-import';
import { importContacts } from './import';

/** The path the same-origin check lets post multipart (app.ts). */
export const contactImportPath = /^\/api\/contacts\/import(?:\?|$)/;

const FILE_FIELD = 'file';
/** Over the size limit: 413 (Content Too Large) with the import's own words. */
const tooLarge = () =>
  new AppError(413, contactMessages.importTooLarge, { [FILE_FIELD]: contactMessages.importTooLarge });

/**
 * POST /api/contacts/import, in a scope of its own: only this route parses multipart. The fields `mapping` (JSON)
 * and `duplicates` come first, then the file, streamed by @fastify/multipart and cut at CONTACT_IMPORT_MAX_BYTES,
 * so a body of any size ends in the size message and never more than 5 MB in memory (as the avatar upload).
 */
export async function contactImportRoute(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { fileSize: CONTACT_IMPORT_MAX_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 16 * 1024 },
  });
  serve(app, contactsApi.import, async (req) => {
    const { fields, file } = await readUpload(req);
    const options = readOptions(fields);
    if (!file) throw refuseFile(contactMessages.importNotCsv);
    const parsed = parseContactsCsv(file, options.mapping);
    const mapped = contactImportFields.filter((field) => options.mapping[field] !== null);
    return withMember(req, (db, member) =>
      importContacts(db, member, parsed, { duplicates: options.duplicates, mapped }),
    );
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

/** The text fields and the bytes of the one file field; anything else the client sent is refused. */
async function readUpload(req: FastifyRequest): Promise<{ fields: Record<string, string>; file: Buffer | null }> {
  const fields: Record<string, string> = {};
  let file: Buffer | null = null;
  try {
    // Read to the end, so a part past the limits is seen rather than ignored.
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== FILE_FIELD || file) {
        part.file.resume();
        throw refuseFile(contactMessages.importNotCsv);
      }
      file = await readFilePart(part.file, tooLarge, () => refuseFile(contactMessages.importNotCsv));
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as FastifyError).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    // Only the body is read here: not multipart, malformed, cut short, or more parts than allowed.
    throw refuseFile(contactMessages.importNotCsv);
  }
  return { fields, file };
}
